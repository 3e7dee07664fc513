// models/particles/few_spheres.hpp — a handful of spheres of one material on rigid planes, as the particle engine holds
// them (ParticleArrays + Boundaries), with the Hertz pieces of their contacts (Campello, "DEM with Rodrigues rotation
// parameters", eq. 19-23, 37, 50; models/hertz_mindlin.hpp): the scenes of the validation studies rolling-sphere and
// three-spheres (Campello ex. 5.1, 5.2), run by the engine's drivers and its state-vector form
// (solvers/particles/sphere_run.hpp).
//   bodies      the initial state: x, v, omega per sphere, radius, mass, I = 2/5 m r^2 (rotations = false: the spins
//               are frozen, inv_inertia = 0, and start at zero);
//   boundaries  planes (point, unit normal into the domain) and gravity;
//   young, poisson, xi   the material (E*, G* of eq. 38 for sphere pairs and against a rigid plane) and the normal
//               damping ratio of eq. 22.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include "core/errors.hpp"
#include "models/contact/hertz_damped.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"

namespace stickslip {

// Throws InputError naming radius, mass or E where one is not > 0 (a scene's setup checks them before it computes
// the Hertz pieces, which divide by them; FewSpheres::validate checks the built scene).
inline void require_positive_sphere(double r, double m, double e) {
  if (!(r > 0)) throw_input("radius", format_value(r), "must be > 0");
  if (!(m > 0)) throw_input("mass", format_value(m), "must be > 0");
  if (!(e > 0)) throw_input("E", format_value(e), "must be > 0");
}

struct FewSpheres {
  ParticleArrays bodies;
  Boundaries boundaries;
  double young = 1e10, poisson = 0.25, xi = 0;
  bool rotations = true;

  std::size_t add_sphere(const Vec3& x, const Vec3& v, const Vec3& omega, double radius, double mass) {
    const std::size_t i = bodies.add(x, v, radius, mass, false, false, rotations);
    if (rotations) bodies.omega[i] = omega;
    return i;
  }
  void add_plane(const Vec3& point, const Vec3& normal) { boundaries.planes.push_back({point, normal.normalized()}); }

  std::size_t size() const { return bodies.size(); }
  double inertia(std::size_t i) const { return 0.4 * bodies.mass[i] * bodies.radius[i] * bodies.radius[i]; }
  double min_radius() const {
    double r = std::numeric_limits<double>::infinity();
    for (double ri : bodies.radius) r = std::min(r, ri);
    return r;
  }
  // r*, E*, G*, m* of two spheres and of sphere i against a rigid plane.
  ContactPair pair(std::size_t i, std::size_t j) const {
    return sphere_sphere_pair(bodies.radius[i], bodies.mass[i], young, poisson, bodies.radius[j], bodies.mass[j], young,
                              poisson);
  }
  ContactPair wall_pair(std::size_t i) const { return sphere_wall_pair(bodies.radius[i], bodies.mass[i], young, poisson); }
  // The engine's normal law for this material.
  HertzDamped normal_law() const { return HertzDamped::material(young, poisson, xi); }
  // Throws InputError naming the key (radius, mass, E, nu, xi) when a value is out of range.
  void validate() const {
    for (std::size_t i = 0; i < size(); ++i) {
      if (!(bodies.radius[i] > 0)) throw_input("radius", format_value(bodies.radius[i]), "must be > 0");
      if (!(bodies.mass[i] > 0)) throw_input("mass", format_value(bodies.mass[i]), "must be > 0");
    }
    if (!(young > 0)) throw_input("E", format_value(young), "must be > 0");
    if (!(poisson > -1 && poisson < 0.5)) throw_input("nu", format_value(poisson), "must lie in (-1, 0.5)");
    if (!(xi >= 0)) throw_input("xi", format_value(xi), "must be >= 0");
  }
  // Overlap of sphere i with plane w at the initial state (> 0: pressed in).
  double plane_overlap(std::size_t i, std::size_t w) const {
    const PlaneWall& p = boundaries.planes[w];
    return bodies.radius[i] - (bodies.x[i] - p.point).dot(p.normal);
  }
};

// What an observer of a run sees of sphere p: position, velocity, spin and phi = int omega dt (the total rotation
// about a fixed axis, as Campello's Fig. 5 and 7 plot it).
struct SphereSample {
  std::vector<Vec3> x, v, omega, phi;
};
// The scene's initial state as a sample (phi = 0).
inline SphereSample initial_sample(const FewSpheres& scene) {
  const ParticleArrays& b = scene.bodies;
  return {b.x, b.v, b.omega, std::vector<Vec3>(b.size(), Vec3::Zero())};
}

}  // namespace stickslip
