// The Clopper-Pearson upper bound (core/binomial_bound.hpp) against its closed forms and tabulated values: 0 of n
// gives 1 - 0.05^(1/n) (about 3/n); k of n solves P(X <= k) = 0.05, checked by recomputing the binomial sum here; the
// bound of 1 of 10 at 95 % one-sided is 0.3942 (the Beta(2, 9) 95th percentile).
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "core/binomial_bound.hpp"

using namespace stickslip;

TEST_CASE("Clopper-Pearson upper bound: no failure, the rule of three, all failures") {
  CHECK(failure_rate_upper_bound(0, 1) == doctest::Approx(0.95));
  CHECK(failure_rate_upper_bound(0, 100) == doctest::Approx(1 - std::pow(0.05, 0.01)).epsilon(1e-12));
  CHECK(failure_rate_upper_bound(0, 1000) * 1000 == doctest::Approx(2.99125).epsilon(1e-5));  // -ln(0.05) = 2.9957
  CHECK(failure_rate_upper_bound(5, 5) == 1.0);
}

TEST_CASE("Clopper-Pearson upper bound with failures solves P(X <= k | n, p_u) = 0.05") {
  CHECK(failure_rate_upper_bound(1, 10) == doctest::Approx(0.39416).epsilon(1e-4));
  for (long n : {20L, 300L, 3000L})
    for (long k : {1L, 2L, 7L}) {
      const double p = failure_rate_upper_bound(k, n);
      double cdf = 0;  // the binomial sum, term by term from the recursion C(n, i+1)/C(n, i) = (n - i)/(i + 1)
      double term = std::pow(1 - p, static_cast<double>(n));
      for (long i = 0; i <= k; ++i) {
        cdf += term;
        term *= static_cast<double>(n - i) / static_cast<double>(i + 1) * p / (1 - p);
      }
      CAPTURE(n);
      CAPTURE(k);
      CHECK(cdf == doctest::Approx(0.05).epsilon(1e-8));
      CHECK(p > static_cast<double>(k) / static_cast<double>(n));
    }
  CHECK_THROWS(failure_rate_upper_bound(3, 2));
}
