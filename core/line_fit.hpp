// core/line_fit.hpp — straight-line fits y = intercept + slope x through points (x_k, y_k):
//   fit_line: ordinary least squares with the rms residual; fewer than min_points points (or all x equal) give NaN.
//   fit_weighted_line: weights 1/se_k^2 (se_k > 0), at least 2 distinct x: the intercept (e.g. the dt -> 0 value of
//     a dt sweep of a weak-order-1 scheme, R(dt) = R(0) + c dt) with its standard error from the se, and chi^2 per
//     degree of freedom (0 for 2 points) as a check of the straight-line model:
//       S = sum w, Sx = sum w x, Sxx = sum w x^2, Sy = sum w y, Sxy = sum w x y, det = S Sxx - Sx^2,
//       intercept = (Sxx Sy - Sx Sxy) / det, slope = (S Sxy - Sx Sy) / det, se^2 = Sxx / det and S / det.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
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

struct WeightedLineFit {
  double intercept = 0, stderr_intercept = 0, slope = 0, stderr_slope = 0, chi2_per_dof = 0;
  std::size_t points = 0;
};

// Throws std::logic_error for x, y, se of different lengths, se <= 0, or fewer than 2 distinct x.
inline WeightedLineFit fit_weighted_line(const std::vector<double>& x, const std::vector<double>& y,
                                         const std::vector<double>& se) {
  if (x.size() != y.size() || x.size() != se.size())
    throw std::logic_error("fit_weighted_line: x, y, se of different lengths");
  double S = 0, Sx = 0, Sxx = 0, Sy = 0, Sxy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (!(se[k] > 0)) throw std::logic_error("fit_weighted_line: standard error <= 0");
    const double w = 1 / (se[k] * se[k]);
    S += w;
    Sx += w * x[k];
    Sxx += w * x[k] * x[k];
    Sy += w * y[k];
    Sxy += w * x[k] * y[k];
  }
  const double det = S * Sxx - Sx * Sx;
  if (x.size() < 2 || !(det > 1e-12 * S * Sxx)) throw std::logic_error("fit_weighted_line: needs at least 2 distinct x");
  WeightedLineFit f;
  f.points = x.size();
  f.intercept = (Sxx * Sy - Sx * Sxy) / det;
  f.slope = (S * Sxy - Sx * Sy) / det;
  f.stderr_intercept = std::sqrt(Sxx / det);
  f.stderr_slope = std::sqrt(S / det);
  double chi2 = 0;
  for (std::size_t k = 0; k < x.size(); ++k) chi2 += std::pow((y[k] - f.intercept - f.slope * x[k]) / se[k], 2);
  f.chi2_per_dof = x.size() > 2 ? chi2 / static_cast<double>(x.size() - 2) : 0.0;
  return f;
}

}  // namespace stickslip
