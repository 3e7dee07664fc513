// studies/papers/sphere_engine_runner.hpp — a SphereScene run on the particle engine (models/particles), reporting
// ParticleStates like run_spheres (studies/papers/sphere_runner.hpp) does for the SphereStepper and SphereModel paths:
// the `engine=particles` option of the sphere studies, under
//   trapezoid   the engine's generalized trapezoidal rule (models/particles/particle_trapezoid.hpp, Algorithm 1);
//   verlet      velocity Verlet (models/particles/velocity_verlet.hpp) on the grid k dt;
//   euler .. rk4, dopri5, cvode, ida   the engine's state-vector form (models/particles/engine_model.hpp: every pair
//               and wall a candidate for the whole run, contact and stick/slip switches located as events).
// The scene becomes HertzDamped (E*, G* of the scene's pair and wall contacts, its xi) + Mindlin (one mu), or the
// rigid Coulomb contact (coulomb-stick, ODE integrators only), with its planes, segments and gravity. What the
// engine's laws do not hold is refused with InputError naming the key: tangential csds/dsds (the scene's use k_t(h)
// of eq. 37 and an absolute gamma_t; the engine's have constant k_t and gamma_t m*), mu_s != mu_d, mu_pp != mu,
// drag and near-field forces, spheres of different materials.
// Rotations: the fixed-step drivers compose the observer's alpha (Rodrigues, total) and phi (int omega dt) from each
// step's rotation vector dt (omega_n + omega_{n+1})/2 (eq. 45 with phi = 1/2, eq. 47); the state-vector form
// integrates phi and reports alpha as the rotation of phi (exact while the axis is fixed).
#pragma once

#include "studies/papers/sphere_runner.hpp"

namespace stickslip {

SphereRunStats run_spheres_on_engine(const SphereScene& scene, const ParticleState& initial, double t_end,
                                     const SphereRunOptions& options, const ParticleObserver& observer);

}  // namespace stickslip
