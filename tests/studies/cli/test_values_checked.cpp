// Every value checked: the cases of a fault campaign that were accepted, or failed with an internal error, each
// with the exit code and the one line it now gives; the run and --dry-run refuse the same values.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {
struct Case {
  std::string args;
  std::string message;  // the start of the line after "stickslip: error: "
};

// Exit 2 with `message`, under --dry-run and in the real run, and nothing left in --out.
void refused_alike(const Case& c, const std::string& name) {
  for (const bool dry : {true, false}) {
    const auto dir = test::scratch_dir(name + (dry ? "_dry" : "_run"));
    std::filesystem::remove_all(dir);
    const auto r = test::run_cli(c.args + (dry ? " --dry-run" : "") + " --out " + dir.string(), true);
    INFO(c.args << (dry ? " --dry-run" : "") << "\n" << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find("stickslip: error: " + c.message) != std::string::npos);
    std::filesystem::remove_all(dir);
  }
}
}  // namespace

TEST_CASE("a huge mass is refused before any allocation, not an internal error") {
  refused_alike({"run rolling-sphere --set t_end=0.01 --set m=1e308",
                 "m=1e308: needs a finite weight m g (m=1e308, g=9.81 overflow a double)"},
                "huge_mass");
  refused_alike({"run rolling-sphere --set m=1e307", "m=1e307: the static overlap under the weight m g, h = "},
                "huge_mass_default");
  refused_alike({"run rolling-sphere --set m=1e12 --set t_end=0.01", "m=1e12: the static overlap under the weight"},
                "deep_overlap");
}

TEST_CASE("a law parameter is checked whichever law runs, by the same rule under --dry-run and in the run") {
  const std::string plates = "run sliding-plates --set t_end=0.5 --set fig4=off --set sweep_v0=none ";
  refused_alike({plates + "--set mu_k=banana", "mu_k=banana: expected a finite number"}, "plates_banana");
  refused_alike({plates + "--set c_w=nan", "c_w=nan: expected a finite number"}, "plates_nan");
  refused_alike({plates + "--set u_scale=1,,2", "u_scale=1,,2: expected a finite number"}, "plates_list");
  refused_alike({plates + "--set v_s=0x10", "v_s=0x10: expected a finite number"}, "plates_hex");
  refused_alike({"run slope-drift --set t_end=0.01 --set dt_sweep=none --set size_sweep=none --set mu_s=-1",
                 "mu_s=-1: must be >= 0 (a parameter of stribeck)"},
                "slope_mu_s");
  refused_alike({"run rolling-sphere --set tangential=stribeck --set mu_k=-1 --set t_end=0.01",
                 "mu_k=-1: must be >= 0 (a parameter of stribeck)"},
                "sphere_stribeck");
  refused_alike({"run rolling-sphere --set v_s=-1 --set t_end=0.01", "v_s=-1: must be > 0 (a parameter of stribeck)"},
                "sphere_v_s");
  refused_alike({"run heap --set laws=stribeck --set mu_k=-1e308 --set n=30", "mu_k=-1e308: must be >= 0"}, "heap_mu_k");
  refused_alike({"run container --set mu_s=-1 --set n=12", "mu_s=-1: must be >= 0"}, "container_mu_s");
}

TEST_CASE("switches are on or off, list items are named with the whole list, tolerances lie in (0, 1)") {
  const std::string plates = "run sliding-plates --set t_end=0.5 --set sweep_v0=none ";
  refused_alike({plates + "--set fig4=yes", "fig4=yes: allowed: on, off"}, "fig4_yes");
  refused_alike({plates + "--set fig4=0", "fig4=0: allowed: on, off"}, "fig4_zero");
  refused_alike({plates + "--set fig4=off --set solver=rk4,,heun", "solver=rk4,,heun: item '': "}, "solver_list");
  refused_alike({"run slope-drift --set damping=on,,off", "damping=on,,off: item '': allowed: on, off"}, "damping_list");
  refused_alike({plates + "--set fig4=off --set rtol=1e308", "rtol=1e308: must lie in (0, 1)"}, "plates_rtol");
  refused_alike({"run dry-friction-oscillator --set rtol=1", "rtol=1: must lie in (0, 1)"}, "oscillator_rtol");
  // atol=1e308 stepped the oscillator past its stick (t_stick null, exit 0): an absolute tolerance lies in (0, 1) too.
  refused_alike({"run dry-friction-oscillator --set atol=1e308", "atol=1e308: must lie in (0, 1)"}, "oscillator_atol");
  refused_alike({"run slope-drift --set atol=1", "atol=1: must lie in (0, 1)"}, "slope_atol");
  refused_alike({"run stochastic-friction --set acf_max_lag=1e308", "acf_max_lag=1e308: gives inf lags; at most 1e6"}, "acf_lag");
}

TEST_CASE("slope-drift above the friction angle: the block released at rest slides, it never rests") {
  // tan(37.81 deg) = 0.776 > mu = 0.540: no equilibrium; t_rest and drift are undefined, motion "slides". Below the
  // angle (30 deg: 0.577 > 0.54 still slides; 20 deg holds) the block rests from t = 0.
  const auto dir = test::scratch_dir("slope_above_angle");
  std::filesystem::remove_all(dir);
  const std::string base = "run slope-drift --set mu=0.5404729705533644 --set v0=0 --set t_end=0.1 "
                           "--set friction=coulomb-filippov,coulomb-dae --set dt_sweep=none --set size_sweep=none ";
  const auto r = test::run_cli(base + "--set angle_deg=37.80787596792652,20 --out " + dir.string(), true);
  INFO(r.out);
  REQUIRE(r.code == 0);
  std::ifstream in(dir / "summary.json");
  const nlohmann::json s = nlohmann::json::parse(in);
  int sliding = 0, resting = 0;
  for (const auto& row : s["results"]) {
    if (row["angle_deg"].get<double>() > 30) {
      CHECK(row["t_rest"].is_null());
      CHECK(row["drift"].is_null());
      CHECK(row["motion"] == "slides");
      // s(t) = a t^2 / 2 with a = g (sin - mu cos) from rest: constant acceleration, which every scheme integrates
      // exactly up to round-off (measured: 5e-13 relative).
      const double alpha = 37.80787596792652 * std::acos(-1.0) / 180;
      const double a = 9.81 * (std::sin(alpha) - 0.5404729705533644 * std::cos(alpha));
      CHECK(row["s_end"].get<double>() == doctest::Approx(0.5 * a * 0.01).epsilon(1e-9));
      ++sliding;
    } else {
      CHECK(row["t_rest"].get<double>() == 0.0);
      CHECK(row["motion"] == "rests");
      ++resting;
    }
  }
  CHECK(sliding >= 2);
  CHECK(resting >= 2);
  std::filesystem::remove_all(dir);
}
