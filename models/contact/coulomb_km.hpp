// models/contact/coulomb_km.hpp — Krengel & Matuttis' own static-friction scheme, as their paper prints it
// ("Comparing numerically exact and modelled static friction", eq. 3-17; per contact eq. 21-22): registry name
// coulomb-km. At every evaluation of the right-hand side, no event location, no projection, no v/dt term:
//   f_I  = f_ext - F_s,   f_II = f_ext + F_s                       (eq. 5-6; F_s = mu |F_N|, f_ext = m* a_free)
//   a_I  ~ (v + delta_I f_I/m)/delta_I,   a_II ~ -(v + delta_II f_II/m)/delta_II         (eq. 15-16, m = m*)
//   delta_{I,II} = -c m v/f_{I,II},  c = 0.9                       (eq. 17)
//   case 1  a_I a_II < 0        the flow crosses v = 0: the force of the side the state is on (f_I for v > 0, f_II for
//                               v < 0; at v = 0 the side the flow enters: f_I where a_I > 0, else f_II)
//   case 2  a_I <= 0, a_II <= 0 it pushes into v = 0: the convex hull f = (1 - lambda) f_I + lambda f_II (eq. 9),
//                               lambda = a_I/(a_I + a_II) (eq. 12; 1/2 when both vanish), i.e. the friction force
//                               F = f - f_ext = -f_ext (eq. 13-14: the external force compensated exactly; we return
//                               -f_ext itself, the relation's f_stick, not (1 - 2 lambda) F_s, which would leave the
//                               last bits of f_ext as an acceleration)
//   case 3  a_I, a_II >= 0      it pulls away from v = 0: the force of the side the state is on (at v = 0 the side
//                               with the larger a; unreachable there for F_s >= 0, since f_I <= f_II)
// The algebra of eq. 15-17, and the reading we take. With delta from eq. 17, v + delta f/m = (1 - c) v, so for v != 0
//   a_I = (1 - 1/c) f_I/m = -f_I/(9 m),   a_II = -(1 - 1/c) f_II/m = f_II/(9 m):
// -1/9 of the exact directional derivatives of eq. 7-8 (a_I = f_I/m, a_II = -f_II/m), whatever v is: the size of
// delta never matters, only that c < 1 (the text: "small enough, so that the flow cannot cross the manifold"; the
// look-ahead velocity (1 - c) v keeps the sign of v). lambda (eq. 12) is scale-free, so it is eq. 13 wherever it is
// taken. The sign is where the paper is ambiguous: with the printed formulas a state with v != 0 inside the stick band
// |f_ext| < F_s (f_I < 0 < f_II) has a_I > 0 and a_II > 0, which the paper's list of cases calls case 3 (pulling away,
// "only for an unfortunate choice of initial conditions"), and case 2 (pushing) is never reached at v != 0; case 1 is
// the same under either sign. We take the text as printed: eq. 15-17 classify, with the paper's labels. So for v != 0
// the force is always the side's, F = -F_s sign(v) (the sign law), and the convex hull acts only at v = 0, where the
// look-ahead state is on the manifold (g(v) = 0) and eq. 15-16 equal eq. 7-8 for every delta != 0 (we use that limit:
// eq. 17's delta = 0 would give 0/0). The other reading, the hull in case 3 as well (a_I a_II >= 0), would hold every
// v in the stick band constant: a block launched on a level floor would never slow down, unlike the flow of their Fig.
// 1; we do not offer it. Read as a finite difference, (g(v + delta f/m) - g(v))/delta, eq. 15-16 would be eq. 7-8
// exactly for every v (the Filippov driver's finite-difference gradient, the oscillator's filippov-fd), and the scheme
// the hull at any v in the band, the same non-decelerating block. f = 0 (delta infinite) is the limit a = f/m (1 - 1/c)
// = 0: no NaN at v = 0, f = 0 or F_s = 0.
// Consequences (derived, tested in tests/models/contact/test_coulomb_km.cpp): released at exact rest and balance a
// contact stays (F = f_stick), but any v != 0 chatters across v = 0 as the sign law does. Heun on a block in the stick
// band (F_s > m g sin(alpha)) with a constant normal force is the circle rotation u -> (u + A) mod B of u = v/dt
// (A = g sin(alpha), B = F_s/m): its mean slip per step is dt^2 A/2, a drift velocity dt g sin(alpha)/2 downhill.
// Forms (models/contact/law.hpp):
//   look-ahead  double lookahead_force(Slip1 c, fn): the force above on a 1-D relation, no law state; it reads
//               c.a_free and c.m_star (eq. 22 for one contact: f_ext = m* a_free = -c.f_stick). Fixed-step drivers
//               (euler .. rk4, gear); no IDA (it jumps), no adaptive driver (it grinds at v = 0), no event.
//   increment   the particle engine's per-contact form (eq. 21-22, as Coulomb's exact static friction of
//               models/contact/coulomb.hpp, ExactStaticContact: 1/m_t and a_other, the relative tangential
//               acceleration of the contact points from every force but this contact's friction), with the same
//               look-ahead and no v_t/dt term: f_ext = a_other/(1/m_t) (a vector in the contact plane). v_t != 0:
//               F = -F_s v_t/|v_t|; v_t = 0: F = -f_ext if |f_ext| <= F_s, else -F_s f_ext/|f_ext| (the 1-D scheme
//               along the slip direction, or along f_ext at rest). The slot holds the force applied (replay). Velocity
//               Verlet only (as coulomb: no LAMMPS or trapezoid form).
// Energy: no spring (U_t = 0); the ledger's tangential work is its dissipation.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/coulomb.hpp"
#include "models/contact/law.hpp"

namespace stickslip {

// The cases of Krengel & Matuttis §3 (Fig. 1): 1 crossing, 2 pushing into v = 0 (static), 3 pulling away.
enum class LookAheadCase : int { crossing = 1, pushing = 2, pulling = 3 };

// One evaluation of the scheme on a 1-D contact.
struct LookAhead {
  double f_I = 0, f_II = 0;    // eq. 5-6 (N)
  double a_I = 0, a_II = 0;    // eq. 15-16 with eq. 17 (eq. 7-8 at v = 0) (m/s^2)
  LookAheadCase which = LookAheadCase::pushing;
  double lambda = 0.5;         // eq. 12 in case 2; the side's weight (0: f_I, 1: f_II) in cases 1 and 3
  double force = 0;            // the friction force F = f - f_ext (N)
};

inline constexpr double kLookAheadFactor = 0.9;  // c of eq. 17

// v: slip velocity, f_ext: the force on the slip without friction (m a_free), fs = mu |F_N| >= 0, m > 0 the mass of the
// slip (the effective mass). Never NaN for finite arguments.
inline LookAhead look_ahead(double v, double f_ext, double fs, double m) {
  LookAhead r;
  r.f_I = f_ext - fs;
  r.f_II = f_ext + fs;
  const double k = v != 0 ? 1 - 1 / kLookAheadFactor : 1.0;  // eq. 15-16 over eq. 7-8 (v = 0: the manifold itself)
  r.a_I = k * r.f_I / m;
  r.a_II = -k * r.f_II / m;
  if (r.a_I * r.a_II < 0) r.which = LookAheadCase::crossing;
  else if (r.a_I <= 0 && r.a_II <= 0) r.which = LookAheadCase::pushing;
  else r.which = LookAheadCase::pulling;
  if (r.which == LookAheadCase::pushing) {
    const double sum = r.a_I + r.a_II;
    r.lambda = sum != 0 ? r.a_I / sum : 0.5;
    r.force = -f_ext;  // eq. 14
    return r;
  }
  bool side_I;  // the side whose field applies
  if (v != 0) side_I = v > 0;
  else if (r.which == LookAheadCase::crossing) side_I = r.a_I > 0;
  else side_I = r.a_I >= r.a_II;
  r.lambda = side_I ? 0.0 : 1.0;
  r.force = side_I ? -fs : fs;
  return r;
}

struct CoulombKm {
  double mu = 0.5;
  static constexpr const char* name = "coulomb-km";
  static constexpr const char* summary =
      "Krengel & Matuttis' static friction as printed: f_I, f_II (eq. 5-6), the look-ahead a_I, a_II (eq. 15-17), the "
      "convex hull at v = 0 (eq. 9-14); no events, no projection, no v/dt (per contact eq. 21-22 on the engine)";
  static constexpr bool exact_static = true;  // the engine's increment reads a_other and 1/m_t (eq. 21-22)
  static constexpr bool set_valued = false;   // its own scheme: no Filippov, DAE or sign form of the registry
  static constexpr bool chatters_off_rest = true;  // the sliding force at any v != 0 (models/contact/law.hpp)
  static constexpr bool computes_coulomb = true;   // Coulomb's law by its own scheme: Coulomb's exact solutions apply
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 1> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: |F| <= mu F_n"},
  }};
  static CoulombKm from(const std::array<double, 1>& v) { return {v[0]}; }

  // The scheme on a 1-D relation (the look-ahead form).
  LookAhead evaluate(const Slip1& c, double fn) const {
    LookAhead r = look_ahead(c.v(), -c.f_stick, mu * std::abs(fn), c.m_star);
    if (r.which == LookAheadCase::pushing) r.force = c.f_stick;  // -f_ext exactly as the relation computes it
    return r;
  }
  double lookahead_force(const Slip1& c, double fn) const { return evaluate(c, fn).force; }

  // The per-contact form of the particle engine (eq. 21-22, no v_t/dt).
  template <ExactStaticContact C>
  SpringOf<C> step(const C& c, double fn, SpringOf<C>& f_last, double, TangentialEnergy& e) const {
    using S = SpringOf<C>;
    e = TangentialEnergy{};
    if (c.replay) return f_last;
    S f = S::Zero();
    if (c.inv_mass_t > 0) {
      const double fs = mu * std::abs(fn), v = c.vt.norm();
      const S f_ext = S(c.a_other) / c.inv_mass_t;
      if (v > 0) {
        f = -(fs / v) * S(c.vt);
      } else {
        const double along = f_ext.norm();
        const LookAhead r = look_ahead(0.0, along, fs, 1.0 / c.inv_mass_t);
        if (r.which == LookAheadCase::pushing) f = -f_ext;
        else if (along > 0) f = (r.force / along) * f_ext;
      }
    }
    f_last = f;
    return f;
  }

  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }
};

}  // namespace stickslip
