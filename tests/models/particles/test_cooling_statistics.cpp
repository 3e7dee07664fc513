// models/particles/cooling_statistics.hpp against Haff's law, whose cooling rate is known in closed form:
//   T(t) = T0 / (1 + t/tau)^2,   zeta(t) = -dlnT/dt = 2/(tau + t),   zeta(T) = 2 sqrt(T/T0) / tau.
// Centred differences over +-2 samples of spacing h err by (2h)^2/6 |d^3 lnT/dt^3| / zeta = (4/3) h^2/(tau + t)^2
// relative; the interpolation in ln T between samples by O(h^2) too. Two Haff gases with tau_a, tau_b cool at the
// ratio tau_b/tau_a at every equal T, which mean_rate_ratio must return.
// paired_ratio and stderr_or_zero against sums over 2-4 samples done by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "models/particles/cooling_statistics.hpp"

namespace {
struct Series {
  std::vector<double> t, T;
};
Series haff(double tau, double h, int n) {
  Series s;
  for (int k = 0; k < n; ++k) {
    s.t.push_back(k * h);
    s.T.push_back(1.0 / ((1 + k * h / tau) * (1 + k * h / tau)));
  }
  return s;
}
}  // namespace

TEST_CASE("cooling rate of a Haff series: centred differences and the rate at a temperature") {
  const double tau = 1, h = 0.01;
  const Series s = haff(tau, h, 300);
  const auto z = stickslip::cooling_rate(s.t, s.T);
  CHECK(std::isnan(z[0]));
  CHECK(std::isnan(z[1]));
  CHECK(std::isnan(z.back()));
  for (std::size_t k = 2; k + 2 < z.size(); ++k) {
    const double exact = 2 / (tau + s.t[k]), bound = 4.0 / 3.0 * h * h / ((tau + s.t[k]) * (tau + s.t[k]));
    CHECK(std::abs(z[k] / exact - 1) < 1.1 * bound);
    CHECK(std::abs(z[k] / exact - 1) > 0.5 * bound);  // the truncation error is there: the differences are centred
  }
  for (double T : {0.9, 0.5, 0.3, 0.2}) {
    CAPTURE(T);
    CHECK(stickslip::rate_at(s.T, z, T) == doctest::Approx(2 * std::sqrt(T) / tau).epsilon(3e-4));
  }
  CHECK(std::isnan(stickslip::rate_at(s.T, z, 1.5)));   // never that hot
  CHECK(std::isnan(stickslip::rate_at(s.T, z, 0.05)));  // never that cold
}

TEST_CASE("mean over a temperature grid of a ratio of cooling rates") {
  const Series a = haff(1.0, 0.01, 300), b = haff(1.25, 0.01, 300);
  const auto za = stickslip::cooling_rate(a.t, a.T), zb = stickslip::cooling_rate(b.t, b.T);
  const auto rate_a = [&](double T) { return stickslip::rate_at(a.T, za, T); };
  const auto rate_b = [&](double T) { return stickslip::rate_at(b.T, zb, T); };
  const std::vector<double> grid{0.9, 0.7, 0.5, 0.4, 0.3};
  const auto r = stickslip::mean_rate_ratio(grid, rate_a, rate_b);
  REQUIRE(r.has_value());
  CHECK(*r == doctest::Approx(1.25).epsilon(5e-4));
  // Points that one series never reaches are left out; none reached: no ratio.
  CHECK(*stickslip::mean_rate_ratio({0.9, 0.5, 2.0}, rate_a, rate_b) == doctest::Approx(1.25).epsilon(5e-4));
  CHECK_FALSE(stickslip::mean_rate_ratio({2.0, 3.0}, rate_a, rate_b).has_value());
  CHECK_FALSE(stickslip::mean_rate_ratio({0.5}, rate_a, [](double) { return 0.0; }).has_value());  // zeta_b = 0
}

TEST_CASE("ensemble statistics and the end of the homogeneous phase") {
  CHECK(stickslip::mean_of({1, 2, 3, 6}) == 3.0);
  CHECK(stickslip::stderr_of({1, 2, 3, 6}) == doctest::Approx(std::sqrt(14.0 / 3.0 / 4.0)));
  CHECK(std::isnan(stickslip::mean_of({})));
  CHECK(std::isnan(stickslip::stderr_of({1})));
  // A single sample above the limit (noise) does not end it; five in a row do, at the first of them.
  const std::vector<double> t{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<double> d{1, 3, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3};
  const std::vector<double> v(t.size(), 1.0);
  CHECK(stickslip::homogeneous_end(t, d, v, 2.0, 2.0) == 6.0);
  CHECK(stickslip::homogeneous_end(t, v, d, 2.0, 2.0) == 6.0);  // the velocity index alike
  CHECK(stickslip::homogeneous_end(t, v, v, 2.0, 2.0) == 11.0);  // homogeneous throughout: the last time
}

TEST_CASE("end of the homogeneous phase with the persistence counted in collisions") {
  const std::vector<double> t{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<double> d{1, 3, 3, 1, 1, 3, 3, 3, 3, 3};
  const std::vector<double> v(t.size(), 1.0);
  const std::vector<double> coll{0, 10, 20, 30, 40, 50, 60, 70, 80, 90};
  // The first stretch above (samples 1-2) lasts 10 collisions; the second (from sample 5) reaches 30 at sample 8.
  CHECK(stickslip::homogeneous_end_collisions(t, d, v, coll, 2.0, 2.0, 10.0) == 1.0);
  CHECK(stickslip::homogeneous_end_collisions(t, d, v, coll, 2.0, 2.0, 30.0) == 5.0);
  CHECK(stickslip::homogeneous_end_collisions(t, d, v, coll, 2.0, 2.0, 50.0) == 9.0);  // never long enough: the end
  CHECK(stickslip::homogeneous_end_collisions(t, v, d, coll, 2.0, 2.0, 30.0) == 5.0);  // the velocity index alike
}

// paired_ratio against sums done by hand: R = sum(a)/sum(b); the residuals a - R b have mean 0, so
// se = sqrt(sum (a - R b)^2 / (n (n - 1))) / |mean(b)|. Round-off only: 1e-12 relative.
TEST_CASE("paired_ratio: sum(a)/sum(b) and its delta-method standard error, by hand") {
  // a = {1, 2, 4}, b = {1, 1, 2}: R = 7/4, residuals {-3/4, 1/4, 1/2}, sum of squares 7/8,
  // se = sqrt(7/8/6) / (4/3) = (3/4) sqrt(7/48).
  const stickslip::PairedRatio r3 = stickslip::paired_ratio({1, 2, 4}, {1, 1, 2});
  CHECK(r3.n == 3);
  CHECK(r3.ratio == doctest::Approx(1.75).epsilon(1e-12));
  CHECK(r3.stderr_ == doctest::Approx(0.75 * std::sqrt(7.0 / 48)).epsilon(1e-12));
  // a = {2, 3, 5, 6}, b = {1, 2, 2, 3}: R = 16/8 = 2, residuals {0, -1, 1, 0}, se = sqrt(2/12) / 2.
  const stickslip::PairedRatio r4 = stickslip::paired_ratio({2, 3, 5, 6}, {1, 2, 2, 3});
  CHECK(r4.n == 4);
  CHECK(r4.ratio == doctest::Approx(2.0).epsilon(1e-12));
  CHECK(r4.stderr_ == doctest::Approx(std::sqrt(1.0 / 6) / 2).epsilon(1e-12));
  // It is the ratio of sums, not the mean of ratios: a/b = {1, 2, 2} would average 5/3.
  CHECK(r3.ratio != doctest::Approx(5.0 / 3));
  // Negative mean(b): the error uses |mean(b)|. a = {1, 2}, b = {-1, -3}: R = -3/4, residuals {1/4, -1/4},
  // se = sqrt(1/8/2) / 2 = 1/8.
  const stickslip::PairedRatio rn = stickslip::paired_ratio({1, 2}, {-1, -3});
  CHECK(rn.ratio == doctest::Approx(-0.75).epsilon(1e-12));
  CHECK(rn.stderr_ == doctest::Approx(0.125).epsilon(1e-12));
  // Exactly proportional pairs: no scatter, se 0 (the residuals a - 2b vanish exactly).
  const stickslip::PairedRatio rp = stickslip::paired_ratio({2, 6, 10}, {1, 3, 5});
  CHECK(rp.ratio == 2.0);
  CHECK(rp.stderr_ == 0.0);
  // One pair: the ratio without an error; none: neither.
  const stickslip::PairedRatio r1 = stickslip::paired_ratio({3}, {2});
  CHECK(r1.n == 1);
  CHECK(r1.ratio == 1.5);
  CHECK(std::isnan(r1.stderr_));
  const stickslip::PairedRatio r0 = stickslip::paired_ratio({}, {});
  CHECK(r0.n == 0);
  CHECK(std::isnan(r0.ratio));
  CHECK(std::isnan(r0.stderr_));
}

TEST_CASE("stderr_or_zero: the standard error of the mean, 0 with fewer than 2 samples") {
  // {1, 2, 3, 6}: deviations {-2, -1, 0, 3}, sum of squares 14, se = sqrt(14/3/4).
  CHECK(stickslip::stderr_or_zero({1, 2, 3, 6}) == doctest::Approx(std::sqrt(14.0 / 12)).epsilon(1e-12));
  CHECK(stickslip::stderr_or_zero({4, 4, 4}) == 0.0);
  // {1, 3}: deviations {-1, 1}, se = sqrt(2/1/2) = 1.
  CHECK(stickslip::stderr_or_zero({1, 3}) == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(stickslip::stderr_or_zero({5}) == 0.0);
  CHECK(stickslip::stderr_or_zero({}) == 0.0);
}
