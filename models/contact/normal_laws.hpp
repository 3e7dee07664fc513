// models/contact/normal_laws.hpp — the normal contact laws (kernels: inline, no state). Each provides
//   double force(const C& c, double& energy) const
// returning the normal force f_n (> 0 pushes apart) for an overlap c.h > 0 at overlap rate c.hdot, and the elastic
// energy stored; the same function is the discrete force (velocity Verlet, trapezoid, LAMMPS) and the ODE's; and
//   double elastic_force(const C& c, double& stiffness) const
// the elastic part F_el(h) of the force (no damping) and its stiffness dF_el/dh, which the cone of Mindlin's modes
// form follows (models/contact/mindlin.hpp).
//
//   LinearSpringDashpot  f_n = k_n h + gamma_n m* hdot,  U = k_n h^2/2.  The meaning of LAMMPS gran/hooke/history and
//       pair granular "hooke k_n eta_n0 ... damping mass_velocity" (eta_n = eta_n0 m*); not clamped (a damped contact
//       may pull, as in LAMMPS). Restitution of a binary impact, with w0 = sqrt(k_n/m*), zeta = gamma_n/(2 w0):
//       e = exp(-pi zeta/sqrt(1 - zeta^2)), contact time t_c = pi/(w0 sqrt(1 - zeta^2)).
//   HertzDamped  Campello eq. 19-23 (models/hertz_mindlin.hpp): f_n = 4/3 sqrt(r*) E* h^{3/2} + d* hdot,
//       d* = 2 xi sqrt(2 sqrt(r*) E* m*) h^{1/4}, clamped at f_n >= 0; U = 8/15 sqrt(r*) E* h^{5/2}. Needs the
//       contact's r* and wall flag (HertzContact). In LAMMPS: "hertz/material E eta_n0 nu ... damping tsuji" with
//       eta_n0 = sqrt(6) xi (tsuji's eta_n = eta_n0 sqrt(m* 4/3 E* a), a = sqrt(r* h), equals d*).
//   AreaOverlap  the 2-D overlap law of Krengel & Matuttis (their §4, eq. 18) for a flat face pressed into a plane
//       (the block on a slope): overlap area A = l h, elastic force Y A/l = Y h, damping D sqrt(Y m*) dA/dt / l
//       = D sqrt(Y m*) hdot; f_n = max(0, Y h + D sqrt(Y m*) hdot) (per unit depth), U = Y h^2/2.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/contact/mindlin.hpp"
#include "models/hertz_mindlin.hpp"

namespace stickslip {

struct LinearSpringDashpot {
  double kn = 1e5;       // N/m
  double gamma_n = 0.0;  // 1/s (damping coefficient per effective mass)
  static constexpr const char* name = "linear";
  static constexpr const char* summary = "linear spring-dashpot f_n = k_n h + gamma_n m* hdot (LAMMPS hooke)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"kn", "N/m", 1e5, 0, inf, true, false, "normal spring stiffness k_n"},
      {"gamma_n", "1/s", 0, 0, inf, false, false, "normal dashpot per effective mass"},
  }};
  static LinearSpringDashpot from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  template <class C>
  double force(const C& c, double& energy) const {
    energy = 0.5 * kn * c.h * c.h;
    return kn * c.h + gamma_n * c.m_star * c.hdot;
  }
  template <class C>
  double elastic_force(const C& c, double& stiffness) const {
    stiffness = kn;
    return kn * c.h;
  }
};

struct HertzDamped {
  double e_pair = 0, g_pair = 0;  // E*, G* of two bodies of this material
  double e_wall = 0, g_wall = 0;  // E*, G* against a rigid wall
  double xi = 0;                  // damping ratio, eq. 22 (xi_from_restitution(e) in models/hertz_mindlin.hpp)
  static constexpr const char* name = "hertz";
  static constexpr const char* summary = "Hertz with Campello's damping (eq. 19-23), clamped at f_n >= 0";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"young", "Pa", 1e8, 0, inf, true, false, "Young's modulus E of the bodies"},
      {"poisson", "1", 0.25, -1, 0.5, true, true, "Poisson's ratio nu of the bodies"},
      {"restitution", "1", 0.8, 0, 1, true, false, "restitution e of a head-on impact (sets the damping ratio)"},
  }};
  static HertzDamped material(double young, double poisson, double xi) {
    const ContactPair pp = sphere_sphere_pair(1, 1, young, poisson, 1, 1, young, poisson);
    const ContactPair pw = sphere_wall_pair(1, 1, young, poisson);
    return {pp.e_star, pp.g_star, pw.e_star, pw.g_star, xi};
  }
  static HertzDamped from(const std::array<double, 3>& v) { return material(v[0], v[1], xi_from_restitution(v[2])); }
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
};

struct AreaOverlap {
  double young = 5e7;   // Y, kg/(m s^2): the 2-D modulus (force per unit depth per unit overlap)
  double damping = 1.5; // D, the normal damping prefactor of eq. 18
  static constexpr const char* name = "area";
  static constexpr const char* summary = "2-D overlap-area law Y A/l + D sqrt(Y m) dA/dt / l (Krengel & Matuttis eq. 18)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"young", "kg/(m s^2)", 5e7, 0, inf, true, false, "2-D Young's modulus Y"},
      {"damping", "1", 1.5, 0, inf, false, false, "normal damping prefactor D (eq. 18)"},
  }};
  static AreaOverlap from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  template <class C>
  double force(const C& c, double& energy) const {
    energy = 0.5 * young * c.h * c.h;
    const double d = damping * std::sqrt(young * c.m_star);
    return std::max(0.0, young * c.h + d * c.hdot);
  }
  template <class C>
  double elastic_force(const C& c, double& stiffness) const {
    stiffness = young;
    return young * c.h;
  }
};

}  // namespace stickslip
