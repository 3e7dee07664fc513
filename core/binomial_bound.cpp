// core/binomial_bound.cpp — see binomial_bound.hpp.
#include "core/binomial_bound.hpp"

#include <cmath>
#include <stdexcept>

namespace stickslip {
namespace {
// P(X <= k) for X ~ Binomial(n, p), summed in log space (n up to ~1e7 without underflow of the terms that matter).
double binomial_cdf(long k, long n, double p) {
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  const double lp = std::log(p), lq = std::log1p(-p), ln_n1 = std::lgamma(static_cast<double>(n) + 1);
  double sum = 0;
  for (long i = 0; i <= k; ++i) {
    const double di = static_cast<double>(i);
    sum += std::exp(ln_n1 - std::lgamma(di + 1) - std::lgamma(static_cast<double>(n - i) + 1) + di * lp +
                    static_cast<double>(n - i) * lq);
  }
  return std::min(1.0, sum);
}
}  // namespace

double failure_rate_upper_bound(long failures, long trials, double confidence) {
  if (trials < 1 || failures < 0 || failures > trials || !(confidence > 0 && confidence < 1))
    throw std::invalid_argument("failure_rate_upper_bound: needs 0 <= failures <= trials, trials >= 1, 0 < confidence < 1");
  const double alpha = 1 - confidence;
  if (failures == trials) return 1;
  if (failures == 0) return 1 - std::pow(alpha, 1.0 / static_cast<double>(trials));
  // The CDF falls monotonically in p: bisect for CDF(p) = alpha.
  double lo = 0, hi = 1;
  for (int it = 0; it < 200 && hi - lo > 1e-12; ++it) {
    const double mid = 0.5 * (lo + hi);
    (binomial_cdf(failures, trials, mid) > alpha ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace stickslip
