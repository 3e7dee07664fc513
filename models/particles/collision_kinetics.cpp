// models/particles/collision_kinetics.cpp — see collision_kinetics.hpp.
#include "models/particles/collision_kinetics.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace stickslip {

std::vector<CollisionDraw> draw_collisions(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  std::vector<CollisionDraw> d(n);
  for (CollisionDraw& c : d) {
    c.rayleigh = std::sqrt(-2 * std::log1p(-uni(rng)));  // > 0 unless uni = 0 exactly
    if (!(c.rayleigh > 0)) c.rayleigh = 1e-12;
    c.t1 = gauss(rng);
    c.t2 = gauss(rng);
    c.spin_i = Vec3(gauss(rng), gauss(rng), gauss(rng));
    c.spin_j = Vec3(gauss(rng), gauss(rng), gauss(rng));
    c.phase = uni(rng);
  }
  return d;
}

PairApproach approach_of(const CollisionDraw& d, double T, double T_rot, double m, double inertia) {
  const double sg = std::sqrt(2 * T / m), sw = inertia > 0 ? std::sqrt(T_rot / inertia) : 0.0;
  PairApproach a;
  a.vn = sg * d.rayleigh;
  a.gt = Vec3(0, sg * d.t1, sg * d.t2);
  a.omega_i = sw * d.spin_i;
  a.omega_j = sw * d.spin_j;
  a.phase = d.phase;
  return a;
}

double cooling_time_through(const std::vector<CoolingNode>& path, double e_a, double e_b, double T_end_ratio,
                            int steps) {
  const auto inv_rate = [&](double lnx) {  // 1/(sqrt(T/T0) a(T)), a interpolated in ln T
    const double h = std::log(T_end_ratio) / steps;
    double q = lnx / h;
    std::size_t i = std::min(static_cast<std::size_t>(std::max(0.0, std::floor(q))), path.size() - 2);
    const double w = q - static_cast<double>(i);
    const double a0 = -path[i].means.dK_tr / path[i].T, a1 = -path[i + 1].means.dK_tr / path[i + 1].T;
    return 1 / (std::exp(0.5 * lnx) * ((1 - w) * a0 + w * a1));
  };
  const int n = 64;
  const double la = std::log(e_a), lb = std::log(e_b);
  double sum = 0;
  for (int j = 0; j <= n; ++j) sum += (j == 0 || j == n ? 0.5 : 1.0) * inv_rate(la + (lb - la) * j / n);
  return sum * (la - lb) / n;
}

}  // namespace stickslip
