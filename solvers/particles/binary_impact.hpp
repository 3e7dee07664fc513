// solvers/particles/binary_impact.hpp — a head-on impact of two equal free spheres under a normal law,
// through the particle engine and velocity Verlet: the restitution and contact time the law really has at a given time
// step (the granular gas's kinetic theory needs the restitution; its time step follows from the contact time).
//   Spheres of radius r and mass m approach along x with relative speed v_n, the gap closing half way through the
//   first step (binary_collision with g_t = 0, no spins, no friction, phase 1/2;
//   solvers/particles/binary_collision.hpp); contact time t_c = steps with overlap x dt; e = (relative
//   separation speed after)/v_n.
// For the linear spring-dashpot the exact values are e = exp(-pi zeta/sqrt(1 - zeta^2)), t_c = pi/(w0 sqrt(1 -
// zeta^2)) (models/contact/normal_registry.hpp); Hertz's depend on v_n.
#pragma once

#include "solvers/particles/binary_collision.hpp"

namespace stickslip {

struct BinaryImpact {
  double restitution = 0, contact_time = 0;
};

template <class Normal>
BinaryImpact binary_impact(const Normal& normal, double r, double m, double vn, double dt) {
  PairApproach a;
  a.vn = vn;
  a.phase = 0.5;
  const CollisionOutcome o = binary_collision(normal, Frictionless{}, r, m, a, dt);
  return {o.restitution, o.contact_time};
}

// The head-on impact at v_n resolved: at a 2000th of the law's undamped contact time (undamped_contact_time,
// models/contact/normal_registry.hpp), then, for a law whose contact time depends on the impact speed, again at a
// 2000th of the contact time found.
template <class Normal>
BinaryImpact resolved_impact(const Normal& normal, double r, double m, double vn) {
  BinaryImpact b = binary_impact(normal, r, m, vn, normal.undamped_contact_time(0.5 * m, 0.5 * r, vn) / 2000);
  if constexpr (Normal::speed_dependent) b = binary_impact(normal, r, m, vn, b.contact_time / 2000);
  return b;
}

}  // namespace stickslip
