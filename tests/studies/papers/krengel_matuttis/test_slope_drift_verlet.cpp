// `slope-drift --set block=polygon --set solver=verlet`: Krengel & Matuttis' square on the slope as one polygon on the
// particle engine under velocity Verlet (studies/papers/krengel_matuttis/slope_block_engine.hpp), against the same
// square through the relation (models/polygon/polygon_slope_block.hpp) under dopri5 at tight tolerances, which
// assembles the same physics on its own: exact static friction (the engine's coulomb, eq. 21-22) against the Filippov
// driver (coulomb-filippov), and cundall-strack against cundall-strack. Started in static normal equilibrium at 15 deg,
// 0.02 s: both hold the block (t_rest 0, the centroid only tilts on the overlap's bed, ~1e-7 m), and the engine's
// s(t_end) converges onto the relation's as dt falls (measured: coulomb 6.3e-9, 1.9e-9, 5.7e-10 m at dt 1e-5, 5e-6,
// 2.5e-6 s; cundall-strack 1.7e-9, 7.9e-10, 3.8e-10 m: first order, the clipped spring and the dashpot seen at the
// half-step velocity). And the refusals: verlet without block=polygon, a law without an engine form, coulomb alone
// under another solver.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/cli_runner.hpp"

namespace {

const nlohmann::json* find(const nlohmann::json& results, const std::string& friction, const std::string& solver,
                           double dt) {
  for (const auto& e : results)
    if (e["friction"] == friction && e["solver"] == solver && e["dt"].get<double>() == dt) return &e;
  return nullptr;
}

// `run slope-drift ARGS --json` into a fresh scratch folder NAME: the exit must be 0; returns the printed summary.
nlohmann::json run_json(const std::filesystem::path& dir, const std::string& args) {
  std::filesystem::remove_all(dir);
  const auto r = stickslip::test::run_cli("run slope-drift " + args + " --json --out " + dir.string());
  REQUIRE(r.code == 0);
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("slope-drift, solver=verlet: the polygon block on the particle engine converges onto the relation's run") {
  const auto dir = stickslip::test::scratch_dir("slope_verlet");
  const auto j = run_json(dir, "--set block=polygon --set solver=verlet,dopri5 --set friction=coulomb,coulomb-filippov,"
                               "cundall-strack --set angle_deg=15 --set t_end=0.02 --set dt=1e-5,5e-6 --set dt_sweep=none "
                               "--set size_sweep=none --set damping=on");
  const auto& res = j["results"];
  // the references: the relation under dopri5 (rtol 1e-10; its s(t_end) at dt 1e-5 and 5e-6 agree to 1e-17 m)
  for (const auto& [engine_law, relation_law] : {std::pair<std::string, std::string>{"coulomb", "coulomb-filippov"},
                                                  std::pair<std::string, std::string>{"cundall-strack", "cundall-strack"}}) {
    CAPTURE(engine_law);
    const auto* ref = find(res, relation_law, "dopri5", 1e-5);
    const auto* coarse = find(res, engine_law, "verlet", 1e-5);
    const auto* fine = find(res, engine_law, "verlet", 5e-6);
    REQUIRE(ref != nullptr);
    REQUIRE(coarse != nullptr);
    REQUIRE(fine != nullptr);
    for (const auto* row : {ref, coarse, fine}) CHECK((*row)["t_rest"].get<double>() == 0.0);  // never slid
    const double s_ref = (*ref)["s_end"].get<double>();
    const double e1 = std::abs((*coarse)["s_end"].get<double>() - s_ref);
    const double e2 = std::abs((*fine)["s_end"].get<double>() - s_ref);
    MESSAGE(engine_law << ": s_end relation " << s_ref << " m; engine - relation " << e1 << " (dt 1e-5), " << e2
                       << " (dt 5e-6)");
    CHECK(s_ref > 0);                // the elastic tilt down the slope
    CHECK(s_ref < 1e-6);             // ... and no slip: well below a micrometre on a 1 cm block
    CHECK(e2 < 0.6 * e1);            // at least first order
    CHECK(e2 < 0.05 * s_ref);        // within 5 % of the tilt at dt 5e-6
  }
  // the figure draws the law that only the engine runs (coulomb) with its solver
  CHECK(std::filesystem::exists(dir / "position.png"));
  CHECK(std::filesystem::exists(dir / "runs" / "coulomb_verlet_dt1e-05_a15_l0.01_damped_equilibrium.csv"));
  // coulomb alone is the engine's form: skipped (and listed) under dopri5; coulomb-filippov skipped under verlet
  bool coulomb_dopri5 = false, filippov_verlet = false;
  for (const auto& s : j["skipped"]) {
    coulomb_dopri5 = coulomb_dopri5 || (s["friction"] == "coulomb" && s["solver"] == "dopri5");
    filippov_verlet = filippov_verlet || (s["friction"] == "coulomb-filippov" && s["solver"] == "verlet");
  }
  CHECK(coulomb_dopri5);
  CHECK(filippov_verlet);
  std::filesystem::remove_all(dir);
}

TEST_CASE("slope-drift, solver=verlet: the combinations that do not exist exit 2 naming the key") {
  const auto dir = stickslip::test::scratch_dir("slope_verlet_bad");
  const std::vector<std::pair<std::string, std::string>> cases{
      // velocity Verlet needs the polygon (the translating square has no particle-engine form): nothing left to run
      {"--set solver=verlet --set friction=cundall-strack", "friction"},
      // coulomb alone runs only on the engine: ambiguous without verlet, nothing to run when verlet has no polygon
      {"--set block=polygon --set solver=dopri5 --set friction=coulomb", "coulomb-filippov, coulomb-dae"},
      {"--set solver=verlet,dopri5 --set friction=coulomb", "friction"},
      // no Filippov driver on the engine
      {"--set block=polygon --set solver=filippov:verlet --set friction=coulomb", "solver"}};
  for (const auto& [args, key] : cases) {
    CAPTURE(args);
    const auto r = stickslip::test::run_cli("run slope-drift " + args + " --set t_end=0.001 --set dt_sweep=none "
                                            "--set size_sweep=none --out " + dir.string(), true);
    CHECK(r.code == 2);
    CHECK(r.out.find(key) != std::string::npos);
  }
}

TEST_CASE("slope-drift, solver=verlet: a step beyond Verlet's bound is skipped with its reason") {
  // l = 1 mm: 2/omega = 2 sqrt(rho l^2/Y) = 2e-5 s; dt = 1e-4 s would throw the block off the slope, dt = 5e-6 s runs
  const auto dir = stickslip::test::scratch_dir("slope_verlet_unstable");
  const auto j = run_json(dir, "--set block=polygon --set solver=verlet --set friction=cundall-strack --set size=0.001 "
                               "--set dt=5e-6,1e-4 --set angle_deg=15 --set damping=on --set t_end=0.01 "
                               "--set dt_sweep=none --set size_sweep=none");
  REQUIRE(j["results"].size() == 1);
  CHECK(j["results"][0]["dt"].get<double>() == 5e-6);
  REQUIRE(j["skipped"].size() == 1);
  CHECK(j["skipped"][0]["reason"].get<std::string>().find("beyond velocity Verlet's bound 2/omega = 2e-05 s") !=
        std::string::npos);
  std::filesystem::remove_all(dir);
}
