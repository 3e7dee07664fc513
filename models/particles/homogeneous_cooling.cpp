// models/particles/homogeneous_cooling.cpp — see homogeneous_cooling.hpp.
#include "models/particles/homogeneous_cooling.hpp"

namespace stickslip {

namespace {

struct FreeFit {
  double a, sse;
};

FreeFit free_fit(const std::vector<double>& s, const std::vector<double>& y, double tau) {
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double x = -std::log1p(s[k] / tau);
    sxy += x * y[k], sxx += x * x;
  }
  const double a = sxx > 0 ? sxy / sxx : 0.0;
  double sse = 0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double r = y[k] + a * std::log1p(s[k] / tau);
    sse += r * r;
  }
  return {a, sse};
}

}  // namespace

HaffFit fit_haff(const std::vector<double>& t, const std::vector<double>& temperature, double t_a, double t_b) {
  HaffFit f;
  std::vector<double> s, y, q;
  double t0 = NAN;
  for (std::size_t k = 0; k < t.size() && k < temperature.size(); ++k) {
    if (t[k] < t_a || t[k] > t_b || !(temperature[k] > 0)) continue;
    if (std::isnan(t0)) t0 = temperature[k];
    const double shift = t[k] - t_a;
    s.push_back(shift);
    y.push_back(std::log(temperature[k] / t0));
    q.push_back(std::sqrt(t0 / temperature[k]) - 1);
  }
  f.points = static_cast<int>(s.size());
  if (s.size() < 4) return f;
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < s.size(); ++k) sxy += s[k] * q[k], sxx += s[k] * s[k];
  if (!(sxy > 0) || !(sxx > 0)) return f;
  f.tau = sxx / sxy;
  // Over a window much shorter than tau only the initial slope a/tau' is determined: no free exponent.
  if (s.back() < 0.5 * f.tau) return f;
  // Golden section on ln tau' in [ln(tau/1000), ln(tau*1000)].
  double lo = std::log(f.tau) - std::log(1000.0), hi = std::log(f.tau) + std::log(1000.0);
  const double g = 0.5 * (std::sqrt(5.0) - 1);
  double c = hi - g * (hi - lo), d = lo + g * (hi - lo);
  double fc = free_fit(s, y, std::exp(c)).sse, fd = free_fit(s, y, std::exp(d)).sse;
  for (int it = 0; it < 200 && hi - lo > 1e-10; ++it) {
    if (fc < fd) {
      hi = d, d = c, fd = fc;
      c = hi - g * (hi - lo);
      fc = free_fit(s, y, std::exp(c)).sse;
    } else {
      lo = c, c = d, fc = fd;
      d = lo + g * (hi - lo);
      fd = free_fit(s, y, std::exp(d)).sse;
    }
  }
  f.tau_free = std::exp(0.5 * (lo + hi));
  const FreeFit best = free_fit(s, y, f.tau_free);
  f.exponent = best.a;
  f.rms = std::sqrt(best.sse / static_cast<double>(s.size()));
  return f;
}

}  // namespace stickslip
