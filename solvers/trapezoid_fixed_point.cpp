// solvers/trapezoid_fixed_point.cpp — Algorithm 1 of seed 004 with the Gauss-Seidel sweep of Remark 5.
#include "solvers/trapezoid_fixed_point.hpp"

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"

namespace stickslip {

namespace {
using V3 = Eigen::Vector3d;

Eigen::Vector3d compose(const V3& a1, const V3& a2) {  // eq. 47 (eq. 11)
  return 4.0 / (4.0 - a1.dot(a2)) * (a1 + a2 - 0.5 * a1.cross(a2));
}

V3 rotation_vector(const V3& alpha) {  // theta e from alpha (inverse of eq. 9)
  const double a = alpha.norm();
  return a < 1e-8 ? V3(alpha) : V3(2.0 * std::atan(0.5 * a) / a * alpha);
}

}  // namespace

TrapezoidStats run_trapezoid(ParticleSystem& system, double t0, double t_end, ParticleState& state,
                             const TrapezoidOptions& o, const ParticleObserver& observer) {
  validate_trapezoid_options(o);
  if (!(t_end > t0)) throw_input("t_end", std::to_string(t_end), "must be > the start time " + std::to_string(t0));
  const std::size_t n = system.num_particles();
  if (state.size() != n) throw std::logic_error("run_trapezoid: state size does not match the system");
  const bool rot = system.rotations();
  const double phi = o.phi;
  TrapezoidStats stats;
  ParticleState trial;
  trial.resize(n);
  std::vector<V3> f0(n), m0(n), prev_x(n), prev_v(n), prev_w(n), prev_a(n);

  // One attempt at a step of size dt from `state` into `trial`; false if it does not converge.
  struct Attempt {
    int sweeps = 0;
    double err = 0;
    std::size_t worst = 0;  // the particle whose velocity changed most in the last sweep
  };
  const auto attempt = [&](double t, double dt, Attempt& a) {
    system.begin_step(t, dt, state);
    // Start-of-step forces: the trial equals the start state (no increments).
    for (std::size_t p = 0; p < n; ++p) {
      trial.x[p] = state.x[p];
      trial.v[p] = state.v[p];
      trial.omega[p] = state.omega[p];
      trial.alpha[p].setZero();
    }
    parallel_blocks(n, o.threads, [&](std::size_t b, std::size_t e) {
      for (std::size_t p = b; p < e; ++p) system.force_moment(p, state, trial, f0[p], m0[p]);
    });
    stats.force_evaluations += static_cast<long>(n);
    // Explicit predictor.
    for (std::size_t p = 0; p < n; ++p) {
      trial.v[p] = state.v[p] + dt / system.mass(p) * f0[p];
      trial.omega[p] = rot ? V3(state.omega[p] + dt / system.inertia(p) * m0[p]) : V3::Zero();
      trial.x[p] = state.x[p] + dt * (phi * trial.v[p] + (1 - phi) * state.v[p]);
      trial.alpha[p] = dt * (phi * trial.omega[p] + (1 - phi) * state.omega[p]);
    }
    int k = 0;
    TrapezoidRelaxation relaxation;  // core/trapezoid_options.hpp (observed: a 3-cycle of two particles meeting at
                                     // 5 m/s; a particle meeting the inclined face at 1.8 m/s whose contact opens
                                     // and closes on alternate sweeps)
    for (;;) {
      ++k;
      if (relaxation.before_sweep(k, o)) ++stats.relaxed_steps;
      for (std::size_t p = 0; p < n; ++p) {
        prev_x[p] = trial.x[p];
        prev_v[p] = trial.v[p];
        prev_w[p] = trial.omega[p];
        prev_a[p] = trial.alpha[p];
      }
      for (std::size_t p = 0; p < n; ++p) {  // Gauss-Seidel sweep (Remark 5)
        V3 f, m;
        system.force_moment(p, state, trial, f, m);
        const V3 v_new = state.v[p] + dt / system.mass(p) * (phi * f + (1 - phi) * f0[p]);
        trial.v[p] = relaxation.apply(trial.v[p], v_new);
        if (rot) {
          const V3 w_new = state.omega[p] + dt / system.inertia(p) * (phi * m + (1 - phi) * m0[p]);
          trial.omega[p] = relaxation.apply(trial.omega[p], w_new);
        }
        trial.x[p] = state.x[p] + dt * (phi * trial.v[p] + (1 - phi) * state.v[p]);
        trial.alpha[p] = dt * (phi * trial.omega[p] + (1 - phi) * state.omega[p]);
      }
      stats.force_evaluations += static_cast<long>(n);
      TrapezoidErrorSum ex, ev, ew, ea;
      for (std::size_t p = 0; p < n; ++p) {
        ex.add(trial.x[p], prev_x[p], state.x[p]);
        ev.add(trial.v[p], prev_v[p], state.v[p]);
        ew.add(trial.omega[p], prev_w[p], state.omega[p]);
        ea.add(trial.alpha[p], prev_a[p], V3::Zero());
      }
      const double floor = 1e-12 * static_cast<double>(n);
      const double err = std::max(std::max(ex.value(floor), ev.value(floor)), std::max(ew.value(floor), ea.value(floor)));
      a.sweeps = k;
      a.err = err;
      if (std::isfinite(err) && (err < o.tol || phi == 0)) return true;
      if (!std::isfinite(err) || k >= o.max_iterations) {
        double worst = -1;
        for (std::size_t p = 0; p < n; ++p) {
          const double c = (trial.v[p] - prev_v[p]).norm();
          if (!(c <= worst)) worst = c, a.worst = p;
        }
        stats.iterations += k;
        return false;
      }
      relaxation.last_err = err;
    }
  };

  double t = t0;
  if (observer) observer(t, state);
  TrapezoidStepControl control(t0, o);  // steps of exactly o.dt land on t0 + j dt; after a rejection the grid restarts
  const RunSpan span(t0, t_end);  // the progress line (core/progress.hpp)
  while (t < t_end) {
    check_interrupt();
    progress_at(t);
    const bool nominal = control.nominal();
    const double t_next = control.next(t, t_end);
    const double dt = t_next - t;
    Attempt a;
    if (!attempt(t, dt, a)) {
      ++stats.rejected_steps;
      if (!control.reject()) {
        const std::string what = std::isfinite(a.err) ? "no convergence in " + std::to_string(o.max_iterations) +
                                                            " fixed-point iterations (err " + format_value(a.err) + ")"
                                                      : std::string("non-finite state");
        throw SolverError("trapezoid: " + what + " at t = " + format_value(t) + " with dt = " + format_value(dt) +
                          " (the floor dt * " + format_value(o.min_dt_factor) + "); " +
                          system.describe_contacts(a.worst, state, trial) + "; reduce dt (eq. 50) or raise tol");
      }
      continue;
    }
    stats.iterations += a.sweeps;
    stats.max_iterations = std::max(stats.max_iterations, a.sweeps);
    ++stats.steps;
    if (!nominal && (stats.min_dt == 0 || dt < stats.min_dt)) stats.min_dt = dt;
    system.end_step(state, trial);
    for (std::size_t p = 0; p < n; ++p) {
      state.x[p] = trial.x[p];
      state.v[p] = trial.v[p];
      state.omega[p] = trial.omega[p];
      state.alpha[p] = compose(state.alpha[p], trial.alpha[p]);  // eq. 47
      state.phi[p] += rotation_vector(trial.alpha[p]);
    }
    t = t_next;
    control.accept(t, nominal);
    if (observer) observer(t, state);
  }
  return stats;
}

}  // namespace stickslip
