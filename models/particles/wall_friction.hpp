// models/particles/wall_friction.hpp — one tangential law with its own parameters against rigid walls: a
// particle-particle law and a particle-wall law of the same kind (seed 004 ex. 5.3: mu = 0.1 between particles,
// mu = 0.25 against the container). step() hands each contact to the law of its kind (c.wall,
// models/particles/contact_kinematics.hpp); the spring state and the energies are those of that law. A law with a
// modes form (models/contact/law.hpp) gives WallFriction one too, each contact's calls going to its own law's; so do
// a rate form and a slip force.
#pragma once

#include "models/particles/contact_kinematics.hpp"
#include "models/contact/law.hpp"

namespace stickslip {

// The modes forms of a pair law and a wall law, each contact's calls to its own.
template <class M>
struct WallModes {
  M pair, wall;
  static constexpr bool constrained_stick = M::constrained_stick;
  template <class C>
  const M& of(const C& c) const {
    return c.wall ? wall : pair;
  }
  template <class C>
  int closing_mode(const C& c, const Vec3& s) const {
    return of(c).closing_mode(c, s);
  }
  template <class C>
  Vec3 force(const C& c, const Vec3& s, int mode) const {
    return of(c).force(c, s, mode);
  }
  template <class C>
  Vec3 rate(const C& c, const Vec3& s, int mode) const {
    return of(c).rate(c, s, mode);
  }
  template <class C>
  double switching(const C& c, const Vec3& s, int mode, const Vec3& f) const {
    return of(c).switching(c, s, mode, f);
  }
  template <class C>
  bool leaves(const C& c, const Vec3& s, int mode, const Vec3& f) const {
    return of(c).leaves(c, s, mode, f);
  }
  template <class C>
  int on_switch(const C& c, Vec3& s, int mode, const Vec3& f) const {
    return of(c).on_switch(c, s, mode, f);
  }
  template <class C>
  void project(const C& c, Vec3& s, int mode, const Vec3& f_stick) const {
    of(c).project(c, s, mode, f_stick);
  }
  template <class C>
  double elastic_energy(const C& c, const Vec3& s) const {
    return of(c).elastic_energy(c, s);
  }
};

template <class Law>
struct WallFriction {
  Law pair, wall;
  static constexpr const char* name = Law::name;
  static constexpr bool exact_static = is_exact_static<Law>;  // Coulomb: the engine hands over StickKinematics
  template <class Kinematics>
  Vec3 step(const Kinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    return c.wall ? wall.step(c, fn, xi, dt, e) : pair.step(c, fn, xi, dt, e);
  }
  auto modes() const
    requires requires(const Law& l) { l.modes(); }
  {
    return WallModes<decltype(pair.modes())>{pair.modes(), wall.modes()};
  }
  // The rate form and the slip force, each contact's to its own law (the engine's state-vector form runs them).
  static constexpr bool euler_increment = requires { requires Law::euler_increment; };
  template <class C, class Spring>
  auto force(const C& c, double fn, const Spring& xi) const
    requires RateForm<Law, C>
  {
    return c.wall ? wall.force(c, fn, xi) : pair.force(c, fn, xi);
  }
  template <class C, class Spring>
  auto rate(const C& c, double fn, const Spring& xi) const
    requires RateForm<Law, C>
  {
    return c.wall ? wall.rate(c, fn, xi) : pair.rate(c, fn, xi);
  }
  template <class C>
  auto force(const C& c, double fn) const
    requires SlipForceForm<Law, C>
  {
    return c.wall ? wall.force(c, fn) : pair.force(c, fn);
  }
};

}  // namespace stickslip
