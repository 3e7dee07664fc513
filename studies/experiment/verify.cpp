#include "studies/experiment/verify.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

#include "core/binomial_bound.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/parameters.hpp"
#include "solvers/integrator_spec.hpp"

namespace stickslip {
namespace {

bool matches(const std::vector<std::string>& filters, const std::string& name) {
  if (filters.empty()) return true;
  for (const auto& f : filters)
    if (name == f || name.rfind(f + "/", 0) == 0 || name.rfind(f + ":", 0) == 0) return true;
  return false;
}

// A driver's key for --solver: the canonical integrator-spec text, or the name itself for a driver that is no
// integrator spec (event-driven).
std::string driver_key(const std::string& driver) {
  try {
    return parse_integrator("driver", driver).text();
  } catch (const InputError&) {
    return driver;
  }
}

std::string rerun_command(const PropertyCheck& c, unsigned long long seed, long index) {
  return fmt::format("stickslip verify --model {} --solver {} --seed {} --draw {}", c.model, c.driver, seed, index);
}

// Runs one draw; returns the failure line, or an empty string.
std::string run_draw(const PropertyCheck& c, const Draw& d, unsigned long long seed, long index, CheckSummary& s) {
  std::vector<Measurement> ms;
  try {
    ms = c.run(d);
  } catch (const Interrupted&) {
    throw;  // a signal ends verify (run_verify), it is not a failure of this draw
  } catch (const std::exception& e) {
    return fmt::format("{} x {}: draw {} threw: {} [{}]; rerun: {}", c.model, c.driver, index, e.what(), d.describe(),
                       rerun_command(c, seed, index));
  }
  std::string failed;
  for (const Measurement& m : ms) {
    const double ratio = m.tolerance > 0 ? m.error / m.tolerance : (m.error == 0 ? 0.0 : INFINITY);
    if (!(ratio <= s.worst_ratio) || std::isnan(ratio) || s.worst_measurement.empty()) {
      s.worst_ratio = std::isnan(ratio) ? INFINITY : ratio;
      s.worst_error = m.error;
      s.worst_tolerance = m.tolerance;
      s.worst_measurement = m.name;
    }
    if (!m.passed())
      failed += fmt::format("{}{} = {:.3e} > {:.3e}", failed.empty() ? "" : "; ", m.name, m.error, m.tolerance);
  }
  if (failed.empty()) return {};
  return fmt::format("{} x {}: draw {} failed: {} [{}]; rerun: {}", c.model, c.driver, index, failed, d.describe(),
                     rerun_command(c, seed, index));
}

// Each invalid value of each range, set alone on draw 0: the model must refuse it with an InputError naming the key.
void run_invalid(const PropertyCheck& c, unsigned long long seed, CheckSummary& s) {
  for (const ParameterRange& r : c.ranges)
    for (double bad : r.invalid) {
      Draw d = make_draw(c, seed, 0);
      d.set(r.key, bad);
      ++s.invalid_cases;
      std::string problem;
      try {
        c.run(d);
        problem = "was accepted";
      } catch (const InputError& e) {
        if (std::string(e.what()).find(r.key) == std::string::npos) problem = std::string("gave an error not naming the key: ") + e.what();
      } catch (const std::exception& e) {
        problem = std::string("gave a non-input error: ") + e.what();
      }
      if (!problem.empty()) {
        ++s.invalid_failures;
        s.failure_reports.push_back(fmt::format("{} x {}: invalid {}={} {}", c.model, c.driver, r.key, format_value(bad), problem));
      }
    }
}

}  // namespace

std::vector<CheckSummary> run_verify(const VerifyOptions& o, std::ostream& progress) {
  std::vector<PropertyCheck> checks;
  std::vector<std::string> model_names, solver_names_seen;
  // --solver in the integrator-spec grammar (solvers/integrator_spec.hpp): "cvode:bdf" is the check of "cvode",
  // "em" the Euler-Maruyama one; compared by canonical spec text.
  // A driver that is no integrator spec (event-driven) is matched by its name.
  std::vector<PropertyCheck> candidates = all_property_checks();
  // A system file (FILE.toml, or FILE.toml:PROPERTY) brings its own checks (property_checks_systems.cpp).
  std::vector<std::string> files;
  for (const auto& f : o.models) {
    std::string path;
    if (names_system_file(f, &path) && std::find(files.begin(), files.end(), path) == files.end()) {
      files.push_back(path);
      for (auto& c : system_file_property_checks(path)) candidates.push_back(std::move(c));
    }
  }
  std::vector<std::string> wanted;
  for (const auto& f : o.solvers) {
    const bool named = std::any_of(candidates.begin(), candidates.end(),
                                   [&](const PropertyCheck& c) { return c.driver == f && driver_key(f) == f; });
    wanted.push_back(named ? f : parse_integrator("--solver", f).text());
  }
  for (auto& c : candidates) {
    model_names.push_back(c.model);
    solver_names_seen.push_back(c.driver);
    const std::string spec = driver_key(c.driver);
    if (matches(o.models, c.model) && (wanted.empty() || std::count(wanted.begin(), wanted.end(), spec)))
      checks.push_back(std::move(c));
  }
  auto unique = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  for (const auto& f : o.models)
    if (!std::any_of(model_names.begin(), model_names.end(), [&](const std::string& n) { return matches({f}, n); }))
      throw_input("--model", f, "allowed: " + join(unique(model_names)) +
                                    " (or the part before '/'), or a system file FILE.toml (FILE.toml:PROPERTY: one of its checks)");
  for (std::size_t i = 0; i < wanted.size(); ++i)
    if (!std::any_of(solver_names_seen.begin(), solver_names_seen.end(),
                     [&](const std::string& n) { return driver_key(n) == wanted[i]; }))
      throw_input("--solver", o.solvers[i], "no check runs this integrator; allowed: " + join(unique(solver_names_seen)));
  if (checks.empty())
    throw_input("--model", join(o.models), "no check of this model runs with --solver " + join(o.solvers));

  std::vector<CheckSummary> results;
  long total = 0;
  for (const auto& c : checks) total += o.only_draw >= 0 ? 1 : o.draws > 0 ? o.draws : std::max(1L, o.default_draws / c.cost);
  long done = 0;
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  for (const auto& c : checks) {
    CheckSummary s;
    s.model = c.model;
    s.driver = c.driver;
    s.what = c.what;
    const long n = o.draws > 0 ? o.draws : std::max(1L, o.default_draws / c.cost);
    const long first = o.only_draw >= 0 ? o.only_draw : 0, last = o.only_draw >= 0 ? o.only_draw + 1 : n;
    for (long i = first; i < last; ++i) {
      if (interrupted()) {  // a signal: report what is done (the draws finished so far), stop here
        if (s.draws > 0) results.push_back(std::move(s));
        return results;
      }
      const Draw d = make_draw(c, o.seed, i);
      std::string failure;
      try {
        failure = run_draw(c, d, o.seed, i, s);
      } catch (const Interrupted&) {
        if (s.draws > 0) results.push_back(std::move(s));
        return results;
      }
      ++s.draws;
      if (!failure.empty()) {
        ++s.failures;
        s.failure_reports.push_back(failure);
        progress << "verify: FAIL " << failure << '\n';
      }
      ++done;
      const auto now = std::chrono::steady_clock::now();
      if (now - last_report > std::chrono::seconds(2) || done == total) {
        const double elapsed = std::chrono::duration<double>(now - start).count();
        progress << fmt::format("verify: {}/{} draws ({:.0f} %), {} x {}, {:.0f} s elapsed, about {:.0f} s left\n", done,
                                total, 100.0 * done / total, c.model, c.driver, elapsed,
                                elapsed / done * (total - done));
        last_report = now;
      }
    }
    if (o.invalid_inputs && o.only_draw < 0) run_invalid(c, o.seed, s);
    results.push_back(std::move(s));
  }
  return results;
}

double CheckSummary::failure_rate_bound() const {
  return draws > 0 ? failure_rate_upper_bound(failures, draws, 0.95) : 1.0;
}

std::string verify_table(const std::vector<CheckSummary>& results) {
  std::size_t width = 36, dwidth = 9;  // the model and driver columns: as wide as the longest name (a system file's path)
  for (const auto& r : results) width = std::max(width, r.model.size()), dwidth = std::max(dwidth, r.driver.size());
  std::string t = fmt::format("{:<{}} {:<{}} {:>5} {:>8} {:>9} {:>10} {:>10} {:>8} {:>8}  {}\n", "model", width, "driver",
                              dwidth, "draws", "failures", "p <= (95%)", "worst err", "its tol", "err/tol", "invalid",
                              "worst measurement");
  long draws = 0, failures = 0;
  for (const auto& r : results) {
    t += fmt::format("{:<{}} {:<{}} {:>5} {:>8} {:>9.2e} {:>10.2e} {:>10.2e} {:>8.3f} {:>4}/{:<3}  {}\n", r.model, width,
                     r.driver, dwidth, r.draws, r.failures, r.failure_rate_bound(), r.worst_error, r.worst_tolerance, r.worst_ratio,
                     r.invalid_cases - r.invalid_failures, r.invalid_cases, r.worst_measurement);
    draws += r.draws;
    failures += r.failures + r.invalid_failures;
  }
  t += fmt::format("{} checks, {} draws, {} failures; p <= (95%): the exact (Clopper-Pearson) 95 % upper bound on a "
                   "check's failure probability per draw (0 of N: 1 - 0.05^(1/N), about 3/N)\n",
                   results.size(), draws, failures);
  for (const auto& r : results)
    for (const auto& f : r.failure_reports) t += "FAIL " + f + "\n";
  return t;
}

nlohmann::json verify_json(const std::vector<CheckSummary>& results, const VerifyOptions& o) {
  nlohmann::json rows = nlohmann::json::array();
  bool all = true;
  for (const auto& r : results) {
    all = all && r.passed();
    auto num = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
    rows.push_back({{"model", r.model}, {"driver", r.driver}, {"what", r.what}, {"draws", r.draws},
                    {"failures", r.failures}, {"failure_rate", r.draws > 0 ? num(static_cast<double>(r.failures) / static_cast<double>(r.draws)) : nlohmann::json(nullptr)},
                    {"failure_rate_upper_95", num(r.failure_rate_bound())}, {"invalid_cases", r.invalid_cases},
                    {"invalid_failures", r.invalid_failures}, {"worst_ratio", num(r.worst_ratio)},
                    {"worst_error", num(r.worst_error)}, {"worst_tolerance", num(r.worst_tolerance)},
                    {"worst_measurement", r.worst_measurement}, {"failure_reports", r.failure_reports}});
  }
  return {{"command", "verify"}, {"seed", o.seed}, {"passed", all}, {"results", rows}};
}

}  // namespace stickslip
