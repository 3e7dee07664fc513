// studies/registry.cpp — every study and catalog line the command line knows. Add one line per study.
#include "studies/study.hpp"

namespace stickslip {

// Factories, one per study file.
std::unique_ptr<Study> make_sliding_plates_study();
std::unique_ptr<Study> make_convergence_study();

std::vector<std::unique_ptr<Study>> all_studies() {
  std::vector<std::unique_ptr<Study>> s;
  s.push_back(make_sliding_plates_study());
  s.push_back(make_convergence_study());
  return s;
}

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries{
      {"model", "sliding-plates", "two plates under constant normal force, reduced mass m, tangential spring k, damping gamma (seed 001 §3.1)"},
      {"friction", "csds", "continuous spring-dashpot-slider, xi' of eq. 10 (seed 001); never creates energy"},
      {"friction", "dsds", "discontinuous SDS (Luding/LAMMPS linear_history, eq. 1-3): xi reset after each step"},
      {"friction", "dsds-stage", "D-SDS with the reset after every Runge-Kutta stage (seed 001, App. A eq. 22-28)"},
      {"friction", "dsds-dae", "D-SDS as an exact DAE: xi algebraic (eq. 3) while sliding, xi' = v while sticking"},
      {"solver", "euler", "explicit Euler, fixed step dt (odeint)"},
      {"solver", "midpoint", "explicit midpoint, 2nd order, fixed step dt (odeint explicit_generic_rk)"},
      {"solver", "heun", "Heun / explicit trapezoid, 2nd order, fixed step dt (odeint explicit_generic_rk)"},
      {"solver", "rk4", "classical Runge-Kutta, 4th order, fixed step dt (odeint)"},
      {"solver", "dopri5", "Dormand-Prince 5(4), adaptive with dense output, rtol/atol (odeint)"},
      {"solver", "cvode", "SUNDIALS CVODE, BDF (or Adams with adams=on), rtol/atol, max_order"},
      {"solver", "ida", "SUNDIALS IDA, BDF order 1..max_order on the implicit residual, rtol/atol"},
  };
  return entries;
}

}  // namespace stickslip
