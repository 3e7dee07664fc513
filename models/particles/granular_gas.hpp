// models/particles/granular_gas.hpp — a freely cooling granular gas in a periodic box: the initial state and what
// is measured on it.
//
// Initial state (make_granular_gas): N equal spheres of radius r, density rho in a periodic cube of edge
//   L = (N 4/3 pi r^3 / phi)^(1/3)                                  (solid fraction phi),
// placed by random sequential addition on a cell grid (O(N); no overlaps; at phi <= 0.3 RSA's pair correlation is
// close to the equilibrium one), velocities Maxwellian (Gaussian components), shifted to zero total momentum and
// scaled so that the translational temperature is exactly T0; spins Gaussian, scaled to T_rot = T_rot0 (random
// directions). Deterministic for a seed (std::mt19937_64).
// Granular temperatures (energy units, J; 3 degrees of freedom each):
//   T_tr = sum m |v - V|^2 / (3N),  V = sum m v / sum m,        T_rot = sum I |omega|^2 / (3N).
// Homogeneity (clustering / inelastic collapse of the homogeneous cooling state), on a grid of cubic cells with
// about `per_cell` particles each:
//   density index      D = var(n_c)/mean(n_c)   (counts per cell; an ideal gas has 1, hard spheres the
//                      Carnahan-Starling structure factor S(0) = (1 - phi)^4/(1 + 2 phi)^2; clusters raise it)
//   velocity index     C = sum_c |P_c|^2/M_c / sum_c (sum_{i in c} m_i^2 |v_i - V|^2)/M_c  (momentum of a cell
//                      P_c = sum m_i (v_i - V); 1 when velocities are uncorrelated, > 1 when neighbours move
//                      together, as in the shear vortices that precede clustering)
#pragma once

#include <cstdint>

#include "models/particles/particle_engine.hpp"

namespace stickslip {

struct GasSpec {
  long n = 10000;
  double radius = 0.01, density = 2500, phi = 0.05;
  double t0 = 0;      // translational temperature (J)
  double t_rot0 = 0;  // rotational temperature (J)
  std::uint64_t seed = 1;
  double box_edge() const;
  double mass() const;
  double number_density() const { return phi / (4.0 / 3.0 * 3.141592653589793 * radius * radius * radius); }
};

// Throws InputError (key "n") when the spheres cannot be placed.
GranularState make_granular_gas(const GasSpec& spec, Boundaries& boundaries);

struct GasTemperatures {
  double translational = 0, rotational = 0;
  Vec3 momentum = Vec3::Zero();
};
GasTemperatures gas_temperatures(const ParticleArrays& p);

struct Homogeneity {
  double density_index = 0, velocity_index = 0;
  long cells_per_axis = 0;
};
Homogeneity gas_homogeneity(const ParticleArrays& p, const PeriodicBox& box, double per_cell = 20);

// Carnahan-Starling structure factor at k = 0: the density index of an equilibrium hard-sphere fluid.
inline double carnahan_starling_s0(double phi) {
  const double a = 1 - phi, b = 1 + 2 * phi;
  return a * a * a * a / (b * b);
}

}  // namespace stickslip
