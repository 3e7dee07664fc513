// models/contact/mindlin.hpp — Mindlin's elastoplastic tangential spring of a Hertz contact (Campello, "DEM with
// Rodrigues rotation parameters", eq. 29-37; models/hertz_mindlin.hpp holds the per-contact formulas):
//   s += v_t dt (eq. 29-30), stiffness k_t = 8 G* sqrt(r* h) (eq. 37), return mapping (eq. 31-36) with
//   mu_s = mu_d = mu and N = |f_n|; force -k_t s, capped at mu N.
// Parameters: mu, and the material (young, poisson) that gives G* of two bodies and of a body against a rigid wall.
// Forms, on a relation whose contact gives the overlap h, r* and whether the partner is a wall (sphere and disc pairs:
// models/particles/contact_kinematics.hpp; the 1-D relations have no Hertz overlap: Mindlin has no form there):
//   increment  the step above; the mapping's change of 1/2 k_t |s|^2 is recorded as a jump (never positive).
//   modes      (modes(), models/contact/law.hpp's ContactModesForm; the engine's state-vector form) the continuous
//              limit of the mapping, stick and slip as modes with events. Cone radius c = mu F_el/k_t (F_el the
//              elastic normal force: c = mu E* h/(6 G*) for Hertz), c' = mu (F_el' - F_el hdot/(2h))/k_t.
//     stick  s' = v_t, F = -k_t s; ends when g = |s| - c rises through 0.
//     slip   s on the cone, tau = s/|s|: s' = (I - tau tau^T) v_t + c' tau - beta (|s| - c) tau, beta = sqrt(k_t/m*)
//            (a drift back onto the cone), F = -k_t c tau = -mu F_el tau; ends when g = c' - v_t . tau rises
//            through 0 (the slip turns back slower than the cone grows). At the slip's start project() puts s on
//            the cone; back in stick s keeps its length c.
//     A contact closes in stick unless s already reaches the cone and v_t . tau > c'. Energy 1/2 k_t min(|s|, c)^2.
//     With mu = 0 there is no spring (F = 0, s' = 0, no switch).
#pragma once

#include <algorithm>
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

struct MindlinModes;

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

  MindlinModes modes() const;  // the modes form (header)
};

// The modes form (header). C: a HertzContact with the normal load (ModeKinematics).
struct MindlinModes {
  Mindlin law;
  static constexpr bool constrained_stick = false;
  template <class C>
  double cone(const C& c) const {
    const double k = law.stiffness(c);
    return k > 0 ? law.mu * c.elastic / k : 0.0;
  }
  template <class C>
  double cone_rate(const C& c) const {
    const double k = law.stiffness(c);
    return k > 0 && c.h > 0 ? law.mu * (c.elastic_rate - 0.5 * c.elastic * c.hdot / c.h) / k : 0.0;
  }
  template <class C>
  static Vec3 in_plane(const C& c, const Vec3& s) {
    return s - s.dot(c.n) * c.n;
  }
  // tau: along s, else along the slip velocity, else zero. A spring of round-off size (below 1e-12 of the contact
  // radius: the first instants after the contact closed at h = 0, where the cone is as small) has no direction of
  // its own: the slip velocity gives it.
  template <class C>
  static Vec3 direction(const C& c, const Vec3& s_t) {
    const double len = s_t.norm();
    if (len > 1e-12 * c.r_star || (len > 0 && c.vt.norm() == 0)) return s_t / len;
    return c.vt.norm() > 0 ? Vec3(c.vt.normalized()) : Vec3(Vec3::Zero());
  }
  template <class C>
  int closing_mode(const C& c, const Vec3& s) const {
    if (law.mu == 0) return contact_stick;
    const Vec3 s_t = in_plane(c, s);
    if (s_t.norm() < cone(c)) return contact_stick;
    const Vec3 tau = direction(c, s_t);
    return tau.norm() > 0 && c.vt.dot(tau) > cone_rate(c) ? contact_slip : contact_stick;
  }
  template <class C>
  Vec3 force(const C& c, const Vec3& s, int mode) const {
    if (law.mu == 0) return Vec3::Zero();
    const double k = law.stiffness(c);
    const Vec3 s_t = in_plane(c, s);
    if (mode != contact_slip) return -k * s_t;
    return -k * cone(c) * direction(c, s_t);
  }
  template <class C>
  Vec3 rate(const C& c, const Vec3& s, int mode) const {
    if (law.mu == 0) return Vec3::Zero();
    if (mode != contact_slip) return c.vt;
    const Vec3 s_t = in_plane(c, s), tau = direction(c, s_t);
    const double beta = std::sqrt(law.stiffness(c) / c.m_star);
    return c.vt - c.vt.dot(tau) * tau + (cone_rate(c) - beta * (s_t.norm() - cone(c))) * tau;
  }
  template <class C>
  double switching(const C& c, const Vec3& s, int mode, const Vec3&) const {
    if (law.mu == 0) return -1;
    const Vec3 s_t = in_plane(c, s);
    if (mode == contact_stick) return s_t.norm() - cone(c);
    return cone_rate(c) - c.vt.dot(direction(c, s_t));
  }
  template <class C>
  bool leaves(const C& c, const Vec3& s, int mode, const Vec3&) const {
    if (law.mu == 0) return false;
    const Vec3 s_t = in_plane(c, s), tau = direction(c, s_t);
    const double rate = cone_rate(c);
    if (mode == contact_stick) return s_t.norm() >= cone(c) * (1 - 1e-9) && c.vt.dot(tau) > rate;
    return rate - c.vt.dot(tau) >= -1e-9 * (std::abs(rate) + c.vt.norm());
  }
  template <class C>
  int on_switch(const C& c, Vec3& s, int mode, const Vec3&) const {
    if (mode == contact_stick) return contact_slip;  // project() puts s on the cone
    const Vec3 s_t = in_plane(c, s);
    if (s_t.norm() > 0) s = cone(c) / s_t.norm() * s_t;
    return contact_stick;
  }
  template <class C>
  void project(const C& c, Vec3& s, int mode, const Vec3& f_stick) const {
    if (mode != contact_slip) return;
    Vec3 dir = in_plane(c, s);
    if (dir.norm() == 0) dir = c.vt;
    if (dir.norm() == 0) dir = -f_stick;
    if (dir.norm() > 0) s = cone(c) * dir.normalized();
  }
  template <class C>
  double elastic_energy(const C& c, const Vec3& s) const {
    if (c.h <= 0 || law.mu == 0) return 0.0;
    const double len = std::min(s.norm(), cone(c));
    return 0.5 * law.stiffness(c) * len * len;
  }
};

inline MindlinModes Mindlin::modes() const { return {*this}; }

}  // namespace stickslip
