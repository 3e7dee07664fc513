// models/particles/three_spheres_scene.cpp — see three_spheres_scene.hpp.
#include "models/particles/three_spheres_scene.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace stickslip {

ThreeSpheresSetup three_spheres_setup(double r, double m, double e, double nu, double mu, double mu_pp, double v0,
                                      double t_contact) {
  ThreeSpheresSetup s;
  require_positive_sphere(r, m, e);  // before the Hertz pieces divide by them
  s.r = r;
  s.m = m;
  s.v0 = v0;
  FewSpheres& scene = s.scene;
  scene.young = e;
  scene.poisson = nu;
  scene.boundaries.gravity = Vec3(0, 0, -9.81);
  scene.add_plane(Vec3::Zero(), Vec3(0, 0, 1));
  s.friction.pair = TangentialParameters{0, 0, mu_pp, e, nu, {}};
  s.friction.wall = TangentialParameters{0, 0, mu, e, nu, {}};
  s.static_overlap = hertz_static_overlap(sphere_wall_pair(r, m, e, nu), m * 9.81);
  const double touch = 2 * r / std::sqrt(3.0);  // centre distance at first contact
  s.d0 = touch + v0 * t_contact;
  for (int k = 0; k < 3; ++k) {
    const double a = M_PI / 2 + 2 * M_PI * k / 3;
    s.radial[k] = Vec3(std::cos(a), std::sin(a), 0);
    const Vec3 v = -v0 * s.radial[k];
    scene.add_sphere(s.d0 * s.radial[k] + Vec3(0, 0, r - s.static_overlap), v,
                     Vec3(0, 0, 1).cross(v) / r,  // rolling: v + omega x (-r e_z) = 0
                     r, m);
  }
  s.axis = scene.bodies.omega[0].normalized();
  scene.validate();
  if (!(mu >= 0)) throw_input("mu_s_wall", format_value(mu), "must be >= 0");
  if (!(mu_pp >= 0)) throw_input("mu_s", format_value(mu_pp), "must be >= 0");
  return s;
}

ThreeSpheresTracker::ThreeSpheresTracker(const ThreeSpheresSetup& s)
    : s_(s), prev_spin_(s.scene.bodies.omega[0].dot(s.axis)) {}

double ThreeSpheresTracker::l_contact(const SphereSample& p) const {
  const Vec3 arm(0, 0, p.x[0].z());
  return (s_.scene.inertia(0) * p.omega[0] + s_.m * arm.cross(p.v[0])).dot(s_.axis) / (s_.m * s_.r * s_.v0);
}

void ThreeSpheresTracker::observe(double t, const SphereSample& p) {
  const double r = s_.r;
  gap = (p.x[0] - p.x[1]).norm() - 2 * r;
  vr = p.v[0].dot(s_.radial[0]);  // > 0: moving outwards
  spin = p.omega[0].dot(s_.axis);
  slip = (p.v[0] + p.omega[0].cross(Vec3(0, 0, -r))).norm();
  // Touching within round-off: an event-driven collision is observed at the located instant itself.
  const double touch = 1e-6 * r;  // the drivers locate a contact switch to within their tolerance band
  if (t_first < 0 && gap <= touch) t_first = t;
  if (t_first >= 0 && gap < -touch) overlapped_ = true;
  if (overlapped_ && t_sep < 0 && gap >= -touch) {
    t_sep = t;
    l_sep = l_contact(p);
  }
  if (t_sep >= 0 && t_spin0 < 0 && spin * prev_spin_ <= 0 && t > prev_t_) t_spin0 = t;
  if (t_spin0 >= 0 && t_roll < 0 && slip < 1e-3 * std::abs(vr)) {
    t_roll = t;
    v_after = vr;
    spin_after = spin;
    l_roll = l_contact(p);
  }
  if (t_roll >= 0 && t_back < 0 && p.x[0].dot(s_.radial[0]) >= s_.d0) t_back = t;
  radial_slip = (p.v[0] + p.omega[0].cross(Vec3(0, 0, -r))).dot(s_.radial[0]);
  if (t_roll >= 0 && t > t_roll) {
    roll_slip_max = std::max(roll_slip_max, slip);
    if (prev_radial_slip_ < 0 && radial_slip >= 0) {
      const double up = prev_t_ + (t - prev_t_) * prev_radial_slip_ / (prev_radial_slip_ - radial_slip);
      if (first_up_ < 0) first_up_ = up;
      last_up_ = up;
      ++ups_;
    }
  }
  prev_radial_slip_ = radial_slip;
  prev_spin_ = spin;
  prev_t_ = t;
}

double ThreeSpheresTracker::roll_slip_period() const {
  return ups_ >= 2 ? (last_up_ - first_up_) / static_cast<double>(ups_ - 1) : std::nan("");
}

}  // namespace stickslip
