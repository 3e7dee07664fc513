// models/particles/hard_sphere_gas.hpp — event-driven molecular dynamics of inelastic hard spheres in a periodic
// box: the hard-sphere limit (contact time t_c -> 0) of the granular gas, an independent reference for the soft-sphere
// engine and for Enskog's kinetic theory (models/particles/homogeneous_cooling.hpp), which assumes molecular chaos.
//
// Equal smooth spheres (diameter sigma, mass m) fly freely between binary collisions. A pair i, j with separation
// d = x_j - x_i (minimal image) and relative velocity u = v_j - v_i collides after
//   t* = (-b - sqrt(b^2 - |u|^2 (|d|^2 - sigma^2))) / |u|^2,   b = d . u < 0 (approaching), discriminant > 0,
// and leaves with the normal relative velocity reversed and scaled by the restitution e (n = d/|d| at contact):
//   v_i += (1 + e)/2 (u . n) n,   v_j -= (1 + e)/2 (u . n) n,
// which conserves momentum and removes (1 - e^2)/4 m (u . n)^2 of kinetic energy (no spin: the spheres are smooth,
// as the frictionless law of the engine).
// Events: every sphere keeps the time of its next collision over all others and that partner (O(N) to predict);
// the earliest is found by a scan (O(N)), all spheres fly to it, the pair collides, and the two colliders and every
// sphere whose predicted partner was one of them are predicted again. Cost O(N) per collision: for the N <= ~1e4
// of a reference run, not for production. Positions are folded into the box after every event.
// State: positions x, velocities v (ParticleArrays of make_granular_gas, so the same initial state as the engine's).
#pragma once

#include <functional>
#include <vector>

#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct HardSphereStats {
  long collisions = 0;
  double dissipated = 0;  // kinetic energy removed by the collisions (J)
};

class HardSphereGas {
 public:
  // Equal spheres (the radius and mass of body 0; throws InputError when they differ or overlap, or the box is not
  // periodic on every axis); restitution 0 < e <= 1.
  HardSphereGas(const ParticleArrays& bodies, const PeriodicBox& box, double restitution);

  // Flies to time t_end (> now()), calling sample(t) at each time of `times` that lies in (now, t_end] in order
  // (velocities are constant between collisions, so temperatures at those instants are exact).
  // Throws SolverError on inelastic collapse (a cluster colliding ever faster; low restitution).
  void run(double t_end, const std::vector<double>& times, const std::function<void(double)>& sample);

  double now() const { return t_; }
  const std::vector<Vec3>& positions() const { return x_; }
  const std::vector<Vec3>& velocities() const { return v_; }
  double mass() const { return m_; }
  const HardSphereStats& stats() const { return stats_; }
  double kinetic_energy() const;
  // Translational temperature sum m |v - v_c|^2 / (3 N), v_c the centre-of-mass velocity (the arithmetic of
  // gas_temperatures, models/particles/granular_gas.hpp, so the same state gives the same bits).
  double translational_temperature() const;

 private:
  void predict(std::size_t i);
  void fly(double dt);
  Vec3 image(Vec3 d) const;

  std::vector<Vec3> x_, v_;
  std::vector<double> next_;        // time to the next collision of each sphere (from t_)
  std::vector<std::size_t> partner_;
  PeriodicBox box_;
  Vec3 len_;
  double sigma_ = 0, m_ = 0, e_ = 1, t_ = 0;
  HardSphereStats stats_;
};

}  // namespace stickslip
