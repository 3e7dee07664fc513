// core/trapezoid_options.hpp — options, statistics and the iteration policy of seed 004's generalized trapezoidal
// rule (§4, eq. 40-49, Algorithm 1), used by its driver on the particle engine (solvers/particles/particle_trapezoid.hpp,
// Jacobi sweeps).
//
//   TrapezoidErrorSum      the convergence measure of eq. 48 (eq. 49 when the denominator vanishes), per field
//   TrapezoidRelaxation    under-relaxation of the v, omega updates when the sweep stagnates (relax_after, min_relax)
//   TrapezoidStepControl   step rejection (dt/2 down to dt min_dt_factor) and regrowth after regrow_after good steps,
//                          on the grid t_base + j dt while the step is nominal (no accumulated rounding)
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

namespace stickslip {

struct TrapezoidOptions {
  double phi = 0.5;
  double dt = 1e-4;
  double tol = 1e-4;     // the seed's TOL
  int max_iterations = 200;
  // Threads for the start-of-step forces (a Jacobi pass, independent per particle); the Gauss-Seidel sweep stays
  // sequential (Remark 5), so results do not depend on this number.
  int threads = 1;
  // Window of sweeps: when the error has not dropped by 10 % over one window, the updates of v and omega are under-relaxed
  // by a further factor 1/2 (down to 1/64); 0: plain Gauss-Seidel only.
  int relax_after = 20;
  // Smallest under-relaxation factor. A contact that first touches within a step flips between open and closed
  // from one sweep to the next (the damping of eq. 22 has an infinite slope at h = 0+); the relaxed sweep then
  // cycles with an amplitude proportional to the factor, so the floor must be small enough to take it below tol.
  double min_relax = 1.0 / 4096;
  // Step rejection: a step that does not converge within max_iterations is retried with dt/2, down to
  // dt * min_dt_factor; after `regrow_after` converged steps the step doubles again (up to dt).
  double min_dt_factor = 1.0 / 1024;
  int regrow_after = 8;
};

struct TrapezoidStats {
  long steps = 0;
  long iterations = 0;       // total sweeps over all particles
  int max_iterations = 0;    // most sweeps in one step
  long force_evaluations = 0;
  long relaxed_steps = 0;      // steps that needed under-relaxation
  long rejected_steps = 0;     // attempts that did not converge and were retried with dt/2
  double min_dt = 0;           // smallest step taken after a rejection (0: none rejected)
  void add(const TrapezoidStats& o) {
    steps += o.steps;
    iterations += o.iterations;
    max_iterations = std::max(max_iterations, o.max_iterations);
    force_evaluations += o.force_evaluations;
    relaxed_steps += o.relaxed_steps;
    rejected_steps += o.rejected_steps;
    if (o.min_dt > 0 && (min_dt == 0 || o.min_dt < min_dt)) min_dt = o.min_dt;
  }
  double mean_iterations() const { return steps ? double(iterations) / double(steps) : 0.0; }
};

// Throws InputError naming phi, dt, tol or max_iterations when out of range.
void validate_trapezoid_options(const TrapezoidOptions& options);

// eq. 48, or eq. 49 when the denominator vanishes, summed over the particles for one field (x, v, omega, alpha).
struct TrapezoidErrorSum {
  double change = 0, increment = 0, magnitude = 0;
  void add(const Eigen::Vector3d& now, const Eigen::Vector3d& previous, const Eigen::Vector3d& start) {
    change += (now - previous).norm();
    increment += (now - start).norm();
    magnitude += now.norm();
  }
  // The sums of another set of particles (partial sums of blocks, added in block order).
  void add(const TrapezoidErrorSum& o) {
    change += o.change;
    increment += o.increment;
    magnitude += o.magnitude;
  }
  // floor: changes of 1e-12 (SI) per particle are rounding, not iteration error (a system at rest has vanishing
  // increments and magnitudes, where eq. 48-49 would divide rounding by rounding).
  double value(double floor) const {
    if (change <= floor) return 0.0;
    if (increment > 1e-14 * magnitude) return change / std::max(increment, floor);
    return change / std::max(magnitude, floor);
  }
};

// Under-relaxation when the plain sweep stagnates: every relax_after sweeps, if the error has not dropped below 0.9
// of its value relax_after sweeps earlier, the updates of v and omega are relaxed by a further factor 1/2 (down to
// min_relax). The damping of eq. 22 grows like h^{1/4}, so its slope is unbounded at first touch and the plain sweep
// can cycle there; relaxing keeps the same fixed point, and a sweep that contracts, however slowly, is left alone.
struct TrapezoidRelaxation {
  double relax = 1.0, last_err = 0, window_err = HUGE_VAL;
  bool relaxed = false;
  // Before sweep k (1-based); returns true the first time this step gets relaxed.
  bool before_sweep(int k, const TrapezoidOptions& o) {
    bool first = false;
    if (o.relax_after > 0 && k > 1 && (k - 1) % o.relax_after == 0) {
      if (last_err > 0.9 * window_err && relax > o.min_relax) {
        first = !relaxed;
        relaxed = true;
        relax *= 0.5;
      }
      window_err = last_err;
    }
    return first;
  }
  // a + relax (target - a), exactly target when not relaxed.
  Eigen::Vector3d apply(const Eigen::Vector3d& a, const Eigen::Vector3d& target) const {
    return relax == 1.0 ? target : Eigen::Vector3d(a + relax * (target - a));
  }
};

// Step sizes: nominal steps land on t_base + j dt; after a rejection the step halves (retry), and after
// regrow_after converged smaller steps it doubles back towards dt.
struct TrapezoidStepControl {
  double t_base, h, dt, h_min;
  long j = 0, good = 0;
  int regrow_after;
  TrapezoidStepControl(double t0, const TrapezoidOptions& o)
      : t_base(t0), h(o.dt), dt(o.dt), h_min(o.dt * o.min_dt_factor), regrow_after(o.regrow_after) {}
  bool nominal() const { return h == dt; }
  // End of the next attempt from t (clipped to t_end).
  double next(double t, double t_end) const {
    double t_next = nominal() ? t_base + static_cast<double>(j + 1) * dt : t + h;
    if (t_next >= t_end - 1e-9 * dt) t_next = t_end;
    return t_next;
  }
  // After a failed attempt: false when halving would go below the floor (give up), else halves the step.
  bool reject() {
    if (h * 0.5 < h_min * (1 - 1e-12)) return false;
    h *= 0.5;
    good = 0;
    return true;
  }
  // After an accepted step that ended at t (was_nominal: taken with the nominal step).
  void accept(double t, bool was_nominal) {
    if (was_nominal) {
      ++j;
    } else if (++good >= regrow_after) {
      h = std::min(dt, 2 * h);
      good = 0;
      if (h == dt) t_base = t, j = 0;
    }
  }
};

}  // namespace stickslip
