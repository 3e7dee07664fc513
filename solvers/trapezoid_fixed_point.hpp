// solvers/trapezoid_fixed_point.hpp — the generalized trapezoidal rule of seed 004 §4 (eq. 40-49, Algorithm 1)
// for a core/particle_system.hpp ParticleSystem, solved by Gauss-Seidel fixed-point iterations.
//
//   v(t+dt) = v(t) + dt/m [phi f(t+dt) + (1-phi) f(t)],   omega(t+dt) = omega(t) + dt/j [phi m(t+dt) + (1-phi) m(t)]
//   x(t+dt) = x(t) + dt [phi v(t+dt) + (1-phi) v(t)],     alpha_Delta = dt [phi omega(t+dt) + (1-phi) omega(t)]
//   alpha(t+dt) = alpha(t) (+) alpha_Delta by eq. 47 after convergence.
// Iteration K -> K+1 sweeps the particles in order and uses the particles already updated in this sweep
// (Remark 5). The start is an explicit Euler predictor. Convergence: err(a) < tol for a = x, v, omega, alpha_Delta
// with err of eq. 48 (eq. 49 when the denominator vanishes). phi = 0 is explicit Euler (one sweep), 1 backward Euler.
#pragma once

#include <algorithm>
#include <functional>

#include "core/particle_system.hpp"

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

// Called at t0 and after every step.
using ParticleObserver = std::function<void(double t, const ParticleState& state)>;

// Advances `state` from t0 to t_end in steps of options.dt (the last step shortened to land on t_end). A step that
// does not converge within max_iterations is rejected and retried with half the step (see min_dt_factor).
// Throws SolverError, naming the particle whose velocity changed most and its contacts with their modes, if a step
// does not converge at the smallest step, or if the state stops being finite.
TrapezoidStats run_trapezoid(ParticleSystem& system, double t0, double t_end, ParticleState& state,
                             const TrapezoidOptions& options, const ParticleObserver& observer = {});

// Throws InputError naming phi, dt, tol or max_iterations when out of range.
void validate_trapezoid_options(const TrapezoidOptions& options);

}  // namespace stickslip
