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
};

struct TrapezoidStats {
  long steps = 0;
  long iterations = 0;       // total sweeps over all particles
  int max_iterations = 0;    // most sweeps in one step
  long force_evaluations = 0;
  long relaxed_steps = 0;      // steps that needed under-relaxation
  double mean_iterations() const { return steps ? double(iterations) / double(steps) : 0.0; }
};

// Called at t0 and after every step.
using ParticleObserver = std::function<void(double t, const ParticleState& state)>;

// Advances `state` from t0 to t_end in steps of options.dt (the last step shortened to land on t_end).
// Throws SolverError if a step does not converge within max_iterations or the state stops being finite.
TrapezoidStats run_trapezoid(ParticleSystem& system, double t0, double t_end, ParticleState& state,
                             const TrapezoidOptions& options, const ParticleObserver& observer = {});

// Throws InputError naming phi, dt, tol or max_iterations when out of range.
void validate_trapezoid_options(const TrapezoidOptions& options);

}  // namespace stickslip
