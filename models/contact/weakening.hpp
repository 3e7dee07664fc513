// models/contact/weakening.hpp — Coulomb friction that weakens with the slip speed, phi(u) = mu F_n/(1 + c_w u): the
// law of the belt-driven stick-slip oscillator (a velocity-weakening phi is what makes its stick-slip cycle
// persist); c_w = 0 is Coulomb. Set-valued (models/contact/set_valued.hpp: Filippov pieces, hybrid DAE, sign form)
// with static threshold phi(0) = mu F_n.
#pragma once

#include <array>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

struct Weakening {
  double mu = 0.4, c_w = 0;  // -, s/m
  static constexpr const char* name = "weakening";
  static constexpr const char* summary = "velocity-weakening Coulomb friction mu F_n/(1 + c_w |v|) (the belt oscillator's)";
  static constexpr bool set_valued = true;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"mu", "1", 0.4, 0, inf, false, false, "friction coefficient at rest: F_s = mu F_n"},
      {"c_w", "s/m", 0, 0, inf, false, false, "velocity weakening: phi = mu F_n/(1 + c_w u)"},
  }};
  static Weakening from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double u, double fn) const { return mu * fn / (1 + c_w * u); }
};

}  // namespace stickslip
