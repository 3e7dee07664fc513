// core/particle_system.hpp — what the generalized trapezoidal fixed-point integrator (seed 004 §4,
// solvers/trapezoid_fixed_point.hpp) asks of a system of rigid particles with translational and rotational
// degrees of freedom.
//
// ParticleState holds per particle p: x (m), v (m/s), omega (rad/s), alpha (Rodrigues vector of the total
// rotation, eq. 9, composed by eq. 47) and phi (sum of the incremental rotation vectors, rad: the total rotation
// about a fixed axis, as plotted in the seed's Fig. 5 and 7). In a trial end-of-step state the `alpha` field holds
// the incremental rotation alpha_Delta of the step (eq. 45), not the total.
// Pairwise contact history (tangential springs) is owned by the system object: begin_step() opens a step,
// force_moment() evaluates particle p's total force and moment (eq. 13-14) for a trial end state without changing
// the history, end_step() commits the history for the converged end state (springs created, updated by the
// return mapping, removed when a contact opens).
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace stickslip {

struct ParticleState {
  std::vector<Eigen::Vector3d> x, v, omega, alpha, phi;
  void resize(std::size_t n) {
    for (auto* a : {&x, &v, &omega, &alpha, &phi}) a->assign(n, Eigen::Vector3d::Zero());
  }
  std::size_t size() const { return x.size(); }
};

class ParticleSystem {
 public:
  virtual ~ParticleSystem() = default;
  virtual std::size_t num_particles() const = 0;
  virtual double mass(std::size_t p) const = 0;
  virtual double inertia(std::size_t p) const = 0;
  virtual bool rotations() const = 0;  // false: omega and alpha stay zero (a particle that cannot rotate)
  virtual void begin_step(double t, double dt, const ParticleState& start) = 0;
  virtual void force_moment(std::size_t p, const ParticleState& start, const ParticleState& trial,
                            Eigen::Vector3d& force, Eigen::Vector3d& moment) const = 0;
  virtual void end_step(const ParticleState& start, const ParticleState& end) = 0;
  // One line on particle p's contacts at a trial state (partner, overlap, normal force, stick/slip), for the
  // message of a step that does not converge; empty if the system has nothing to say.
  virtual std::string describe_contacts(std::size_t p, const ParticleState& start, const ParticleState& trial) const {
    (void)p, (void)start, (void)trial;
    return {};
  }
};

// Calls f(begin, end) on `threads` contiguous blocks of [0, n) (static partition: which thread computes an index
// never changes the result of a loop whose iterations are independent). threads <= 1 or small n: one block, no
// thread started.
template <class F>
void parallel_blocks(std::size_t n, int threads, F&& f) {
  const std::size_t k = threads > 1 && n >= 2048 ? std::min<std::size_t>(static_cast<std::size_t>(threads), n) : 1;
  if (k == 1) {
    f(std::size_t{0}, n);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(k - 1);
  for (std::size_t b = 1; b < k; ++b) pool.emplace_back([&, b] { f(n * b / k, n * (b + 1) / k); });
  f(std::size_t{0}, n / k);
  for (auto& t : pool) t.join();
}

}  // namespace stickslip
