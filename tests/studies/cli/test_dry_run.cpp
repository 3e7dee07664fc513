// --dry-run validates and plans, and does nothing else (studies/experiment/run_store.hpp: the study ends at ctx.plan): it never
// builds a model or runs a solver (so no value gives exit 3), never makes a file or folder (not in --out, not in the
// current folder, not in TMPDIR, which it no longer needs), and a SIGINT during it leaves nothing behind.
// Exit 2 names the key the user gave, also where a relation between two keys fails.
#include <doctest/doctest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "studies/experiment/study.hpp"
#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using stickslip::test::Stickslip;

namespace {
struct DryCase {
  std::vector<std::string> args;
  int code;             // 0, or 2 with `key` first in the message
  std::string key = "";
};

// Runs a dry run with cwd and TMPDIR in empty folders; checks its code, its one line, and that nothing was made.
void check_dry(const DryCase& c, const std::string& tmpdir_value = "") {
  const stickslip::test::ScratchDir dir("dry_run");
  const fs::path cwd = dir / "cwd", tmp = dir / "tmp", out = dir / "out";
  fs::create_directories(cwd);
  fs::create_directories(tmp);
  std::vector<std::string> args = c.args;
  args.insert(args.end(), {"--dry-run", "--out", out.string()});
  Stickslip run(args, dir / "log", {"TMPDIR=" + (tmpdir_value.empty() ? tmp.string() : tmpdir_value)}, cwd);
  const auto code = run.wait(60000ms);
  std::string cmd;
  for (const auto& a : c.args) cmd += a + " ";
  INFO(cmd << "(TMPDIR=" << tmpdir_value << ") -> " << run.err());
  REQUIRE(code.has_value());
  CHECK(*code == c.code);
  if (c.code == 2) {
    const std::string err = run.err();
    CHECK(err.rfind("stickslip: error: " + c.key + "=", 0) == 0);
    CHECK(err.find('\n') == err.size() - 1);
  } else {
    CHECK(nlohmann::json::parse(run.out())["dry_run"] == true);
  }
  CHECK_FALSE(fs::exists(out));
  CHECK(stickslip::test::files_under(cwd).empty());
  CHECK(fs::is_empty(cwd));
  CHECK(fs::is_empty(tmp));
}
}  // namespace

TEST_CASE("the issue's dry runs: no solver runs (never exit 3), nothing is written") {
  // Values at which the dry run used to compute exact solutions or D(u) tables and exit 3. Those whose model cannot
  // be computed at all are now refused up front with a stated range (exit 2); the others plan and exit 0 (the run
  // itself then reports its solver's failure with exit 3).
  const std::vector<DryCase> cases{
      {{"run", "sliding-plates", "--set", "gamma=2147483648"}, 0},
      {{"run", "sliding-plates", "--set", "m=1e-300"}, 0},
      {{"run", "stochastic-friction", "--set", "gamma=1e308"}, 2, "gamma"},
      {{"run", "stochastic-friction", "--set", "kT=1e308"}, 2, "kT"},
      {{"run", "stochastic-friction", "--set", "mu=1e308"}, 2, "mu"},
      {{"run", "stochastic-friction", "--set", "normal_force=1e308"}, 2, "normal_force"},
      {{"run", "dry-friction-oscillator", "--set", "x0=1e308"}, 0},
      {{"run", "dry-friction-oscillator", "--set", "x0=-1e308"}, 0},
  };
  for (const auto& c : cases) check_dry(c);
}

TEST_CASE("exit 2 names the key the user gave") {
  const std::vector<DryCase> cases{
      {{"run", "stochastic-friction", "--set", "sweep_dt=1e-300"}, 2, "sweep_dt"},  // blamed sample_interval
      {{"run", "container", "--set", "incline_rise=1e308"}, 2, "incline_rise"},     // blamed dt (never set)
      {{"run", "heap", "--set", "hopper_width= 1"}, 2, "hopper_width"},            // blamed floor_width
      {{"run", "heap", "--set", "hopper_width=1"}, 2, "hopper_width"},
      {{"run", "heap", "--set", "floor_width=0.1"}, 2, "floor_width"},
      {{"run", "heap", "--set", "outlet=0.5"}, 2, "outlet"},
      {{"run", "heap", "--set", "hopper_width=0x10"}, 2, "hopper_width"},
      {{"run", "sliding-plates", "--set", "v0=1 "}, 2, "v0"},
      {{"run", "sliding-plates", "--set", "dt=0.1, 0.01"}, 2, "dt"},
  };
  for (const auto& c : cases) check_dry(c);
}

TEST_CASE("every study's dry run with TMPDIR missing or unwritable: the same answer, nothing written") {
  const auto studies = stickslip::all_studies();
  for (const auto& s : studies) {
    check_dry({{"run", s->name()}, 0}, "/nonexistent");
    check_dry({{"run", s->name()}, 0}, "/proc");  // not writable, even for root
  }
}

TEST_CASE("SIGINT during a dry run leaves nothing behind") {
  const stickslip::test::ScratchDir dir("dry_run_sigint");
  const fs::path tmp = dir / "tmp", out = dir / "out";
  fs::create_directories(tmp);
  for (const std::string study : {"granular-gas", "heap", "container", "slope-drift"}) {
    for (const auto delay : {0ms, 5ms, 20ms}) {
      Stickslip run({"run", study, "--dry-run", "--out", out.string()}, dir / "log", {"TMPDIR=" + tmp.string()});
      std::this_thread::sleep_for(delay);
      run.signal_group(SIGINT);
      const auto code = run.wait(30000ms);
      INFO(study << " after " << delay.count() << " ms: " << run.err());
      REQUIRE(code.has_value());
      CHECK((*code == 0 || *code == 130));
      CHECK(fs::is_empty(tmp));
      CHECK_FALSE(fs::exists(out));
    }
  }
}
