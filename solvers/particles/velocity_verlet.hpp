// solvers/particles/velocity_verlet.hpp — velocity Verlet for the particle engine, as LAMMPS' fix nve/sphere:
//   v_{n+1/2} = v_n + dt/2 f_n/m,       omega_{n+1/2} = omega_n + dt/2 T_n/I
//   x_{n+1}   = x_n + dt v_{n+1/2}       (neighbor lists rebuilt here when someone moved > skin/2)
//   theta_{n+1} = theta_n + dt omega_z,{n+1/2}   (planar bodies with an orientation, GranularState::theta: polygons)
//   f_{n+1}, T_{n+1} from x_{n+1} and the half-step velocities; each contact spring advanced over dt with the
//             half-step slip velocity — for a sticking spring xi_{n+1} = xi_n + dt v_t,{n+1/2}, the same update as
//             x_{n+1}; C-SDS sliding uses its rate at (xi_n, v_t,{n+1/2}) (models/contact/)
//   v_{n+1}   = v_{n+1/2} + dt/2 f_{n+1}/m,   omega_{n+1} = omega_{n+1/2} + dt/2 T_{n+1}/I.
// Second order for conservative forces; forces that depend on velocity see v_{n+1/2} (first order there, as in
// LAMMPS). Frozen bodies (inv_mass = inv_inertia = 0) do not move. The ledger (optional) gets the trapezoid of the
// contact powers of consecutive evaluations and gravity's exact work m g . (x_{n+1} - x_n).
// The scheme's exact energy law (from the two half kicks, per body and component, h = dt):
//   K_{n+1} - K_n = h/2 sum (F_n + F_{n+1}) . v_{n+1/2} + h^2/8 sum (|F_{n+1}|^2 - |F_n|^2)/m   (+ torques, I, omega)
// so the ledger also keeps (models/particles/energy.hpp)
//   scheme  = -h/2 sum (Fc_n + Fc_{n+1}) . v_{n+1/2} - h/2 (P_n + P_{n+1}): the work the contacts take as the bodies
//             feel it (contact forces Fc = F - m g, at the half-step velocity) minus the trapezoid of the contact
//             laws' powers. It is the scheme's first-order energy error (a velocity-dependent force seen at
//             v_{n+1/2}, the powers of step n taken at v_{n-1/2}), zero as dt -> 0.
//   kick    = h^2/8 sum (|F_{n+1}|^2/m - |F_n|^2/m + torques): telescopes at fixed dt, bounded, O(h^2).
// With them the balance dK + W_n + W_t + scheme - kick - W_g is zero to round-off at every step.
// Threads (engine.threads >= 2): the kick/drift loops run on the engine's pool (models/particles/thread_pool.hpp).
// verlet_run without a ledger fuses the steps (fused_verlet_run): the same per-body arithmetic, one pass over the
// bodies per step, each body kicked, drifted and tested by the force pass as soon as its force is final.
#pragma once

#include "core/interrupt.hpp"
#include "models/particles/particle_engine.hpp"

namespace stickslip {

struct VerletStats {
  long steps = 0, force_evaluations = 0, rebuilds = 0;
};

// Set-up: neighbor lists and the forces at the initial state (springs not advanced); starts the ledger.
template <class Engine>
void verlet_setup(const Engine& e, GranularState& s, ParticleLedger* ledger = nullptr) {
  if (e.sort_interval > 0) e.sort(s);
  e.prepare(s);
  if (ledger) {
    const ContactSums c = e.template forces<true>(s, 0.0);
    ledger->now = EnergyTotals{};
    ledger->now.kinetic = kinetic_energy(s.bodies);
    ledger->now.elastic_normal = c.elastic_normal;
    ledger->now.elastic_tangential = c.elastic_tangential;
    ledger->now.elastic_rolling = c.elastic_rolling;
    ledger->start = ledger->now;
    ledger->last_power_normal = c.power_normal;
    ledger->last_power_tangential = c.power_tangential;
    ledger->last_power_rolling = c.power_rolling;
  } else {
    e.template forces<false>(s, 0.0);
  }
}

// Power of the contact forces and torques on the moving bodies at their current velocities, and the kick sum
// sum |F|^2/m + |T|^2/I, for the forces now in the arrays (gravity taken out of the power).
struct BodyPower {
  double contact_power = 0, kick = 0;
};
inline BodyPower body_power(const ParticleArrays& p, const Vec3& g, std::size_t a, std::size_t end) {
  BodyPower b;
  for (std::size_t i = a; i < end; ++i) {
    if (p.inv_mass[i] > 0) {
      b.contact_power += (p.f[i] - p.mass[i] * g).dot(p.v[i]);
      b.kick += p.inv_mass[i] * p.f[i].squaredNorm();
    }
    if (p.inv_inertia[i] > 0) {
      b.contact_power += p.torque[i].dot(p.omega[i]);
      b.kick += p.inv_inertia[i] * p.torque[i].squaredNorm();
    }
  }
  return b;
}

// body_power over all bodies on the engine's threads (sums per chunk, added in chunk order: round-off apart from
// the serial sum; ledger only).
template <class Engine>
BodyPower body_power(const Engine& e, GranularState& s, const Vec3& g) {
  const ParticleArrays& p = s.bodies;
  const std::size_t chunks = static_cast<std::size_t>(std::max(1, e.threads));
  s.partial.assign(2 * chunks, 0.0);
  e.for_particle_chunks(p.size(), [&](int t, std::size_t a, std::size_t b) {
    const BodyPower bp = body_power(p, g, a, b);
    const std::size_t c = static_cast<std::size_t>(t);
    s.partial[2 * c] = bp.contact_power;
    s.partial[2 * c + 1] = bp.kick;
  });
  BodyPower sum;
  for (std::size_t c = 0; c < chunks; ++c) {
    sum.contact_power += s.partial[2 * c];
    sum.kick += s.partial[2 * c + 1];
  }
  return sum;
}

template <class Engine>
void verlet_step(const Engine& e, GranularState& s, double dt, VerletStats& stats, ParticleLedger* ledger = nullptr) {
  ParticleArrays& p = s.bodies;
  const std::size_t n = p.size();
  const double half = 0.5 * dt;
  const Vec3 g = e.boundaries.gravity;
  // kick and drift on the engine's threads (per body, so the same for every thread count; gravity's work is
  // summed per chunk, ledger only)
  s.partial.assign(static_cast<std::size_t>(std::max(1, e.threads)), 0.0);
  e.for_particle_chunks(n, [&](int t, std::size_t a, std::size_t b) {
    double w = 0;
    for (std::size_t i = a; i < b; ++i) {
      p.v[i] += half * p.inv_mass[i] * p.f[i];
      p.omega[i] += half * p.inv_inertia[i] * p.torque[i];
      if (p.inv_mass[i] > 0) {
        const Vec3 dx = dt * p.v[i];
        w += p.mass[i] * g.dot(dx);
        p.x[i] += dx;
      }
    }
    if (!s.theta.empty())
      for (std::size_t i = a; i < b; ++i) s.theta[i] += dt * p.omega[i].z();
    s.partial[static_cast<std::size_t>(t)] = w;
  });
  double gravity_work = 0;
  for (double w : s.partial) gravity_work += w;
  BodyPower before;  // forces of step n at the half-step velocities
  if (ledger) before = body_power(e, s, g);
  if (e.update_neighbors(s)) ++stats.rebuilds;
  ContactSums c;
  BodyPower after;
  if (ledger) {
    c = e.template forces<true>(s, dt);
    after = body_power(e, s, g);
  } else {
    e.template forces<false>(s, dt);
  }
  s.partial.assign(static_cast<std::size_t>(std::max(1, e.threads)), 0.0);
  e.for_particle_chunks(n, [&](int t, std::size_t a, std::size_t b) {
    for (std::size_t i = a; i < b; ++i) {
      p.v[i] += half * p.inv_mass[i] * p.f[i];
      p.omega[i] += half * p.inv_inertia[i] * p.torque[i];
    }
    if (ledger) s.partial[static_cast<std::size_t>(t)] = kinetic_energy(p, a, b);
  });
  s.t += dt;
  ++stats.steps;
  ++stats.force_evaluations;
  if (ledger) {
    EnergyTotals& now = ledger->now;
    now.kinetic = 0;
    for (double k : s.partial) now.kinetic += k;
    now.elastic_normal = c.elastic_normal;
    now.elastic_tangential = c.elastic_tangential;
    now.elastic_rolling = c.elastic_rolling;
    const double dw_n = half * (ledger->last_power_normal + c.power_normal);
    const double dw_t = half * (ledger->last_power_tangential + c.power_tangential);
    const double dw_r = half * (ledger->last_power_rolling + c.power_rolling);
    now.work_normal += dw_n;
    now.work_tangential += dw_t;
    now.work_rolling += dw_r;
    now.scheme_work += -half * (before.contact_power + after.contact_power) - (dw_n + dw_t + dw_r);
    now.kick += 0.125 * dt * dt * (after.kick - before.kick);
    now.jump += c.jump;
    now.created += c.created;
    now.gravity_work += gravity_work;
    ledger->last_power_normal = c.power_normal;
    ledger->last_power_tangential = c.power_tangential;
    ledger->last_power_rolling = c.power_rolling;
  }
}

// Engines whose force pass hands each body over once its force is final (ParticleEngine::forces_with).
template <class Engine>
concept FusedVerletEngine = requires { requires Engine::kFusedSteps; };

// verlet_run's fused steps (no ledger; engines with forces_with): the same arithmetic per body as verlet_step, in one
// pass over the bodies per step instead of four: each body, as soon as the force pass has made its force final,
// gets this step's closing half kick and then the next step's opening half kick, drift and neighbor test (the same
// f, so v + h a + h a as two half kicks in a row: bitwise verlet_step's motion); before the first step one pass
// opens it (kick, drift, test), the last step closes with the half kick alone. A signal (core/interrupt.hpp) makes
// the step in progress the last one, then ends the run.
template <FusedVerletEngine Engine>
VerletStats fused_verlet_run(const Engine& e, GranularState& s, double dt, long steps) {
  VerletStats stats;
  if (steps <= 0) return stats;
  check_interrupt();
  ParticleArrays& p = s.bodies;
  const std::size_t n = p.size();
  const double half = 0.5 * dt;
  const NeighborList& list = s.neighbors;
  const bool built = list.built_for(n);
  const auto kick = [&](std::size_t i) {
    p.v[i] += half * p.inv_mass[i] * p.f[i];
    p.omega[i] += half * p.inv_inertia[i] * p.torque[i];
  };
  const auto drift = [&](std::size_t i) {  // and the neighbor test: true when i moved beyond skin/2
    if (p.inv_mass[i] > 0) p.x[i] += dt * p.v[i];
    if (!s.theta.empty()) s.theta[i] += dt * p.omega[i].z();
    return !built || list.moved_beyond_skin(p.x[i], i);
  };
  s.moved.assign(static_cast<std::size_t>(std::max(1, e.threads)), 0);
  e.for_particle_chunks(n, [&](int t, std::size_t a, std::size_t b) {
    bool moved = false;
    for (std::size_t i = a; i < b; ++i) {
      kick(i);
      moved |= drift(i);
    }
    s.moved[static_cast<std::size_t>(t)] = moved ? 1 : 0;
  });
  bool moved = std::any_of(s.moved.begin(), s.moved.end(), [](std::uint8_t m) { return m != 0; });
  for (long k = 0; k < steps; ++k) {
    if (moved) {
      e.rebuild_neighbors(s);
      ++stats.rebuilds;
    }
    const bool last = k + 1 == steps || interrupted();
    moved = e.forces_with(s, dt, [&](std::size_t i) {  // one hook for both (one instantiation of the pass)
      kick(i);
      if (last) return false;
      kick(i);
      return drift(i);
    });
    s.t += dt;
    ++stats.steps;
    ++stats.force_evaluations;
    if (last) break;
  }
  check_interrupt();
  return stats;
}

// `steps` steps of verlet_step (a signal ends the run between steps); without a ledger, on an engine with
// forces_with, as fused_verlet_run (the same motion, bit for bit).
template <class Engine>
VerletStats verlet_run(const Engine& e, GranularState& s, double dt, long steps, ParticleLedger* ledger = nullptr) {
  if constexpr (FusedVerletEngine<Engine>)
    if (!ledger) return fused_verlet_run(e, s, dt, steps);
  VerletStats stats;
  for (long k = 0; k < steps; ++k) {
    check_interrupt();  // a signal ends the run between steps (core/interrupt.hpp)
    verlet_step(e, s, dt, stats, ledger);
  }
  return stats;
}

}  // namespace stickslip
