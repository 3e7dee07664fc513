// `stickslip converge stochastic-friction --observable ratio`: a stochastic observable in the common shape. The
// Euler-Maruyama equipartition ratio of the fixed pair with the linear law is known exactly at every dt (its OU
// modes: R(dt) = 1 / (1 - gamma nu dt / 2), nu = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j), so each measured value must
// lie within 4 of its standard errors of it; its weak error against the dt -> 0 limit 1 shrinks with dt; errors
// within 2 standard errors of 0 are labelled "statistical" and not fitted; a seeded run repeats bit for bit.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {
const std::string kArgs = "converge stochastic-friction --observable ratio --solver em --dt 0.16:0.005:6 --set t_end=4000 "
                          "--set seed=5 --json --out ";

nlohmann::json points_without_timings(const nlohmann::json& summary) {
  nlohmann::json pts = summary["results"][0]["points"];
  for (auto& p : pts) p.erase("wall_time_s");
  return pts;
}
}  // namespace

TEST_CASE("converge on the stochastic ratio: em's weak error shrinks with dt, statistical points are not fitted") {
  const auto dir = scratch_dir("converge_stochastic");
  const CliOutput r = run_cli(kArgs + dir.string());
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["reference"] == "exact");
  CHECK(j["exact"].get<double>() == 1.0);
  const auto& s = j["results"][0];
  REQUIRE(s["solver"] == "em");
  const auto& pts = s["points"];
  REQUIRE(pts.size() == 6);
  const double nu = 1.0 / 1 + 1.0 / 3 + 1 / 0.4 + 1 / (0.4 * 3);  // default masses 1, 3; I = 0.4 m R^2
  int asymptotic = 0, statistical = 0;
  for (const auto& p : pts) {
    const double dt = p["h"], value = p["value"], error = p["error"], se = p["stderr"];
    CAPTURE(dt);
    REQUIRE(se > 0);
    CHECK(std::abs(value - 1 / (1 - nu * dt / 2)) < 4 * se);  // the exact EM stationary ratio at this dt
    CHECK(error == doctest::Approx(std::abs(value - 1)).epsilon(1e-12));
    const std::string range = p["range"];
    if (error <= 2 * se) CHECK(range == "statistical");
    asymptotic += range == "asymptotic";
    statistical += range == "statistical";
  }
  // The finest level's bias (~0.012) is within its noise (se ~ 0.007): statistical, shown and not fitted.
  CHECK(pts.back()["range"] == "statistical");
  CHECK(statistical >= 1);
  CHECK(s["points_fitted"] == asymptotic);
  CHECK(asymptotic >= 3);
  // Weak error shrinks with dt where the bias dominates the noise (0.6, 0.23, 0.10 against se ~ 0.01) ...
  CHECK(pts[0]["error"].get<double>() > pts[1]["error"].get<double>());
  CHECK(pts[1]["error"].get<double>() > pts[2]["error"].get<double>());
  // ... at weak order 1 (fitted over a few errors with ~0.007 noise, the coarsest still curved: 1 +- 0.4).
  CHECK(s["order"].get<double>() == doctest::Approx(1).epsilon(0.4));

  SUBCASE("the same seed gives the same values twice") {
    const auto dir2 = scratch_dir("converge_stochastic_2");
    const CliOutput again = run_cli(kArgs + dir2.string());
    REQUIRE(again.code == 0);
    CHECK(points_without_timings(nlohmann::json::parse(again.out)) == points_without_timings(j));
    std::filesystem::remove_all(dir2);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("converge ratio refuses sde-heun with a state-dependent noise (its limit is Stratonovich, not 1)") {
  const CliOutput r = run_cli("converge stochastic-friction --observable ratio --solver sde-heun --set law=coulomb-sign "
                              "--out " + scratch_dir("converge_stochastic_bad").string(), true);
  CHECK(r.code == 2);
  CHECK(r.out.find("law") != std::string::npos);
  CHECK(r.out.find("sde-heun") != std::string::npos);
}
