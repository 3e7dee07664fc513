// models/contact/linear_spring_dashpot.hpp — the normal law "linear": the linear spring-dashpot of DEM (LAMMPS'
// gran/hooke/history and pair granular "hooke k_n eta_n0 ... damping mass_velocity" with eta_n = eta_n0 m*).
//   f_n = k_n h + gamma_n m* hdot,   U = k_n h^2/2   (h > 0 the overlap, hdot its rate; not clamped: a damped contact
//   may pull, as in LAMMPS). Dashpot d_n = gamma_n m* (N s/m, constant).
// A head-on impact of effective mass m*: w0 = sqrt(k_n/m*), zeta = gamma_n/(2 w0), restitution
// e = exp(-pi zeta/sqrt(1 - zeta^2)), contact time t_c = pi/(w0 sqrt(1 - zeta^2)), neither depending on the impact
// speed; from_material sets gamma_n from a restitution e: zeta = -ln e/sqrt(pi^2 + ln^2 e), gamma_n = 2 zeta w0.
// The interface every normal law provides is models/contact/normal_registry.hpp's.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

struct LinearSpringDashpot {
  double kn = 1e5;       // N/m
  double gamma_n = 0.0;  // 1/s (damping coefficient per effective mass)
  static constexpr const char* name = "linear";
  static constexpr const char* summary = "linear spring-dashpot f_n = k_n h + gamma_n m* hdot (LAMMPS hooke)";
  static constexpr bool speed_dependent = false;  // its contact time and restitution are those of every impact
  static constexpr bool constant_dashpot = true;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"kn", "N/m", 1e5, 0, inf, true, false, "normal spring stiffness k_n"},
      {"gamma_n", "1/s", 0, 0, inf, false, false, "normal dashpot per effective mass"},
  }};
  static LinearSpringDashpot from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  static LinearSpringDashpot from_material(const NormalMaterial& m) {
    return {m.kn, 2 * damping_ratio(m.restitution) * std::sqrt(m.kn / m.m_star)};
  }
  // zeta of a restitution e: -ln e/sqrt(pi^2 + ln^2 e).
  static double damping_ratio(double e) {
    const double l = std::log(e);
    return -l / std::sqrt(M_PI * M_PI + l * l);
  }
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
  template <class C>
  double dashpot(const C& c) const {
    return gamma_n * c.m_star;
  }
  // The undamped contact time pi/w0 (the same at every impact speed).
  double undamped_contact_time(double m_star, double /*r_star*/, double /*vn*/) const {
    return M_PI / std::sqrt(kn / m_star);
  }
};

}  // namespace stickslip
