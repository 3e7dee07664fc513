// Talay-Tubaro extrapolation of the equipartition ratio (studies/papers/hofmann/stochastic_runs +
// solvers/sde_integrator): it removes Euler-Maruyama's O(dt) bias by exactly the predicted amount on the linear law
// (whose discrete stationary variance is known in closed form), and brings Coulomb's strongly biased ratio back to 1
// within its statistical error. (The weighted least-squares fit of the dt sweep's intercept:
// tests/core/test_line_fit.cpp.)
#include <cmath>
#include <doctest/doctest.h>

#include "solvers/sde_integrator.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"

using namespace stickslip;

namespace {

StochasticRunSpec pair_spec(const std::string& law, double kT, double dt, double t_end, std::uint64_t seed) {
  StochasticRunSpec s;
  s.system = "pair";
  s.law = law;
  s.kT = kT;
  s.normal_force = 4;  // the study's default: mu F_n = 2
  s.scheme = Scheme::em;
  s.dt = dt;
  s.t_end = t_end;
  s.t_equil = 10;
  s.acf_max_lag = 0.2;
  s.seed = seed;
  return s;
}

}  // namespace

TEST_CASE("Talay-Tubaro arithmetic and its standard error") {
  const Estimate e = talay_tubaro_extrapolation({1.3, 0.03}, {1.1, 0.04});
  CHECK(e.value == doctest::Approx(0.9).epsilon(1e-15));
  CHECK(e.stderr_value == doctest::Approx(std::sqrt(4 * 0.04 * 0.04 + 0.03 * 0.03)).epsilon(1e-15));
}

TEST_CASE("linear f: extrapolation removes EM's O(dt) bias and leaves exactly the predicted O(dt^2) residual") {
  // Pair, fixed geometry, f = gamma u: u_perp is a 2-D OU process with rate l/dt = nu gamma, and EM's exact
  // stationary ratio is R(dt) = 1/(1 - l/2), l = nu gamma dt. Talay-Tubaro then gives
  //   2/(1 - l/4) - 1/(1 - l/2) = 1 - l^2/8 - 3 l^3/32 - ...   (expand both geometric series).
  // dt = 0.1 makes l = 0.467 large on purpose: raw bias +0.304, extrapolated residual -0.040, both resolved.
  // Statistics: one sample per step, |u|^2 correlation time 1/(2 nu gamma) = 0.107, T = 6e4: se ~ 0.002 per
  // run, se_extrap ~ 0.0045. Tolerance 4 se (false-alarm probability 6e-5 for one seed-independent check).
  const double dt = 0.1, T = 6e4;
  const StochasticRunResult coarse = run_stochastic(pair_spec("linear", 1, dt, T, 101));
  const StochasticRunResult fine = run_stochastic(pair_spec("linear", 1, dt / 2, T, 202));
  const double l = coarse.nu_mean * 1.0 * dt;
  REQUIRE(l == doctest::Approx(0.46666666666666667).epsilon(1e-12));
  CHECK(coarse.predicted_ratio == doctest::Approx(1 / (1 - l / 2)).epsilon(1e-12));
  CHECK(fine.predicted_ratio == doctest::Approx(1 / (1 - l / 4)).epsilon(1e-12));
  const Estimate predicted = talay_tubaro_extrapolation({coarse.predicted_ratio, 0}, {fine.predicted_ratio, 0});
  // The exact residual is O(dt^2): -l^2/8 - 3 l^3/32 - ... = -0.0402 here, 7.6x smaller than the raw bias.
  CHECK(predicted.value - 1 == doctest::Approx(-l * l / 8 - 3 * l * l * l / 32).epsilon(0.2));
  CHECK(std::abs(predicted.value - 1) < 0.15 * (coarse.predicted_ratio - 1));

  CHECK(coarse.stderr_ratio < 0.004);
  CHECK(fine.stderr_ratio < 0.004);
  CHECK(std::abs(coarse.ratio - coarse.predicted_ratio) < 4 * coarse.stderr_ratio);
  CHECK(std::abs(fine.ratio - fine.predicted_ratio) < 4 * fine.stderr_ratio);
  const Estimate measured = talay_tubaro_extrapolation({coarse.ratio, coarse.stderr_ratio}, {fine.ratio, fine.stderr_ratio});
  // The measured extrapolation sits on the predicted O(dt^2) value, not on 1 and not on the raw value.
  CHECK(std::abs(measured.value - predicted.value) < 4 * measured.stderr_value);
  CHECK(std::abs(measured.value - 1) > 4 * measured.stderr_value);
  // It is closer to 1 than the raw ratio by the predicted amount (raw bias minus residual = 0.264). With
  // R(dt) > 1 > R_ex the gain |R - 1| - |R_ex - 1| = 2 (R(dt/2) - 1) depends on the dt/2 run only: se 2 se(dt/2).
  REQUIRE(coarse.ratio > 1);
  REQUIRE(measured.value < 1);
  const double gain = std::abs(coarse.ratio - 1) - std::abs(measured.value - 1);
  const double gain_predicted = std::abs(coarse.predicted_ratio - 1) - std::abs(predicted.value - 1);
  CHECK(gain_predicted == doctest::Approx(0.264).epsilon(0.01));
  CHECK(std::abs(gain - gain_predicted) < 4 * 2 * fine.stderr_ratio);
}

TEST_CASE("Coulomb f: the extrapolated ratio is within 3 stderr of 1 where the raw one is biased by > 10 stderr") {
  // Pair, kT = 0.1, mu F_n = 2, dt = 0.02 and 0.01, T = 2e4 each (~1e6 + 2e6 steps). EM's bias is O(dt) with
  // slope ~7 (study sweep at T = 1e4: 1.137, 1.068, 1.035, 1.014 at dt = 0.02, 0.01, 0.005, 0.002), i.e.
  // +0.14 at dt = 0.02, ~40 stderr. The O(dt^2) remainder after extrapolation is < 0.5 % from the same sweep
  // (pairs (0.02, 0.01) and (0.01, 0.005) extrapolate to 0.998 +- 0.009 and 1.001 +- 0.010), well inside
  // 3 se_extrap ~ 0.02, so the 3-stderr bound is a statistical one: a seed fails it with probability 0.3 %.
  const StochasticRunResult coarse = run_stochastic(pair_spec("coulomb", 0.1, 0.02, 2e4, 303));
  const StochasticRunResult fine = run_stochastic(pair_spec("coulomb", 0.1, 0.01, 2e4, 404));
  CHECK(coarse.limit_ratio == 1);
  CHECK(coarse.ratio - 1 > 10 * coarse.stderr_ratio);
  CHECK(coarse.ratio - 1 > 0.03);
  const Estimate ex = talay_tubaro_extrapolation({coarse.ratio, coarse.stderr_ratio}, {fine.ratio, fine.stderr_ratio});
  CHECK(ex.stderr_value < 0.01);
  CHECK_MESSAGE(std::abs(ex.value - 1) < 3 * ex.stderr_value, "extrapolated " << ex.value << " +- " << ex.stderr_value);
  CHECK(std::abs(ex.value - 1) < 0.03);
}
