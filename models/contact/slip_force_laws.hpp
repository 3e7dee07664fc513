// models/contact/slip_force_laws.hpp — friction laws whose force is a function of the slip velocity alone (no spring,
// no stick): F = -f(|v|) v/|v|, f >= 0. Their one form is the slip force; its magnitude f(u) is the friction law of
// the Markovian pair (Hofmann et al., the docs of a frictional pair force: S4, with the noise strength D(u) of S7
// from f by the fluctuation-dissipation theorem, models/markovian_friction.hpp), and as an ODE with no law state they
// run on every 1-D relation.
//   linear  f = gamma u                  (a viscous dashpot; gamma absolute, N s/m: D = gamma)
//   tanh    f = mu F_n tanh(u/u_scale)   (a smooth Coulomb law: mu F_n beyond u >> u_scale; never sticks)
// Neither holds a stuck contact (static threshold 0).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

// -f(|v|) v/|v| for a magnitude f, zero at v = 0 (1-D: -sign(v) f(|v|), sign(0) = 0).
template <class S, class F>
S slip_force_of(const S& v, F&& magnitude) {
  if constexpr (S::RowsAtCompileTime == 1) {
    const double sg = v[0] > 0 ? 1.0 : (v[0] < 0 ? -1.0 : 0.0);
    return S(-(sg * magnitude(std::abs(v[0]))));
  } else {
    const double u = v.norm();
    return u > 0 ? S(-magnitude(u) / u * v) : S::Zero();
  }
}

struct Viscous {
  double gamma = 1;  // N s/m
  static constexpr const char* name = "linear";
  static constexpr const char* summary = "viscous friction f(u) = gamma u (the linear law of the Markovian pair)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 1> parameters{{
      {"gamma", "N s/m", 1, 0, inf, true, true, "linear friction coefficient gamma: F = -gamma v"},
  }};
  static Viscous from(const std::array<double, 1>& v) { return {v[0]}; }
  template <class C>
  SpringOf<C> force(const C& c, double fn) const {
    return slip_force_of(c.vt, [&](double u) { return sliding_force(u, fn); });
  }
  double static_threshold(double) const { return 0; }
  double sliding_force(double u, double) const { return gamma * u; }
};

struct TanhFriction {
  double mu = 0.5, u_scale = 0.1;  // -, m/s
  static constexpr const char* name = "tanh";
  static constexpr const char* summary = "smooth Coulomb law f(u) = mu F_n tanh(u/u_scale) (never sticks)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: f -> mu F_n for u >> u_scale"},
      {"u_scale", "m/s", 0.1, 0, inf, true, false, "velocity scale u_s of tanh"},
  }};
  static TanhFriction from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  template <class C>
  SpringOf<C> force(const C& c, double fn) const {
    return slip_force_of(c.vt, [&](double u) { return sliding_force(u, fn); });
  }
  double static_threshold(double) const { return 0; }
  double sliding_force(double u, double fn) const { return mu * fn * std::tanh(u / u_scale); }
};

}  // namespace stickslip
