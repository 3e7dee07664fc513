// models/particles/rolling_sphere_scene.cpp — see rolling_sphere_scene.hpp.
#include "models/particles/rolling_sphere_scene.hpp"

#include "core/errors.hpp"

namespace stickslip {

RollingSphereSetup rolling_sphere_setup(double r, double m, double e, double nu, double g, double mu, double v0,
                                        double omega0) {
  RollingSphereSetup s;
  require_positive_sphere(r, m, e);  // before the Hertz pieces divide by them
  s.scene.young = e;
  s.scene.poisson = nu;
  s.scene.boundaries.gravity = Vec3(0, -g, 0);
  s.scene.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  s.static_overlap = hertz_static_overlap(sphere_wall_pair(r, m, e, nu), m * g);
  s.friction.pair = s.friction.wall = TangentialParameters{0, 0, mu, e, nu, {}};
  RollingSphereAnalytic& an = s.analytic;
  an.x0 = Vec3(0, r - s.static_overlap, 0);
  an.v0 = Vec3(v0, 0, 0);
  an.omega0 = Vec3(0, 0, omega0);
  an.normal = Vec3(0, 1, 0);
  an.r = r;
  an.g = g;
  an.mu = mu;
  s.scene.add_sphere(an.x0, an.v0, an.omega0, r, m);
  s.scene.validate();
  if (!(mu >= 0)) throw_input("mu_s_wall", format_value(mu), "must be >= 0");
  return s;
}

RollDetector::RollDetector(const RollingSphereAnalytic& a)
    : dir_(a.direction()), lever_(-a.r * a.normal), u_prev_(a.slip0().dot(a.direction())),
      u_small_(1e-12 * u_prev_), v_prev_(a.v0), w_prev_(a.omega0) {}

void RollDetector::observe(double t, const Vec3& v, const Vec3& omega) {
  const double ud = (v + omega.cross(lever_)).dot(dir_);
  // Rolling: the slip has fallen to 1e-12 of its start (a rigid Coulomb stick holds it at ~1e-16 m/s, of
  // either sign).
  if (t_roll < 0 && ud <= u_small_ && u_prev_ > u_small_ && t > t_prev_) {
    const double w = (u_prev_ - u_small_) / (u_prev_ - ud);
    t_roll = t_prev_ + w * (t - t_prev_);
    v_roll = v_prev_ + w * (v - v_prev_);
    omega_roll = w_prev_ + w * (omega - w_prev_);
  }
  if (t > t_prev_ || first_) {
    t_prev_ = t;
    u_prev_ = ud;
    v_prev_ = v;
    w_prev_ = omega;
    first_ = false;
  }
}

}  // namespace stickslip
