// studies/papers/fuhrer_brendel_wolf/collision_kinetics.cpp — see collision_kinetics.hpp.
#include "studies/papers/fuhrer_brendel_wolf/collision_kinetics.hpp"

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

}  // namespace stickslip
