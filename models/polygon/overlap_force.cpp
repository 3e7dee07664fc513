#include "models/polygon/overlap_force.hpp"

#include "core/errors.hpp"

namespace stickslip {

void check_overlap_normal_force(const OverlapNormalForce& law, const std::string& prefix) {
  if (!(law.young > 0) || !std::isfinite(law.young))
    throw_input(prefix + "young", format_value(law.young), "a finite Young's modulus > 0 (Pa)");
  if (!(law.damping >= 0) || !std::isfinite(law.damping))
    throw_input(prefix + "damping", format_value(law.damping), "a finite damping coefficient >= 0 (eq. 18's D)");
}

}  // namespace stickslip
