// `slope-drift` beyond the base grid (issue 3 follow-up): the velocity projection switch of coulomb-dae, the
// paper's touching start, the dt / size sweeps at the base point (adaptive solvers with max_step = dt), and
// one-line exit-2 messages for bad values of the new parameters.
#include <doctest/doctest.h>

#include "tests/cli_runner.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {
struct Result {
  int code;
  std::string out;
};

std::filesystem::path out_dir(const std::string& tag) {
  return stickslip::test::scratch_dir("slope_sweeps_" + tag);
}

// stdout only (the JSON), or stdout and stderr together.
Result run(const std::string& args, const std::string& tag, bool with_stderr = false) {
  const auto cli = stickslip::test::run_cli(args + " --out " + out_dir(tag).string(), with_stderr);
  return {cli.code, cli.out};
}

const nlohmann::json* find(const nlohmann::json& results, const std::string& friction, const std::string& solver,
                           double angle, const nlohmann::json& projection) {
  for (const auto& e : results)
    if (e["friction"] == friction && e["solver"] == solver && e["angle_deg"].get<double>() == angle &&
        e["projection"] == projection)
      return &e;
  return nullptr;
}
}  // namespace

TEST_CASE("slope-drift: touching start slides, sticks, then Coulomb holds; projection off keeps only the stick event's speed") {
  const double t_end = 0.2;
  const Result r = run("run slope-drift --json --set friction=coulomb-filippov,coulomb-dae --set solver=rk4,bdf2,bdf5 "
                       "--set start=touching --set damping=on --set angle_deg=15,30 --set projection=on,off "
                       "--set dt_sweep=none --set size_sweep=none --set t_end=0.2",
                       "touch");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["results"].size() == 14);  // coulomb: 3 solvers x 2 angles; coulomb-dae: 2 x 2 x projection on/off
  for (const auto& e : j["results"]) {
    CAPTURE(e.dump());
    CHECK(e["start"] == "touching");
    // Dropped with no overlap, F_n = 0: the block slides until the normal spring carries it, then stops.
    const double t_rest = e["t_rest"].get<double>();
    CHECK(t_rest > 1e-5);
    CHECK(t_rest < 1e-3);
    CHECK(e["s_rest"].get<double>() > 1e-9);
    // Damped, the normal force never again dips to tan(a) m g cos(a) / mu: the Coulomb block stays.
    CHECK(e["drift"].get<double>() <= 1e-12);
    CHECK(e["late_drift"].get<double>() <= 1e-12);
  }
  // Projection on vs off (coulomb-dae, IDA). The trajectories are the same up to the stick event (same residual),
  // so t_rest and s_rest agree. While sticking, the residual without projection is m s'' = m g sin(a) + F_t with
  // F_t = -m g sin(a): s'' = 0 exactly, so s' keeps the speed it had at the event (the root finder's residue,
  // ~1e-18 m/s) and the drift is at most |v_rest| (t_end - t_rest), with a factor 2 for the step over the event;
  // with projection s' = 0 is imposed and the drift is exactly 0.
  for (const char* solver : {"bdf2", "bdf5"})
    for (double angle : {15.0, 30.0}) {
      CAPTURE(solver);
      CAPTURE(angle);
      const auto* on = find(j["results"], "coulomb-dae", solver, angle, true);
      const auto* off = find(j["results"], "coulomb-dae", solver, angle, false);
      REQUIRE(on);
      REQUIRE(off);
      CHECK((*on)["drift"].get<double>() == 0.0);
      CHECK((*on)["t_rest"].get<double>() == (*off)["t_rest"].get<double>());
      CHECK((*on)["s_rest"].get<double>() == (*off)["s_rest"].get<double>());
      const double bound = 2 * std::abs((*off)["v_rest"].get<double>()) * (t_end - (*off)["t_rest"].get<double>());
      CHECK((*off)["drift"].get<double>() <= bound + 1e-30);
      CHECK((*off)["drift"].get<double>() <= 1e-15);
    }
}

TEST_CASE("slope-drift: dt and size sweeps run at the base point, adaptive solvers step at most dt, figures drawn") {
  const Result r = run("run slope-drift --json --set friction=coulomb-filippov,cundall-strack --set solver=rk4,bdf2 "
                       "--set angle_deg=15,30 --set damping=on,off --set dt=1e-5 --set dt_sweep=1e-5,1e-4 "
                       "--set size_sweep=0.001,0.1 --set t_end=0.02",
                       "sweep");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  int dt_rows = 0, size_rows = 0;
  for (const auto& e : j["results"]) {
    CAPTURE(e.dump());
    CHECK(e["drift"].is_number());
    CHECK(e["projection"].is_null());  // not coulomb-dae
    bool in_dt = false, in_size = false;
    for (const auto& g : e["sweeps"]) {
      in_dt = in_dt || g == "dt";
      in_size = in_size || g == "size";
    }
    if (in_dt || in_size) {
      // The base point: last angle, first damping, first start.
      CHECK(e["angle_deg"].get<double>() == 30.0);
      CHECK(e["damping"] == true);
      CHECK(e["start"] == "equilibrium");
    }
    if (in_dt) {
      ++dt_rows;
      CHECK(e["size"].get<double>() == 0.01);
      // bdf2 (CVODE) runs with max_step = dt: at least t_end / dt steps, like rk4.
      CHECK(e["steps"].get<double>() >= 0.02 / e["dt"].get<double>() - 1);
    }
    if (in_size) {
      ++size_rows;
      CHECK(e["dt"].get<double>() == 1e-5);
    }
    if (e["friction"] == "coulomb-filippov") CHECK(e["drift"].get<double>() <= 1e-12);
  }
  CHECK(dt_rows == 8);    // 2 laws x 2 solvers x dt {1e-5, 1e-4}
  CHECK(size_rows == 8);  // 2 laws x 2 solvers x l {0.001, 0.1}
  for (const char* f : {"position.png", "drift_vs_dt.png", "drift_vs_size.png", "drift_vs_dt.csv", "drift_vs_size.csv"})
    CHECK(std::filesystem::exists(out_dir("sweep") / f));
}

TEST_CASE("slope-drift: bad values of projection, start, dt_sweep, size_sweep exit 2 with one line naming key and value") {
  const std::pair<const char*, const char*> bad[] = {{"projection", "maybe"},
                                                    {"start", "dropped"},
                                                    {"dt_sweep", "1e-5,abc"},
                                                    {"size_sweep", "0.01,-1"},
                                                    {"dt_sweep", "0"}};
  int i = 0;
  for (const auto& [key, value] : bad) {
    CAPTURE(key);
    CAPTURE(value);
    const Result r = run(std::string("run slope-drift --set ") + key + "=" + value, "bad" + std::to_string(i++), true);
    CHECK(r.code == 2);
    CHECK(r.out.find(std::string(key) + "=" + value) != std::string::npos);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
  }
}

// Issue 46: the combinations slope-drift skips (C-SDS without damping: its eq. 10 divides by gamma_t) were only in
// summary.json; each is now also a line on stderr, with the reason summary.json gives.
TEST_CASE("skipped combinations are listed on stderr, each with summary.json's reason") {
  const auto dir = out_dir("skipped");
  std::filesystem::remove_all(dir);
  const auto cli = stickslip::test::run_cli("run slope-drift --set friction=csds,cundall-strack --set damping=on,off "
                                            "--set solver=rk4 --set t_end=0.01 --set dt=1e-5 --set dt_sweep=none "
                                            "--set size_sweep=none --set angle_deg=30 --out " + dir.string(), true);
  CAPTURE(cli.out);
  REQUIRE(cli.code == 0);
  const auto summary = nlohmann::json::parse(stickslip::test::read_text(dir / "summary.json"));
  REQUIRE(summary["skipped"].size() >= 1);
  for (const auto& s : summary["skipped"]) {
    const std::string line = "slope-drift: skipped friction=" + s["friction"].get<std::string>() + " solver=" +
                             s["solver"].get<std::string>() + " damping=" + (s["damping"].get<bool>() ? "on" : "off") +
                             ": " + s["reason"].get<std::string>() + "\n";
    CHECK(cli.out.find(line) != std::string::npos);
  }
  CHECK(summary["skipped"][0]["friction"] == "csds");
  CHECK(summary["skipped"][0]["damping"] == false);
  // A dry run names them too, before anything runs.
  const auto dry = stickslip::test::run_cli("run slope-drift --set friction=csds --set damping=on,off --set solver=rk4 "
                                            "--set dt_sweep=none --set size_sweep=none --dry-run", true);
  CHECK(dry.code == 0);
  CHECK(dry.out.find("slope-drift: skipped friction=csds solver=rk4 damping=off: ") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("slope-drift: setup=krengel-matuttis sets the paper's block, a key the user sets wins, bad setups exit 2") {
  // --dry-run plans the runs without running them. The preset: coulomb-km and cundall-strack under heun, gear2 and
  // gear5, the polygon, touching, 15 and 30 deg, damped and undamped at dt 5e-6 s, Fig. 4's six dt and Fig. 5's seven
  // sizes. Per law and solver: 2 angles x 2 dampings at the base point, the dt sweep's 6 (one of them the base point)
  // and the size sweep's 7 (one of them the base point): 4 + 5 + 6 = 15, so 2 x 3 x 15 = 90 runs.
  const auto plan = [](const std::string& args) {
    const auto cli = stickslip::test::run_cli("run slope-drift --set setup=krengel-matuttis " + args + " --dry-run");
    REQUIRE(cli.code == 0);
    return nlohmann::json::parse(cli.out)["planned"];
  };
  const auto p = plan("");
  CHECK(p["setup"]["name"] == "krengel-matuttis");
  CHECK(p["setup"]["set"]["friction"] == "coulomb-km,cundall-strack");
  CHECK(p["setup"]["set"]["solver"] == "heun,gear2,gear5");
  CHECK(p["setup"]["set"]["block"] == "polygon");
  CHECK(p["setup"]["set"]["start"] == "touching");
  CHECK(p["runs"] == 90);
  // the user's solver wins: one solver, 2 x 15 runs; the user's size_sweep=none drops the size sweep: 2 x 9
  const auto q = plan("--set solver=heun");
  CHECK(q["runs"] == 30);
  CHECK(q["setup"]["kept"]["solver"] == "heun");
  CHECK(!q["setup"]["set"].contains("solver"));
  CHECK(plan("--set solver=heun --set size_sweep=none")["runs"] == 18);
  const auto bad = stickslip::test::run_cli("run slope-drift --set setup=foo --dry-run", true);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("setup=foo") != std::string::npos);
  CHECK(bad.out.find("krengel-matuttis") != std::string::npos);
}
