// core/loglog_slope.hpp — least-squares slope p of log y = p log x + c: the measured order of convergence
// (error against dt) or a scaling exponent (energy against v0). Points with y <= floor (round-off, or an
// exact zero) are left out; fewer than min_points usable points give NaN.
#pragma once

#include <cmath>
#include <vector>

namespace stickslip {

inline double loglog_slope(const std::vector<double>& x, const std::vector<double>& y, double floor = 0,
                           std::size_t first = 0, int min_points = 2) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (std::size_t i = first; i < x.size() && i < y.size(); ++i) {
    if (!(y[i] > floor) || !(x[i] > 0)) continue;
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly, ++n;
  }
  return n >= min_points ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : std::nan("");
}

}  // namespace stickslip
