// models/particles/cooling_statistics.cpp — see cooling_statistics.hpp.
#include "models/particles/cooling_statistics.hpp"

#include <cmath>

namespace stickslip {

PairedRatio paired_ratio(const std::vector<double>& a, const std::vector<double>& b) {
  PairedRatio r;
  r.n = a.size();
  if (a.empty()) return r;
  const double ma = mean_of(a), mb = mean_of(b);
  r.ratio = ma / mb;
  std::vector<double> resid;
  for (std::size_t k = 0; k < a.size(); ++k) resid.push_back(a[k] - r.ratio * b[k]);
  r.stderr_ = a.size() > 1 ? stderr_of(resid) / std::abs(mb) : NAN;
  return r;
}

double homogeneous_end(const std::vector<double>& t, const std::vector<double>& d, const std::vector<double>& v,
                       double density_limit, double velocity_limit, std::size_t persist) {
  std::size_t run = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    run = (d[k] > density_limit || v[k] > velocity_limit) ? run + 1 : 0;
    if (run == persist) return t[k + 1 - persist];
  }
  return t.back();
}

double homogeneous_end_collisions(const std::vector<double>& t, const std::vector<double>& d, const std::vector<double>& v,
                                  const std::vector<double>& collisions, double density_limit, double velocity_limit,
                                  double persist_collisions) {
  std::size_t first = 0;
  bool above = false;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const bool out = d[k] > density_limit || v[k] > velocity_limit;
    if (out && !above) first = k;
    above = out;
    if (above && collisions[k] - collisions[first] >= persist_collisions) return t[first];
  }
  return t.back();
}

std::vector<double> cooling_rate(const std::vector<double>& t, const std::vector<double>& T, std::size_t w) {
  std::vector<double> z(t.size(), NAN);
  for (std::size_t k = w; k + w < t.size(); ++k)
    z[k] = -(std::log(T[k + w]) - std::log(T[k - w])) / (t[k + w] - t[k - w]);
  return z;
}

double rate_at(const std::vector<double>& T, const std::vector<double>& z, double target) {
  for (std::size_t k = 0; k + 1 < T.size(); ++k)
    if (T[k] >= target && T[k + 1] < target && std::isfinite(z[k]) && std::isfinite(z[k + 1])) {
      const double a = (std::log(T[k]) - std::log(target)) / (std::log(T[k]) - std::log(T[k + 1]));
      return z[k] + a * (z[k + 1] - z[k]);
    }
  return NAN;
}

std::optional<double> mean_rate_ratio(const std::vector<double>& T_grid, const std::function<double(double)>& zeta_a,
                                      const std::function<double(double)>& zeta_b) {
  std::vector<double> ratios;
  for (double T : T_grid) {
    const double a = zeta_a(T), b = zeta_b(T);
    if (std::isfinite(a) && std::isfinite(b) && b > 0) ratios.push_back(a / b);
  }
  if (ratios.empty()) return std::nullopt;
  return mean_of(ratios);
}

}  // namespace stickslip
