// studies/experiment/verify.hpp — `stickslip verify`: runs the property checks (studies/experiment/property_checks.hpp) over seeded
// random draws and tabulates model x driver: draws, failures with the 95 % upper confidence bound on the failure
// probability per draw (exact Clopper-Pearson), worst error against its tolerance. A failing
// draw is reported with the one command line that reproduces it. --solver takes integrator specs
// (solvers/integrator_spec.hpp: rk4, cvode:bdf, em, sde-heun, ...), compared with each check's driver by canonical text.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "studies/experiment/property_checks.hpp"

namespace stickslip {

struct VerifyOptions {
  long draws = 0;                       // per check; 0: the default (default_draws / cost, at least 1)
  long default_draws = 400;             // per check of cost 1 (a few ms a draw); default_draws / cost for the others
  unsigned long long seed = 1;
  std::vector<std::string> models;      // filters (empty: all); a model matches by its full name or prefix "name/";
                                        // a system file FILE.toml adds the checks built from it (FILE.toml:PROPERTY: one)
  std::vector<std::string> solvers;
  long only_draw = -1;                  // >= 0: run just this draw index
  bool invalid_inputs = true;           // also set each range's invalid values and expect a clean InputError
};

struct CheckSummary {
  std::string model, driver, what;
  long draws = 0, failures = 0;
  long invalid_cases = 0, invalid_failures = 0;
  double worst_ratio = 0;               // max over draws and measurements of error / tolerance
  double worst_error = 0, worst_tolerance = 0;
  std::string worst_measurement;
  std::vector<std::string> failure_reports;  // one line each: what failed, the values, the command to rerun
  bool passed() const { return failures == 0 && invalid_failures == 0; }
  // The exact (Clopper-Pearson) 95 % upper confidence bound on the failure probability of one draw
  // (core/binomial_bound.hpp): how far a pass goes, 0 of N -> 1 - 0.05^(1/N) ~ 3/N.
  double failure_rate_bound() const;
};

// Throws InputError when a filter matches no check (naming the filter and the allowed names). After SIGINT/SIGTERM
// (core/interrupt.hpp) it returns the checks done so far, the current one with the draws it finished.
std::vector<CheckSummary> run_verify(const VerifyOptions& options, std::ostream& progress);

std::string verify_table(const std::vector<CheckSummary>& results);
nlohmann::json verify_json(const std::vector<CheckSummary>& results, const VerifyOptions& options);

}  // namespace stickslip
