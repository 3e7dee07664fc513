// models/particles/stick_constraints.hpp — the tangential forces of all sticking rigid-Coulomb contacts at once (the
// stick of Coulomb's modes form, models/contact/coulomb.hpp; `constrained_stick` in models/contact/law.hpp): the
// forces that keep the slip velocity of every sticking contact constant, d/dt v_t = 0.
//
// Contact q between bodies i and j (j absent for a wall), unit normal n from i towards the partner, its contact point
// at the lever L_i = r_i n from i's centre and L_j = -r_j n from j's (models/particles/contact_kinematics.hpp). With
// v_rel the relative velocity of the contact points and P = I - n n^T, v_t = P v_rel, so in the contact plane
//   d/dt v_t = a_rel - n' (n . v_rel),
//   a_rel = a_i + alpha_i x L_i + omega_i x L_i' - (a_j + alpha_j x L_j + omega_j x L_j'),  L_i' = r_i n', L_j' = -r_j n',
// and a, alpha of every body are affine in the unknown forces F_q (F_q on i, -F_q on j at the contact points; torques
// L x F): a = (f + sum F)/m, alpha = (T + sum L x F)/I. F_q lies in q's tangent plane (basis t1, t2), so the K
// sticking contacts give a 2K x 2K linear system A F = -b (b: the plane components of d/dt v_t at F = 0). Redundant
// constraints (a singular A: a body held by more contacts than it has degrees of freedom) take the minimum-norm
// forces (complete orthogonal decomposition). Frozen bodies and bodies without rotation enter with 1/m = 0 or 1/I = 0.
// Cost O(K^2 N + K^3): the small systems of the engine's state-vector form.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct StickRow {
  static constexpr std::size_t kWall = std::numeric_limits<std::size_t>::max();
  std::size_t i = 0, j = kWall;  // the bodies (j = kWall: a wall)
  Vec3 n, ndot;                   // unit normal from i towards the partner, and its rate
  double hdot = 0;                // n . v_rel
};

// The force on i of every row, in its tangent plane. bodies: radius, inverse mass and inertia, omega; force, torque:
// every body's total without the rows' tangential forces.
void stick_constraint_forces(const ParticleArrays& bodies, const std::vector<Vec3>& force,
                             const std::vector<Vec3>& torque, const std::vector<StickRow>& rows, std::vector<Vec3>& out);

}  // namespace stickslip
