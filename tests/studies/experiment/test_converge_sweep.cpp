// `stickslip converge`, `sweep` and `merge` end to end: the orders of the sliding plates against their exact
// solution (seed 001 Fig. 3: C-SDS with located events, orders 1 / 2 / 2 / 4), a sweep run with 2 jobs equal to 1
// job, its shards merged equal to the whole, --resume, and the exit status 2 of bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "studies/experiment/output.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
const std::string kSweep =
    "sweep slope-drift --set friction=cundall-strack,coulomb-filippov --set dt=2e-5,1e-5 --fix solver=rk4 "
    "--fix t_end=0.05 --fix dt_sweep=none --fix size_sweep=none --fix angle_deg=30 --fix damping=on";
}  // namespace

TEST_CASE("converge sliding-plates v_end: orders 1, 2, 2, 4 within 0.05 on 4 dt levels, with intervals") {
  const auto dir = scratch_dir("converge_plates");
  const CliOutput r = run_cli("converge sliding-plates --observable v_end --dt 0.05:0.00625:4 --json --out " + dir.string());
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["reference"] == "exact");
  const std::map<std::string, double> theory{{"euler", 1}, {"midpoint", 2}, {"heun", 2}, {"rk4", 4}};
  REQUIRE(j["results"].size() == 4);
  for (const auto& s : j["results"]) {
    const double p = theory.at(s["solver"].get<std::string>());
    CAPTURE(s["solver"]);
    CHECK(s["order"].get<double>() == doctest::Approx(p).epsilon(0.05 / p));
    CHECK(s["points_fitted"] == 4);
    // The method's error model: the interval holds the nominal order or lies within 0.05 of it.
    CHECK(s["ci95"][0].get<double>() <= s["order"].get<double>());
    CHECK(s["ci95"][1].get<double>() >= s["order"].get<double>());
    CHECK(s["ci95"][0].get<double>() > p - 0.05);
  }
  CHECK(std::filesystem::exists(dir / "converge.csv"));
  CHECK(std::filesystem::exists(dir / "converge.png"));
  CHECK(slurp(dir / "converge.csv").rfind("solver_index,h (dt [n.u.] or rtol [1]),v_end [n.u.]", 0) == 0);
  // The long table holds the wide one's numbers, one row per run and result, the solver by name: its error rows are
  // the wide error column, in the same order, to the bit.
  std::ifstream wide_in(dir / "converge.csv"), long_in(dir / "converge_long.csv");
  const auto wide = stickslip::read_csv_records(wide_in, "converge.csv");
  const auto tall = stickslip::read_csv_records(long_in, "converge_long.csv");
  REQUIRE(wide.size() == 4 * 4 + 1);
  REQUIRE(tall.size() == 7 * (wide.size() - 1) + 1);
  CHECK(tall[0] == std::vector<std::string>{"solver", "h_kind", "h", "h_unit", "range", "result", "value", "unit"});
  std::size_t k = 1;
  for (std::size_t r = 1; r < tall.size(); ++r) {
    if (tall[r][5] != "error") continue;
    CAPTURE(r);
    REQUIRE(k < wide.size());
    CHECK(tall[r][0] == j["csv_codes"]["solver_index"][std::stoi(wide[k][0])].get<std::string>());
    CHECK(tall[r][2] == wide[k][1]);  // h
    CHECK(tall[r][6] == wide[k][4]);  // error
    CHECK(tall[r][7] == "n.u.");
    ++k;
  }
  CHECK(k == wide.size());
  std::filesystem::remove_all(dir);
}

TEST_CASE("converge dry-friction-oscillator t_stick: the Filippov driver on rk4 keeps order 4 through the stick event") {
  // Seed 002 eq. 3 against its exact piecewise solution (models/dry_friction_exact.hpp); the stick time is a
  // located event, so the scheme's order survives the switch.
  const auto dir = scratch_dir("converge_oscillator");
  const CliOutput r = run_cli("converge dry-friction-oscillator --observable t_stick --solver filippov:rk4 --dt 0.04:0.005:4 "
                              "--json --out " + dir.string());
  REQUIRE(r.code == 0);
  const auto s = nlohmann::json::parse(r.out)["results"][0];
  CHECK(s["solver"] == "filippov:rk4");
  CHECK(s["order"].get<double>() == doctest::Approx(4.0).epsilon(0.05 / 4));
  std::filesystem::remove_all(dir);
}

TEST_CASE("sweep: --jobs 2 equals --jobs 1; shards merged equal the whole; --resume runs nothing twice") {
  const auto d1 = scratch_dir("sweep_j1"), d2 = scratch_dir("sweep_j2"), s1 = scratch_dir("sweep_s1"),
             s2 = scratch_dir("sweep_s2"), m = scratch_dir("sweep_merged"), other = scratch_dir("sweep_other");
  REQUIRE(run_cli(kSweep + " --jobs 1 --out " + d1.string()).code == 0);
  REQUIRE(run_cli(kSweep + " --jobs 2 --out " + d2.string()).code == 0);
  const std::string csv = slurp(d1 / "sweep.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 5);  // header + 2 x 2 points
  // Columns carry units: a parameter's from its declaration, an observable's, a result key's (Study::result_units);
  // the one run of a point is "results" without an index.
  const std::string header = csv.substr(0, csv.find('\n'));
  for (const char* col : {",dt [s],", ",results.drift [m],", ",results.t_rest [s],", ",results.angle_deg [deg],",
                          ",results.friction,"})
    CHECK_MESSAGE(header.find(col) != std::string::npos, col);
  // Longest first: the dt = 1e-5 points (1, 3) plan twice the steps of the dt = 2e-5 ones (0, 2).
  const auto timing = nlohmann::json::parse(slurp(d2 / "summary.json"))["timing"];
  CHECK(timing["start_order"] == nlohmann::json::array({1, 3, 0, 2}));
  CHECK(csv == slurp(d2 / "sweep.csv"));
  CHECK(slurp(d1 / "points.jsonl") == slurp(d2 / "points.jsonl"));
  // Coulomb (Filippov) holds the block: drift exactly 0; Cundall-Strack creeps (seed 002).
  std::istringstream lines(slurp(d1 / "points.jsonl"));
  std::string line;
  while (std::getline(lines, line)) {
    const auto row = nlohmann::json::parse(line);
    REQUIRE(row["exit_code"] == 0);
    const double drift = row["result"]["results.0.drift"].get<double>();
    if (row["parameters"]["friction"] == "coulomb-filippov") CHECK(drift == 0.0);
    else CHECK(drift > 0.0);
  }
  REQUIRE(run_cli(kSweep + " --shard 1/2 --out " + s1.string()).code == 0);
  REQUIRE(run_cli(kSweep + " --shard 2/2 --out " + s2.string()).code == 0);
  CHECK(run_cli("merge " + s1.string() + " --out " + m.string()).code == 2);  // incomplete
  REQUIRE(run_cli("merge " + s1.string() + " " + s2.string() + " --out " + m.string()).code == 0);
  CHECK(slurp(m / "sweep.csv") == csv);
  CHECK(slurp(m / "points.jsonl") == slurp(d1 / "points.jsonl"));
  auto without_timing = [](const std::filesystem::path& p) {
    auto j = nlohmann::json::parse(slurp(p / "summary.json"));
    j.erase("timing"), j.erase("provenance");
    return j;
  };
  CHECK(without_timing(m) == without_timing(d1));
  // A folder of another sweep (one more fixed value: another id) is refused.
  REQUIRE(run_cli(kSweep + " --fix output_interval=2e-3 --shard 2/4 --out " + other.string()).code == 0);
  CHECK(run_cli("merge " + s1.string() + " " + other.string() + " --out " + m.string()).code == 2);
  // --resume of a finished sweep runs no point again and writes the same rows.
  const CliOutput again = run_cli(kSweep + " --jobs 2 --resume --out " + d1.string(), true);
  CHECK(again.code == 0);
  CHECK(again.out.find("4 stored") != std::string::npos);
  CHECK(slurp(d1 / "sweep.csv") == csv);
  for (const auto& d : {d1, d2, s1, s2, m, other}) std::filesystem::remove_all(d);
}

TEST_CASE("converge refuses what the model's form refuses: the coulomb-dae block is a DAE (IDA only)") {
  const auto out = scratch_dir("converge_form");
  const CliOutput r = run_cli("converge slope-drift --observable drift --set friction=coulomb-dae --solver rk4 --out " +
                                  out.string(), true);
  CHECK(r.code == 2);
  CHECK(r.out == "stickslip: error: solver=rk4: this model is a DAE (algebraic rows); allowed: ida\n");
  std::filesystem::remove_all(out);
}

TEST_CASE("bad input to converge, sweep and merge: exit 2 with one line") {
  const auto out = scratch_dir("bad_new_commands");
  for (const std::string& args : std::vector<std::string>{
        "converge sliding-plates --observable nope", "converge sliding-plates --observable v_end --dt 0.1:0.1:4",
        "converge sliding-plates --observable v_end --dt 0:0.01:4", "converge sliding-plates --observable v_end --dt -1:0.01:4",
        "converge sliding-plates --observable v_end --dt 0.1:0.01:2", "converge sliding-plates --observable v_end --solver trapezoid",
        "converge sliding-plates --observable v_end --solver cvode:bdf:9", "converge slope-drift --observable drift --reference exact",
        "converge sliding-plates --observable v_end --reference best", "converge three-spheres --observable t_roll",
        "sweep slope-drift --set dt=1e-5 --shard 3/2", "sweep slope-drift --set dt=1e-5 --shard 0/2",
        "sweep slope-drift --set dt=1e-5 --jobs 0", "sweep slope-drift --set nokey=1", "sweep slope-drift --set dt=",
        "sweep slope-drift", "merge"}) {
    CAPTURE(args);
    const CliOutput r = run_cli(args + " --out " + out.string(), true);
    CHECK(r.code == 2);
    CHECK(r.out.rfind("stickslip: error: ", 0) == 0);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
  }
  const CliOutput r = run_cli("converge sliding-plates --observable nope", true);
  CHECK(r.out.find("allowed: v_end, xi_end, t_stick") != std::string::npos);
  std::filesystem::remove_all(out);
}

TEST_CASE("sweep: a point the study refuses refuses the sweep, naming it; --skip-refused runs the others and lists it") {
  // The coulomb-dae block is a DAE (IDA only): with --fix solver=rk4 its points are refused by the study's dry run.
  const std::string sweep = "sweep slope-drift --set friction=coulomb-filippov,coulomb-dae --set mu=0.5,1 --fix solver=rk4 "
                            "--fix t_end=0.01 --fix dt_sweep=none --fix size_sweep=none --fix damping=on --jobs 1";
  const auto out = scratch_dir("sweep_refused");
  std::filesystem::remove_all(out);
  const CliOutput refused = run_cli(sweep + " --out " + out.string(), true);
  CHECK(refused.code == 2);
  CHECK(refused.out.rfind("stickslip: error: friction=coulomb-dae: ", 0) == 0);
  CHECK(refused.out.find("point 2 of the sweep (friction=coulomb-dae, mu=0.5)") != std::string::npos);
  CHECK(refused.out.find("--skip-refused") != std::string::npos);
  CHECK(std::count(refused.out.begin(), refused.out.end(), '\n') == 1);
  CHECK(!std::filesystem::exists(out / "summary.json"));  // refused before anything ran

  const CliOutput skipped = run_cli(sweep + " --skip-refused --out " + out.string(), true);
  REQUIRE(skipped.code == 0);
  CHECK(skipped.out.find("point 3 of the sweep (friction=coulomb-dae, mu=1) refused, skipped") != std::string::npos);
  const auto summary = nlohmann::json::parse(slurp(out / "summary.json"));
  CHECK(summary["complete"] == true);
  CHECK(summary["points_total"] == 4);
  CHECK(summary["points_done"] == 2);
  CHECK(summary["points_refused"] == 2);
  REQUIRE(summary["refused"].size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& r = summary["refused"][i];
    CHECK(r["point"] == 2 + i);
    CHECK(r["key"] == "friction");
    CHECK(r["value"] == "coulomb-dae");
    CHECK(r["parameters"]["mu"] == (i == 0 ? "0.5" : "1"));
  }
  // The reason is the line `run` gives for that point.
  const CliOutput single = run_cli("run slope-drift --set friction=coulomb-dae --set mu=1 --set solver=rk4 --set t_end=0.01 "
                                   "--set dt_sweep=none --set size_sweep=none --set damping=on --dry-run", true);
  CHECK(single.code == 2);
  CHECK(single.out == "stickslip: error: friction=coulomb-dae: " + summary["refused"][1]["reason"].get<std::string>() + "\n");
  // The points that ran are rows; the refused ones are not.
  const std::string csv = slurp(out / "sweep.csv");
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 3);
  CHECK(csv.find("\n0,coulomb-filippov,0.5,0,") != std::string::npos);
  CHECK(csv.find("coulomb-dae") == std::string::npos);
  std::filesystem::remove_all(out);
}
