// models/contact/rolling.hpp — the rolling-resistance (friction moment) law: the C-SDS (models/contact/csds.hpp,
// Fuehrer, Brendel & Wolf eq. 1, 9-10) on a rolling spring xi_r instead of the tangential spring.
//   F_S = -k_roll xi_r - gamma_roll m* v_r,  F_r = F_S clipped to |F_r| <= mu_roll |f_n|,
//   xi_r' = v_r sticking, -(F_max F_S/|F_S| + k xi_r)/gamma sliding (eq. 10; gamma_roll > 0).
// The relation gives the rolling velocity v_r and turns F_r into moments M_i = -r* n x F_r, M_j = +r* n x F_r
// (models/particles/contact_step.hpp: rolling_velocity, rolling_step); their power on the bodies is F_r . v_r, so the
// contact takes P_r = -F_r . v_r, and per step dD_r = k dt^2 |v_r|^2/2 + gamma dt |v_r|^2 >= 0 while sticking.
// Analytic response (tests/models/particles/test_particle_rolling.cpp): a body with I = kappa m r^2 rolling without slip on
// a plane inclined at alpha with the moment saturated moves at a = g (sin alpha - mu_roll cos alpha)/(1 + kappa)
// (disc kappa = 1/2, sphere 2/5), and stays (springs sticking) when tan alpha <= mu_roll.
// NoRolling (the default third law of the particle engine) costs nothing: every use is under
// `if constexpr (Rolling::active)`.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "models/contact/csds.hpp"

namespace stickslip {

struct NoRolling {
  static constexpr bool active = false;
  static constexpr const char* name = "none";
};

struct RollingResistance {
  double k_roll = 1e5;      // N/m
  double gamma_roll = 1;    // 1/s, > 0 (eq. 10 divides by gamma)
  double mu_roll = 0.05;    // moment cap mu_roll r* |f_n|
  static constexpr bool active = true;
  static constexpr const char* name = "rolling";
  static constexpr const char* summary = "friction moment: the C-SDS on the rolling spring, moment cap mu_roll r* |f_n|";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"k_roll", "N/m", 1e5, 0, inf, true, false, "rolling spring stiffness"},
      {"gamma_roll", "1/s", 1, 0, inf, true, false, "rolling dashpot per effective mass", "the C-SDS rate divides by it"},
      {"mu_roll", "1", 0.05, 0, inf, false, false, "rolling resistance: moment cap mu_roll r* |f_n|"},
  }};
  static RollingResistance from(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }

  // InputError naming the key when a parameter is outside what the law allows (keys as the studies spell them).
  void validate() const {
    if (!(k_roll > 0) || !std::isfinite(k_roll)) throw_input("k_roll", format_value(k_roll), "a finite number > 0");
    if (!(gamma_roll > 0) || !std::isfinite(gamma_roll))
      throw_input("gamma_roll", format_value(gamma_roll), "a finite number > 0 (the C-SDS rate divides by it)");
    if (!(mu_roll >= 0) || !std::isfinite(mu_roll)) throw_input("mu_roll", format_value(mu_roll), "a finite number >= 0");
  }

  // Advances xi_r over dt with the rolling velocity v_r (the C-SDS increment on the rolling spring); returns F_r.
  template <class C>
  SpringOf<C> step(const C& c, const SpringOf<C>& v_roll, double fn, SpringOf<C>& xi_r, double dt,
                   TangentialEnergy& e) const {
    C cr = c;
    cr.vt = v_roll;
    return Csds{k_roll, gamma_roll, mu_roll}.step(cr, fn, xi_r, dt, e);
  }
};

}  // namespace stickslip
