// models/particles/wall_friction.hpp — one tangential law with its own parameters against rigid walls: a
// particle-particle law and a particle-wall law of the same kind (seed 004 ex. 5.3: mu = 0.1 between particles,
// mu = 0.25 against the container). step() hands each contact to the law of its kind (c.wall,
// models/particles/contact_kinematics.hpp); the spring state and the energies are those of that law.
#pragma once

#include "models/particles/contact_kinematics.hpp"
#include "models/contact/law.hpp"

namespace stickslip {

template <class Law>
struct WallFriction {
  Law pair, wall;
  static constexpr const char* name = Law::name;
  static constexpr bool exact_static = is_exact_static<Law>;  // Coulomb: the engine hands over StickKinematics
  template <class Kinematics>
  Vec3 step(const Kinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    return c.wall ? wall.step(c, fn, xi, dt, e) : pair.step(c, fn, xi, dt, e);
  }
};

}  // namespace stickslip
