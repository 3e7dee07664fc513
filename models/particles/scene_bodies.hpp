// models/particles/scene_bodies.hpp — a sphere scene (models/sphere_scene.hpp: radii, masses, planes, segments,
// gravity) and its state as the particle engine's bodies and boundaries, so the scenes built for the old
// trapezoid stepper (the container of seed 004 ex. 5.3) run on the engine unchanged.
//   bodies: sphere i at x_i with v_i, omega_i, radius r_i, mass m_i, I = 2/5 m r^2 (the scene's spheres; a 2-D slice
//           of spheres keeps z = 0 exactly, see particle_arrays.hpp); rotations = false freezes the spins (I^-1 = 0).
//   boundaries: Plane {point, normal into the domain} -> PlaneWall, Segment {a, b} -> SegmentWall (planes first,
//           then segments, the scene's wall order), gravity = scene.params.gravity, no periodic axis.
// Not carried: drag and the near-field force (eq. 15-18; the engine has neither: the caller handles drag).
#pragma once

#include "core/particle_system.hpp"
#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"
#include "models/sphere_scene.hpp"

namespace stickslip {

Boundaries scene_boundaries(const SphereScene& scene);
ParticleArrays scene_bodies(const SphereScene& scene, const ParticleState& state, bool rotations);

}  // namespace stickslip
