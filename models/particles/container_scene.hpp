// models/particles/container_scene.hpp — the scene of Campello's DEM paper (Rodrigues rotation parameters), example
// 5.3 (Fig. 8) as particle-engine data: a 2-D slice (centres and walls in z = 0) of a container with a vertical left
// wall at x = 0, a floor from (0, 0) to (floor_width, 0), a right face inclined at incline_deg up to y = incline_rise
// and then vertical at x_right = floor_width + incline_rise / tan(incline_deg); identical spheres (mass
// m = rho 4/3 pi r^3, I = 2/5 m r^2) placed at rest in a vessel of width vessel_width and height vessel_height (the
// paper's 0.75 x 20 m; vessel_width at most the face's run incline_rise / tan(incline_deg)), centred over the middle of
// the inclined face, its bottom vessel_gap above the face's highest point under the vessel. Gravity -9.81 m/s^2 along y. The walls are segments, so nothing leaves the x-y plane: the
// z components of positions, velocities and forces and the x, y components of spins and torques stay exactly zero.
//
// Placement (build_container): random sequential addition (seeded mt19937_64, uniforms from its top 53 bits, the same
// stream on every platform) of centres in [x0 + r, x0 + vessel_width - r] x [vessel_bottom, vessel_top] with
// vessel_top = vessel_bottom + vessel_height - 2 r, a candidate kept when no placed centre is closer than 2 r (a grid
// of cells 2 r wide finds the candidates); near its jamming limit it can fail for one seed and not another, so after
// 2e7 attempts it falls back to a jittered square lattice or, when that does not hold them, a hexagonal one
// (placement = "lattice"). The container's bounding box is boundaries.box (open axes; only dumps read it).
// State (ContainerSetup::bodies, index p = 0..N-1): x_p at rest (v = omega = 0), radius r, mass m, inv_inertia
// 1/(2/5 m r^2); boundaries.segments: left wall, floor, inclined face, right wall (this order).
#pragma once

#include <cstdint>
#include <string>

#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct ContainerSpec {
  std::size_t particles = 230;
  double radius = 0.1, density = 2500, young = 1e8, poisson = 0.25;
  double floor_width = 2.0, incline_deg = 45.0, incline_rise = 3.0;
  double vessel_width = 0.75, vessel_height = 20.0, vessel_gap = 0.825;
  std::uint64_t seed = 1;
};

struct ContainerSetup {
  ParticleArrays bodies;    // the spheres at rest, rotations free (container_bodies freezes them)
  Boundaries boundaries;    // the four segments, gravity, the bounding box
  double young = 0, poisson = 0;  // the spheres' (and the walls') material, Pa and -
  double x_right = 0;       // x of the vertical part of the right face
  double wall_top = 0;      // top of the vertical walls
  double vessel_bottom = 0, vessel_top = 0;  // the range of the centres' y in the vessel
  double vessel_packing = 0;  // area fraction of the particles in the vessel
  std::string placement = "random";  // "random" (sequential addition) or "lattice" (the jittered fallback)
  double mass() const { return bodies.mass.empty() ? 0.0 : bodies.mass[0]; }
};

// Throws InputError naming the key when the vessel cannot hold the particles at that packing or the geometry is
// inconsistent.
ContainerSetup build_container(const ContainerSpec& spec);

// The setup's bodies for a pour; rotations = false holds the spins at zero (inv_inertia = 0).
ParticleArrays container_bodies(const ContainerSetup& setup, bool rotations);

}  // namespace stickslip
