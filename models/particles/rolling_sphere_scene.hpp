// models/particles/rolling_sphere_scene.hpp — Campello's Example 5.1 ("DEM with Rodrigues rotation parameters", Fig.
// 5) as a scene of the particle engine: one sphere (radius r, mass m, E, nu) on the plane y = 0 under gravity g,
// friction mu with the plane, starting at the Hertz static overlap under its weight with v = (v0, 0, 0),
// omega = (0, 0, omega0); its rigid-body solution (models/rolling_sphere_analytic.hpp) beside it, and the detector of
// the instant it starts to roll.
#pragma once

#include "models/rodrigues.hpp"
#include "models/particles/few_spheres.hpp"
#include "models/particles/sphere_friction.hpp"
#include "models/rolling_sphere_analytic.hpp"

namespace stickslip {

struct RollingSphereSetup {
  FewSpheres scene;
  RollingSphereAnalytic analytic;  // the rigid-body solution for these data
  double static_overlap = 0;
  SphereFriction friction;  // mindlin with mu against the plane (the caller may change law and parameters)
};
// scene.xi keeps its default (0); the caller sets it. Throws InputError naming radius, mass, E, nu or mu_s_wall.
RollingSphereSetup rolling_sphere_setup(double r, double m, double e, double nu, double g, double mu, double v0,
                                        double omega0);

// The first time the contact-point slip, projected on its initial direction, falls to 1e-12 of its start
// (linearly interpolated between observations); v and omega there. Feed it every observation of sphere 0.
class RollDetector {
 public:
  explicit RollDetector(const RollingSphereAnalytic& a);
  void observe(double t, const Vec3& v, const Vec3& omega);
  bool rolled() const { return t_roll >= 0; }
  double t_roll = -1;
  Vec3 v_roll = Vec3::Zero(), omega_roll = Vec3::Zero();

 private:
  Vec3 dir_, lever_;
  double t_prev_ = 0, u_prev_, u_small_;
  Vec3 v_prev_, w_prev_;
  bool first_ = true;
};

}  // namespace stickslip
