// tests/models/particles/few_bodies.hpp — the two- and three-body problems the particle-engine tests run through several
// drivers and models (spheres of radius kFewR = 0.1 m, mass 10 kg), and the distance between two end states.
#pragma once

#include <algorithm>
#include <vector>

#include "models/particles/particle_arrays.hpp"
#include "models/hertz_mindlin.hpp"

namespace stickslip::test {

// Positions, velocities, spins of a few bodies.
struct Bodies {
  std::vector<Vec3> x, v, w;
};

constexpr double kFewR = 0.1, kFewM = 10;

// Two bodies: an oblique impact with spin, no gravity. Three bodies (floor y = 0, gravity -y): a spinning sphere
// sliding along the floor into a resting one, a third falling onto the second.
inline Bodies few_bodies(int n) {
  const double r = kFewR;
  if (n == 2)
    return {{Vec3(0, 0, 0), Vec3(0.2005, 0.05, 0)}, {Vec3(0.5, 0.1, 0), Vec3(-0.5, 0, 0.1)},
            {Vec3(0, 0, 20.0), Vec3(3.0, 0, 0)}};
  return {{Vec3(0, r, 0), Vec3(0.3, r, 0), Vec3(0.32, 3 * r + 0.01, 0.01)},
          {Vec3(1.0, 0, 0), Vec3::Zero(), Vec3(0, -0.5, 0)},
          {Vec3(0, 0, -5.0), Vec3::Zero(), Vec3(1.0, 0, 0)}};
}
inline Vec3 few_bodies_gravity(int n) { return n == 2 ? Vec3::Zero() : Vec3(0, -9.81, 0); }
inline double few_bodies_t_end(int n) { return n == 2 ? 0.05 : 0.25; }

// The largest |dv| or r |domega| over the bodies (m/s).
inline double difference(const Bodies& a, const Bodies& b, double r) {
  double d = 0;
  for (std::size_t i = 0; i < a.x.size(); ++i) d = std::max({d, (a.v[i] - b.v[i]).norm(), r * (a.w[i] - b.w[i]).norm()});
  return d;
}

// The bodies as particle arrays (spheres of radius kFewR, mass kFewM).
inline ParticleArrays few_body_arrays(const Bodies& b) {
  ParticleArrays p;
  for (std::size_t i = 0; i < b.x.size(); ++i) {
    p.add(b.x[i], b.v[i], kFewR, kFewM);
    p.omega[i] = b.w[i];
  }
  return p;
}

}  // namespace stickslip::test
