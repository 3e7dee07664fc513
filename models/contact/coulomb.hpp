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
// Modes form (modes(), models/contact/law.hpp's ContactModesForm; the engine's state-vector form under odeint and
// CVODE): the rigid Coulomb contact with Krengel & Matuttis' sliding mode per contact, N = f_n the full normal force.
//   stick  constrained_stick: the force is the constraint force that keeps the contact's slip velocity constant,
//          solved for all sticking contacts together by the assembler (models/particles/stick_constraints.hpp);
//          s' = 0 (s = 0); ends when g = |F| - mu N rises through 0. A contact closes in stick when |v_t| <= eps_v,
//          and slips at once where that constraint force exceeds mu N by more than rounding (at first touch N = 0).
//   slip   F = -mu N d/|d|, d = sqrt(a^2 + eps_v^2) e + (v_t - a e), e = s/|s|, a = v_t . e, eps_v = 1e-6 m/s: the
//          slip direction once |a| >> eps_v, e at the onset, and smooth across a = 0, so that a step or stage which
//          overshoots the end of the mode keeps a continuous field (RK4 stages would otherwise cancel); s' = v_t, the
//          slip path, seeded 1e-12 m against the stick force it replaces (or along v_t); ends when g = -a rises
//          through 0 (the slip velocity reverses relative to the slip so far; a slip that turns by more than 90 deg
//          against its path ends early and the stick test re-decides at once). No elastic energy (U = 0).
//   With mu = 0 every contact slips (F = 0) and never switches.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/rodrigues.hpp"

namespace stickslip {

template <class C>
concept ExactStaticContact = requires(const C& c) {
  c.a_other;
  { c.inv_mass_t } -> std::convertible_to<double>;
  { c.replay } -> std::convertible_to<bool>;
};

struct CoulombModes;

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

  CoulombModes modes() const;  // the modes form (header)
};

// The modes form (header). C: a contact with the normal load (ModeKinematics).
struct CoulombModes {
  Coulomb law;
  static constexpr bool constrained_stick = true;
  static constexpr double seed_speed = 1e-6;    // eps_v (m/s)
  static constexpr double seed_length = 1e-12;  // the slip path at the onset (m)
  template <class C>
  static Vec3 in_plane(const C& c, const Vec3& s) {
    return s - s.dot(c.n) * c.n;
  }
  template <class C>
  int closing_mode(const C& c, const Vec3&) const {
    return law.mu == 0 || c.vt.norm() > seed_speed ? contact_slip : contact_stick;
  }
  template <class C>
  Vec3 force(const C& c, const Vec3& s, int mode) const {
    if (mode != contact_slip) return Vec3::Zero();  // the constraint force is the assembler's
    const Vec3 s_t = in_plane(c, s);
    const double len = s_t.norm();
    Vec3 d = c.vt;
    if (len > 0) {
      const Vec3 e = s_t / len;
      const double a = c.vt.dot(e);
      d = std::sqrt(a * a + seed_speed * seed_speed) * e + (c.vt - a * e);
    }
    const double dn = d.norm();
    return dn > 0 ? Vec3(-law.mu * c.fn / dn * d) : Vec3(Vec3::Zero());
  }
  template <class C>
  Vec3 rate(const C& c, const Vec3&, int mode) const {
    return mode == contact_slip ? Vec3(c.vt) : Vec3(Vec3::Zero());
  }
  template <class C>
  double switching(const C& c, const Vec3& s, int mode, const Vec3& f) const {
    if (law.mu == 0) return -1;
    if (mode == contact_stick) return f.norm() - law.mu * c.fn;
    const Vec3 s_t = in_plane(c, s);
    const double len = s_t.norm();
    return len > 0 ? -c.vt.dot(s_t) / len : -1.0;
  }
  template <class C>
  bool leaves(const C& c, const Vec3& s, int mode, const Vec3& f) const {
    if (law.mu == 0) return false;
    if (mode == contact_stick) {  // a constraint force at rounding level never picks a slip direction
      const double fn = f.norm(), limit = law.mu * c.fn;
      return fn > c.rounding && fn - limit >= -1e-9 * limit;
    }
    const Vec3 s_t = in_plane(c, s);
    const double len = s_t.norm();
    // a slip that has just started (s still the seed) cannot end at once
    return len > 2 * seed_length && -c.vt.dot(s_t) / len >= -1e-3 * seed_speed;
  }
  template <class C>
  int on_switch(const C&, Vec3& s, int mode, const Vec3& f) const {
    if (mode == contact_stick) {  // the slip starts against the constraint force it replaces
      const double fn = f.norm();
      s = fn > 0 ? Vec3(-seed_length / fn * f) : Vec3(Vec3::Zero());
      return contact_slip;
    }
    s.setZero();
    return contact_stick;
  }
  template <class C>
  void project(const C& c, Vec3& s, int mode, const Vec3& f_stick) const {
    if (mode != contact_slip || s.norm() > 0) return;
    Vec3 dir = c.vt;
    if (dir.norm() == 0) dir = -f_stick;
    if (dir.norm() > 0) s = seed_length * dir.normalized();
  }
  template <class C>
  double elastic_energy(const C&, const Vec3&) const {
    return 0.0;
  }
};

inline CoulombModes Coulomb::modes() const { return {*this}; }

}  // namespace stickslip
