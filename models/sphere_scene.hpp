// models/sphere_scene.hpp — the data of a sphere packing problem (seed 004 §3): particles, rigid walls,
// body forces and contact parameters, and the pairwise geometry shared by the ODE form (models/sphere_model)
// and the trapezoid form (models/sphere_stepper).
//
// Forces on particle i (eq. 13-14): gravity m g; drag -c (v - v_fluid) (eq. 15); near-field
// (kappa1 d^-lambda1 - kappa2 d^-lambda2) n_ij for pairs closer than nf_cutoff (eq. 16-18); Hertz contact with
// damping (eq. 19-23); a tangential law per contact (mindlin of seed 004, csds/dsds of seed 001); friction
// moment r_i n x f_t (eq. 39). Inertia j = 2/5 m r^2. Walls are rigid: infinite planes (point, unit normal into
// the domain) and straight segments (for the 2-D container slice, the particles' centres in the segment's plane).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/particle_system.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/container_scene.hpp"

namespace stickslip {

// The names of the law registry (models/contact/registry.hpp) the scene's contacts run: mindlin, csds, dsds. The
// scene's csds and dsds take Mindlin's stiffness k_t(h) and an absolute dashpot gamma_t (N s/m), unlike the
// registry's constant k_t and gamma_t per effective mass; this stack retires when rolling-sphere and three-spheres run
// on the particle engine.
const std::vector<std::string>& tangential_law_names();
// The name, checked (InputError naming `key`).
std::string parse_tangential_law(const std::string& key, const std::string& name);

struct SphereParams {
  Vec3 gravity{0.0, -9.81, 0.0};
  double drag = 0.0;                      // c_fluid, N s/m (eq. 15)
  Vec3 v_fluid{0.0, 0.0, 0.0};
  double kappa1 = 0, lambda1 = 0, kappa2 = 0, lambda2 = 0, nf_cutoff = 0;  // eq. 17
  double xi = 0.0;                        // normal damping ratio (eq. 22)
  double mu_s_pp = 0.1, mu_d_pp = 0.1;    // particle-particle
  double mu_s_pw = 0.25, mu_d_pw = 0.25;  // particle-wall
  std::string law = "mindlin";           // tangential_law_names()
  double gamma_t = 0.0;                   // tangential damping of csds/dsds, N s/m
  bool rotations = true;                  // false: spins held at zero (Fig. 11-12 of the seed)
};

struct Plane {
  Vec3 point, normal;  // normal: unit, pointing into the domain
};
struct Segment {
  Vec3 a, b;
};

// One contact's geometry: n from i's centre towards j (or the wall), overlap h, and kinematics.
struct ContactGeometry {
  Vec3 n;
  double h = 0;      // overlap r_i + r_j - d (> 0 in contact)
  double dist = 0;   // centre distance (sphere-sphere) or centre-to-wall distance
};

class SphereScene {
 public:
  SphereParams params;

  std::size_t add_sphere(double radius, double mass, double young, double poisson);
  void add_plane(const Vec3& point, const Vec3& normal);
  void add_segment(const Vec3& a, const Vec3& b);

  std::size_t num_particles() const { return radius_.size(); }
  std::size_t num_walls() const { return planes_.size() + segments_.size(); }
  double radius(std::size_t i) const { return radius_[i]; }
  double mass(std::size_t i) const { return mass_[i]; }
  double inertia(std::size_t i) const { return 0.4 * mass_[i] * radius_[i] * radius_[i]; }
  double max_radius() const;
  double min_radius() const;
  const std::vector<Plane>& planes() const { return planes_; }
  const std::vector<Segment>& segments() const { return segments_; }

  ContactPair pair(std::size_t i, std::size_t j) const;  // sphere-sphere
  ContactPair wall_pair(std::size_t i) const;           // sphere-rigid wall
  ContactGeometry sphere_geometry(std::size_t i, std::size_t j, const Vec3& xi, const Vec3& xj) const;
  ContactGeometry wall_geometry(std::size_t i, std::size_t w, const Vec3& xi) const;
  double mu_s(bool wall) const { return wall ? params.mu_s_pw : params.mu_s_pp; }
  double mu_d(bool wall) const { return wall ? params.mu_d_pw : params.mu_d_pp; }
  // Near-field force on i due to j (eq. 17), zero beyond nf_cutoff.
  Vec3 near_field(const Vec3& xi, const Vec3& xj) const;

  // Throws InputError naming the parameter when a value is out of range.
  void validate() const;

 private:
  std::vector<double> radius_, mass_, young_, poisson_;
  std::vector<Plane> planes_;
  std::vector<Segment> segments_;
};

// The container of Campello ex. 5.3 (models/particles/container_scene.hpp) as a scene of this stack, at rest: its
// spheres (radius, mass, the setup's E and nu), its segments in order, its gravity; params otherwise the defaults.
// For the comparisons of the particle engine with the trapezoid stepper and the state-vector form.
struct ContainerSphereScene {
  SphereScene scene;
  ParticleState initial;
};
ContainerSphereScene container_sphere_scene(const ContainerSetup& setup);

}  // namespace stickslip
