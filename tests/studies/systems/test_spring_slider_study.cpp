// The spring-slider study (studies/systems/spring_slider_study.cpp): a block on a rate-and-state contact pulled through
// a spring reproduces the stability boundary of steady sliding of Rice & Ruina (1983) with the inertial correction.
// Small settings (seconds): two masses, eta = m v_p^2/(F_n a D_c) = 1 (the inertia doubles k_cr: the quasi-static
// k_c would be wrong by a factor 2) and 0.01 (the quasi-static limit), k/k_cr = 0.9, 0.95, 1.05, 1.1.
// Tolerance of the measured boundary k/k_cr = 1, from its three errors:
//   interpolation  the linear interpolation between the bracketing k of the exact sigma(k): the study applies it to
//                  the predicted sigma at the same k and reports the result's distance from 1;
//   nonlinearity   the quadratic terms of the law change the growth rate by c (A/v_p)^2 omega, A the largest amplitude
//                  fitted (c about 0.05 measured at k = k_cr; c = 1 taken): a shift of c (A/v_p)^2 omega_cr/|dsigma/dq|;
//   fit            3 standard errors of the two bracketing slopes, over |dsigma/dq|;
// dsigma/dq the predicted slope between the bracketing k. The sum is asserted below 1 % too (the issue's "a few per
// cent"); it is about 3e-4 at these settings. Steady sliding decays above k_cr and grows below, at the predicted rate
// (within 3 standard errors and 1 % of the rate) and frequency (1 %).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/cli_runner.hpp"

using namespace stickslip::test;

TEST_CASE("spring-slider: the measured stability boundary is k_cr with the inertial correction") {
  const auto dir = scratch_dir("spring_slider");
  std::filesystem::remove_all(dir);
  const auto r = run_cli("run spring-slider --json --set m=1,0.01 --set k_ratios=0.9,0.95,1.05,1.1 --set cycles=12 "
                         "--set samples_per_period=100 --out " + dir.string());
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["boundaries"].size() == 2);
  REQUIRE(j["results"].size() == 8);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& b = j["boundaries"][i];
    const double m = b["m"].get<double>();
    CAPTURE(m);
    CHECK(b["eta"].get<double>() == doctest::Approx(m == 1 ? 1.0 : 0.01).epsilon(1e-9));
    CHECK(b["k_cr"].get<double>() == doctest::Approx(10 * 0.005 / 1e-5 * (1 + m * 1e-6 / (10 * 0.01 * 1e-5))).epsilon(1e-9));
    // The runs of this mass, in ascending k.
    std::vector<nlohmann::json> runs;
    for (const auto& row : j["results"])
      if (row["m"].get<double>() == m) runs.push_back(row);
    REQUIRE(runs.size() == 4);
    for (const auto& row : runs) {
      const double q = row["k_ratio"].get<double>(), sigma = row["growth_rate"].get<double>();
      const double pred = row["predicted_growth_rate"].get<double>(), se = row["growth_rate_se"].get<double>();
      CAPTURE(q);
      CHECK(row["extremes_fitted"].get<int>() >= 10);
      if (q < 1) CHECK(sigma > 0);  // grows below k_cr
      else CHECK(sigma < 0);        // steady sliding returns above it
      CHECK(std::abs(sigma - pred) <= 3 * se + 0.01 * std::abs(pred));
      CHECK(row["omega"].get<double>() == doctest::Approx(row["predicted_omega"].get<double>()).epsilon(0.01));
    }
    // The tolerance of the boundary from its three errors (header comment), with the bracket 0.95 .. 1.05.
    const auto& lo = runs[1];
    const auto& hi = runs[2];
    const double slope = (hi["predicted_growth_rate"].get<double>() - lo["predicted_growth_rate"].get<double>()) /
                         (hi["k_ratio"].get<double>() - lo["k_ratio"].get<double>());
    double amplitude = 0;
    for (const auto& row : {lo, hi})
      amplitude = std::max({amplitude, row["first_amplitude"].get<double>(), row["last_amplitude"].get<double>()});
    const double tol = b["interpolation_error"].get<double>() +
                       amplitude * amplitude * b["omega_cr"].get<double>() / std::abs(slope) +
                       3 * (lo["growth_rate_se"].get<double>() + hi["growth_rate_se"].get<double>()) / std::abs(slope);
    CAPTURE(tol);
    CHECK(tol < 0.01);
    const double ratio = b["measured_over_predicted"].get<double>();
    CHECK(std::abs(ratio - 1) <= tol);
    CHECK(b["measured_k"].get<double>() == doctest::Approx(ratio * b["k_cr"].get<double>()).epsilon(1e-12));
    if (m == 1) CHECK(b["measured_k"].get<double>() / b["k_c"].get<double>() > 1.9);  // not the quasi-static k_c
  }
  for (const char* f : {"growth.csv", "predicted.csv", "summary.json"}) CHECK(std::filesystem::exists(dir / f));
  std::filesystem::remove_all(dir);
}

TEST_CASE("spring-slider: bad input exits 2 naming the key") {
  const auto dir = scratch_dir("spring_slider_bad");
  const auto b_le_a = run_cli("run spring-slider --set b=0.008 --out " + dir.string(), true);
  CHECK(b_le_a.code == 2);
  CHECK(b_le_a.out.find("b=0.008: needs b > a") != std::string::npos);
  const auto a0 = run_cli("run spring-slider --set a=0 --out " + dir.string(), true);
  CHECK(a0.code == 2);
  CHECK(a0.out.find("a=0: must be > 0 (a parameter of rate-state)") != std::string::npos);
  // Moreau-Jean has no form for a law with a state (the Filippov driver runs the smooth rate-state contact as a rate).
  const auto moreau = run_cli("run spring-slider --set solver=moreau --out " + dir.string(), true);
  CHECK(moreau.code == 2);
  CHECK(moreau.out.find("solver=moreau: Moreau-Jean takes set-valued laws") != std::string::npos);
  std::filesystem::remove_all(dir);
}
