// models/particles/normal_laws.hpp — normal contact laws of the particle engine (kernels: inline, no state).
//
// Each law provides   double force(const ContactKinematics& c, double& energy) const
// returning the normal force f_n (N; > 0 pushes apart) for overlap h > 0, and the elastic energy stored.
// Forms provided: a discrete force (velocity Verlet, trapezoid) and the same function as an ODE right-hand side.
//
//   LinearSpringDashpot  f_n = k_n h + gamma_n m* hdot,  U = k_n h^2/2.  The meaning of LAMMPS
//       gran/hooke/history and pair granular "hooke k_n eta_n0 ... damping mass_velocity" (eta_n = eta_n0 m*);
//       not clamped (a damped contact may pull, as in LAMMPS). Restitution of a binary impact, with
//       w0 = sqrt(k_n/m*), zeta = gamma_n/(2 w0):  e = exp(-pi zeta/sqrt(1 - zeta^2)), contact time
//       t_c = pi/(w0 sqrt(1 - zeta^2)).
//   HertzDamped  seed 004 eq. 19-23 (models/hertz_mindlin.hpp): f_n = 4/3 sqrt(r*) E* h^{3/2} + d* hdot,
//       d* = 2 xi sqrt(2 sqrt(r*) E* m*) h^{1/4}, clamped at f_n >= 0; U = 8/15 sqrt(r*) E* h^{5/2}.
//       In LAMMPS: "hertz/material E eta_n0 nu ... damping tsuji" with eta_n0 = sqrt(6) xi (tsuji's
//       eta_n = eta_n0 sqrt(m* 4/3 E* a), a = sqrt(r* h), equals d*).
#pragma once

#include "models/hertz_mindlin.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

struct LinearSpringDashpot {
  double kn = 1e5;       // N/m
  double gamma_n = 0.0;  // 1/s (damping coefficient per effective mass)
  static constexpr const char* name = "linear";
  double force(const ContactKinematics& c, double& energy) const {
    energy = 0.5 * kn * c.h * c.h;
    return kn * c.h + gamma_n * c.m_star * c.hdot;
  }
};

struct HertzDamped {
  double e_pair = 0, g_pair = 0;  // E*, G* of two bodies of this material
  double e_wall = 0, g_wall = 0;  // E*, G* against a rigid wall
  double xi = 0;                  // damping ratio, eq. 22 (xi_from_restitution(e) in models/hertz_mindlin.hpp)
  static constexpr const char* name = "hertz";

  static HertzDamped material(double young, double poisson, double xi) {
    const ContactPair pp = sphere_sphere_pair(1, 1, young, poisson, 1, 1, young, poisson);
    const ContactPair pw = sphere_wall_pair(1, 1, young, poisson);
    return {pp.e_star, pp.g_star, pw.e_star, pw.g_star, xi};
  }
  ContactPair pair(const ContactKinematics& c) const {
    return {c.r_star, c.wall ? e_wall : e_pair, c.wall ? g_wall : g_pair, c.m_star};
  }
  double force(const ContactKinematics& c, double& energy) const {
    const ContactPair p = pair(c);
    energy = hertz_elastic_energy(p, c.h);
    return hertz_normal_force(p, c.h, c.hdot, xi);
  }
};

}  // namespace stickslip
