// tests/models/particles/floor_gas.hpp — the 3-D gas of the engine tests (test_particle_energy, test_particle_threads): n x n
// x layers spheres on a lattice (pitch in x and y from pitch/2, z from z0 at pitch_z) in a box periodic in x and y of
// side n pitch, a floor z = 0 and gravity -9.81 e_z; velocities Gaussian (1 m/s per component) from rng, in lattice
// order; radius(a, b, c) of the sphere at lattice site (a, b, c).
#pragma once

#include <random>

#include "models/particles/particle_engine.hpp"

namespace stickslip::test {

struct FloorGas {
  int n = 4, layers = 4;
  double pitch = 0.25, z0 = 0.1, pitch_z = 0.25;
  double mass = 1.0;
};

inline void floor_gas_boundaries(const FloorGas& g, Boundaries& b) {
  b.gravity = Vec3(0, 0, -9.81);
  b.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
  b.box.lo = Vec3::Zero();
  b.box.hi = Vec3(g.n * g.pitch, g.n * g.pitch, 10.0);
  b.box.periodic = {true, true, false};
}

template <class Radius>
GranularState floor_gas_state(const FloorGas& g, Radius&& radius, std::mt19937_64& rng) {
  GranularState s;
  std::normal_distribution<double> n01(0.0, 1.0);
  for (int a = 0; a < g.n; ++a)
    for (int b = 0; b < g.n; ++b)
      for (int c = 0; c < g.layers; ++c) {
        const Vec3 x(g.pitch * (a + 0.5), g.pitch * (b + 0.5), g.z0 + g.pitch_z * c);
        const double vx = n01(rng), vy = n01(rng), vz = n01(rng);
        s.bodies.add(x, Vec3(vx, vy, vz), radius(a, b, c), g.mass);
      }
  return s;
}

}  // namespace stickslip::test
