// studies/papers/sphere_engine_runner.hpp — a SphereScene run on the particle engine (models/particles) under its trapezoid
// driver (models/particles/particle_trapezoid.hpp), reporting ParticleStates like run_spheres (studies/
// sphere_runner.hpp) does for the SphereStepper and SphereModel paths: the `engine=particles` option of the
// sphere studies.
//
// The scene becomes HertzDamped (E*, G* of the scene's pair and wall contacts, its xi) + Mindlin (one mu) with its
// planes, segments and gravity. What the engine's laws do not hold is refused with InputError naming the key:
// tangential other than mindlin (the scene's csds/dsds use k_t(h) of eq. 37 and an absolute gamma_t; the engine's
// have constant k_t and gamma_t m*), mu_s != mu_d, mu_pp != mu (the engine's Mindlin has one mu), drag and
// near-field forces, spheres of different materials, integrators other than trapezoid.
// Rotations: the engine keeps omega only; the observer's alpha (Rodrigues, total) and phi (int omega dt) are composed
// from the step's rotation vector dt (omega_n + omega_{n+1})/2 (eq. 45 with phi = 1/2, eq. 47).
#pragma once

#include "studies/papers/sphere_runner.hpp"

namespace stickslip {

SphereRunStats run_spheres_on_engine(const SphereScene& scene, const ParticleState& initial, double t_end,
                                     const SphereRunOptions& options, const ParticleObserver& observer);

}  // namespace stickslip
