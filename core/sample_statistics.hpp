// core/sample_statistics.hpp — the mean of a sample and the standard error of that mean, for ensembles over seeds:
//   mean = (1/n) sum x_k,   stderr = sqrt( sum (x_k - mean)^2 / ((n - 1) n) ).
#pragma once

#include <cmath>
#include <vector>

namespace stickslip {

inline double mean_of(const std::vector<double>& v) {  // NaN when empty
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? NAN : s / static_cast<double>(v.size());
}

inline double stderr_of(const std::vector<double>& v) {  // NaN with fewer than 2
  if (v.size() < 2) return NAN;
  const double m = mean_of(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size() - 1) / static_cast<double>(v.size()));
}

// The same, 0 with fewer than 2 (one seed: no error bar).
inline double stderr_or_zero(const std::vector<double>& v) { return v.size() > 1 ? stderr_of(v) : 0.0; }

}  // namespace stickslip
