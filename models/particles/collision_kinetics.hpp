// models/particles/collision_kinetics.hpp — the cooling of a homogeneous gas of rough spheres
// predicted from binary collisions: kinetic theory with molecular chaos, Maxwellian velocities and spins, and the
// collision map of the real contact laws at the real time step, which the caller supplies (mean_at below; the
// dsds-cooling study takes it from solvers/particles/binary_collision.hpp).
//
// Flux-weighted collisions of a Maxwellian gas (translational temperature T, rotational T_rot, sphere mass m,
// inertia I): the pair's relative velocity g has variance 2T/m per component, and colliding pairs are weighted by
// g.n, so that independently
//   v_n = sqrt(2T/m) R,  R Rayleigh (density R exp(-R^2/2));  g_t: two Gaussian components of variance 2T/m;
//   omega_i, omega_j: three Gaussian components of variance T_rot/I each;  the onset phase uniform on [0, 1)
// (the centre-of-mass velocity does not enter). Collisions per particle and time: omega_E(T)
// (models/particles/homogeneous_cooling.hpp); each changes the energies of two particles, so with <.> the mean over
// such collisions of the pair's change of translational (rotational) kinetic energy
//   dT/dt = omega_E(T) <dK_tr>/3,   dT_rot/dt = omega_E(T) <dK_rot>/3,   zeta = -dlnT/dt = -omega_E <dK_tr>/(3 T).
// Check: smooth spheres of restitution e lose (1 - e^2) m* v_n^2/2 per collision and <v_n^2> = 4T/m, so
// <dK_tr> = -(1 - e^2) T and zeta = (1 - e^2) omega_E/3, Enskog's.
// At equal T two laws cool at the ratio of their <dK_tr> (omega_E cancels), each law at its own T_rot(T), from
//   d T_rot / d ln T = T <dK_rot>/<dK_tr>,   T_rot(T0) given,
// integrated by Heun's rule in ln T (integrate_cooling; two evaluations of the means per step). Common random
// numbers: every law and temperature scales the same standard draws (draw_collisions), so a difference between two
// laws carries the noise of the difference, not that of each mean.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/errors.hpp"
#include "models/particles/pair_approach.hpp"

namespace stickslip {

struct CollisionDraw {
  double rayleigh = 0, t1 = 0, t2 = 0;                   // standard: v_n/sigma_g, g_t/sigma_g (y, z)
  Vec3 spin_i = Vec3::Zero(), spin_j = Vec3::Zero();     // standard normal
  double phase = 0;                                      // [0, 1)
};

// n standard draws, deterministic for the seed (std::mt19937_64).
std::vector<CollisionDraw> draw_collisions(std::size_t n, std::uint64_t seed);

// The approach of a draw at temperatures T, T_rot (J) for spheres of mass m and moment of inertia I.
PairApproach approach_of(const CollisionDraw& d, double T, double T_rot, double m, double inertia);

// Means per collision (J) over a set of draws.
struct CollisionMeans {
  double dK_tr = 0, dK_rot = 0;
  double created = 0, tangential_dissipation = 0, normal_damping = 0;
};

struct CoolingNode {
  double T = 0, T_rot = 0;  // J
  CollisionMeans means;     // at (T, T_rot)
};

// Nodes at T_k = T0 (T_end/T0)^(k/steps), k = 0..steps, with T_rot(T) of the law whose means mean_at(T, T_rot)
// gives. Throws SolverError if a law does not cool (<dK_tr> >= 0).
template <class MeanAt>
std::vector<CoolingNode> integrate_cooling(MeanAt&& mean_at, double T0, double T_rot0, double T_end, int steps) {
  std::vector<CoolingNode> nodes;
  const double h = std::log(T_end / T0) / steps;
  auto slope = [](double T, const CollisionMeans& c) {
    if (!(c.dK_tr < 0)) throw SolverError("integrate_cooling: the translational energy does not decrease (<dK_tr> >= 0)");
    return T * c.dK_rot / c.dK_tr;
  };
  CoolingNode node{T0, T_rot0, mean_at(T0, T_rot0)};
  nodes.push_back(node);
  for (int k = 0; k < steps; ++k) {
    const double T1 = T0 * std::exp(h * (k + 1));
    const double k1 = slope(node.T, node.means);
    const double pred = std::max(0.0, node.T_rot + h * k1);
    const double k2 = slope(T1, mean_at(T1, pred));
    const double y = std::max(0.0, node.T_rot + 0.5 * h * (k1 + k2));
    node = CoolingNode{T1, y, mean_at(T1, y)};
    nodes.push_back(node);
  }
  return nodes;
}

// The time a path takes to cool through [e_b, e_a] (e = T/T0, e_a > e_b), the path's nodes those of
// integrate_cooling from T0 to T_end_ratio T0 in `steps` steps: t = int_{ln e_b}^{ln e_a} dlnT / zeta, zeta
// proportional to sqrt(T/T0) a(T), a = -<dK_tr>/T (the collision frequency grows as sqrt(T)), a linear in ln T
// between nodes, by the trapezoid rule on 64 intervals. In the units of 1/a: ratios of two laws' times are what count.
double cooling_time_through(const std::vector<CoolingNode>& path, double e_a, double e_b, double T_end_ratio,
                            int steps);

}  // namespace stickslip
