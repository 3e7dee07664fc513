// models/contact/frictionless.hpp — "none": no tangential force (smooth spheres: the reference of the granular gas;
// spins never change). A slip force F = 0 (no state) and an increment that keeps the slot at zero.
#pragma once

#include <array>

#include "models/contact/law.hpp"

namespace stickslip {

struct Frictionless {
  static constexpr const char* name = "none";
  static constexpr const char* summary = "frictionless contact, no tangential force (smooth spheres)";
  static constexpr std::array<Param, 0> parameters{};
  static Frictionless from(const std::array<double, 0>&) { return {}; }

  template <class C>
  SpringOf<C> step(const C&, double, SpringOf<C>& xi, double, TangentialEnergy& e) const {
    xi.setZero();
    e = TangentialEnergy{};
    return SpringOf<C>::Zero();
  }
  template <class C>
  SpringOf<C> force(const C&, double) const {
    return SpringOf<C>::Zero();
  }
  double static_threshold(double) const { return 0; }
  double sliding_force(double, double) const { return 0; }
};

}  // namespace stickslip
