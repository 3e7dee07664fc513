// models/particles/contact_step.hpp — one contact over one step: the spring turned into the tangent plane, the
// normal law, the tangential law advancing the spring, and the ledger terms. Shared by every assembler of the
// laws (models/particles/particle_engine.hpp, the LAMMPS pair styles of solvers/lammps/), so the physics of a
// contact is written once.
//
//   xi <- turn(xi, n)                     SpringTurn::keep_length: rotate_into_plane (seed 004 eq. 30, the engine)
//                                         SpringTurn::project: drop the normal part, length not kept (LAMMPS
//                                         gran/hooke/history; the two differ by |xi| (1 - cos theta) per step,
//                                         theta the angle the normal turned)
//   f_n = normal.force(c),  F_t = tangential.step(c, f_n, xi, dt)   (the increment form, models/contact/law.hpp)
// dt = 0 (set-up) evaluates the tangential law on a copy of the spring: neither advanced nor reset (an exact-static
// law, whose slot is the force it applied, writes it then too). Kin: ContactKinematics or a law's extension of it.
// Ledger (models/particles/energy.hpp): P_n = f_n hdot, P_t = -F_t . v_t, U_n, U_t, the reset energy, and the
// energy created, -min(0, P_t dt - (U_t,after - U_t,before)).
// The friction moment of a contact (models/contact/rolling.hpp) on the same relation:
//   rolling velocity  v_r = r* (omega_j - omega_i) x n  (wall: omega_j = 0, r* = r_i); tangent to the contact plane,
//   blind to twisting (omega . n) and to sliding; a disc rolling without slip on a wall at speed v has v_r = v.
//   moments           M_i = -r* n x F_r on i, M_j = +r* n x F_r on j (|M| <= mu_roll r* |f_n|); the contact takes
//                     P_r = -F_r . v_r from the bodies. The rolling spring xi_r lives per contact slot, carried
//                     through neighbor rebuilds like xi.
#pragma once

#include "models/contact/law.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/particles/energy.hpp"

namespace stickslip {

enum class SpringTurn { keep_length, project };

// The LAMMPS gran/hooke/history turn: the spring's normal part removed, its length not restored.
inline void project_into_plane(Vec3& xi, const Vec3& n) { xi -= xi.dot(n) * n; }

template <SpringTurn Turn>
void turn_spring(Vec3& xi, const Vec3& n) {
  if constexpr (Turn == SpringTurn::keep_length) rotate_into_plane(xi, n);
  else project_into_plane(xi, n);
}

// The laws and the ledger terms for a spring already turned (contact_step after turn_spring; the LAMMPS styles call
// the two apart, so that the turns of a batch of contacts run before their laws: shorter dependency chains per loop).
template <bool Ledger, class Normal, class Tangential, class Kin>
Vec3 contact_laws(const Normal& normal, const Tangential& tangential, const Kin& c, Vec3& xi, double dt,
                  ContactSums& sums, double& fn) {
  double un = 0;
  fn = normal.force(c, un);
  TangentialEnergy te;
  Vec3 copy;
  Vec3& spring = dt > 0 || is_exact_static<Tangential> ? xi : (copy = xi);
  const Vec3 ft = tangential.step(c, fn, spring, dt, te);
  if (dt == 0) te.elastic = te.before, te.jump = 0;  // the stored spring did not change
  if constexpr (Ledger) {
    const double power_t = -ft.dot(c.vt);
    sums.power_normal += fn * c.hdot;
    sums.power_tangential += power_t;
    sums.elastic_normal += un;
    sums.elastic_tangential += te.elastic;
    sums.jump += te.jump;
    // This contact's tangential dissipation over the step, dD = P_t dt - (U_t,after - U_t,before); a negative dD
    // is energy the law created (a D-SDS reset that loads the spring beyond the work it received).
    const double dd = power_t * dt - (te.elastic - te.before);
    if (dd < 0) sums.created -= dd;
  }
  return ft;
}

template <bool Ledger, SpringTurn Turn = SpringTurn::keep_length, class Normal, class Tangential, class Kin>
Vec3 contact_step(const Normal& normal, const Tangential& tangential, const Kin& c, Vec3& xi, double dt,
                  ContactSums& sums, double& fn) {
  turn_spring<Turn>(xi, c.n);
  return contact_laws<Ledger>(normal, tangential, c, xi, dt, sums, fn);
}

// v_r of a pair (omega_j of a wall: zero).
inline Vec3 rolling_velocity(double r_star, const Vec3& omega_i, const Vec3& omega_j, const Vec3& n) {
  return r_star * (omega_j - omega_i).cross(n);
}

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
