// core/order_fit.hpp on synthetic errors e = C h^p (1 + noise) whose order is known: the least-squares order, the
// coverage of its 95 % confidence interval over many noise draws, and the detection of pre-asymptotic and
// round-off points.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/order_fit.hpp"

using namespace stickslip;

namespace {
std::vector<double> halvings(double h0, int n) {
  std::vector<double> h;
  for (int j = 0; j < n; ++j) h.push_back(h0 / std::pow(2.0, j));
  return h;
}
}  // namespace

TEST_CASE("exact power law: the order to round-off, a zero-width interval") {
  const auto h = halvings(0.1, 6);
  std::vector<double> e;
  for (double x : h) e.push_back(3.0 * std::pow(x, 2.5));
  const OrderFit f = fit_asymptotic_order(h, e, 0);
  CHECK(f.points == 6);
  CHECK(f.order == doctest::Approx(2.5).epsilon(1e-12));
  CHECK(f.has_ci());
  CHECK(f.ci_high - f.ci_low < 1e-9);
  CHECK(std::exp(f.log_c) == doctest::Approx(3.0).epsilon(1e-9));
}

TEST_CASE("noisy power law: the 95 % interval covers the true order in about 95 % of the draws") {
  // log-normal noise of 10 % on 6 points; the fit's interval is exact for Gaussian residuals in log e, so its
  // coverage over 2000 draws is 0.95 within the binomial spread (sd 0.005): accept 0.93 .. 0.97.
  std::mt19937_64 rng(12345);
  std::normal_distribution<double> noise(0.0, 0.1);
  const auto h = halvings(0.2, 6);
  const double p = 1.7;
  int covered = 0, draws = 2000;
  double mean = 0;
  for (int d = 0; d < draws; ++d) {
    std::vector<double> e;
    for (double x : h) e.push_back(0.5 * std::pow(x, p) * std::exp(noise(rng)));
    const OrderFit f = fit_order(h, e, std::vector<bool>(h.size(), true));
    REQUIRE(f.has_ci());
    covered += (f.ci_low <= p && p <= f.ci_high) ? 1 : 0;
    mean += f.order / draws;
  }
  CHECK(static_cast<double>(covered) / draws == doctest::Approx(0.95).epsilon(0.02 / 0.95));
  // Unbiased: the mean of 2000 fits within 4 standard errors (sd of one fit = 0.1 / sqrt(S_xx) = 0.0412).
  CHECK(std::abs(mean - p) < 4 * 0.0412 / std::sqrt(static_cast<double>(draws)));
}

TEST_CASE("pre-asymptotic and round-off points are shown, not fitted") {
  // e = h^2 + 40 h^4 (pre-asymptotic for h >~ 0.1), floored at 1e-6 with a +-30 % wobble (round-off).
  const auto h = halvings(0.8, 12);
  std::vector<double> e;
  for (std::size_t j = 0; j < h.size(); ++j) {
    const double x = h[j];
    e.push_back(std::max(x * x + 40 * std::pow(x, 4), 1e-6 * (1 + 0.3 * ((j % 2) ? 1 : -1))));
  }
  const OrderFit f = fit_asymptotic_order(h, e, 0);
  REQUIRE(f.fitted());
  CHECK(f.order == doctest::Approx(2.0).epsilon(0.03));
  CHECK(f.range.front() == "pre-asymptotic");
  CHECK(f.range.back() == "round-off");
  int asymptotic = 0;
  for (const auto& r : f.range) asymptotic += r == "asymptotic";
  CHECK(asymptotic == f.points);
  CHECK(f.points >= 4);
}

TEST_CASE("errors at or below the floor never enter the fit; a flat error is not fitted") {
  const auto h = halvings(0.1, 5);
  const std::vector<double> e{1e-3, 2.5e-4, 6.25e-5, 0.0, 0.0};
  const OrderFit f = fit_asymptotic_order(h, e, 1e-14);
  CHECK(f.points == 3);
  CHECK(f.order == doctest::Approx(2.0));
  CHECK(f.range[3] == "round-off");
  const OrderFit flat = fit_asymptotic_order(h, {3e-7, 3.1e-7, 2.9e-7, 3e-7, 3.05e-7}, 0);
  CHECK_FALSE(flat.fitted());
  CHECK(student_t975(4) == doctest::Approx(2.776));
}
