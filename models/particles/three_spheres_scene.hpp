// models/particles/three_spheres_scene.hpp — Campello's Example 5.2 ("DEM with Rodrigues rotation parameters", Figs.
// 6-7) as a scene of the particle engine: three identical spheres rolling from the corners of an equilateral triangle
// towards its centre on the plane z = 0 (gravity -z), at speed v0, first touching at t_contact; friction mu with the
// plane, mu_pp between the spheres; and the tracker of particle 1's events.
#pragma once

#include <array>
#include <cmath>

#include "models/rodrigues.hpp"
#include "models/particles/few_spheres.hpp"
#include "models/particles/sphere_friction.hpp"

namespace stickslip {

struct ThreeSpheresSetup {
  FewSpheres scene;
  std::array<Vec3, 3> radial;  // unit vectors from the centre to each start
  double r = 0, m = 0, v0 = 0, d0 = 0, static_overlap = 0;
  Vec3 axis;                   // spin axis of particle 1 (index 0) at the start
  SphereFriction friction;     // mindlin with mu, mu_pp (the caller may change law and parameters)
};
// Throws InputError naming radius, mass, E, nu, mu_s_wall or mu_s.
ThreeSpheresSetup three_spheres_setup(double r, double m, double e, double nu, double mu, double mu_pp, double v0,
                                      double t_contact);

// The events of particle 1 in example 5.2, from every observation: first contact with sphere 2 (gap within 1e-6 r),
// separation, spin reversal, rolling again (slip < 1e-3 of the radial speed), back at its start distance; the
// angular momentum about its floor contact point (along the spin axis, per m r v0) after the collision and at rolling.
class ThreeSpheresTracker {
 public:
  explicit ThreeSpheresTracker(const ThreeSpheresSetup& s);
  void observe(double t, const SphereSample& s);
  double l_contact(const SphereSample& s) const;
  double t_first = -1, t_sep = -1, t_spin0 = -1, t_roll = -1, t_back = -1;
  double v_after = 0, spin_after = 0;
  double l_sep = std::nan(""), l_roll = std::nan("");
  // The last observation's radial velocity, spin, slip speed, radial slip velocity (> 0 outwards) and gap of
  // particle 1.
  double vr = 0, spin = 0, slip = 0, radial_slip = 0, gap = 0;
  // After rolling resumes: the largest slip speed, and the period of the radial slip's oscillation from its upward
  // zero crossings (linearly interpolated; NaN with fewer than two).
  double roll_slip_max = 0;
  double roll_slip_period() const;

 private:
  const ThreeSpheresSetup& s_;
  double prev_spin_, prev_t_ = 0;
  double prev_radial_slip_ = 0, first_up_ = -1, last_up_ = -1;
  long ups_ = 0;
  bool overlapped_ = false;
};

}  // namespace stickslip
