// models/contact/area_overlap.hpp — the normal law "area": the 2-D overlap law of Krengel & Matuttis ("Comparing
// numerically exact and modelled static friction", §4, eq. 18) for a flat face pressed into a plane (the block on a
// slope): overlap area A = l h, elastic force Y A/l = Y h, damping D sqrt(Y m*) dA/dt / l = D sqrt(Y m*) hdot;
//   f_n = max(0, Y h + D sqrt(Y m*) hdot) (per unit depth),  U = Y h^2/2.
// A flat-face law: it has no form on sphere contacts (models/contact/normal_registry.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

struct AreaOverlap {
  double young = 5e7;   // Y, kg/(m s^2): the 2-D modulus (force per unit depth per unit overlap)
  double damping = 1.5; // D, the normal damping prefactor of eq. 18
  static constexpr const char* name = "area";
  static constexpr const char* summary = "2-D overlap-area law Y A/l + D sqrt(Y m) dA/dt / l (Krengel & Matuttis eq. 18)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 2> parameters{{
      {"young", "kg/(m s^2)", 5e7, 0, inf, true, false, "2-D Young's modulus Y"},
      {"damping", "1", 1.5, 0, inf, false, false, "normal damping prefactor D (eq. 18)"},
  }};
  static AreaOverlap from(const std::array<double, 2>& v) { return {v[0], v[1]}; }
  template <class C>
  double force(const C& c, double& energy) const {
    energy = 0.5 * young * c.h * c.h;
    const double d = damping * std::sqrt(young * c.m_star);
    return std::max(0.0, young * c.h + d * c.hdot);
  }
  template <class C>
  double elastic_force(const C& c, double& stiffness) const {
    stiffness = young;
    return young * c.h;
  }
};

}  // namespace stickslip
