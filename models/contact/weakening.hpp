// models/contact/weakening.hpp — Coulomb friction that weakens with the slip speed:
//   at rest |F| <= F_s = mu F_n;   sliding at u > 0: phi(u) = mu F_n (1 - drop)/(1 + c_w u),
// the law of the belt-driven stick-slip oscillator (a velocity-weakening phi is what makes its stick-slip cycle
// persist) and of the spring-block earthquake model of Carlson & Langer, "Mechanical model of an earthquake fault"
// (1989), whose phi(y) = (1 - sigma)/(1 + 2 alpha y/(1 - sigma)) is this law with drop = sigma, the fall of the
// friction at the onset of slip, and c_w = 2 alpha/(1 - sigma) per unit velocity. c_w = 0 and drop = 0 is Coulomb.
// Set-valued (models/contact/set_valued.hpp: Filippov pieces, hybrid DAE, sign form) with static threshold
// phi(0) = mu F_n: sliding_force(0) is the static threshold, the drop acts as soon as the contact slides.
#pragma once

#include <array>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

struct Weakening {
  double mu = 0.4, c_w = 0, drop = 0;  // -, s/m, -
  static constexpr const char* name = "weakening";
  static constexpr const char* summary =
      "velocity-weakening Coulomb friction mu F_n (1 - drop)/(1 + c_w |v|) sliding, mu F_n at rest (the belt "
      "oscillator's; Carlson & Langer's with drop = sigma)";
  static constexpr bool set_valued = true;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"mu", "1", 0.4, 0, inf, false, false, "friction coefficient at rest: F_s = mu F_n"},
      {"c_w", "s/m", 0, 0, inf, false, false, "velocity weakening: phi = mu F_n (1 - drop)/(1 + c_w u)"},
      {"drop", "1", 0, 0, 1, false, true, "fall of the friction at the onset of slip (Carlson & Langer's sigma)"},
  }};
  static Weakening from(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double u, double fn) const { return u > 0 ? mu * fn * (1 - drop) / (1 + c_w * u) : mu * fn; }
};

}  // namespace stickslip
