// models/sphere_model.hpp — spheres and rigid walls as a stickslip Model (the state-vector form of seed 004),
// driven by odeint (euler ... rk4, dopri5), CVODE and IDA through solvers/integrate.hpp.
//
// State layout, particle p (stride 18, base 18 p):
//   0-2 x (m)   3-5 v (m/s)   6-8 omega (rad/s)
//   9-11 alpha: Rodrigues vector (eq. 9) of the rotation since the last rebase, alpha' = omega - alpha x omega/2
//               + (alpha.omega) alpha/4 (the limit of eq. 47)
//   12-14 alpha_ref: Rodrigues vector of the rotation at the last rebase (constant between events); the total
//               rotation is alpha_ref (+) alpha by eq. 11. A rebase event fires when |alpha| reaches 2 tan(60 deg),
//               so the integrated alpha never approaches the singularity at theta = pi.
//   15-17 phi: integral of omega (rad) — the "total rotation" of Fig. 5/7 when the axis is fixed
// Contact slot c (stride 4, base 18 N + 4 c): 0-2 tangential spring s (m), 3 W = int f_t . v_slip dt (J).
// Slots: every sphere-wall pair (p, w) first (c = p W + w), then every sphere pair (i < j) — a small-N form
// for validation studies; the many-particle form with cell lists is models/sphere_stepper.hpp.
// Mode: one int per slot, 1 while the contact is closed (h > 0). Events: per slot g = h (open) / -h (closed):
// a spring is created (s = 0) when a contact closes and removed (s = 0) when it opens; per particle the rebase.
// Tangential laws: mindlin (continuous sweeping-process form, models/hertz_mindlin.hpp, mu_s = mu_d),
// csds (eq. 10 of seed 001, k = k_t of eq. 37, gamma = gamma_t, F_max = mu_d N), dsds (xi' = v_t and the reset
// of eq. 3 of seed 001 after every step: fixed-step drivers only).
#pragma once

#include "core/model.hpp"
#include "models/sphere_scene.hpp"

namespace stickslip {

class SphereModel : public Model {
 public:
  static constexpr std::size_t kStride = 18;
  explicit SphereModel(SphereScene scene);

  const SphereScene& scene() const { return scene_; }
  std::size_t num_slots() const { return slot_i_.size(); }
  std::size_t particle_base(std::size_t p) const { return kStride * p; }
  std::size_t slot_base(std::size_t c) const { return kStride * scene_.num_particles() + 4 * c; }
  // A state with the given particle positions/velocities/spins, zero rotations and springs.
  Vec make_state(const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<Vec3>& omega) const;
  // The total Rodrigues vector of particle p (eq. 11 composition of alpha_ref and alpha).
  Vec3 total_rotation(VecCRef x, std::size_t p) const;
  // Kinetic + Hertz elastic + gravity potential energy (no tangential springs): the conserved quantity when
  // xi = 0 and mu = 0.
  double mechanical_energy(VecCRef x) const;
  // Overlap of slot c in state x (negative when open).
  double overlap(VecCRef x, std::size_t c) const;
  // Slip velocity of slot c's contact point (i relative to j/wall), projected on the tangent plane.
  Vec3 slip_velocity(VecCRef x, std::size_t c) const;

  std::size_t size() const override;
  std::vector<std::string> state_names() const override;
  Mode initial_mode(double t, VecCRef x) const override;
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  std::size_t num_events() const override;
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  Energy energy(double t, VecCRef x, const Mode& mode) const override;
  AdjustPolicy adjustment_policy() const override;
  void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const override;

 private:
  struct SlotKinematics {
    ContactGeometry g;
    ContactPair pair;
    Vec3 v_slip, ndot, lever_i, lever_j;  // lever: centre -> contact point
    double hdot = 0;
    bool wall = false;
  };
  SlotKinematics kinematics(VecCRef x, std::size_t c) const;
  // Force on i and spring rate of slot c's tangential law.
  TangentialRate tangential(const SlotKinematics& k, const Vec3& s, double normal) const;
  double spring_energy(const SlotKinematics& k, const Vec3& s) const;

  SphereScene scene_;
  std::vector<std::size_t> slot_i_, slot_j_;  // j >= N: wall j - N
};

}  // namespace stickslip
