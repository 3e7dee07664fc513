// models/particles/csds_implicit.hpp — the C-SDS (Fuehrer, Brendel, Wolf eq. 9-10) advanced by one backward-Euler step of the
// spring: a return mapping, stable for every gamma_t >= 0 (the explicit update of Csds, models/contact/csds.hpp, needs
// k_t dt < 2 gamma_t m*, which ties the time step to the tangential dashpot's relaxation time gamma_t m*/k_t).
//
// Step (xi_n already turned into the tangent plane, v = v_t the slip velocity of the step, gamma = gamma_t m*,
// F_max = mu |f_n|):   trial (sticking) spring  y = xi_n + dt v,   trial test force  T = k y + gamma v (= -F_S(y, v)).
//   |T| <= F_max (stick):  xi_{n+1} = y,  F = -T                                           (xi' = v, eq. 2)
//   |T| >  F_max (slide):  e_s = T/|T|,  s = (|T| - F_max)/(gamma + k dt),  xi_{n+1} = y - dt s e_s,  F = -F_max e_s
// which is eq. 9 at the end of the step: with xi' = (xi_{n+1} - xi_n)/dt the slip is v - xi' = s e_s and
// k xi_{n+1} + gamma xi' = F_max e_s (eq. 6), e_s along k xi_{n+1} + gamma v (eq. 8). Properties (asserted in
// tests/models/particles/test_dsds_cooling_laws.cpp):
//   - no energy is created in any step: the dissipation of the step, -F . v dt - (U_{n+1} - U_n) with U = k|xi|^2/2,
//     equals dt (F_max s + gamma |xi'|^2) + k |xi_{n+1} - xi_n|^2/2 >= 0 (eq. 11 discretely);
//   - gamma = 0: k xi_{n+1} = F_max y/|y| when |k y| > F_max, the spring capped along itself: the D-SDS with
//     gamma = 0 (Cundall-Strack), to round-off;
//   - dt -> 0: the same solution as the explicit Csds (first order in dt for both).
// dt = 0 (the engine's set-up evaluation) leaves the spring as it is and returns the clipped test force.
#pragma once

#include <cmath>

#include "models/contact/law.hpp"
#include "models/contact/spring_slider.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

struct CsdsImplicit {
  double kt = 1e5;     // N/m
  double gamma_t = 1;  // 1/s, >= 0 (the dashpot is gamma_t m*)
  double mu = 0.5;
  static constexpr const char* name = "csds-implicit";
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    const double g = gamma_t * c.m_star, fmax = mu * std::abs(fn);
    e.before = 0.5 * kt * xi.squaredNorm();
    if (dt == 0) {
      e.elastic = e.before;
      return sds_force<3>(xi, c.vt, kt, g, fmax);
    }
    const Vec3 y = xi + dt * c.vt;
    const Vec3 t = kt * y + g * c.vt;
    const double t2 = t.squaredNorm();
    Vec3 f;
    if (t2 <= fmax * fmax) {
      xi = y;
      f = -t;
    } else {
      const double tn = std::sqrt(t2);
      const Vec3 es = t / tn;
      xi = y - (dt * (tn - fmax) / (g + kt * dt)) * es;
      f = -fmax * es;
    }
    e.elastic = 0.5 * kt * xi.squaredNorm();
    return f;
  }
};

}  // namespace stickslip
