// A solver failure is never reported as success (slope-drift, which goes on past a failed run by design): the
// failed run's partial time series is never renamed to its name, its row has no value (drift, s_end, steps null)
// but its error, the summary lists it under failed_runs, and the study exits 3 with the solver's reason after
// writing everything else. The three commands, a mixed one (one run fails, one does not), and --resume.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using stickslip::test::file_text;
using stickslip::test::Stickslip;

namespace {
// Each key once (a key given twice is refused): the solver comes with each command.
const std::vector<std::string> kBase{"run",   "slope-drift", "--set", "dt_sweep=none", "--set", "size_sweep=none",
                                     "--set", "damping=on",  "--set", "projection=on", "--set", "t_end=0.02", "--json"};

struct Outcome {
  int code;
  std::string err;
  nlohmann::json summary;
};

Outcome run(const std::vector<std::string>& extra, const fs::path& out, bool resume = false) {
  std::vector<std::string> args = kBase;
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--out", out.string()});
  if (resume) args.push_back("--resume");
  Stickslip p(args, out.parent_path() / (out.filename().string() + "_log"));
  const auto code = p.wait(120000ms);
  REQUIRE(code.has_value());
  const nlohmann::json printed = nlohmann::json::parse(p.out());  // --json prints the summary also on exit 3
  CHECK(printed == nlohmann::json::parse(file_text(out / "summary.json")));
  return {*code, p.err(), printed};
}
}  // namespace

TEST_CASE("the issue's three solver failures: exit 3 with the reason, no fake drift, no torn CSV") {
  const stickslip::test::ScratchDir dir("failed_runs");
  const std::vector<std::vector<std::string>> commands{
      {"--set", "friction=cundall-strack", "--set", "solver=rk4", "--set", "size=1e308"},
      {"--set", "friction=csds", "--set", "solver=rk4", "--set", "Y=1e308"},
      {"--set", "friction=coulomb-filippov", "--set", "solver=dopri5", "--set", "mu=1e308"},
  };
  int k = 0;
  for (const auto& extra : commands) {
    const fs::path out = dir / ("out" + std::to_string(k++));
    const Outcome o = run(extra, out);
    INFO(o.err);
    CHECK(o.code == 3);
    CHECK(o.err.find("stickslip: solver failure: 2 of 2 runs failed") != std::string::npos);
    CHECK(o.err.find("non-finite") != std::string::npos);  // the solver's reason
    CHECK(o.summary["complete"] == true);
    REQUIRE(o.summary["failed_runs"].size() == 2);
    for (const auto& r : o.summary["results"]) {
      CHECK(r["drift"].is_null());  // was 0.0 beside the error
      CHECK(r["s_end"].is_null());
      CHECK(r["steps"].is_null());
      CHECK_FALSE(r["error"].get<std::string>().empty());
    }
    CHECK(stickslip::test::files_under(out / "runs").empty());  // no time series of a failed run, complete or not
    for (const auto& e : fs::recursive_directory_iterator(out)) CHECK(e.path().extension() != ".part");
    // results.csv marks them failed (its last column)
    const std::string table = file_text(out / "results.csv");
    CHECK(table.find("failed (1: the solver failed, no values)") != std::string::npos);
  }
}

TEST_CASE("one run fails, the other does not: the good one is complete, the study still exits 3; --resume agrees") {
  const stickslip::test::ScratchDir dir("failed_runs_mixed");
  const fs::path out = dir / "out";
  const std::vector<std::string> extra{"--set", "friction=cundall-strack", "--set", "solver=rk4", "--set", "size=0.01,1e308",
                                       "--set", "angle_deg=30"};
  const Outcome o = run(extra, out);
  INFO(o.err);
  CHECK(o.code == 3);
  CHECK(o.err.find("1 of 2 runs failed") != std::string::npos);
  REQUIRE(o.summary["results"].size() == 2);
  const auto& good = o.summary["results"][0];
  const auto& bad = o.summary["results"][1];
  CHECK(good["drift"].is_number());
  CHECK_FALSE(good.contains("error"));
  CHECK(bad["drift"].is_null());
  CHECK(fs::exists(out / "runs" / (good["label"].get<std::string>() + ".csv")));
  CHECK_FALSE(fs::exists(out / "runs" / (bad["label"].get<std::string>() + ".csv")));
  CHECK(fs::exists(out / "position.png"));  // the figures are drawn from the runs that did not fail
  const Outcome again = run(extra, out, true);
  CHECK(again.code == 3);
  CHECK(stickslip::test::without_timings(again.summary["results"]) == stickslip::test::without_timings(o.summary["results"]));
  CHECK(again.summary["failed_runs"] == o.summary["failed_runs"]);
}

TEST_CASE("issue 47: a run whose step size collapses (the polygon block under IDA) is a failed run with the reason, exit 3") {
  // Before: "current run 0 %" for 600 s and no end; the driver now ends it at the shared step limit
  // (solvers/step_collapse.hpp) and the study lists it under failed_runs.
  const stickslip::test::ScratchDir dir("failed_runs_collapse");
  const auto t0 = std::chrono::steady_clock::now();
  const Outcome o = run({"--set", "block=polygon", "--set", "friction=coulomb-dae", "--set", "solver=ida", "--set",
                         "angle_deg=20", "--set", "v0=0.5"},
                        dir / "out");
  MESSAGE("ended after " << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s");
  INFO(o.err);
  CHECK(o.code == 3);
  CHECK(o.err.find("ida: step size collapsed") != std::string::npos);
  CHECK(o.err.find("(limit: a mean step of at least (t_end - t0) / 1000000000") != std::string::npos);
  REQUIRE(o.summary["failed_runs"].size() == 1);
  CHECK(o.summary["failed_runs"][0]["error"].get<std::string>().find("ida: step size collapsed") != std::string::npos);
}
