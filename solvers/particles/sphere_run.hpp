// solvers/particles/sphere_run.hpp — a few spheres on planes (models/particles/few_spheres.hpp) run on the particle
// engine with any of the engine's integrators, the spheres' states reported to one observer:
//   trapezoid   the generalized trapezoidal rule of Campello's Algorithm 1 (solvers/particles/particle_trapezoid.hpp);
//   verlet      velocity Verlet (solvers/particles/velocity_verlet.hpp) on the grid k dt;
//   euler, midpoint, heun, rk4, dopri5, cvode, ida   the engine's state-vector form (models/particles/engine_model.hpp)
//               through solvers/integrate.hpp: every pair and plane a candidate for the whole run, contact and
//               stick/slip switches located as events.
// The contacts: the engine's Hertz law with Campello's damping (eq. 19-23) and the tangential law of SphereFriction
// (models/particles/sphere_friction.hpp); a driver the law has no form for is refused naming `tangential` and the
// laws that have one.
// Rotations: the fixed-step drivers sum phi = int omega dt by the trapezoid rule of each step's spins (eq. 45 with
// phi = 1/2); the state-vector form integrates phi' = omega.
//
// Which integrators a scene accepts (simulate refuses the others with an InputError naming "integrator", exit 2): a
// fixed-step scheme (euler, midpoint, heun, rk4) is refused when it amplifies one of the resting contacts' modes
// (resting_contact_modes, solvers/linear_stability.hpp) more than 1e3-fold over the run, n ln|R(lambda dt)| > ln 1e3
// (n = t_end/dt): the round-off of the static balance (~1e-13 of h) would pass 1e-10 of h, and it grows on until the
// contact opens. Explicit Euler and the 2-stage methods amplify every undamped mode at every dt (|R(i y)| > 1), so an
// undamped Hertz contact (xi = 0) passes only if t_end omega^2 dt/2 <= ln 1e3 (Euler) or t_end omega^4 dt^3/8 <=
// ln 1e3 (midpoint, heun). Measured on the old state-vector form (rolling sphere, rigid Coulomb, 30 random draws,
// r 0.05-0.5 m, m 0.5-1000 kg, mu 0.05-0.6, |v0| < 8 m/s, |omega0| < 100 rad/s, t_end = 1.33 t_roll, dt = 1e-4):
// with xi = 0 Euler is refused on all 30 (run anyway: t_roll off by 6 % to 48 %, or no roll at all: the sphere leaves
// the plane), midpoint/heun on 12, rk4 on none; every accepted run within 1e-11 of t_roll. The trapezoid rule
// (A-stable), velocity Verlet (symplectic: |R| = 1 below omega dt = 2) and the adaptive drivers (error control) are
// accepted.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/trapezoid_options.hpp"
#include "models/particles/few_spheres.hpp"
#include "models/particles/sphere_friction.hpp"
#include "solvers/integrator_spec.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names();  // trapezoid, verlet, rk4, dopri5, cvode, ida, euler, heun, midpoint

struct SphereRunOptions {
  IntegratorSpec integrator = Scheme::trapezoid;
  double dt = 1e-4;
  TrapezoidOptions trapezoid;  // phi, tol, max_iterations (dt is copied from above)
  double rtol = 1e-8, atol = 1e-10;
  double max_step = 0;  // adaptive drivers: largest step (0: only the tunnelling bound of simulate applies)
};

struct SphereRunStats {
  long steps = 0, rhs_evals = 0, events = 0;
  long iterations = 0;
  int max_iterations = 0;
  double mean_iterations = 0;
  long rejected_steps = 0;  // trapezoid steps retried with dt/2
  double min_dt = 0;        // smallest trapezoid step taken
};

using SphereObserver = std::function<void(double t, const SphereSample& s)>;

// Why `o.integrator` cannot give a trustworthy answer on this scene over t_end ("" if it can), with the largest dt
// that would pass.
std::string sphere_integrator_refuses(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                                      const SphereRunOptions& o);

// The run from t = 0 to t_end; throws InputError (integrator, tangential, dt, particles) before it starts.
SphereRunStats simulate(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                        const SphereRunOptions& options, const SphereObserver& observer);

}  // namespace stickslip
