// models/particles/rolling_laws.hpp — the rolling-resistance (friction moment) law of the particle engine, its
// optional third law parameter (ParticleEngine<Normal, Tangential, Rolling>; default NoRolling costs nothing: every
// use is under `if constexpr (Rolling::active)`).
//
// Relation (pair i, j; n the unit normal from i towards j, r* = r_i r_j/(r_i + r_j)):
//   rolling velocity     v_r = r* (omega_j - omega_i) x n      (wall: omega_j = 0, r* = r_i)
// It is tangent to the contact plane (a cross product with n), blind to twisting (omega . n) and to sliding, and in
// 2-D (omega = omega_z e_z, n in the plane) the same expression gives an in-plane vector. A disc rolling without
// slip on a wall at speed v has v_r = v (along the motion).
// Law (seed 001 eq. 1, 9-10, the C-SDS continuous form, on the rolling spring xi_r instead of xi):
//   F_S = -k_roll xi_r - gamma_roll m* v_r,  F_r = F_S clipped to |F_r| <= mu_roll |f_n|,
//   xi_r' = v_r sticking, -(F_max F_S/|F_S| + k xi_r)/gamma sliding (eq. 10; gamma_roll > 0).
// Moment: M_i = -r* n x F_r on i, M_j = +r* n x F_r on j (|M| <= mu_roll r* |f_n|). Their power on the bodies is
//   M_i . omega_i + M_j . omega_j = r* (n x F_r) . (omega_j - omega_i) = F_r . v_r,
// so the contact takes P_r = -F_r . v_r, which the ledger integrates (models/particles/energy.hpp: W_r, U_r =
// k |xi_r|^2/2, the rolling dissipation D_r = W_r - (U_r - U_r0) >= 0). The discrete update is Csds::step's:
// xi_r advanced like a position in velocity Verlet with the half-step v_r, then the force from the new spring;
// per step dD_r = k dt^2 |v_r|^2/2 + gamma dt |v_r|^2 >= 0 while sticking, so it creates no energy.
// Analytic response (tests/particles/test_particle_rolling.cpp): a body with I = kappa m r^2 rolling without slip
// on a plane inclined at alpha (alpha = 0: flat) with the moment saturated moves at
//   a = g (sin alpha - mu_roll cos alpha)/(1 + kappa)   (disc kappa = 1/2, sphere 2/5),
// and stays (springs sticking) when tan alpha <= mu_roll (and the tangential law sticks).
// State: xi_r per contact slot (GranularState::roll, wall_roll), carried through neighbor rebuilds like xi.
#pragma once

#include "core/errors.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/particles/energy.hpp"
#include "models/particles/tangential_laws.hpp"

namespace stickslip {

struct NoRolling {
  static constexpr bool active = false;
  static constexpr const char* name = "none";
};

// v_r of a pair (omega_j of a wall: zero).
inline Vec3 rolling_velocity(double r_star, const Vec3& omega_i, const Vec3& omega_j, const Vec3& n) {
  return r_star * (omega_j - omega_i).cross(n);
}

struct RollingResistance {
  double k_roll = 1e5;      // N/m
  double gamma_roll = 1;    // 1/s, > 0 (eq. 10 divides by gamma)
  double mu_roll = 0.05;    // moment cap mu_roll r* |f_n|
  static constexpr bool active = true;
  static constexpr const char* name = "rolling";

  // InputError naming the key when a parameter is outside what the law allows (keys as the studies spell them).
  void validate() const {
    if (!(k_roll > 0) || !std::isfinite(k_roll)) throw_input("k_roll", format_value(k_roll), "a finite number > 0");
    if (!(gamma_roll > 0) || !std::isfinite(gamma_roll))
      throw_input("gamma_roll", format_value(gamma_roll), "a finite number > 0 (the C-SDS rate divides by it)");
    if (!(mu_roll >= 0) || !std::isfinite(mu_roll)) throw_input("mu_roll", format_value(mu_roll), "a finite number >= 0");
  }

  // Advances xi_r over dt with v_r (Csds::step on the rolling spring) and returns F_r; e as in the tangential laws.
  Vec3 step(const ContactKinematics& c, const Vec3& v_roll, double fn, Vec3& xi_r, double dt,
            TangentialEnergy& e) const {
    ContactKinematics cr = c;
    cr.vt = v_roll;
    return Csds{k_roll, gamma_roll, mu_roll}.step(cr, fn, xi_r, dt, e);
  }
};

// One contact's rolling moment over one step: xi_r turned into the tangent plane, advanced (dt = 0: a copy, as
// contact_step does), F_r returned; with Ledger the power P_r = -F_r . v_r and U_r go into the sums.
template <bool Ledger, class Rolling>
Vec3 rolling_step(const Rolling& rolling, const ContactKinematics& c, const Vec3& v_roll, double fn, Vec3& xi_r,
                  double dt, ContactSums& sums) {
  rotate_into_plane(xi_r, c.n);
  TangentialEnergy te;
  Vec3 copy;
  Vec3& spring = dt > 0 ? xi_r : (copy = xi_r);
  const Vec3 fr = rolling.step(c, v_roll, fn, spring, dt, te);
  if (dt == 0) te.elastic = te.before;
  if constexpr (Ledger) {
    sums.power_rolling -= fr.dot(v_roll);
    sums.elastic_rolling += te.elastic;
  }
  return fr;
}

}  // namespace stickslip
