// core/trapezoid_options.cpp — validation of the trapezoid options (core/trapezoid_options.hpp).
#include "core/trapezoid_options.hpp"

#include <string>

#include "core/errors.hpp"

namespace stickslip {

void validate_trapezoid_options(const TrapezoidOptions& o) {
  if (!(o.phi >= 0 && o.phi <= 1)) throw_input("phi", std::to_string(o.phi), "must lie in [0, 1]");
  if (!(o.dt > 0)) throw_input("dt", std::to_string(o.dt), "must be > 0");
  if (!(o.tol > 0 && o.tol < 1)) throw_input("tol", std::to_string(o.tol), "must lie in (0, 1)");
  if (o.max_iterations < 1) throw_input("max_iterations", std::to_string(o.max_iterations), "must be >= 1");
  if (o.relax_after < 0) throw_input("relax_after", std::to_string(o.relax_after), "must be >= 0 (0: never relax)");
  if (!(o.min_relax > 0 && o.min_relax <= 1)) throw_input("min_relax", format_value(o.min_relax), "must lie in (0, 1]");
  if (!(o.min_dt_factor > 0 && o.min_dt_factor <= 1))
    throw_input("min_dt_factor", format_value(o.min_dt_factor), "must lie in (0, 1]");
  if (o.threads < 1 || o.threads > 256) throw_input("threads", std::to_string(o.threads), "must lie in [1, 256]");
}

}  // namespace stickslip
