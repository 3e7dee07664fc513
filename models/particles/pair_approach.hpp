// models/particles/pair_approach.hpp — how two equal free spheres approach before they touch (n = e_x, from sphere
// i to sphere j): the centres' normal approach speed v_n > 0 and tangential relative velocity g_t (v_i - v_j,
// perpendicular to e_x), the spins, and the onset's phase within its time step; the contact point's slip at first
// touch v_t = g_t + r (omega_i + omega_j) x e_x (models/particles/contact_kinematics.hpp). A binary collision starts
// from one (solvers/particles/binary_collision.hpp); the kinetic theory of a gas draws them
// (models/particles/collision_kinetics.hpp).
#pragma once

#include "models/rodrigues.hpp"

namespace stickslip {

struct PairApproach {
  double vn = 1;                            // normal approach speed of the centres (m/s), > 0
  Vec3 gt = Vec3::Zero();                   // tangential relative velocity of the centres v_i - v_j (m/s), x = 0
  Vec3 omega_i = Vec3::Zero(), omega_j = Vec3::Zero();  // rad/s
  double phase = 0.5;                       // onset within its step, [0, 1)
  // Slip velocity of the contact point at first touch.
  Vec3 slip(double r) const { return gt + r * (omega_i + omega_j).cross(Vec3::UnitX()); }
};

}  // namespace stickslip
