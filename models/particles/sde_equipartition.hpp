// models/particles/sde_equipartition.hpp — what equipartition predicts for spheres coupled only by Markovian friction
// noise (the particle engine's SDE form, models/particles/engine_sde.hpp), the reference of the stochastic-friction
// runs:
//   J (3C x 6N)  the stacked contact maps V -> u_perp,c = P_c (v_j - v_i) + R_i [n]x omega_i + R_j [n]x omega_j
//                (P_c = 1 - n n^T; V = all v, then all omega; u_perp of the seed's S2);
//   A = J M^-1 J^T, its eigenvalues lambda_k: the contact-velocity modes (a linear law relaxes mode k at the rate
//                gamma lambda_k: an Ornstein-Uhlenbeck process per mode);
//   fixed geometry: the noise reaches the momenta in range(J^T) only; the stationary law is the Gibbs density on
//                that subspace, Cov(V) = kT M^-1 J^T A^+ J M^-1 (A^+ over the modes lambda_k > 1e-10 lambda_max),
//                which also gives Cov(u_c) = kT nu_c P_c exactly;
//   bonded geometry: Maxwell-Boltzmann with the total-momentum constraint, Var(v) = kT/m (1 - m/M_total),
//                Var(omega) = kT/I (the angular-momentum constraint ignored).
// Sphere 0's six variances (v xyz, omega xyz) are what the runs compare against.
#pragma once

#include "core/types.hpp"
#include "models/particles/engine_sde.hpp"

namespace stickslip {

struct EquipartitionPrediction {
  Vec variance;        // predicted variances of sphere 0's v x, y, z and omega x, y, z
  Vec modes;           // the eigenvalues lambda_k of A (ascending)
  double lambda_max = 0;
  // Whether mode k takes part (lambda_k > 1e-10 lambda_max; the others are the null space of A).
  bool active(Eigen::Index k) const { return modes[k] > 1e-10 * lambda_max; }
};

// The prediction at state x (the contacts' normals of x) for temperature kT.
EquipartitionPrediction equipartition_prediction(const EngineSde& m, VecCRef x, ContactGeometry geometry, double kT);

// Two tangential unit vectors e1, e2 of a contact normal n (e1 = n x a / |n x a|, a the axis least aligned with
// n; e2 = n x e1).
void tangent_basis(const Vec3& n, Vec3& e1, Vec3& e2);

}  // namespace stickslip
