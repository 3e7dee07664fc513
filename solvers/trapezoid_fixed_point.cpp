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

// eq. 48, or eq. 49 when the denominator vanishes.
struct ErrorSum {
  double change = 0, increment = 0, magnitude = 0;
  void add(const V3& now, const V3& previous, const V3& start) {
    change += (now - previous).norm();
    increment += (now - start).norm();
    magnitude += now.norm();
  }
  // floor: changes of 1e-12 (SI) per particle are rounding, not iteration error (a system at rest has vanishing
  // increments and magnitudes, where eq. 48-49 would divide rounding by rounding).
  double value(double floor) const {
    if (change <= floor) return 0.0;
    if (increment > 1e-14 * magnitude) return change / std::max(increment, floor);
    return change / std::max(magnitude, floor);
  }
};
}  // namespace

void validate_trapezoid_options(const TrapezoidOptions& o) {
  if (!(o.phi >= 0 && o.phi <= 1)) throw_input("phi", std::to_string(o.phi), "must lie in [0, 1]");
  if (!(o.dt > 0)) throw_input("dt", std::to_string(o.dt), "must be > 0");
  if (!(o.tol > 0 && o.tol < 1)) throw_input("tol", std::to_string(o.tol), "must lie in (0, 1)");
  if (o.max_iterations < 1) throw_input("max_iterations", std::to_string(o.max_iterations), "must be >= 1");
  if (o.relax_after < 0) throw_input("relax_after", std::to_string(o.relax_after), "must be >= 0 (0: never relax)");
  if (!(o.min_relax > 0 && o.min_relax <= 1)) throw_input("min_relax", format_value(o.min_relax), "must lie in (0, 1]");
  if (!(o.min_dt_factor > 0 && o.min_dt_factor <= 1))
    throw_input("min_dt_factor", format_value(o.min_dt_factor), "must lie in (0, 1]");
  if (o.threads < 1 || o.threads > 256) throw_input("threads", std::to_string(o.threads), "must lie in [1, 256]");
}

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
    double relax = 1.0, last_err = 0, window_err = HUGE_VAL;
    bool relaxed = false;
    for (;;) {
      ++k;
      // Under-relaxation when the plain sweep stagnates: every relax_after sweeps, if the error has not dropped
      // below 0.9 of its value relax_after sweeps earlier, the updates of v and omega are relaxed by a further factor 1/2
      // (down to min_relax). The damping of eq. 22 grows like h^{1/4}, so its slope is unbounded at first touch and the
      // plain sweep can cycle there (observed: a 3-cycle of two particles meeting at 5 m/s; a particle meeting the
      // inclined face at 1.8 m/s whose contact opens and closes on alternate sweeps); relaxing keeps the same
      // fixed point, and a sweep that contracts, however slowly, is left alone.
      if (o.relax_after > 0 && k > 1 && (k - 1) % o.relax_after == 0) {
        if (last_err > 0.9 * window_err && relax > o.min_relax) {
          if (!relaxed) ++stats.relaxed_steps;
          relaxed = true;
          relax *= 0.5;
        }
        window_err = last_err;
      }
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
        trial.v[p] = relax == 1.0 ? v_new : V3(trial.v[p] + relax * (v_new - trial.v[p]));
        if (rot) {
          const V3 w_new = state.omega[p] + dt / system.inertia(p) * (phi * m + (1 - phi) * m0[p]);
          trial.omega[p] = relax == 1.0 ? w_new : V3(trial.omega[p] + relax * (w_new - trial.omega[p]));
        }
        trial.x[p] = state.x[p] + dt * (phi * trial.v[p] + (1 - phi) * state.v[p]);
        trial.alpha[p] = dt * (phi * trial.omega[p] + (1 - phi) * state.omega[p]);
      }
      stats.force_evaluations += static_cast<long>(n);
      ErrorSum ex, ev, ew, ea;
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
      last_err = err;
    }
  };

  double t = t0;
  if (observer) observer(t, state);
  // Steps of exactly o.dt land on t_base + j dt (no accumulated rounding); after a rejection the grid restarts.
  double t_base = t0, h = o.dt;
  long j = 0, good = 0;
  const double h_min = o.dt * o.min_dt_factor;
  const RunSpan span(t0, t_end);  // the progress line (core/progress.hpp)
  while (t < t_end) {
    check_interrupt();
    progress_at(t);
    const bool nominal = h == o.dt;
    double t_next = nominal ? t_base + static_cast<double>(j + 1) * o.dt : t + h;
    if (t_next >= t_end - 1e-9 * o.dt) t_next = t_end;
    const double dt = t_next - t;
    Attempt a;
    if (!attempt(t, dt, a)) {
      ++stats.rejected_steps;
      if (h * 0.5 < h_min * (1 - 1e-12)) {
        const std::string what = std::isfinite(a.err) ? "no convergence in " + std::to_string(o.max_iterations) +
                                                            " fixed-point iterations (err " + format_value(a.err) + ")"
                                                      : std::string("non-finite state");
        throw SolverError("trapezoid: " + what + " at t = " + format_value(t) + " with dt = " + format_value(dt) +
                          " (the floor dt * " + format_value(o.min_dt_factor) + "); " +
                          system.describe_contacts(a.worst, state, trial) + "; reduce dt (eq. 50) or raise tol");
      }
      h *= 0.5;
      good = 0;
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
    if (nominal) {
      ++j;
    } else if (++good >= o.regrow_after) {  // grow back towards dt
      h = std::min(o.dt, 2 * h);
      good = 0;
      if (h == o.dt) t_base = t, j = 0;
    }
    if (observer) observer(t, state);
  }
  return stats;
}

}  // namespace stickslip
