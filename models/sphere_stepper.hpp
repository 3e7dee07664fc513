// models/sphere_stepper.hpp — the many-particle form of seed 004's sphere dynamics for the trapezoid
// fixed-point integrator (solvers/trapezoid_fixed_point.hpp), with the discrete contact-point mapping.
//
// Per contact, for a trial end state (eq. 25-36): n' and h' at the trial positions; Delta x = x_i' - x_i
// (minus x_j' - x_j for a sphere pair); rolling Delta r = r_i (I - Q(alpha_Delta,i)) n' (eq. 26-28, and
// r_j (I - Q(alpha_Delta,j)) (-n') for the partner); Delta s = projection on the tangent plane pi of
// (Delta x_i - Delta r_i) - (Delta x_j - Delta r_j) (eq. 29); s = s_acc (turned into pi, length kept) + Delta s
// (eq. 30); mindlin: return mapping with k_t(h') and N = |f_con| (eq. 31-37); dsds: F = clip(-k_t s - gamma v_t),
// s reset by eq. 3 of seed 001 at the end of the step. Friction moment r_i n' x f (eq. 39).
// Contacts are flat arrays (key, i, j, s_acc) rebuilt each step from a cell list (models/cell_list.hpp) with a
// skin, merged with the previous step's arrays to carry s_acc: O(N) per step, no per-contact heap allocation once
// the buffers have grown. A spring is created when a pair first overlaps and removed when it separates.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/particle_system.hpp"
#include "models/cell_list.hpp"
#include "models/sphere_scene.hpp"

namespace stickslip {

class SphereStepper : public ParticleSystem {
 public:
  explicit SphereStepper(SphereScene scene);

  const SphereScene& scene() const { return scene_; }
  std::size_t num_particles() const override { return scene_.num_particles(); }
  double mass(std::size_t p) const override { return scene_.mass(p); }
  double inertia(std::size_t p) const override { return scene_.inertia(p); }
  bool rotations() const override { return scene_.params.rotations; }
  void begin_step(double t, double dt, const ParticleState& start) override;
  void force_moment(std::size_t p, const ParticleState& start, const ParticleState& trial, Eigen::Vector3d& force,
                    Eigen::Vector3d& moment) const override;
  void end_step(const ParticleState& start, const ParticleState& end) override;
  std::string describe_contacts(std::size_t p, const ParticleState& start, const ParticleState& trial) const override;

  // Diagnostics.
  std::size_t num_candidates() const { return key_.size(); }  // pairs within the skin this step
  std::size_t num_contacts() const;                            // springs alive (closed contacts)
  long contact_evaluations() const { return evaluations_.load(std::memory_order_relaxed); }
  // Capacity of the flat contact arrays (to check that they stop growing once warmed up).
  std::size_t contact_capacity() const { return key_.capacity(); }
  // Threads for end_step (independent per contact; results do not depend on the number). force_moment() may be
  // called concurrently for different particles with the same trial state.
  void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
  // Spring of the pair (i, j) (j >= N: wall j - N), zero if none.
  Eigen::Vector3d spring(std::size_t i, std::size_t j) const;
  // Kinetic energies: translational, rotational.
  static double translational_energy(const SphereScene& scene, const ParticleState& s);
  static double rotational_energy(const SphereScene& scene, const ParticleState& s);

 private:
  struct Eval {
    Vec3 f_i, lever_i, lever_j, s;
    bool closed = false, slipping = false;
    double h = 0, normal = 0;
  };
  Eval evaluate(std::size_t c, const ParticleState& start, const ParticleState& trial) const;

  SphereScene scene_;
  CellList cells_;
  double dt_ = 0;
  std::vector<std::uint64_t> key_, prev_key_;
  std::vector<std::uint32_t> ci_, cj_;
  std::vector<Vec3> s_acc_, prev_s_;
  std::vector<std::uint32_t> adj_start_, adj_;
  std::vector<std::uint32_t> order_;
  mutable std::atomic<long> evaluations_{0};
  int threads_ = 1;
};

}  // namespace stickslip
