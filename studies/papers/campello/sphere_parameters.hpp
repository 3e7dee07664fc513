// studies/papers/campello/sphere_parameters.hpp — the parameters the two sphere studies (rolling-sphere,
// three-spheres: Campello, "DEM with Rodrigues rotation parameters", ex. 5.1, 5.2) share: the tangential law of the
// contacts with its parameters (models/particles/sphere_friction.hpp) and the integrator with its step and
// tolerances (solvers/particles/sphere_run.hpp).
#pragma once

#include <string>

#include "core/parameters.hpp"
#include "models/particles/sphere_friction.hpp"
#include "solvers/particles/sphere_run.hpp"

namespace stickslip {

// The sphere studies' tangential laws: the engine's (particle_law_names()); coulomb-stick, the old name of the rigid
// Coulomb contact, is still read as coulomb.
const Renames& sphere_tangential_renames();

// Declares tangential (default mindlin), kt (default auto), gamma_t and the other engine laws' parameters.
void declare_sphere_friction_parameters(Parameters& p);
// Reads them into `friction` (its mu, young, poisson are the caller's): kt auto is Mindlin's stiffness of the resting
// contact (eq. 37 at the static overlap h of `wall`), so that a constant-spring law starts where Mindlin's spring is.
void read_sphere_friction(const Parameters& p, const ContactPair& wall, double static_overlap, SphereFriction& friction);

// Declares integrator, dt, phi, tol, rtol, atol on a study's parameters (defaults as given).
void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt);
// Reads them back (dt "auto" -> auto_dt).
SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt);

}  // namespace stickslip
