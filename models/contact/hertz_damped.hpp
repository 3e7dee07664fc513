// models/contact/hertz_damped.hpp — the normal law "hertz": Hertz's contact with Campello's damping ("A description of
// rotations for DEM models of particle systems", eq. 19-23; models/hertz_mindlin.hpp):
//   f_n = 4/3 sqrt(r*) E* h^{3/2} + d* hdot,  d* = 2 xi sqrt(2 sqrt(r*) E* m*) h^{1/4},  clamped at f_n >= 0;
//   U = 8/15 sqrt(r*) E* h^{5/2}. E*, G* of a pair of bodies of this material, or of one against a rigid wall (the
//   contact's `wall` flag); xi from a restitution e (xi_from_restitution). In LAMMPS: pair granular "hertz/material E
//   eta_n0 nu ... damping tsuji" with eta_n0 = sqrt(6) xi (tsuji's eta_n = eta_n0 sqrt(m* 4/3 E* a), a = sqrt(r* h),
//   equals d*). Its contact time t_c ~ (m*^2/(r* E*^2 v_n))^{1/5} depends on the impact speed v_n (eq. 50).
// The interface every normal law provides is models/contact/normal_registry.hpp's.
#pragma once

#include <array>
#include <limits>

#include "models/contact/law.hpp"
#include "models/contact/mindlin.hpp"
#include "models/hertz_mindlin.hpp"

namespace stickslip {

struct HertzDamped {
  double e_pair = 0, g_pair = 0;  // E*, G* of two bodies of this material
  double e_wall = 0, g_wall = 0;  // E*, G* against a rigid wall
  double xi = 0;                  // damping ratio, eq. 22 (xi_from_restitution(e) in models/hertz_mindlin.hpp)
  double young = 0, poisson = 0;  // E, nu of the material (Pa, 1)
  static constexpr const char* name = "hertz";
  static constexpr const char* summary = "Hertz with Campello's damping (eq. 19-23), clamped at f_n >= 0";
  static constexpr bool speed_dependent = true;  // contact time and restitution depend on the impact speed
  static constexpr bool constant_dashpot = false;  // d* ~ h^{1/4}: zero at first touch
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"young", "Pa", 1e8, 0, inf, true, false, "Young's modulus E of the bodies"},
      {"poisson", "1", 0.25, -1, 0.5, true, true, "Poisson's ratio nu of the bodies"},
      {"restitution", "1", 0.8, 0, 1, true, false, "restitution e of a head-on impact (sets the damping ratio)"},
  }};
  static HertzDamped material(double young, double poisson, double xi) {
    const ContactPair pp = sphere_sphere_pair(1, 1, young, poisson, 1, 1, young, poisson);
    const ContactPair pw = sphere_wall_pair(1, 1, young, poisson);
    return {pp.e_star, pp.g_star, pw.e_star, pw.g_star, xi, young, poisson};
  }
  static HertzDamped from(const std::array<double, 3>& v) { return material(v[0], v[1], xi_from_restitution(v[2])); }
  static HertzDamped from_material(const NormalMaterial& m) {
    return material(m.young, m.poisson, xi_from_restitution(m.restitution));
  }
  template <HertzContact C>
  ContactPair pair(const C& c) const {
    return {c.r_star, c.wall ? e_wall : e_pair, c.wall ? g_wall : g_pair, c.m_star};
  }
  template <HertzContact C>
  double force(const C& c, double& energy) const {
    const ContactPair p = pair(c);
    energy = hertz_elastic_energy(p, c.h);
    return hertz_normal_force(p, c.h, c.hdot, xi);
  }
  template <HertzContact C>
  double elastic_force(const C& c, double& stiffness) const {
    const double f = hertz_elastic_force(pair(c), c.h);
    stiffness = c.h > 0 ? 1.5 * f / c.h : 0.0;
    return f;
  }
  template <HertzContact C>
  double dashpot(const C& c) const {
    return hertz_damping(pair(c), c.h, xi);
  }
  // The undamped contact time 2.87 (m*^2/(r* E*^2 v_n))^{1/5} of two bodies of this material (eq. 50), E* = E/(2 (1 -
  // nu^2)).
  double undamped_contact_time(double m_star, double r_star, double vn) const {
    const double e_star = young / (2 * (1 - poisson * poisson));
    return 2.87 * std::pow(m_star * m_star / (r_star * e_star * e_star * vn), 0.2);
  }
};

}  // namespace stickslip
