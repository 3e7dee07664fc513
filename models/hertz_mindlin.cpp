// models/hertz_mindlin.cpp — Hertz normal force with damping and the Mindlin tangential spring (seed 004).
#include "models/hertz_mindlin.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

ContactPair sphere_sphere_pair(double ri, double mi, double ei, double nui, double rj, double mj, double ej,
                               double nuj) {
  const double gi = shear_modulus(ei, nui), gj = shear_modulus(ej, nuj);
  return {ri * rj / (ri + rj), ei * ej / (ej * (1 - nui * nui) + ei * (1 - nuj * nuj)), gi * gj / (gi + gj),
          mi * mj / (mi + mj)};
}

ContactPair sphere_wall_pair(double ri, double mi, double ei, double nui) {
  return {ri, ei / (1 - nui * nui), shear_modulus(ei, nui), mi};
}

double hertz_elastic_force(const ContactPair& p, double h) {
  return h > 0 ? 4.0 / 3.0 * std::sqrt(p.r_star) * p.e_star * h * std::sqrt(h) : 0.0;
}

double hertz_elastic_energy(const ContactPair& p, double h) {
  return h > 0 ? 8.0 / 15.0 * std::sqrt(p.r_star) * p.e_star * h * h * std::sqrt(h) : 0.0;
}

double hertz_damping(const ContactPair& p, double h, double xi) {
  if (h <= 0 || xi == 0) return 0.0;
  return 2.0 * xi * std::sqrt(2.0 * std::sqrt(p.r_star) * p.e_star * p.m_star) * std::sqrt(std::sqrt(h));
}

double hertz_normal_force(const ContactPair& p, double h, double hdot, double xi) {
  if (h <= 0) return 0.0;
  return std::max(0.0, hertz_elastic_force(p, h) + hertz_damping(p, h, xi) * hdot);
}

double mindlin_stiffness(const ContactPair& p, double h) {
  return h > 0 ? 8.0 * p.g_star * std::sqrt(p.r_star * h) : 0.0;
}

double xi_from_restitution(double e) {
  const double l = std::log(e);
  return -l / std::sqrt(M_PI * M_PI + l * l);
}

double hertz_collision_duration(const ContactPair& p, double v_rel) {
  return 2.87 * std::pow(p.m_star * p.m_star / (p.r_star * p.e_star * p.e_star * v_rel), 0.2);
}

double hertz_static_overlap(const ContactPair& p, double load) {
  return std::pow(3.0 * load / (4.0 * std::sqrt(p.r_star) * p.e_star), 2.0 / 3.0);
}

TangentialStep mindlin_return_mapping(const Vec3& s_trial, double k_t, double normal, double mu_s, double mu_d) {
  const double len = s_trial.norm();
  if (k_t * len <= mu_s * normal) return {-k_t * s_trial, s_trial, false};
  const Vec3 tau = s_trial / len;
  const double f = mu_d * normal;
  return {-f * tau, (k_t > 0 ? f / k_t : 0.0) * tau, true};
}

}  // namespace stickslip
