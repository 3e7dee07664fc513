// core/sample_statistics.hpp against what a sample of known law must give:
// - mean_of, stderr_of on hand-computed samples;
// - DensityHistogram: a grid of values spread evenly over [-range, range] has the density 1/(2 range) in every bin,
//   values outside the range count in n only; a seeded Gaussian sample has the normal density within its binomial
//   error;
// - BatchMeans: on i.i.d. Gaussians the standard error of the mean is sigma/sqrt(n), on an AR(1) series x_{k+1} =
//   phi x_k + e_k it is sigma_x sqrt((1 + phi)/(1 - phi)/n) (the integrated autocorrelation), within the estimate's
//   own spread (40 batches: a relative sd of 1/sqrt(2 x 39) = 11 %, bounded at 4 sd);
// - LagAutocorrelation: C(k) = phi^k of an AR(1) series of 3-vectors, within its sampling error; C(0) = 1 exactly;
//   lags beyond the samples have no data.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Core>

#include "core/sample_statistics.hpp"

using namespace stickslip;
using Vec3 = Eigen::Vector3d;

TEST_CASE("mean and standard error of a small sample") {
  const std::vector<double> v{1, 2, 3, 4};
  CHECK(mean_of(v) == 2.5);
  CHECK(stderr_of(v) == doctest::Approx(std::sqrt(5.0 / 3 / 4)));
  CHECK(std::isnan(stderr_of({1.0})));
  CHECK(stderr_or_zero({1.0}) == 0);
}

TEST_CASE("DensityHistogram: even values give a flat density, outliers only count in n, a Gaussian its density") {
  DensityHistogram h(10, 2.0);  // bins of width 0.4 on [-2, 2]
  for (int k = 0; k < 1000; ++k) h.add(-2.0 + (k + 0.5) * 4.0 / 1000);
  for (int b = 0; b < h.bins(); ++b) CHECK(h.density(b) == doctest::Approx(1.0 / 4.0).epsilon(1e-12));
  CHECK(h.centre(0) == doctest::Approx(-1.8));
  CHECK(h.centre(9) == doctest::Approx(1.8));
  for (int k = 0; k < 1000; ++k) h.add(k % 2 ? 5.0 : -2.5);  // outside: n doubles, the counts stay
  for (int b = 0; b < h.bins(); ++b) CHECK(h.density(b) == doctest::Approx(1.0 / 8.0).epsilon(1e-12));
  CHECK(DensityHistogram(4, 1.0).density(0) == 0);  // no value: density 0, not NaN

  std::mt19937_64 rng(7);
  std::normal_distribution<double> z;
  DensityHistogram g(40, 4.0);
  const int n = 400000;
  for (int k = 0; k < n; ++k) g.add(z(rng));
  for (int b = 0; b < g.bins(); ++b) {
    const double w = 0.2, x = g.centre(b);
    const double p = 0.5 * (std::erf((x + w / 2) / std::sqrt(2.0)) - std::erf((x - w / 2) / std::sqrt(2.0)));
    const double sd = std::sqrt(p * (1 - p) / n) / w;  // the density's binomial error
    CHECK(std::abs(g.density(b) - p / w) < 5 * sd + 1e-12);
  }
}

TEST_CASE("BatchMeans: sigma/sqrt(n) for independent values, the integrated autocorrelation for an AR(1) series") {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> z;
  const long n = 200000;
  {
    BatchMeans b(n, 40);
    double sum = 0;
    for (long k = 0; k < n; ++k) {
      const double x = z(rng);
      b.add(k, x);
      sum += x;
    }
    const double expected = 1 / std::sqrt(static_cast<double>(n));
    CHECK(std::abs(b.stderr_of_mean(sum / n) / expected - 1) < 4 / std::sqrt(2.0 * 39));
  }
  {
    const double phi = 0.8, sigma_x = 1 / std::sqrt(1 - phi * phi);  // e_k ~ N(0, 1)
    BatchMeans b(n, 40);
    double x = sigma_x * z(rng), sum = 0;
    for (long k = 0; k < n; ++k) {
      b.add(k, x);
      sum += x;
      x = phi * x + z(rng);
    }
    const double expected = sigma_x * std::sqrt((1 + phi) / (1 - phi) / static_cast<double>(n));
    CHECK(std::abs(b.stderr_of_mean(sum / n) / expected - 1) < 4 / std::sqrt(2.0 * 39));
  }
}

TEST_CASE("LagAutocorrelation: phi^k of an AR(1) series of vectors") {
  const double phi = 0.7;
  const std::size_t lags = 6, items = 2;
  LagAutocorrelation<Vec3> acf(lags, items);
  CHECK(acf.lags_with_data() == 0);
  std::mt19937_64 rng(5);
  std::normal_distribution<double> z;
  std::vector<Vec3> x(items, Vec3::Zero());
  const long n = 200000;
  for (long s = 0; s < n; ++s) {
    for (Vec3& v : x) v = phi * v + Vec3(z(rng), z(rng), z(rng));
    acf.next() = x;
    acf.push();
    if (s == 2) CHECK(acf.lags_with_data() == 3);  // three samples: lags 0, 1, 2
  }
  REQUIRE(acf.lags_with_data() == lags + 1);
  CHECK(acf.correlation(0) == 1.0);
  // the sampling error of C(k) for an AR(1) (Bartlett): about sqrt((1 + phi^2)/(1 - phi^2)/N) with N = 6 n
  // independent components
  const double se = std::sqrt((1 + phi * phi) / (1 - phi * phi) / (6.0 * n));
  for (std::size_t k = 1; k <= lags; ++k) CHECK(std::abs(acf.correlation(k) - std::pow(phi, k)) < 5 * se);
}
