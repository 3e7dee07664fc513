// models/contact/coulomb.hpp — Coulomb friction: |F| <= mu F_n while the contact sticks, F = -mu F_n v/|v| while it
// slides. A set-valued law (models/contact/set_valued.hpp gives its Filippov pieces, its hybrid DAE and its sign
// form from static_threshold = sliding_force = mu F_n), plus the per-contact exact static friction of Krengel &
// Matuttis, "Comparing numerically exact and modelled static friction", eq. 21-22 (1-D form eq. 3-17) as a discrete
// increment for the particle engine:
//   no spring; the slot holds the force the contact applied at its last evaluation. The relation hands over
//   (ExactStaticContact) 1/m_eff,tan = 1/m_i + 1/m_j + r_i^2/I_i + r_j^2/I_j (eq. 21, the arms r are the radii: the
//   contact vectors are along n; a frozen body or spin adds 0) and a_other, the relative tangential acceleration of
//   the contact points from every force but this contact's friction (eq. 22). Then
//     F_stick = -m_eff,tan (a_other + v_t/dt),   F = F_stick if |F_stick| <= mu |f_n|, else mu |f_n| F_stick/|F_stick|.
//   Discrete form in velocity Verlet (v_t the half-step slip velocity v_t,{n+1/2}, F acting from n+1/2 to n+3/2):
//   F_stick is the force that makes v_t,{n+3/2} = v_t,{n+1/2} + dt (a_other + F/m_eff,tan) zero, and the projection
//   onto the disc |F| <= mu |f_n| is the implicit (backward Euler in velocity) Coulomb law F = -mu |f_n|
//   v_t,{n+3/2}/|v_t,{n+3/2}| while sliding (defined at v_t = 0 too). When a_other is exact (one contact per body) a
//   sticking contact's half-step slip velocity is zero to round-off, so the positions do not drift at all; with
//   several contacts per body a_other is estimated (engine: one Gauss-Seidel sweep per evaluation, warm-started
//   from the last forces) and any error is removed at the next step by v_t/dt. dt = 0 (set-up): F_stick =
//   -m_eff,tan a_other. Energy: no spring (U_t = 0); the ledger's tangential work is its dissipation. The ledger's
//   power -F . v_t is taken at the half-step slip velocity, and a force that stops a reversal can point along it, so
//   "created" is not exactly 0 in many-contact runs (4e-5 J against 0.96 J dissipated in a 300-sphere gas): a
//   discrete-power artefact of O(dt), not a spring. No LAMMPS or trapezoid form (neither hands over a_other).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

template <class C>
concept ExactStaticContact = requires(const C& c) {
  c.a_other;
  { c.inv_mass_t } -> std::convertible_to<double>;
  { c.replay } -> std::convertible_to<bool>;
};

struct Coulomb {
  double mu = 0.5;
  static constexpr const char* name = "coulomb";
  static constexpr const char* summary =
      "Coulomb friction |F| <= mu F_n: Filippov convex hull, DAE, sign; per-contact exact static friction on the "
      "engine (Krengel & Matuttis eq. 21-22)";
  static constexpr bool exact_static = true;
  static constexpr bool set_valued = true;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 1> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: |F| <= mu F_n"},
  }};
  static Coulomb from(const std::array<double, 1>& v) { return {v[0]}; }

  template <ExactStaticContact C>
  SpringOf<C> step(const C& c, double fn, SpringOf<C>& f_last, double dt, TangentialEnergy& e) const {
    e = TangentialEnergy{};
    if (c.replay) return f_last;
    SpringOf<C> f = SpringOf<C>::Zero();
    if (c.inv_mass_t > 0) {
      f = -(dt > 0 ? SpringOf<C>(c.a_other + c.vt / dt) : SpringOf<C>(c.a_other)) / c.inv_mass_t;
      const double fmax = mu * std::abs(fn), norm2 = f.squaredNorm();
      if (norm2 > fmax * fmax) f *= fmax / std::sqrt(norm2);
    }
    f_last = f;
    return f;
  }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }
};

}  // namespace stickslip
