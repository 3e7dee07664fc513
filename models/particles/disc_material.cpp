// models/particles/disc_material.cpp — see disc_material.hpp.
#include "models/particles/disc_material.hpp"

#include <cmath>

namespace stickslip {

DiscContactParameters disc_contact_parameters(const DiscMaterial& material, double mean_mass) {
  const double m_star = 0.5 * mean_mass;
  DiscContactParameters c;
  c.kn = material.young * 1.0;
  const double w0 = std::sqrt(c.kn / m_star), zeta = 0.5 * material.damping;
  c.damping_ratio = zeta;
  c.gamma_n = material.damping * w0;
  c.kt = material.kt_ratio * c.kn;
  c.gamma_t = material.gamma_t_factor * std::sqrt(c.kt / m_star);
  c.k_roll = material.kr_ratio * c.kn;
  c.gamma_roll = material.gamma_roll_factor * std::sqrt(c.k_roll / m_star);
  c.contact_time = zeta < 1 ? M_PI / (w0 * std::sqrt(1 - zeta * zeta)) : M_PI / w0;
  return c;
}

}  // namespace stickslip
