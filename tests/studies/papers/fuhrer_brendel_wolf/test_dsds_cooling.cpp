// The dsds-cooling study (studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp) on tiny gases:
//   - mu = 0: neither law has a tangential force, so the paired runs are the same trajectory bit for bit and every
//     gas and kinetic ratio is exactly 1 with zero spread (a pairing of different initial states, or of different
//     collisions in the kinetic prediction, would not give that);
//   - the result is reproducible by seed and independent of the number of jobs (runs on threads);
//   - the ratio's error bar is a real standard error: two disjoint seed sets agree within it;
//   - LAMMPS' own D-SDS from the same initial state follows ours until chaos parts them (when lmp is installed);
//   - bad input exits 2 naming the key.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "solvers/lammps_run.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

const std::string kTiny =
    "run dsds-cooling --set n=200 --set T_end=0.4 --set bins=2 --set draws=300 --set batches=3 --set dt_levels=2 "
    "--set angles=3 --set lammps=off ";

nlohmann::json run(const std::string& args, const std::string& name) {
  const auto dir = test::scratch_dir(name);
  std::filesystem::remove_all(dir);
  const auto r = test::run_cli(kTiny + args + " --out " + dir.string());
  REQUIRE_MESSAGE(r.code == 0, r.out);
  std::ifstream f(dir / "summary.json");
  nlohmann::json j = nlohmann::json::parse(f);
  std::filesystem::remove_all(dir);
  return j;
}

}  // namespace

TEST_CASE("dsds-cooling, mu = 0: the paired laws are the same gas, every ratio exactly 1") {
  const nlohmann::json j = run("--set normal=linear,hertz --set mu=0 --set seeds=3", "dsds_cooling_mu0");
  REQUIRE(j["results"].size() == 2);
  for (const auto& r : j["results"]) {
    CAPTURE(r["label"]);
    for (const auto& b : r["bins"]) {
      CHECK(b["ratio"].get<double>() == 1.0);
      CHECK(b["ratio_stderr"].get<double>() == 0.0);
      CHECK(b["seeds_used"] == 3);
      CHECK(b["kinetic_ratio"].get<double>() == 1.0);
    }
    CHECK(r["whole_range"]["ratio"].get<double>() == 1.0);
    CHECK(r["mechanism"]["net_over_loss_max"].get<double>() == 0.0);
    CHECK(r["mechanism"]["net_over_loss_min"].get<double>() == 0.0);
  }
  CHECK(j["answer"].get<std::string>().find("zeta_D/zeta_C = 1.0000 +- 0.0000") != std::string::npos);
}

TEST_CASE("dsds-cooling: reproducible by seed, whatever the jobs; disjoint seed sets agree within the error bars") {
  const nlohmann::json a = run("--set normal=linear --set seeds=4 --set jobs=1", "dsds_cooling_a");
  const nlohmann::json b = run("--set normal=linear --set seeds=4 --set jobs=2", "dsds_cooling_b");
  const auto& ra = a["results"][0];
  const auto& rb = b["results"][0];
  CHECK(ra["bins"] == rb["bins"]);
  CHECK(ra["whole_range"] == rb["whole_range"]);
  CHECK(ra["kinetic_whole_range"] == rb["kinetic_whole_range"]);
  CHECK(a["answer"] == b["answer"]);
  // The friction acts: the two laws differ, with an error bar.
  const double r1 = ra["whole_range"]["ratio"].get<double>(), s1 = ra["whole_range"]["ratio_stderr"].get<double>();
  CHECK(r1 != 1.0);
  CHECK(s1 > 0);
  const nlohmann::json c = run("--set normal=linear --set seeds=4 --set seed=101", "dsds_cooling_c");
  const double r2 = c["results"][0]["whole_range"]["ratio"].get<double>();
  const double s2 = c["results"][0]["whole_range"]["ratio_stderr"].get<double>();
  MESSAGE("seeds 1-4: " << r1 << " +- " << s1 << "; seeds 101-104: " << r2 << " +- " << s2);
  CHECK(std::abs(r1 - r2) < 4 * std::sqrt(s1 * s1 + s2 * s2));
}

TEST_CASE("dsds-cooling: LAMMPS' own D-SDS from the same initial state") {
  if (!on_path("lmp")) {
    MESSAGE("lmp not on PATH: skipped");
    return;
  }
  for (const std::string normal : {"linear", "hertz"}) {
    CAPTURE(normal);
    const auto dir = test::scratch_dir("dsds_cooling_lammps_" + normal);
    std::filesystem::remove_all(dir);
    const auto r = test::run_cli(
        "run dsds-cooling --set n=200 --set T_end=0.4 --set bins=2 --set draws=0 --set angles=0 --set seeds=2 "
        "--set lammps_seeds=2 --set lammps=auto --set normal=" + normal + " --out " + dir.string(), true);
    REQUIRE_MESSAGE(r.code == 0, r.out);
    std::ifstream f(dir / "summary.json");
    const nlohmann::json j = nlohmann::json::parse(f);
    const auto& l = j["results"][0]["lammps"];
    CHECK(l["ran"] == true);
    // The first bin edge is crossed after ~0.7 collisions per sphere: the same law from the same state is the same
    // trajectory there up to round-off and the spring-turn detail (gran/hooke/history projects the spring).
    std::ifstream csv(dir / "dsds_cooling_lammps.csv");
    CHECK(l["agrees"] == true);
    CHECK(l["lammps_over_ours"].get<double>() == doctest::Approx(1.0).epsilon(0.05));
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("dsds-cooling validates its parameters") {
  for (const std::string bad : {"csds_update=explicit --set gamma_t_ratio=0.01", "T_end=1", "gamma_t_ratio=-1",
                                "normal=hooke", "tangential_damping=x", "draws=5 --set batches=10", "bins=0"}) {
    const auto r = test::run_cli("run dsds-cooling --dry-run --set " + bad, true);
    CHECK_MESSAGE(r.code == 2, bad << " -> " << r.out);
    const std::string key = bad.find("explicit") == 0 ? "gamma_t_ratio" : bad.substr(0, bad.find('='));
    CHECK_MESSAGE(r.out.find(key) != std::string::npos, bad << " -> " << r.out);
  }
  const auto r = test::run_cli("run dsds-cooling --dry-run --set csds_update=explicit --set normal=hertz", true);
  CHECK(r.code == 2);
  CHECK(r.out.find("csds_update") != std::string::npos);
}
