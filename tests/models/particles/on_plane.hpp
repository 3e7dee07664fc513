// tests/models/particles/on_plane.hpp — the single-contact set-up of the law tests: a disc (2-D, plane y = 0) or a sphere
// (3-D, plane z = 0) resting on a plane wall at its equilibrium overlap m g cos(alpha)/k_n, gravity tilted by alpha
// towards +x (the incline's downhill direction), moving at v0 along +x, in pure rolling (omega = v x n / r) or not
// spinning.
#pragma once

#include <cmath>

#include "solvers/particles/velocity_verlet.hpp"

namespace stickslip::test {

struct OnPlane {
  Vec3 up, down;  // wall normal, downhill direction (e_x)
  double kappa;   // I = kappa m r^2 (disc 1/2, sphere 2/5)
};

// Places one body; the engine's normal law is a LinearSpringDashpot (kn).
template <class Engine>
OnPlane on_plane(Engine& e, GranularState& s, bool disc, double alpha, double v0, bool pure_rolling, bool rotations,
                 double radius, double mass, double g) {
  OnPlane o{disc ? Vec3::UnitY() : Vec3::UnitZ(), Vec3::UnitX(), disc ? 0.5 : 0.4};
  e.boundaries.gravity = g * (std::sin(alpha) * o.down - std::cos(alpha) * o.up);
  e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), o.up});
  const double h = mass * g * std::cos(alpha) / e.normal.kn;
  const Vec3 v = v0 * o.down;
  s.bodies.add((radius - h) * o.up, v, radius, mass, disc, false, rotations);
  if (pure_rolling) s.bodies.omega[0] = v.cross(-o.up) / radius;
  return o;
}

}  // namespace stickslip::test
