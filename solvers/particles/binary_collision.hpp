// solvers/particles/binary_collision.hpp — one collision of two equal free spheres through the
// particle engine and velocity Verlet, for any normal and tangential law: what the collision does to the pair's
// energies, with the energy ledger of the collision (models/particles/energy.hpp) and the onset record of
// models/particles/collision_log.hpp.
//
// Geometry (n = e_x, from sphere i to sphere j): the centres approach with normal speed v_n > 0 and tangential
// relative velocity g_t (v_i - v_j, perpendicular to e_x), spins omega_i, omega_j; the contact point's slip at first
// touch is v_t = g_t + r (omega_i + omega_j) x e_x (models/particles/contact_kinematics.hpp). The spheres are placed so
// that straight flight brings them to touch at tau = phase dt after the start: x_i = -v_i tau, x_j = 2r e_x - v_j tau.
// The first step with overlap then has h_1 ~ (1 - phase) v_n dt: phase uniform on [0, 1) is the random onset of a
// gas, phase -> 1 makes the first overlap vanish. The run ends at the first step without overlap after contact.
// Measured (the pair's kinetic energies K = K_tr + K_rot, sums over both spheres):
//   dK_tr, dK_rot                     after minus before
//   normal_damping D_n, tangential_dissipation D_t, created C, scheme_work S, kick Q  the ledger of the collision:
//                                     dK = -D_n - D_t + C - S + Q to round-off (the springs are empty before and after)
//   created_onset                     C of the onset step alone (models/particles/collision_log.hpp)
//   restitution e_n = -g'.n'/v_n      (g', n' the centres' relative velocity and the normal after the collision)
//   tangential_restitution beta = -v_t'.v_t/|v_t|^2  (v_t' the contact point's slip after, at the final normal)
//   contact_time                      steps with overlap x dt.
// binary_impact (solvers/particles/binary_impact.hpp) is the head-on frictionless case.
#pragma once

#include <cmath>

#include "core/errors.hpp"
#include "models/particles/collision_log.hpp"
#include "models/particles/pair_approach.hpp"
#include "solvers/particles/engine_simulate.hpp"

namespace stickslip {

struct CollisionOutcome {
  double kinetic_tr_before = 0, kinetic_rot_before = 0;  // J
  double dK_tr = 0, dK_rot = 0;                          // J
  double normal_damping = 0, tangential_dissipation = 0, created = 0, created_onset = 0;  // J
  double scheme_work = 0, kick = 0, balance = 0;         // J
  double onset_vt = 0, onset_fn = 0;                     // slip speed (m/s) and normal force (N) of the onset step
  double restitution = 0, tangential_restitution = 0;
  double contact_time = 0;                               // s
  long steps = 0;
  double dK() const { return dK_tr + dK_rot; }
};

template <class Normal, class Tangential>
CollisionOutcome binary_collision(const Normal& normal, const Tangential& tangential, double r, double m,
                                  const PairApproach& a, double dt) {
  if (!(a.vn > 0) || !(dt > 0) || !(a.phase >= 0 && a.phase < 1))
    throw SolverError("binary_collision: needs v_n > 0, dt > 0 and 0 <= phase < 1");
  CollisionLog log;
  ParticleEngine<Normal, OnsetRecording<Tangential>> e;
  e.normal = normal;
  e.tangential = OnsetRecording<Tangential>(tangential, &log);
  e.skin = 0.5 * r;
  const Vec3 vi = 0.5 * a.vn * Vec3::UnitX() + 0.5 * a.gt, vj = -vi;
  const double tau = a.phase * dt;
  GranularState s;
  s.bodies.add(-tau * vi, vi, r, m);
  s.bodies.add(2 * r * Vec3::UnitX() - tau * vj, vj, r, m);
  s.bodies.omega[0] = a.omega_i;
  s.bodies.omega[1] = a.omega_j;
  const auto energies = [&](double& tr, double& rot) {
    tr = rot = 0;
    for (std::size_t k = 0; k < 2; ++k) {
      tr += 0.5 * s.bodies.mass[k] * s.bodies.v[k].squaredNorm();
      rot += 0.5 * s.bodies.inertia(k) * s.bodies.omega[k].squaredNorm();
    }
  };
  CollisionOutcome o;
  energies(o.kinetic_tr_before, o.kinetic_rot_before);
  const Vec3 slip0 = a.slip(r);
  ParticleLedger ledger;
  engine_setup(e, s, &ledger);
  EngineStepper stepper;  // velocity Verlet
  const VerletStats& st = stepper.verlet;
  long touching = 0;
  bool touched = false;
  const long limit = 10000000;
  log.t = s.t;  // the onsets' time: the start of the step that records them
  const EngineRunEnd end = simulate(e, s, stepper, {.dt = dt, .steps = limit, .ledger = &ledger, .interruptible = false}, [&](const GranularState& q) {
    const double dist = (q.bodies.x[1] - q.bodies.x[0]).norm();
    if (!std::isfinite(dist)) throw SolverError("binary_collision: non-finite state");
    const bool now = dist < 2 * r;
    if (now) ++touching, touched = true;
    log.t = q.t;
    return touched && !now ? Flow::stop : Flow::go_on;  // separated
  });
  if (!end.stopped) throw SolverError("binary_collision: the spheres never separated");
  double tr = 0, rot = 0;
  energies(tr, rot);
  o.dK_tr = tr - o.kinetic_tr_before;
  o.dK_rot = rot - o.kinetic_rot_before;
  o.normal_damping = ledger.normal_damping();
  o.tangential_dissipation = ledger.tangential_dissipation();
  o.created = ledger.created();
  o.scheme_work = ledger.now.scheme_work;
  o.kick = ledger.now.kick;
  o.balance = ledger.balance();
  if (!log.onsets.empty()) {
    o.created_onset = log.onsets.front().created;
    o.onset_vt = log.onsets.front().vt;
    o.onset_fn = log.onsets.front().fn;
  }
  const Vec3 d = s.bodies.x[1] - s.bodies.x[0], n = d / d.norm();
  const Vec3 g = s.bodies.v[0] - s.bodies.v[1];
  o.restitution = -g.dot(n) / a.vn;
  const Vec3 vrel = g + (r * s.bodies.omega[0] + r * s.bodies.omega[1]).cross(n);
  const Vec3 slip = vrel - vrel.dot(n) * n;
  const double s2 = slip0.squaredNorm();
  o.tangential_restitution = s2 > 0 ? -slip.dot(slip0) / s2 : 0.0;
  o.contact_time = static_cast<double>(touching) * dt;
  o.steps = st.steps;
  return o;
}

}  // namespace stickslip
