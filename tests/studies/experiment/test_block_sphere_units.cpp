// The column units of `stickslip sweep` for slope-drift, dry-friction-oscillator, rolling-sphere and three-spheres
// (Study::result_units, the parameters' "[unit]" declarations, the observables): every number a study writes into
// its summary.json reaches sweep.csv with its unit, unless it is a count or a ratio. A new dimensional scalar
// without a unit fails here. (sweep.csv names a result by what it is, tests/studies/experiment/test_sweep_table.cpp:
// the column of a path ends in the path's last part.)
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {

// The last part of a flattened key that is not an index: "results.0.drift" -> "drift".
std::string leaf(const std::string& path) {
  std::string rest = path;
  while (true) {
    const std::size_t dot = rest.rfind('.');
    const std::string last = dot == std::string::npos ? rest : rest.substr(dot + 1);
    if (dot == std::string::npos || last.find_first_not_of("0123456789") != std::string::npos) return last;
    rest = rest.substr(0, dot);
  }
}

// Keys whose numbers carry no unit: counts (steps, evaluations, events, iterations), ratios, bookkeeping.
const std::set<std::string> kUnitless{"steps", "events", "rhs_evals", "force_or_rhs_evaluations",
                                      "velocity_sign_changes_after_stick", "max", "mean", "total", "count",
                                      "kinetic_energy_ratio_after", "runs_done"};

void check_units(const std::string& study, const std::string& args, const std::string& swept_column) {
  CAPTURE(study);
  const auto dir = scratch_dir("units_" + study);
  std::filesystem::remove_all(dir);
  REQUIRE(run_cli("sweep " + study + " " + args + " --out " + dir.string()).code == 0);
  const std::string csv = read_text(dir / "sweep.csv");
  std::string header = ",";
  header.append(csv, 0, csv.find('\n')).append(",");
  CHECK(header.find(std::string(",").append(swept_column).append(",")) != std::string::npos);
  const std::string points = read_text(dir / "points.jsonl");
  const auto row = nlohmann::json::parse(points.substr(0, points.find('\n')));
  REQUIRE(row["exit_code"] == 0);
  int numbers = 0;
  for (const auto& [path, value] : row["result"].items()) {
    if (!value.is_number() || kUnitless.count(leaf(path))) continue;
    ++numbers;
    CAPTURE(path);
    // The column "<name> [<unit>]", its name ending in the path's last part ("results.drift [m]",
    // "runs{solver=ida}.t_stick [s]", "t_roll [s]").
    const std::string tail = leaf(path) + " [";
    bool found = false;
    for (const char* before : {",", ".", "}."})
      found = found || header.find(std::string(before) + tail) != std::string::npos;
    CHECK(found);
  }
  CHECK(numbers >= 5);
  // A relative error is a ratio although its last part names a time: the longest declared suffix decides.
  if (header.find("relative_error.t_roll") != std::string::npos) CHECK(header.find("relative_error.t_roll [1],") != std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace

TEST_CASE("sweep columns of the block and sphere studies carry units") {
  check_units("slope-drift",
              "--set dt=1e-4 --fix t_end=0.01 --fix friction=cundall-strack --fix solver=rk4 --fix dt_sweep=none "
              "--fix size_sweep=none --fix angle_deg=30 --fix damping=on",
              "dt [s]");
  check_units("dry-friction-oscillator", "--set dt=0.01 --fix solver=filippov,euler-sign", "dt [s]");
  check_units("rolling-sphere", "--set dt=5e-4 --fix t_end=3.5", "dt [s]");
  check_units("three-spheres", "--set dt=2e-4 --fix t_end=1.5", "dt [s]");
}
