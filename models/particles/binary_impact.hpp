// models/particles/binary_impact.hpp — a head-on impact of two equal free spheres under a normal law, through the
// particle engine and velocity Verlet: the restitution and contact time the law really has at a given time step
// (the granular gas's kinetic theory needs the restitution; its time step follows from the contact time).
//   Spheres of radius r and mass m approach along x with relative speed v_n, the gap closing within the first step;
//   contact time t_c = steps with overlap x dt; e = (relative separation speed after)/v_n.
// For the linear spring-dashpot the exact values are e = exp(-pi zeta/sqrt(1 - zeta^2)), t_c = pi/(w0 sqrt(1 -
// zeta^2)) (models/contact/normal_laws.hpp); Hertz's depend on v_n.
#pragma once

#include "core/errors.hpp"
#include "models/particles/velocity_verlet.hpp"

namespace stickslip {

struct BinaryImpact {
  double restitution = 0, contact_time = 0;
};

template <class Normal>
BinaryImpact binary_impact(const Normal& normal, double r, double m, double vn, double dt) {
  ParticleEngine<Normal, Frictionless> e;
  e.normal = normal;
  e.skin = 0.5 * r;
  GranularState s;
  s.bodies.add(Vec3::Zero(), Vec3(0.5 * vn, 0, 0), r, m);
  s.bodies.add(Vec3(2 * r + 0.5 * vn * dt, 0, 0), Vec3(-0.5 * vn, 0, 0), r, m);
  verlet_setup(e, s);
  VerletStats st;
  long touching = 0;
  bool touched = false;
  const long limit = 10000000;
  for (long k = 0; k < limit; ++k) {
    verlet_step(e, s, dt, st);
    const double dist = (s.bodies.x[1] - s.bodies.x[0]).norm();
    if (!std::isfinite(dist)) throw SolverError("binary_impact: non-finite state");
    const bool now = dist < 2 * r;
    if (now) ++touching, touched = true;
    if (touched && !now) break;
    if (k + 1 == limit) throw SolverError("binary_impact: the spheres never separated");
  }
  return {(s.bodies.v[1][0] - s.bodies.v[0][0]) / vn, static_cast<double>(touching) * dt};
}

}  // namespace stickslip
