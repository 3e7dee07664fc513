// core/binomial_bound.hpp — how far a run of pass/fail trials goes: the exact (Clopper-Pearson) one-sided upper
// confidence bound on the failure probability p after k failures in n independent trials,
//   p_u: P(X <= k | n, p_u) = 1 - confidence,   X ~ Binomial(n, p)
// (Clopper & Pearson, Biometrika 26 (1934) 404). With no failure it is 1 - (1 - confidence)^(1/n), about 3/n at 95 %
// (the "rule of three"); with k = n it is 1.
#pragma once

namespace stickslip {

// p_u for k failures in n trials (0 <= k <= n, n >= 1), to 1e-12 absolute; confidence in (0, 1).
double failure_rate_upper_bound(long failures, long trials, double confidence = 0.95);

}  // namespace stickslip
