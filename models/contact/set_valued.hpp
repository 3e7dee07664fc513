// models/contact/set_valued.hpp — the forms every set-valued friction law has, from its two functions alone
// (models/contact/law.hpp: static_threshold(F_n) = F_s, the largest force a stuck contact holds; sliding_force(u, F_n)
// = phi(u), the force while sliding at speed u; phi(0) = F_s, so the convex hull at zero slip is [-F_s, F_s]).
// Coulomb (phi = mu F_n), the belt's velocity-weakening law and Stribeck's law are such laws.
//   Filippov pieces  F(sigma) = -sigma phi(|v|), sigma in [-1, 1]: f_I (sigma = +1, v > 0) and f_II (sigma = -1)
//                    of Krengel & Matuttis eq. 5-6 and their convex combination (eq. 9); affine in sigma, as the
//                    Filippov driver needs (core/filippov_system.hpp). The surface is the slip velocity, h = v.
//   sign             F = -sign(v) phi(|v|), sign(0) = 0: the naive right-hand side a fixed-step scheme integrates
//                    by chattering across v = 0; its magnitude is the law of the Markovian pair (coulomb-sign).
//   hybrid DAE       state z = F (algebraic), modes stick (1), slip + (2: v > 0, F = -phi), slip - (3: v < 0):
//                      slip s:  0 = F + s phi(|v|);        leaves when s v falls to 0 (g = -s v)
//                      stick:   0 = F - f_stick, f_stick the force that keeps the slip acceleration zero (the
//                               relation's; Krengel & Matuttis eq. 21-22 for one contact); leaves when |F| reaches
//                               F_s (g = +-F - F_s). With velocity projection the slip row itself becomes the
//                               constraint 0 = v (the relation's slip velocity held, index 1 as the force row);
//                               without it the slip velocity left at the stick event is carried on.
//                    At v = 0 the mode becomes stick if |f_stick| <= F_s, otherwise the slip goes the way f_stick
//                    pulls. IDA only (the rates of the algebraic rows are not those of the constraint).
#pragma once

#include <cmath>

#include "models/contact/law.hpp"
#include "models/contact/slip_force_laws.hpp"

namespace stickslip {

// The Filippov force with side value sigma in [-1, 1].
template <SetValuedLaw L>
double filippov_force(const L& law, double v, double fn, double sigma) {
  return -(sigma * law.sliding_force(std::abs(v), fn));
}

// The slip force of a law: its own, or a set-valued law's sign form.
template <class L, class C>
SpringOf<C> slip_force(const L& law, const C& c, double fn) {
  if constexpr (SlipForceForm<L, C>) return law.force(c, fn);
  else return slip_force_of(c.vt, [&](double u) { return law.sliding_force(u, fn); });
}

template <SetValuedLaw L>
struct SetValuedDae {
  const L& law;
  bool projection = true;  // velocity projection while sticking

  int initial_mode(const Slip1& c, double fn, double) const {
    if (c.v() > 0) return slide_pos;
    if (c.v() < 0) return slide_neg;
    return at_rest(c, fn);
  }
  // The mode at v = 0: stick when the law holds f_stick, else the slip f_stick drives.
  int at_rest(const Slip1& c, double fn) const {
    if (std::abs(c.f_stick) <= law.static_threshold(fn)) return stick_mode;
    return c.f_stick < 0 ? slide_pos : slide_neg;
  }
  double force(const Slip1&, double, double z, int) const { return z; }
  double rate(const Slip1&, double, double, int) const { return 0; }  // algebraic row; only a guess for IDA
  void events(const Slip1& c, double fn, double z, int mode, double* g) const {
    if (mode == stick_mode) {
      const double fs = law.static_threshold(fn);
      g[0] = z - fs;
      g[1] = -z - fs;
      return;
    }
    g[0] = -slide_sign(mode) * c.v();
    g[1] = -1;
  }
  int on_event(const Slip1& c, double fn, double&, int mode, int which) const {
    // F = +F_s reached: the pull towards -v exceeds what friction holds -> slip with v < 0.
    if (mode == stick_mode) return which == 0 ? slide_neg : slide_pos;
    if (which != 0) return mode;
    return at_rest(c, fn);
  }
  void project(const Slip1& c, double fn, double& z, int mode) const {
    if (mode == stick_mode) z = c.f_stick;
    else z = -slide_sign(mode) * sliding_mode_force(law, std::abs(c.v()), fn);
  }
  bool algebraic(int) const { return true; }
  double residual(const Slip1& c, double fn, double z, double, int mode) const {
    if (mode == stick_mode) return z - c.f_stick;
    return z + slide_sign(mode) * sliding_mode_force(law, std::abs(c.v()), fn);
  }
  ModelForm form() const { return ModelForm::dae; }
  bool holds_slip(int mode) const { return projection && mode == stick_mode; }
};

// The law's hybrid DAE: its own (dae()), or the set-valued one.
template <class L>
auto dae_form(const L& law, bool projection) {
  if constexpr (HasDae<L>) return law.dae(projection);
  else return SetValuedDae<L>{law, projection};
}

}  // namespace stickslip
