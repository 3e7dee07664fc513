// tests/solvers/particles/three_body_engine.hpp — the engine the drivers' tests run (the three bodies of
// tests/models/particles/few_bodies.hpp on a floor under gravity, damped Hertz and the C-SDS), its start state, and
// equality of two states bit for bit (positions, velocities, spins, springs, time).
#pragma once

#include "models/particles/engine_laws.hpp"
#include "tests/models/particles/few_bodies.hpp"

namespace stickslip::test {

using ThreeBodyEngine = ParticleEngine<HertzDamped, Csds>;

inline ThreeBodyEngine three_body_engine() {
  ThreeBodyEngine e;
  e.normal = HertzDamped::material(1e8, 0.25, 0.2);
  e.tangential.kt = 2e5;
  e.tangential.gamma_t = 50;
  e.tangential.mu = 0.3;
  e.skin = 0.02;
  e.boundaries.gravity = few_bodies_gravity(3);
  e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  return e;
}

inline GranularState three_body_start() {
  GranularState s;
  s.bodies = few_body_arrays(few_bodies(3));
  return s;
}

inline bool same_state(const GranularState& a, const GranularState& b) {
  return a.bodies.x == b.bodies.x && a.bodies.v == b.bodies.v && a.bodies.omega == b.bodies.omega && a.xi == b.xi &&
         a.wall_xi == b.wall_xi && a.t == b.t;
}

}  // namespace stickslip::test
