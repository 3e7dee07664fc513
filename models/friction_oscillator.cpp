#include "models/friction_oscillator.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "models/contact/relation_system.hpp"

namespace stickslip {

void OscillatorParameters::validate() const {
  const auto str = [](double v) { return std::to_string(v); };
  if (!(m > 0) || !std::isfinite(m)) throw_input("m", str(m), "must be > 0");
  if (!(k > 0) || !std::isfinite(k)) throw_input("k", str(k), "must be > 0");
  if (!(fn >= 0) || !std::isfinite(fn)) throw_input("F_N", str(fn), "must be >= 0");
  if (!std::isfinite(v_belt)) throw_input("v_belt", str(v_belt), "must be a finite number");
}

ContactSystem oscillator_system(const OscillatorParameters& p, const std::string& law, const LawValues& values,
                                Driver d, bool events, bool projection, const std::string& solver_text) {
  p.validate();
  return make_contact_system(FrictionOscillator{p}, law, values, relation_options(d, events, projection, solver_text));
}

}  // namespace stickslip
