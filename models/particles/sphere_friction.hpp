// models/particles/sphere_friction.hpp — the friction of a few spheres on planes (models/particles/few_spheres.hpp):
// one tangential law of the engine's registry by name (particle_law_names()), with its own parameters between spheres
// and against the planes (models/particles/wall_friction.hpp), and the linearised modes of the contacts that last the
// whole run.
// Those are the contacts of a sphere resting on a plane under gravity (the rolling sphere, the floor of the three
// spheres); linearised at the Hertz static overlap h under m |g.n| each is a damped oscillator:
//   normal      omega^2 = (3/2 m |g.n| / h)/m, damping ratio xi (eq. 22 scales d* so that xi is the linearised ratio)
//   tangential  the law's spring: mindlin k_t = Mindlin's stiffness at h (eq. 37), undamped; a law with a constant
//               spring kt and dashpot gamma_t per effective mass (csds, dsds, cundall-strack, ...) k_t = kt, ratio
//               gamma_t m/(2 sqrt(k_t m_t)) (the engine's m* of a sphere-plane contact is m); m_t = m/3.5 the contact
//               point's tangential mass (translation and rolling; m/1 without rotations); coulomb and none have no
//               spring
//   relaxation  csds while sliding relaxes its spring at rate k_t/(gamma_t m) (eq. 10): a real mode.
// Collisions between spheres last a contact time, not the run: not counted.
#pragma once

#include <string>
#include <vector>

#include "models/particles/engine_laws.hpp"
#include "models/particles/few_spheres.hpp"

namespace stickslip {

struct SphereFriction {
  std::string law = "mindlin";
  TangentialParameters pair, wall;
};

struct RestingContactMode {
  std::string what;    // "normal contact of sphere 0 with plane 0", ...
  double omega, zeta;  // natural frequency (rad/s) and damping ratio of the linearised mode
};
std::vector<RestingContactMode> resting_contact_modes(const FewSpheres& scene, const SphereFriction& friction);

}  // namespace stickslip
