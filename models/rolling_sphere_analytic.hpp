// models/rolling_sphere_analytic.hpp — rigid-body solution of seed 004's example 5.1: a sphere (radius r, mass m,
// j = 2/5 m r^2) sliding on a horizontal plane under gravity g with Coulomb friction mu.
//
// The contact point (lever r_C = -r e_n) slips with u = v + omega x r_C. The friction force F = -mu m g u/|u|
// is constant while u != 0: v' = F/m, omega' = r_C x F/j, and u' = F/m + (r_C x F) x r_C/j = (1 + r^2 m/j) F/m
// = -(7/2) mu g u/|u|, so u shrinks along a fixed direction and vanishes at
//   t_roll = |u(0)|/(7/2 mu g),   v_roll = v(0) - mu g t_roll u/|u|,   omega_roll = omega(0) + t_roll r_C x F/j.
// For the seed's data (v = (2.355,0,0), omega = (0,0,-127.03), r = 0.2, mu = 0.25, g = 9.81): u_x(0) = -23.051,
// t_roll = 23.051/8.58375 = 2.68542 s, v_roll = 8.94100 m/s, omega_roll = -44.7050 rad/s (= -v_roll/r).
// After t_roll the sphere rolls: v and omega constant.
#pragma once

#include "models/rodrigues.hpp"

namespace stickslip {

struct RollingSphereAnalytic {
  Vec3 x0, v0, omega0, normal;  // normal: unit plane normal (up)
  double r = 0, g = 0, mu = 0;

  Vec3 slip0() const { return v0 + omega0.cross(-r * normal); }
  Vec3 direction() const { return slip0().normalized(); }
  double t_roll() const { return slip0().norm() / (3.5 * mu * g); }
  Vec3 force_per_mass() const { return -mu * g * direction(); }
  Vec3 spin_rate() const { return (-r * normal).cross(force_per_mass()) / (0.4 * r * r); }
  Vec3 v(double t) const { return v0 + std::min(t, t_roll()) * force_per_mass(); }
  Vec3 omega(double t) const { return omega0 + std::min(t, t_roll()) * spin_rate(); }
  Vec3 x(double t) const {
    const double ts = std::min(t, t_roll());
    return x0 + v0 * ts + 0.5 * ts * ts * force_per_mass() + (t - ts) * v(t);
  }
  Vec3 phi(double t) const {  // integral of omega
    const double ts = std::min(t, t_roll());
    return omega0 * ts + 0.5 * ts * ts * spin_rate() + (t - ts) * omega(t);
  }
};

}  // namespace stickslip
