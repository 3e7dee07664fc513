// models/contact/mindlin.hpp — Mindlin's elastoplastic tangential spring of a Hertz contact (Campello, "DEM with
// Rodrigues rotation parameters", eq. 29-37; models/hertz_mindlin.hpp holds the per-contact formulas):
//   s += v_t dt (eq. 29-30), stiffness k_t = 8 G* sqrt(r* h) (eq. 37), return mapping (eq. 31-36) with
//   mu_s = mu_d = mu and N = |f_n|; force -k_t s, capped at mu N.
// Parameters: mu, and the material (young, poisson) that gives G* of two bodies and of a body against a rigid wall.
// Form: increment, on a relation whose contact gives the overlap h, r* and whether the partner is a wall (sphere and
// disc pairs: models/particles/contact_kinematics.hpp). The 1-D relations have no Hertz overlap: Mindlin has no form
// there. The mapping's change of 1/2 k_t |s|^2 is recorded as a jump (never positive).
// (The sphere ODE form of models/sphere_model.hpp runs Mindlin's stick and slip as modes with events, on its own
// slots; it retires when rolling-sphere and three-spheres move onto the particle engine.)
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/hertz_mindlin.hpp"

namespace stickslip {

template <class C>
concept HertzContact = requires(const C& c) {
  { c.h } -> std::convertible_to<double>;
  { c.r_star } -> std::convertible_to<double>;
  { c.wall } -> std::convertible_to<bool>;
};

struct Mindlin {
  double g_pair = 0, g_wall = 0;  // G* of two bodies of the material, and against a rigid wall
  double mu = 0.5;
  static constexpr const char* name = "mindlin";
  static constexpr const char* summary =
      "Hertz-Mindlin spring k_t = 8 G* sqrt(r* h) with return mapping (Campello eq. 25-39)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient mu_s = mu_d"},
      {"young", "Pa", 1e8, 0, inf, true, false, "Young's modulus E of the bodies (G* of eq. 38)"},
      {"poisson", "1", 0.25, -1, 0.5, true, true, "Poisson's ratio nu of the bodies"},
  }};
  static Mindlin material(double young, double poisson, double mu) {
    return {sphere_sphere_pair(1, 1, young, poisson, 1, 1, young, poisson).g_star,
            sphere_wall_pair(1, 1, young, poisson).g_star, mu};
  }
  static Mindlin from(const std::array<double, 3>& v) { return material(v[1], v[2], v[0]); }

  template <HertzContact C>
  double stiffness(const C& c) const {
    return mindlin_stiffness(ContactPair{c.r_star, 0.0, c.wall ? g_wall : g_pair, c.m_star}, c.h);
  }
  template <HertzContact C>
  Vec3 step(const C& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    const double k = stiffness(c);
    e.before = 0.5 * k * xi.squaredNorm();
    xi += dt * c.vt;
    const double before = 0.5 * k * xi.squaredNorm();
    const TangentialStep s = mindlin_return_mapping(xi, k, std::abs(fn), mu, mu);
    xi = s.s;
    e.elastic = 0.5 * k * xi.squaredNorm();
    e.jump = e.elastic - before;
    return s.force;
  }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }
};

}  // namespace stickslip
