// The shared rule for planned work (core/work_limits.hpp): counts in double that never overflow, a refusal naming the
// key, and every study refusing an overflowing or memory-exhausting step/sample count with exit 2 before any work
// (through --dry-run, which stops at the first piece of real work), the key it names being the one that was set.
// Before the rule: `run sliding-plates --set dt=1e-18` ran 1 step (static_cast<long> of 1e19 steps), container and
// slope-drift ran 0 or 1 steps at dt = 1e-300 and exit 0, sweep_dt = 1e-300 grew to 23.6 GB, ida/cvode at dt = 1e-8
// ended in std::bad_alloc (exit 4).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "core/work_limits.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("step_count: ceil(span/step) in double, a whole number of steps up to round-off, inf past a double") {
  CHECK(step_count(10, 0.001) == 10000);   // 10/0.001 = 10000.000000000002
  CHECK(step_count(10, 0.003) == 3334);
  CHECK(step_count(1e-3, 1) == 1);         // at least one
  CHECK(step_count(10, 1e-18) == 1e19);    // past a long's 9.2e18: no overflow
  CHECK(std::isinf(step_count(1e308, 1e-300)));
  CHECK(std::isinf(step_count(1, 0)));
  CHECK(std::isinf(step_count(std::nan(""), 1)));
}

TEST_CASE("require_count and checked_count name the key the user changed") {
  CHECK_NOTHROW(require_count("dt", "1", 10, 10, "x", "steps", ""));
  CHECK_THROWS_WITH_AS(require_count("dt", "1e-300", INFINITY, 10, "t_end / dt", "steps", "raise dt"),
                       doctest::Contains("dt=1e-300: t_end / dt gives inf steps; at most 10 (raise dt)"), InputError);
  Parameters p;
  p.declare("dt", "0.1", "").declare("t_end", "10", "");
  CHECK(blamed_key(p, "dt", "t_end") == "dt");  // neither changed
  p.set("t_end", "1e308");
  CHECK(blamed_key(p, "dt", "t_end") == "t_end");
  p.set("dt", "0.2");
  CHECK(blamed_key(p, "dt", "t_end") == "dt");  // both changed: the step
  p.set("dt", "0.1");
  CHECK_THROWS_WITH_AS(checked_count(p, "dt", 0.1, "t_end", 1e308, kMaxSteps, "steps"), doctest::Contains("t_end=1e308: "),
                       InputError);
  CHECK(checked_count(p, "dt", 0.1, "t_end", 10, kMaxSteps, "steps") == 100);
}

namespace {
// exit code of `run STUDY --set key=value --dry-run` (in process) and its message.
std::pair<int, std::string> dry_run(const std::string& study_name, const std::vector<std::pair<std::string, std::string>>& set) {
  for (const auto& study : all_studies()) {
    if (study->name() != study_name) continue;
    Parameters p = study->parameters();
    std::ostringstream log;
    try {
      for (const auto& [k, v] : set) p.set(k, v);
      (void)dry_run_study(*study, p, log);
      return {0, ""};
    } catch (const InputError& e) {
      return {2, e.what()};
    } catch (const std::exception& e) {
      return {4, e.what()};
    }
  }
  return {-1, "no such study"};
}
}  // namespace

TEST_CASE("every study: an overflowing step or span is refused (exit 2) before any work, naming the key") {
  const std::vector<std::string> steps{"dt", "dt_max", "sweep_dt", "fig4_dt", "dt_sweep"};
  const std::vector<std::string> spans{"t_end", "t_max", "t_drift", "sweep_t_end", "cluster_t_end", "t_end_tau"};
  int cases = 0;
  for (const auto& study : all_studies()) {
    const Parameters defaults = study->parameters();
    for (const auto& [key, entry] : defaults.entries()) {
      const bool step = std::count(steps.begin(), steps.end(), key) > 0, span = std::count(spans.begin(), spans.end(), key) > 0;
      if (!step && !span) continue;
      for (const std::string& value : step ? std::vector<std::string>{"1e-300", "1e-18"} : std::vector<std::string>{"1e308"}) {
        const auto [code, message] = dry_run(study->name(), {{key, value}});
        INFO(study->name() << " " << key << "=" << value << " -> " << code << ": " << message);
        CHECK(code == 2);
        // stochastic-friction checks its own counts (studies/papers/hofmann/stochastic_runs.cpp, at most 1e12 steps)
        // and names the sample interval for a tiny dt: which key such a refusal names is settled with the other exit-2
        // keys.
        if (study->name() != "stochastic-friction") CHECK(message.rfind(key + "=", 0) == 0);
        ++cases;
      }
    }
  }
  MESSAGE(cases << " cases");
  CHECK(cases >= 25);
}

TEST_CASE("planned memory past the shared limit (2e7 samples per run) is refused naming the key") {
  // The cases: the energy sweep at sweep_dt = 1e-300; IDA and CVODE keeping every output at dt = 1e-8.
  for (const auto& set : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"sweep_dt", "1e-300"}},
           {{"solver", "ida"}, {"friction", "dsds-dae"}, {"dt", "1e-8"}},
           {{"solver", "cvode"}, {"friction", "csds"}, {"dt", "1e-8"}},
           {{"fig4_dt", "1e-7"}}}) {
    const auto [code, message] = dry_run("sliding-plates", set);
    INFO(set.back().first << "=" << set.back().second << ": " << message);
    CHECK(code == 2);
    CHECK(message.rfind(set.back().first + "=", 0) == 0);
    CHECK(message.find("samples") != std::string::npos);
  }
  // Just below the limit the plan is accepted and shows the true count.
  CHECK(dry_run("sliding-plates", {{"dt", "1e-6"}, {"sweep_v0", "none"}, {"fig4", "off"}}).first == 0);
  CHECK(dry_run("convergence", {{"dt_max", "1e-300"}}).first == 2);
  CHECK(dry_run("dry-friction-oscillator", {{"dt", "1e-7"}}).first == 2);
}

TEST_CASE("the command line: exit 2 at once, no run, and --dry-run plans the true count") {
  const auto dir = test::scratch_dir("work_limits");
  std::filesystem::remove_all(dir);
  auto r = test::run_cli("run sliding-plates --set dt=1e-18 --set fig4=off --set sweep_v0=none --out " + dir.string(), true);
  CHECK(r.code == 2);
  CHECK(r.out.find("dt=1e-18") != std::string::npos);
  CHECK(!std::filesystem::exists(dir / "runs"));  // refused before the first run
  r = test::run_cli("run container --set t_end=1e308 --out " + dir.string(), true);
  CHECK(r.code == 2);
  CHECK(r.out.find("t_end=1e308") != std::string::npos);
  // converge's own step levels reach the same rule (the trapezoid stepper looped over 1e152 steps before).
  r = test::run_cli("converge rolling-sphere --observable t_roll --solver trapezoid --dt 1e-3:1e-300:3 --out " + dir.string(), true);
  CHECK(r.code == 2);
  CHECK(r.out.find("gives 1.58113883008e152 steps") != std::string::npos);
  r = test::run_cli("run sliding-plates --set dt=1e-5 --set fig4=off --set sweep_v0=none --dry-run --out " + dir.string());
  CHECK(r.code == 0);
  CHECK(r.out.find("\"steps_per_run\": 1000000") != std::string::npos);  // t_end / dt = 10 / 1e-5
  std::filesystem::remove_all(dir);
}
