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

}  // namespace stickslip
