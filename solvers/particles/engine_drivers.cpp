// solvers/particles/engine_drivers.cpp — see engine_drivers.hpp.
#include "solvers/particles/engine_drivers.hpp"

#include <fmt/format.h>

#include "core/parameters.hpp"

namespace stickslip {

const std::vector<std::string>& engine_schemes() {
  static const std::vector<std::string> names{"trapezoid", "verlet", "rk4",  "dopri5",  "cvode",
                                              "ida",       "euler",  "heun", "midpoint"};
  return names;
}

Driver engine_driver(const std::string& key, const IntegratorSpec& spec) {
  if (!spec.filippov) {
    if (spec.scheme == Scheme::verlet) return Driver::verlet;
    if (spec.scheme == Scheme::trapezoid) return Driver::trapezoid;
    if (spec.kind()) return Driver::engine_ode;  // the general drivers of solvers/integrate.hpp
  }
  throw_input(key, spec.text(),
              "one of " + join(engine_schemes()) + " (the particle engine's drivers; " + spec.text() +
                  " has no form on it)");
}

Driver engine_driver(const std::string& key, const IntegratorSpec& spec, const std::string& law_key,
                     const std::string& law) {
  const Driver d = engine_driver(key, spec);
  if (!runs(law_forms(law_key, law, RelationKind::particles), d))
    throw_input(law_key, law,
                fmt::format("has no form that {} runs; laws with one: {}", spec.text(),
                            join(laws_running(RelationKind::particles, {d}))));
  return d;
}

EngineStepper engine_stepper(const std::string& key, const IntegratorSpec& spec, const TrapezoidOptions& trapezoid) {
  EngineStepper st;
  if (!fixed_step_driver(engine_driver(key, spec)))
    throw_input(key, spec.text(), "verlet or trapezoid (a fixed-step driver of the particle engine)");
  st.scheme = spec.scheme;
  st.trapezoid = trapezoid;
  return st;
}

}  // namespace stickslip
