// End-to-end test of `stickslip run stochastic-friction`: JSON contract, outputs, reproducibility, bad input.
#include <cmath>
#include <cstdlib>
#include <doctest/doctest.h>

#include "tests/cli_runner.hpp"
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

struct Run {
  int code;
  std::string out, err;
};

Run run_cli(const std::string& args, const std::string& tag) {
  const auto dir = stickslip::test::scratch_dir("stoch_" + tag);
  std::filesystem::create_directories(dir);
  const std::string cmd = std::string(STICKSLIP_BINARY) + " run stochastic-friction " + args + " --out " +
                          (dir / "out").string() + " --json >" + (dir / "stdout").string() + " 2>" +
                          (dir / "stderr").string();
  const int status = std::system(cmd.c_str());
  auto slurp = [](const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  return {WEXITSTATUS(status), slurp(dir / "stdout"), slurp(dir / "stderr")};
}

const std::string kSmall =
    "--set t_end=60 --set cluster_t_end=40 --set sweep_t_end=50 --set t_equil=5 --set system=pair,cluster --set geometry=fixed "
    "--set law=linear,coulomb --set kT=1 --set dt=0.002 --set sweep_dt=0.02,0.01 --set sweep_law=coulomb "
    "--set sweep_kT=1";

}  // namespace

TEST_CASE("small run: JSON contract, finite numbers, files, reproducible with the same seed") {
  const Run a = run_cli(kSmall, "a");
  REQUIRE_MESSAGE(a.code == 0, a.err);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["study"] == "stochastic-friction");
  const auto& results = j["results"];
  // grid: 2 systems x 1 geometry x 2 laws x 1 kT (each with its dt/2 run folded in); sweep: 1 law x 2 schemes
  // x 2 dt.
  REQUIRE(results.size() == 8);
  for (const auto& r : results) {
    for (const char* key : {"law", "kT", "dt", "equipartition_ratio", "samples", "stderr"}) CHECK(r.contains(key));
    CHECK(r["equipartition_ratio"].is_number());
    CHECK(std::isfinite(r["equipartition_ratio"].get<double>()));
    CHECK(r["stderr"].get<double>() > 0);
    CHECK(r["samples"].get<long>() > 0);
    // Touching, fixed geometry: conservation to round-off.
    CHECK(r["momentum_drift_max"].get<double>() < 1e-10);
    CHECK(r["angular_momentum_drift_max"].get<double>() < 1e-10);
    CHECK(r["ledger_max_abs_balance"].get<double>() >= r["ledger_residual"].get<double>());
    if (r["part"] == "grid") {
      // Talay-Tubaro: 2 R(dt/2) - R(dt), se sqrt(4 se(dt/2)^2 + se(dt)^2), from a run at dt/2 with another seed.
      CHECK(r["dt2"].get<double>() == doctest::Approx(0.001).epsilon(1e-12));
      CHECK(r["seed_dt2"].get<long>() != r["seed"].get<long>());
      const double R = r["equipartition_ratio"], R2 = r["equipartition_ratio_dt2"];
      const double se = r["stderr"], se2 = r["stderr_dt2"];
      CHECK(r["equipartition_ratio_extrapolated"].get<double>() == doctest::Approx(2 * R2 - R).epsilon(1e-12));
      CHECK(r["stderr_extrapolated"].get<double>() ==
            doctest::Approx(std::sqrt(4 * se2 * se2 + se * se)).epsilon(1e-12));
      CHECK(r["limit_ratio_dt_to_0"].get<double>() == 1);
      CHECK(r.contains("extrapolated_within_3_stderr_of_limit"));
    } else {
      CHECK(!r.contains("equipartition_ratio_extrapolated"));
    }
  }
  CHECK(j["extrapolated_check"]["rows_checked"].get<int>() == 4);
  // One weighted fit per sweep (law, scheme) with 2 dt: a line through both points.
  REQUIRE(j["dt_sweep_fits"].size() == 2);
  for (const auto& f : j["dt_sweep_fits"]) {
    CHECK(f["points"].get<int>() == 2);
    CHECK(f["stderr_intercept"].get<double>() > 0);
    CHECK(std::isfinite(f["intercept"].get<double>()));
  }
  const auto out = stickslip::test::scratch_dir("stoch_a") / "out";
  for (const char* f : {"summary.json", "results.csv", "dt_sweep.csv", "dt_sweep_fit.csv", "noise_strength.csv"})
    CHECK_MESSAGE(std::filesystem::exists(out / f), f);
  CHECK(std::filesystem::exists(out / "runs" / "pair_fixed_linear_kT1_em_dt0.002_hist.csv"));
  std::ifstream csv(out / "results.csv");
  std::string header;
  std::getline(csv, header);
  CHECK(header.find("[n.u.]") != std::string::npos);
  CHECK(header.find("equipartition_ratio_extrapolated,stderr_extrapolated") != std::string::npos);
  int rows = 0;
  for (std::string line; std::getline(csv, line);) {
    ++rows;
    CHECK(line.find("nan") == std::string::npos);
  }
  CHECK(rows == 4);  // one row per grid point
  // No NaN as a value ("provenance" contains the letters, so look for it as a JSON value).
  for (const char* bad : {":NaN", ":nan", ":-nan", "\"nan\"", "\"NaN\""}) CHECK(a.out.find(bad) == std::string::npos);

  const Run b = run_cli(kSmall, "b");
  REQUIRE(b.code == 0);
  const auto k = nlohmann::json::parse(b.out);
  for (std::size_t i = 0; i < results.size(); ++i)
    CHECK(results[i]["equipartition_ratio"].get<double>() == k["results"][i]["equipartition_ratio"].get<double>());
  const Run c = run_cli(kSmall + " --set seed=2", "c");
  REQUIRE(c.code == 0);
  CHECK(nlohmann::json::parse(c.out)["results"][0]["equipartition_ratio"].get<double>() !=
        results[0]["equipartition_ratio"].get<double>());
}

TEST_CASE("bad input exits 2 with one line naming key and value") {
  struct Case {
    std::string args, needle;
  };
  for (const Case& bad : {Case{"--set law=viscous", "law=viscous"}, Case{"--set kT=-1", "kT=-1"},
                          Case{"--set kT=0", "kT=0"}, Case{"--set dt=0", "dt=0"},
                          Case{"--set t_end=5 --set t_equil=20", "t_end=5"},
                          Case{"--set cluster_size=7", "cluster_size=7"},
                          Case{"--set inertia_factor=2", "inertia_factor=2"},
                          Case{"--set scheme=rk4", "scheme=rk4"}, Case{"--set geometry=loose", "geometry=loose"},
                          Case{"--set gamma=nan", "gamma=nan"}, Case{"--set bogus=1", "bogus"},
                          Case{"--set extrapolate=maybe", "extrapolate=maybe"},
                          Case{"--set cluster_t_end=10", "cluster_t_end=10"},
                          Case{"--set cluster_t_end=-5", "cluster_t_end=-5"},
                          Case{"--set sweep_t_end=3", "sweep_t_end=3"}}) {
    const Run r = run_cli(bad.args, "bad");
    CHECK_MESSAGE(r.code == 2, bad.args);
    CHECK_MESSAGE(r.err.find(bad.needle) != std::string::npos, bad.args << " -> " << r.err);
    CHECK_MESSAGE(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err);
  }
}

TEST_CASE("extrapolate=off: no dt/2 runs, no extrapolated fields or columns") {
  const Run r = run_cli("--set extrapolate=off --set t_end=40 --set t_equil=5 --set system=pair --set geometry=fixed "
                        "--set law=linear --set kT=1 --set sweep_dt=none",
                        "off");
  REQUIRE_MESSAGE(r.code == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["results"].size() == 1);
  CHECK(!j["results"][0].contains("equipartition_ratio_extrapolated"));
  CHECK(!j.contains("extrapolated_check"));
  CHECK(r.err.find("/1 ") != std::string::npos);  // progress counts one run
  std::ifstream csv(stickslip::test::scratch_dir("stoch_off") / "out" / "results.csv");
  std::string header;
  std::getline(csv, header);
  CHECK(header.find("extrapolated") == std::string::npos);
}
