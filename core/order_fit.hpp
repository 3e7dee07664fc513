// core/order_fit.hpp — the order of convergence p of an error e(h) = C h^p, fitted by least squares on
// log e = p log h + log C, with its 95 % confidence interval, over the asymptotic range detected in the data.
//
// Fit over n points: p = S_xy / S_xx, residual variance s^2 = SSR / (n - 2), standard error se = s / sqrt(S_xx),
// CI = p -+ t_{0.975, n-2} se (Student t; no interval for n = 2).
// Asymptotic range: the points (ordered from coarse to fine h) are split into pre-asymptotic | asymptotic |
// round-off. Local slopes s_j = log(e_j / e_j+1) / log(h_j / h_j+1) between neighbours; the asymptotic range is the
// longest run of neighbours whose local slopes agree with their median m within max(0.25, 0.15 |m|) and show a
// converging error (m > 0.2), the finest such run among equally long ones. Errors <= floor (round-off, exact
// zeros) never belong to it. Coarser points are pre-asymptotic, finer ones round-off; without any such run (three
// points at least, when there are three) nothing is fitted: the points above the floor count as pre-asymptotic.
#pragma once

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

namespace stickslip {

// Two-sided 95 % quantile of Student's t with df degrees of freedom.
inline double student_t975(int df) {
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return std::nan("");
  return df <= 30 ? table[df - 1] : 1.960 + 2.4 / df;  // within 0.002 of the exact quantile beyond 30
}

struct OrderFit {
  double order = std::nan(""), log_c = std::nan("");  // e ~ exp(log_c) h^order
  double std_error = std::nan(""), ci_low = std::nan(""), ci_high = std::nan("");
  int points = 0;                    // fitted
  std::vector<std::string> range;    // per input point: "asymptotic", "pre-asymptotic", "round-off"
  bool fitted() const { return points >= 2 && std::isfinite(order); }
  bool has_ci() const { return points >= 3 && std::isfinite(ci_low); }
};

// Least squares over the points with use[i] true.
inline OrderFit fit_order(const std::vector<double>& h, const std::vector<double>& e, const std::vector<bool>& use) {
  OrderFit f;
  double sx = 0, sy = 0;
  int n = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (use[i]) sx += std::log(h[i]), sy += std::log(e[i]), ++n;
  f.points = n;
  if (n < 2) return f;
  const double mx = sx / n, my = sy / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < h.size(); ++i)
    if (use[i]) {
      const double dx = std::log(h[i]) - mx, dy = std::log(e[i]) - my;
      sxx += dx * dx, sxy += dx * dy;
    }
  if (!(sxx > 0)) return f;
  f.order = sxy / sxx;
  f.log_c = my - f.order * mx;
  if (n >= 3) {
    double ssr = 0;
    for (std::size_t i = 0; i < h.size(); ++i)
      if (use[i]) {
        const double r = std::log(e[i]) - (f.log_c + f.order * std::log(h[i]));
        ssr += r * r;
      }
    f.std_error = std::sqrt(ssr / (n - 2) / sxx);
    const double half = student_t975(n - 2) * f.std_error;
    f.ci_low = f.order - half, f.ci_high = f.order + half;
  }
  return f;
}

// Detects the asymptotic range (see above) and fits it. h > 0; e >= 0.
inline OrderFit fit_asymptotic_order(const std::vector<double>& h, const std::vector<double>& e, double floor) {
  std::vector<std::size_t> idx;  // usable points, coarse to fine
  for (std::size_t i = 0; i < h.size(); ++i)
    if (h[i] > 0 && std::isfinite(e[i]) && e[i] > floor) idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return h[a] > h[b]; });
  const std::size_t n = idx.size();
  std::vector<double> s;  // local slopes
  for (std::size_t j = 0; j + 1 < n; ++j)
    s.push_back(std::log(e[idx[j]] / e[idx[j + 1]]) / std::log(h[idx[j]] / h[idx[j + 1]]));
  auto consistent = [&](std::size_t a, std::size_t len) {  // points idx[a .. a+len-1]
    std::vector<double> w(s.begin() + static_cast<long>(a), s.begin() + static_cast<long>(a + len - 1));
    std::vector<double> sorted = w;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
    const double m = sorted[sorted.size() / 2];
    if (!(m > 0.2)) return false;
    const double tol = std::max(0.25, 0.15 * std::abs(m));
    return std::all_of(w.begin(), w.end(), [&](double v) { return std::abs(v - m) <= tol; });
  };
  std::size_t best_a = 0, best_len = 0;
  const std::size_t min_len = n >= 3 ? 3 : 2;  // one slope alone says nothing about its neighbours
  for (std::size_t len = n; len >= min_len && best_len == 0; --len)
    for (std::size_t a = n - len + 1; a-- > 0;)
      if (consistent(a, len)) {
        best_a = a, best_len = len;
        break;
      }
  std::vector<bool> use(h.size(), false);
  std::vector<std::string> range(h.size(), "round-off");
  if (best_len >= 2) {
    for (std::size_t j = 0; j < n; ++j) {
      if (j < best_a) range[idx[j]] = "pre-asymptotic";
      else if (j < best_a + best_len) range[idx[j]] = "asymptotic", use[idx[j]] = true;
    }
  } else {  // no consistent run: nothing converges visibly yet; points at the floor stay round-off
    for (std::size_t j = 0; j < n; ++j) range[idx[j]] = "pre-asymptotic";
  }
  OrderFit f = fit_order(h, e, use);
  f.range = range;
  return f;
}

}  // namespace stickslip
