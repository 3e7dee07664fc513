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
//
// Prediction with a horizon. Every sphere i keeps one event: its earliest collision, or a re-prediction of itself.
// Predicting i at time t_p looks at the minimal image of every other sphere j only, and only up to the horizon
//   H_i = (L_min/2 - sigma) / max_j |v_j - v_i|        (L_min the shortest box edge):
// every other image of j lies at least L_min/2 away at t_p, so no pair can reach it before t_p + H_i. The earliest
// collision found within H_i is i's event; if there is none, i's event is the re-prediction at t_p + H_i. This is
// exact in any box (dilute gases with flights of many box lengths, boxes of a few diameters): a pair (i, j) is
// always covered by the prediction of the sphere whose velocity changed last, since that sphere is predicted again
// after each of its collisions, at the end of each horizon, and whenever the partner it predicted collides first.
// (Without the horizon a pair whose relative flight since both were last predicted exceeded L_min/2 - sigma could
// reach an image nobody looked at, and the spheres passed through each other: found by `stickslip verify`.)
// Events: the earliest of the N events is found by a scan (O(N)), all spheres fly to it, and then
//   collision i-j: the two velocities change; i, j and every sphere whose event was a collision with i or j are
//                  predicted again, and a new course of i or j that reaches a sphere k before k's own event becomes
//                  k's event too;
//   re-prediction of i: i alone is predicted again (with the same rule for the sphere its new event reaches).
// Cost O(N) per event: for the N <= ~1e4 of a reference run, not for production. Positions are folded into the box
// after every event. The box must be longer than two diameters on every axis (else a sphere meets its own image).
// State: positions x, velocities v (ParticleArrays of make_granular_gas, so the same initial state as the engine's).
#pragma once

#include <cmath>
#include <functional>
#include <vector>

#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct HardSphereStats {
  long collisions = 0;
  long repredictions = 0;  // horizon events: a sphere predicted again without a collision
  double dissipated = 0;   // kinetic energy removed by the collisions (J)
};

class HardSphereGas {
 public:
  // Equal spheres (the radius and mass of body 0; throws InputError when they differ or overlap, the box is not
  // periodic on every axis or not longer than two diameters); restitution 0 < e <= 1.
  HardSphereGas(const ParticleArrays& bodies, const PeriodicBox& box, double restitution);

  // The packing fraction below which n spheres in a cubic box leave it longer than two diameters (n pi/48).
  static double max_packing(std::size_t n) { return static_cast<double>(n) * M_PI / 48; }

  // Called after each collision with its time and pair (positions() and velocities() are those just after it).
  using CollisionObserver = std::function<void(double t, std::size_t i, std::size_t j)>;

  // Flies to time t_end (> now()), calling sample(t) at each time of `times` that lies in (now, t_end] in order
  // (velocities are constant between collisions, so temperatures at those instants are exact), and collided(t, i, j)
  // after every collision when given.
  // Throws SolverError on inelastic collapse (a cluster colliding ever faster; low restitution).
  void run(double t_end, const std::vector<double>& times, const std::function<void(double)>& sample,
           const CollisionObserver& collided = {});

  double now() const { return t_; }
  const std::vector<Vec3>& positions() const { return x_; }
  const std::vector<Vec3>& velocities() const { return v_; }
  double mass() const { return m_; }
  double diameter() const { return sigma_; }
  const HardSphereStats& stats() const { return stats_; }
  double kinetic_energy() const;
  // Translational temperature sum m |v - v_c|^2 / (3 N), v_c the centre-of-mass velocity (the arithmetic of
  // gas_temperatures, models/particles/granular_gas.hpp, so the same state gives the same bits).
  double translational_temperature() const;

 private:
  void predict(std::size_t i);
  void claim_partner(std::size_t i);  // i's new collision, if earlier than its partner's event, is the partner's too
  void fly(double dt);
  Vec3 image(Vec3 d) const;

  std::vector<Vec3> x_, v_;
  std::vector<double> next_;         // absolute time of each sphere's event
  std::vector<std::size_t> partner_; // its collision partner, or the sphere itself for a re-prediction
  PeriodicBox box_;
  Vec3 len_;
  double sigma_ = 0, m_ = 0, e_ = 1, t_ = 0, reach_ = 0;
  HardSphereStats stats_;
};

}  // namespace stickslip
