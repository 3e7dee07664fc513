// models/hertz_mindlin.hpp — per-contact laws of seed 004 §3.4-3.6 for spheres against spheres or rigid walls.
//
// Effective properties of a pair (eq. 20, 23, 38); a rigid wall is the limit E_j, G_j, r_j, m_j -> infinity:
//   r* = r_i r_j/(r_i + r_j),  E* = E_i E_j/(E_j(1 - nu_i^2) + E_i(1 - nu_j^2)),  G* = G_i G_j/(G_i + G_j),
//   m* = m_i m_j/(m_i + m_j),  G = E/(2(1 + nu)).
// Normal force, h >= 0 the overlap (the seed's -delta):
//   N = 4/3 sqrt(r*) E* h^{3/2} + d* h',   d* = 2 xi sqrt(2 sqrt(r*) E* m*) h^{1/4}        (eq. 19, 22)
//   clamped at N >= 0 (a damped contact never pulls). xi from a restitution e: xi = -ln e/sqrt(pi^2 + ln^2 e).
//   Computed with the one root S = sqrt(r* h): N_el = 4/3 E* h S, d* = 2 xi sqrt(2 E* m* S), k_t = 8 G* S (below),
//   so that the compiler takes S once per contact for the normal and the tangential law (three roots fewer).
// Mindlin tangential spring s (displacement of particle i's contact point relative to j's, in the tangent
// plane), stiffness k_t = 8 G* sqrt(r*) h^{1/2} (eq. 37); friction force on i  f = -k_t s (eq. 31).
//   Discrete (trapezoid, eq. 29-36): trial s = s_acc (rotated into the new tangent plane) + Delta s;
//     if k_t |s| <= mu_s N stick; else f = -mu_d N tau, tau = s/|s|, s = mu_d N/k_t tau (return mapping).
//   Continuous (the engine's state-vector form, models/particles/engine_model.hpp, Mindlin's modes form in
//   models/contact/mindlin.hpp): stick and slip are modes of the contact with events —
//     stick s' = v_t - (s . n') n, f = -k_t s, until |s| reaches the cone c = mu N_el/k_t = mu E* h/(6 G*);
//     slip on the cone, f = -mu N_el s/|s|, until the slip turns back slower than the cone grows (mu_s = mu_d).
// Friction moment on i: r_i n x f (eq. 39), n the unit vector from i's centre towards the contact.
// Time step rule (eq. 50): t_c = 2.87 (m*^2/(r* E*^2 v_rel))^{1/5},  dt <= t_c/20.
// The per-contact formulas are inline: the particle engine (models/particles) calls them in its force loop.
#pragma once

#include <algorithm>
#include <cmath>

#include "models/rodrigues.hpp"

namespace stickslip {

struct ContactPair {
  double r_star = 0, e_star = 0, g_star = 0, m_star = 0;
};

inline double shear_modulus(double e, double nu) { return e / (2.0 * (1.0 + nu)); }
ContactPair sphere_sphere_pair(double ri, double mi, double ei, double nui, double rj, double mj, double ej, double nuj);
ContactPair sphere_wall_pair(double ri, double mi, double ei, double nui);

inline double hertz_elastic_force(const ContactPair& p, double h) {
  return h > 0 ? 4.0 / 3.0 * p.e_star * h * std::sqrt(p.r_star * h) : 0.0;
}
inline double hertz_elastic_energy(const ContactPair& p, double h) {
  return h > 0 ? 8.0 / 15.0 * p.e_star * h * h * std::sqrt(p.r_star * h) : 0.0;
}
inline double hertz_damping(const ContactPair& p, double h, double xi) {
  if (h <= 0 || xi == 0) return 0.0;
  return 2.0 * xi * std::sqrt(2.0 * p.e_star * p.m_star * std::sqrt(p.r_star * h));
}
inline double hertz_normal_force(const ContactPair& p, double h, double hdot, double xi) {
  if (h <= 0) return 0.0;
  return std::max(0.0, hertz_elastic_force(p, h) + hertz_damping(p, h, xi) * hdot);
}
inline double mindlin_stiffness(const ContactPair& p, double h) {
  return h > 0 ? 8.0 * p.g_star * std::sqrt(p.r_star * h) : 0.0;
}
double xi_from_restitution(double e);
double hertz_collision_duration(const ContactPair& p, double v_rel);         // eq. 50
// Overlap of a pair at rest under a static load F (N = F, no damping): h = (3F/(4 sqrt(r*) E*))^{2/3}.
double hertz_static_overlap(const ContactPair& p, double load);

struct TangentialRate {
  Vec3 force;  // on particle i
  Vec3 sdot;
};

// Discrete return mapping (eq. 30-36): s_trial -> committed s and the force on i.
struct TangentialStep {
  Vec3 force;
  Vec3 s;
  bool slipping;
};
inline TangentialStep mindlin_return_mapping(const Vec3& s_trial, double k_t, double normal, double mu_s, double mu_d) {
  const double len = s_trial.norm();
  if (k_t * len <= mu_s * normal) return {-k_t * s_trial, s_trial, false};
  const Vec3 tau = s_trial / len;
  const double f = mu_d * normal;
  return {-f * tau, (k_t > 0 ? f / k_t : 0.0) * tau, true};
}

}  // namespace stickslip
