// solvers/particles/particle_trapezoid.hpp — the generalized trapezoidal rule of seed 004 (§4, Algorithm 1,
// eq. 40-49) as a driver of the particle engine (models/particles/particle_engine.hpp), solved by fixed-point sweeps:
//   v_{n+1} = v_n + dt/m [phi f_{n+1} + (1-phi) f_n],   omega_{n+1} = omega_n + dt/I [phi T_{n+1} + (1-phi) T_n]
//   x_{n+1} = x_n + dt [phi v_{n+1} + (1-phi) v_n]                                               (eq. 40-45)
// and every contact spring with the same rule, so a sticking spring moves exactly like the contact points:
//   xi_base = xi_n advanced by the law over (1-phi) dt at the start state (one engine call per step),
//   xi_{n+1} = xi_base advanced over phi dt at the trial state (every sweep starts again from xi_base),
// i.e. xi_{n+1} = xi_n + dt [(1-phi) v_t,n + phi v_t,n+1] while sticking (seed 004 eq. 29-30 to O(dt^2) per step);
// sliding laws (csds rate, dsds/mindlin resets) apply their rule in each part.
// Sweep K -> K+1: the engine evaluates f, T at iterate K (all particles at once: a Jacobi sweep; Campello's Remark 5
// sweeps particle by particle, Gauss-Seidel — both converge to the same fixed point).
// Predictor: the rule with f_{n+1} extrapolated from f_{n-1}, f_n (explicit Euler on a run's first step: same fixed
// point, about one sweep fewer than Euler throughout). Convergence, under-relaxation, step rejection and regrowth:
// core/trapezoid_options.hpp (eq. 48-49 over x, v, omega and alpha_Delta = dt [phi omega_{n+1} + (1-phi)
// omega_n], tol, relax_after, min_relax, min_dt_factor, regrow_after). phi = 0: explicit Euler, one sweep.
// The forces of the last sweep (at iterate K-1, within tol of the end state) are the next step's f_n (first same
// as last): one engine call per sweep plus one per step. Planar bodies with an orientation (polygons,
// GranularState::theta) turn by the rule's angle: theta_{n+1} = theta_n + dt [phi w_{n+1} + (1-phi) w_n] (alpha_Delta's z).
// Neighbor lists are updated at the start of a step (the sweeps move particles by about v dt, well inside skin/2).
// Threads (engine.threads >= 2): the force passes, the predictor, the sweeps' updates and the copies of the start
// values and springs run on the engine's pool;
// the sweeps' error sums are summed per block of kTrapezoidBlock bodies and the blocks added in order, so the
// iteration (and the motion) is the same for every thread count.
// State: GranularState (x, v, omega, xi, wall_xi and the rolling springs roll, wall_roll; f, torque hold f_n); the workspace (start values, xi_base) is
// sized once and reused, so a step allocates nothing.
// Ledger (optional): contact powers integrated with the scheme's weights, W += dt [(1-phi) P_n + phi P_{n+1}];
// gravity's exact work m g . (x_{n+1} - x_n); scheme_work S = -(work of the contact forces as the bodies feel it,
// dt [(1-phi) Fc_n + phi Fc_{n+1}] . (v_n + v_{n+1})/2, torques alike) - (dW_n + dW_t). For phi = 1/2 the rule's
// exact energy law K_{n+1} - K_n = dt (F_n + F_{n+1})/2 . (v_n + v_{n+1})/2 closes the balance to round-off (plus
// the effect of under-relaxation, which breaks the update by at most tol). S compares two quadratures of the same
// work and nearly telescopes (1e-13 J in the tests); the scheme's energy error shows in K + U - W_g itself, i.e. as
// the "damping" W_n - (U_n - U_n0) of an undamped contact, second order (tests/solvers/particles/test_particle_trapezoid.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "core/trapezoid_options.hpp"
#include "models/particles/particle_engine.hpp"
#include "solvers/particles/velocity_verlet.hpp"  // verlet_setup

namespace stickslip {

struct ParticleTrapezoidStats : TrapezoidStats {
  long rebuilds = 0;
};

// Bodies per block of the sweeps' error sums (ParticleTrapezoidWork::blocks).
inline constexpr std::size_t kTrapezoidBlock = 2048;

// Start values of a step (not state: rebuilt from the state every step).
struct ParticleTrapezoidWork {
  std::vector<Vec3> x0, v0, w0, f0, t0, xi0, wall_xi0, xi_base, wall_xi_base;
  std::vector<Vec3> roll0, wall_roll0, roll_base, wall_roll_base;  // rolling springs (empty without a Rolling law)
  std::vector<Vec3> f_prev, t_prev;  // f_{n-1}, T_{n-1} of the last accepted step (the predictor's extrapolation)
  std::vector<double> theta0;        // orientations at the start (planar bodies that have one; else empty)
  double dt_prev = 0;                // its step; 0: none yet
  ContactSums start_part;  // ledger terms of the (1-phi) dt spring advance
  double err = 0;
  std::size_t worst = 0;  // the particle whose velocity changed most in the last sweep
  int sweeps = 0;
  // per block of kTrapezoidBlock bodies: a sweep's error sums over x, v, omega, alpha and its largest velocity change
  struct BlockSums {
    TrapezoidErrorSum x, v, w, a;
    double worst = -1;
    std::size_t worst_at = 0;
  };
  std::vector<BlockSums> blocks;
};

// Set-up: neighbor lists and the forces at the initial state; starts the ledger (the set-up of velocity Verlet).
template <class Engine>
void trapezoid_setup(const Engine& e, GranularState& s, ParticleLedger* ledger = nullptr) {
  verlet_setup(e, s, ledger);
}

namespace detail {
template <class Engine>
ContactSums engine_forces(const Engine& e, GranularState& s, double dt, bool ledger) {
  if (ledger) return e.template forces<true>(s, dt);
  e.template forces<false>(s, dt);
  return ContactSums{};
}
// dst = src (dst resized to src's length, its storage reused), the copy split over the engine's threads: the start
// values of every step and the springs of every sweep are memory-bound copies the cores share.
template <class Engine, class T>
void pool_copy(const Engine& e, std::vector<T>& dst, const std::vector<T>& src) {
  dst.resize(src.size());
  run_particle_chunks(e.pool, e.threads, e.min_chunked_particles, src.size(), [&](int, std::size_t a, std::size_t b) {
    std::copy(src.begin() + static_cast<long>(a), src.begin() + static_cast<long>(b), dst.begin() + static_cast<long>(a));
  });
}
}  // namespace detail

// One attempt at a step of dt from s (forces at s in s.bodies.f/torque). On convergence s holds the end state and
// the last sweep's forces and returns true; otherwise s is restored and w.err/w.worst say why.
template <class Engine>
bool trapezoid_attempt(const Engine& e, GranularState& s, double dt, const TrapezoidOptions& o, ParticleTrapezoidWork& w,
                       ParticleTrapezoidStats& stats, ParticleLedger* ledger = nullptr) {
  // Coulomb's stick force is a velocity-Verlet form (v_t/dt with a Gauss-Seidel estimate of the other forces,
  // models/contact/coulomb.hpp); the fixed point has no such form yet.
  static_assert(!is_exact_static<std::decay_t<decltype(e.tangential)>>,
                "the engine trapezoid has no form of the exact-static (coulomb) law");
  ParticleArrays& p = s.bodies;
  const std::size_t n = p.size();
  const double phi = o.phi;
  auto copy = [&](auto& dst, const auto& src) { detail::pool_copy(e, dst, src); };  // same sizes: no allocation
  copy(w.x0, p.x), copy(w.v0, p.v), copy(w.w0, p.omega), copy(w.f0, p.f), copy(w.t0, p.torque);
  copy(w.xi0, s.xi), copy(w.wall_xi0, s.wall_xi), copy(w.roll0, s.roll), copy(w.wall_roll0, s.wall_roll);
  w.theta0 = s.theta;
  const bool turns = !s.theta.empty();
  // The spring's (1-phi) dt part at the start state (its forces are not used: f_n is already in w.f0).
  w.start_part = (1 - phi) > 0 ? detail::engine_forces(e, s, (1 - phi) * dt, ledger != nullptr) : ContactSums{};
  if ((1 - phi) > 0) ++stats.force_evaluations;
  copy(w.xi_base, s.xi), copy(w.wall_xi_base, s.wall_xi), copy(w.roll_base, s.roll), copy(w.wall_roll_base, s.wall_roll);
  // Predictor: the rule with f_{n+1} extrapolated linearly from f_{n-1}, f_n (explicit Euler on the first step).
  const double slope = w.dt_prev > 0 ? phi * dt / w.dt_prev : 0.0;
  e.for_particle_chunks(n, [&](int, std::size_t a, std::size_t b) {
    for (std::size_t i = a; i < b; ++i) {
      const Vec3 df = slope > 0 ? Vec3(slope * (w.f0[i] - w.f_prev[i])) : Vec3::Zero();
      const Vec3 dtq = slope > 0 ? Vec3(slope * (w.t0[i] - w.t_prev[i])) : Vec3::Zero();
      p.v[i] = w.v0[i] + dt * p.inv_mass[i] * (w.f0[i] + df);
      p.omega[i] = w.w0[i] + dt * p.inv_inertia[i] * (w.t0[i] + dtq);
      if (p.inv_mass[i] > 0) p.x[i] = w.x0[i] + dt * (phi * p.v[i] + (1 - phi) * w.v0[i]);
      if (turns) s.theta[i] = w.theta0[i] + dt * (phi * p.omega[i].z() + (1 - phi) * w.w0[i].z());
    }
  });
  TrapezoidRelaxation relaxation;
  ContactSums end_part;
  const double floor = 1e-12 * static_cast<double>(n);
  const std::size_t blocks = (n + kTrapezoidBlock - 1) / kTrapezoidBlock;
  w.blocks.resize(blocks);
  for (int k = 1;; ++k) {
    if (relaxation.before_sweep(k, o)) ++stats.relaxed_steps;
    copy(s.xi, w.xi_base), copy(s.wall_xi, w.wall_xi_base), copy(s.roll, w.roll_base), copy(s.wall_roll, w.wall_roll_base);
    end_part = detail::engine_forces(e, s, phi * dt, ledger != nullptr);
    ++stats.force_evaluations;
    // the update of every body, its error sums per block (blocks split over the threads)
    run_particle_chunks(e.pool, e.threads, std::max<std::size_t>(1, e.min_chunked_particles / kTrapezoidBlock), blocks,
                        [&](int, std::size_t first_block, std::size_t end_block) {
      for (std::size_t blk = first_block; blk < end_block; ++blk) {
        ParticleTrapezoidWork::BlockSums sums;
        for (std::size_t i = blk * kTrapezoidBlock; i < std::min(n, (blk + 1) * kTrapezoidBlock); ++i) {
          const Vec3 v_new =
              relaxation.apply(p.v[i], w.v0[i] + dt * p.inv_mass[i] * (phi * p.f[i] + (1 - phi) * w.f0[i]));
          const Vec3 w_new =
              relaxation.apply(p.omega[i], w.w0[i] + dt * p.inv_inertia[i] * (phi * p.torque[i] + (1 - phi) * w.t0[i]));
          const Vec3 x_new = p.inv_mass[i] > 0 ? Vec3(w.x0[i] + dt * (phi * v_new + (1 - phi) * w.v0[i])) : w.x0[i];
          const Vec3 a_old = dt * (phi * p.omega[i] + (1 - phi) * w.w0[i]),
                     a_new = dt * (phi * w_new + (1 - phi) * w.w0[i]);
          sums.x.add(x_new, p.x[i], w.x0[i]);
          sums.v.add(v_new, p.v[i], w.v0[i]);
          sums.w.add(w_new, p.omega[i], w.w0[i]);
          sums.a.add(a_new, a_old, Vec3::Zero());
          const double c = (v_new - p.v[i]).norm();
          if (!(c <= sums.worst)) sums.worst = c, sums.worst_at = i;
          p.x[i] = x_new, p.v[i] = v_new, p.omega[i] = w_new;
          if (turns) s.theta[i] = w.theta0[i] + a_new.z();
        }
        w.blocks[blk] = sums;
      }
    });
    TrapezoidErrorSum ex, ev, ew, ea;
    double worst = -1;
    for (const ParticleTrapezoidWork::BlockSums& b : w.blocks) {
      ex.add(b.x);
      ev.add(b.v);
      ew.add(b.w);
      ea.add(b.a);
      if (!(b.worst <= worst)) worst = b.worst, w.worst = b.worst_at;
    }
    w.err = std::max(std::max(ex.value(floor), ev.value(floor)), std::max(ew.value(floor), ea.value(floor)));
    w.sweeps = k;
    if (std::isfinite(w.err) && (w.err < o.tol || phi == 0)) break;
    if (!std::isfinite(w.err) || k >= o.max_iterations) {
      stats.iterations += k;
      p.x = w.x0, p.v = w.v0, p.omega = w.w0, p.f = w.f0, p.torque = w.t0;
      s.xi = w.xi0, s.wall_xi = w.wall_xi0, s.roll = w.roll0, s.wall_roll = w.wall_roll0;
      s.theta = w.theta0;
      return false;
    }
    relaxation.last_err = w.err;
  }
  std::swap(w.f_prev, w.f0);  // f_n, T_n become the next step's f_{n-1}, T_{n-1} (no allocation: swapped)
  std::swap(w.t_prev, w.t0);
  w.dt_prev = dt;
  if (ledger) {
    const Vec3 g = e.boundaries.gravity;
    double body_work = 0, gravity_work = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (p.inv_mass[i] > 0) {
        const Vec3 fc = dt * (phi * (p.f[i] - p.mass[i] * g) + (1 - phi) * (w.f_prev[i] - p.mass[i] * g));
        body_work += fc.dot(0.5 * (w.v0[i] + p.v[i]));
        gravity_work += p.mass[i] * g.dot(p.x[i] - w.x0[i]);
      }
      if (p.inv_inertia[i] > 0)
        body_work += (dt * (phi * p.torque[i] + (1 - phi) * w.t_prev[i])).dot(0.5 * (w.w0[i] + p.omega[i]));
    }
    EnergyTotals& now = ledger->now;
    now.kinetic = kinetic_energy(p);
    now.elastic_normal = end_part.elastic_normal;
    now.elastic_tangential = end_part.elastic_tangential;
    const double dw_n = dt * ((1 - phi) * ledger->last_power_normal + phi * end_part.power_normal);
    const double dw_t = dt * ((1 - phi) * ledger->last_power_tangential + phi * end_part.power_tangential);
    now.work_normal += dw_n;
    now.work_tangential += dw_t;
    now.scheme_work += -body_work - (dw_n + dw_t);
    now.jump += w.start_part.jump + end_part.jump;
    now.created += w.start_part.created + end_part.created;
    now.gravity_work += gravity_work;
    ledger->last_power_normal = end_part.power_normal;
    ledger->last_power_tangential = end_part.power_tangential;
  }
  return true;
}

// Advances s by `duration` in steps of o.dt (the last one shortened to land on the end); a step that does not
// converge in max_iterations sweeps is retried with dt/2 (down to dt min_dt_factor, regrowing after regrow_after
// good steps). observer(s) after every accepted step. Throws SolverError below the floor or on a non-finite state.
// Call trapezoid_setup first (once per run).
// w: the workspace; pass the same one to consecutive runs of one state so the predictor keeps f_{n-1} (a fresh
// workspace starts with explicit Euler).
template <class Engine, class Observer>
ParticleTrapezoidStats trapezoid_run(const Engine& e, GranularState& s, double duration, const TrapezoidOptions& o,
                                     ParticleLedger* ledger, Observer&& observer, ParticleTrapezoidWork& w) {
  validate_trapezoid_options(o);
  if (!(duration > 0)) throw_input("duration", format_value(duration), "must be > 0");
  if (e.sort_interval != 0)  // its workspace keeps per-body values across steps in the bodies' order
    throw_input("sort_interval", std::to_string(e.sort_interval), "0 under the trapezoid (sorting: velocity Verlet only)");
  ParticleTrapezoidStats stats;
  const double t0 = s.t, t_end = s.t + duration;
  TrapezoidStepControl control(t0, o);
  const RunSpan span(t0, t_end);  // the progress line (core/progress.hpp), as the old driver
  double t = t0;
  while (t < t_end) {
    check_interrupt();  // a signal stops the run between steps (core/interrupt.hpp)
    progress_at(t);
    const bool nominal = control.nominal();
    const double t_next = control.next(t, t_end);
    const double dt = t_next - t;
    if (e.update_neighbors(s)) ++stats.rebuilds;  // springs carried to the new slots; f_n per body unchanged
    if (!trapezoid_attempt(e, s, dt, o, w, stats, ledger)) {
      ++stats.rejected_steps;
      if (!control.reject()) {
        const std::string what = std::isfinite(w.err) ? "no convergence in " + std::to_string(o.max_iterations) +
                                                            " fixed-point sweeps (err " + format_value(w.err) + ")"
                                                      : std::string("non-finite state");
        throw SolverError("trapezoid (particle engine): " + what + " at t = " + format_value(t) + " with dt = " +
                          format_value(dt) + " (the floor dt * " + format_value(o.min_dt_factor) + "); particle " +
                          std::to_string(w.worst) + " changed most; reduce dt (Campello eq. 50) or raise tol");
      }
      continue;
    }
    stats.iterations += w.sweeps;
    stats.max_iterations = std::max(stats.max_iterations, w.sweeps);
    ++stats.steps;
    if (!nominal && (stats.min_dt == 0 || dt < stats.min_dt)) stats.min_dt = dt;
    t = t_next;
    s.t = t;
    control.accept(t, nominal);
    observer(static_cast<const GranularState&>(s));
  }
  return stats;
}

template <class Engine, class Observer>
ParticleTrapezoidStats trapezoid_run(const Engine& e, GranularState& s, double duration, const TrapezoidOptions& o,
                                     ParticleLedger* ledger, Observer&& observer) {
  ParticleTrapezoidWork w;
  return trapezoid_run(e, s, duration, o, ledger, observer, w);
}

template <class Engine>
ParticleTrapezoidStats trapezoid_run(const Engine& e, GranularState& s, double duration, const TrapezoidOptions& o,
                                     ParticleLedger* ledger = nullptr) {
  return trapezoid_run(e, s, duration, o, ledger, [](const GranularState&) {});
}

}  // namespace stickslip
