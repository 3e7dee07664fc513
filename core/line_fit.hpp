// core/line_fit.hpp — ordinary least-squares line y = intercept + slope x through points (x_k, y_k), with the rms
// residual; fewer than min_points points (or all x equal) give NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace stickslip {

struct LineFit {
  double slope = 0, intercept = 0, rms = 0;
  std::size_t points = 0;
};

inline LineFit fit_line(const std::vector<double>& x, const std::vector<double>& y, std::size_t min_points = 2) {
  LineFit f;
  f.points = std::min(x.size(), y.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t k = 0; k < f.points; ++k) sx += x[k], sy += y[k], sxx += x[k] * x[k], sxy += x[k] * y[k];
  const double n = static_cast<double>(f.points), den = n * sxx - sx * sx;
  if (f.points < min_points || !(den > 0)) {
    f.slope = f.intercept = f.rms = std::numeric_limits<double>::quiet_NaN();
    return f;
  }
  f.slope = (n * sxy - sx * sy) / den;
  f.intercept = (sy - f.slope * sx) / n;
  double r2 = 0;
  for (std::size_t k = 0; k < f.points; ++k) {
    const double e = y[k] - (f.intercept + f.slope * x[k]);
    r2 += e * e;
  }
  f.rms = std::sqrt(r2 / n);
  return f;
}

}  // namespace stickslip
