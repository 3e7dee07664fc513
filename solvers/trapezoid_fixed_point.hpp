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
#include "core/trapezoid_options.hpp"  // TrapezoidOptions, TrapezoidStats, the iteration policy

namespace stickslip {

// Called at t0 and after every step.
using ParticleObserver = std::function<void(double t, const ParticleState& state)>;

// Advances `state` from t0 to t_end in steps of options.dt (the last step shortened to land on t_end). A step that
// does not converge within max_iterations is rejected and retried with half the step (see min_dt_factor).
// Throws SolverError, naming the particle whose velocity changed most and its contacts with their modes, if a step
// does not converge at the smallest step, or if the state stops being finite.
TrapezoidStats run_trapezoid(ParticleSystem& system, double t0, double t_end, ParticleState& state,
                             const TrapezoidOptions& options, const ParticleObserver& observer = {});

}  // namespace stickslip
