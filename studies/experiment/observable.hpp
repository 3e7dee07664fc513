// studies/experiment/observable.hpp — a deterministic scalar that one run of a study yields, named so that `stickslip
// converge` (studies/experiment/converge.hpp) can measure its order of convergence on any study that declares it.
//
// A stochastic observable (a stationary average of an SDE run) also reports its statistical standard error
// std_error; converge does not fit an error within 2 standard errors of 0 (its range is "statistical").
//
// An observable is a name and a unit, the integrators it can be measured with, and measure(params, spec, h): one
// run at the study's parameters (the user's --set applied over the observable's defaults) with integrator `spec` at
// resolution h — the step dt of a fixed-step scheme, the relative tolerance rtol of an adaptive one. exact(params),
// where the study knows the exact value (its own analytic reference), returns it; otherwise it is empty.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "solvers/integrator_spec.hpp"

namespace stickslip {

struct ObservableValue {
  double value = 0;
  long rhs_evals = 0;  // f or residual evaluations (force evaluations of the trapezoid scheme): the work
  long steps = 0;
  double std_error = 0;  // statistical standard error of value (0 for a deterministic observable)
};

struct Observable {
  std::string name, unit, help;
  std::string step_unit = "s";                 // unit of dt
  std::vector<std::string> integrators;        // schemes it accepts (IntegratorSpec::scheme)
  std::vector<std::string> default_solvers;    // --solver when not given
  std::vector<std::string> work_solvers;       // --work without --solver
  std::string default_dt;                      // FROM:TO:LEVELS
  std::string default_rtol = "1e-4:1e-10:7";   // adaptive schemes
  std::string default_reference = "exact";     // exact, richardson or finest
  std::map<std::string, std::string> defaults;  // study parameters the observable needs (user --set overrides)
  std::function<ObservableValue(const Parameters&, const IntegratorSpec&, double h)> measure;
  std::function<std::optional<double>(const Parameters&)> exact;  // may be empty
};

}  // namespace stickslip
