// tests/core/test_line_fit.cpp — the weighted straight-line fit of core/line_fit.hpp (the dt sweep's dt -> 0
// intercept in the stochastic-friction study): an exact line, the intercept's standard error with equal weights
// against its closed form, chi^2 per degree of freedom, and the refusal of a single distinct x.
#include <cmath>
#include <doctest/doctest.h>
#include <vector>

#include "core/line_fit.hpp"

using namespace stickslip;

TEST_CASE("weighted line fit: exact line, intercept error of equal weights, chi^2") {
  const std::vector<double> x{0.02, 0.01, 0.005, 0.002}, se{0.01, 0.01, 0.01, 0.01};
  std::vector<double> y;
  for (double v : x) y.push_back(1 + 7 * v);
  const WeightedLineFit f = fit_weighted_line(x, y, se);
  CHECK(f.intercept == doctest::Approx(1).epsilon(1e-12));
  CHECK(f.slope == doctest::Approx(7).epsilon(1e-10));
  CHECK(f.chi2_per_dof < 1e-20);
  // Equal weights: se(a) = se sqrt(sum x^2 / (n sum x^2 - (sum x)^2)).
  double sx = 0, sxx = 0;
  for (double v : x) sx += v, sxx += v * v;
  CHECK(f.stderr_intercept == doctest::Approx(0.01 * std::sqrt(sxx / (4 * sxx - sx * sx))).epsilon(1e-12));
  // Residuals of +-1 se at alternate points: chi^2 = 4 minus what the line absorbs, per 2 dof.
  std::vector<double> y2 = y;
  for (std::size_t k = 0; k < y2.size(); ++k) y2[k] += (k % 2 ? -0.01 : 0.01);
  CHECK(fit_weighted_line(x, y2, se).chi2_per_dof > 0.1);
  CHECK_THROWS(fit_weighted_line({0.01, 0.01}, {1, 1}, {0.1, 0.1}));
}
