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
// Contact slot c (stride 4, base 18 N + 4 c): 0-2 s (m), 3 W = int f_t . v_slip dt (J).
// Slots: every sphere-wall pair (p, w) first (c = p W + w), then every sphere pair (i < j) — a small-N form
// for validation studies; the many-particle form with cell lists is models/sphere_stepper.hpp.
//
// Mode: one int per slot, kOpen (h <= 0), kStick or kSlip (closed). Events, S slots and N particles:
//   [0, S)      contact: g = h while open, -h while closed. Closing creates the spring (s = 0) and picks stick or
//               slip from the first instant's rates; opening removes it (s = 0).
//   [S, 2S)     stick/slip of a closed slot (mindlin, coulomb; csds/dsds have none: their switch is inside the
//               law, g = -1), see below.
//   [2S, 2S+N)  the rotation rebase of particle p.
// Every driver therefore integrates smooth pieces and restarts at a switch (IDA re-initialises after it).
// Tangential laws:
//   mindlin  the elastoplastic spring of models/hertz_mindlin.hpp (mu_s = mu_d), cone radius c = mu E* h/(6 G*)
//            (= mu N_el/k_t). stick: s' = v_t - (s.n')n, f = -k_t s, leaves when g = |s| - c rises through 0.
//            slip: s on the cone, tau = s/|s|, s' = (I - tau tau^T) v_t + c' tau - beta (|s| - c) tau - (s.n')n,
//            f = -k_t c tau = -mu N_el tau; leaves when g = c' - v_t.tau rises through 0 (the slip turns back
//            slower than the cone grows). project() puts s on the cone when slip starts.
//   coulomb  rigid Coulomb contact (seed 002's Filippov sliding mode, per contact). stick: the tangential force is
//            the constraint force that keeps the contact point's tangential slip acceleration zero (all sticking
//            contacts solved together, a 2K x 2K linear system), s' = 0; leaves when g = |f| - mu N rises through 0.
//            slip: f = -mu N d/|d|, d = sqrt(a^2 + eps_v^2) e + (v_t - a e), e = s/|s|, a = v_t.e, eps_v = 1e-6 m/s:
//            the slip direction once |a| >> eps_v, e at the onset, and smooth across a = 0, so a step that
//            overshoots the end of the mode keeps a continuous field; s' = v_t (the slip path, seeded 1e-12 m
//            along the slip direction); leaves when g = -a rises through 0 (the slip velocity reverses relative
//            to the slip so far). N is the full Hertz force.
//            Redundant sticking constraints (a singular system) take the minimum-norm forces. The slip path s
//            is straight for planar slips; a slip that turns by more than 90 deg against its path ends the mode
//            early and the stick test re-decides at once.
//   csds     eq. 10 of seed 001, k = k_t of eq. 37, gamma = gamma_t, F_max = mu_d N (its saturation is a kink
//            inside the law, which CVODE and IDA pass without an event).
//   dsds     xi' = v_t and the reset of eq. 3 of seed 001 after every step: fixed-step drivers only.
// beta = sqrt(k_t/m*) (mindlin slip: drift back onto the cone). Switches at one instant: drivers locate the
// earliest root only, and a symmetric configuration (the three floor contacts of seed 004's ex. 5.2) reaches
// several at once; on_event therefore switches its slot only if that slot's leave condition holds and then
// settles every slot already past its switch (leaves(), 1e-9 relative tolerances).
#pragma once

#include "core/model.hpp"
#include "models/sphere_scene.hpp"

namespace stickslip {

class SphereModel : public Model {
 public:
  static constexpr std::size_t kStride = 18;
  static constexpr int kOpen = 0, kStick = 1, kSlip = 2;
  explicit SphereModel(SphereScene scene, bool coulomb = false);

  // The law of the contacts: the scene's (mindlin, csds, dsds) or the rigid Coulomb contact (coulomb: not offered by
  // the trapezoid stepper, so it is a flag of this model rather than of SphereParams).
  const std::string& law() const { return law_; }
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
  // Tangential force on i of slot c in the given mode (zero when open).
  Vec3 tangential_force(VecCRef x, const Mode& mode, std::size_t c) const;

  std::size_t size() const override;
  std::vector<std::string> state_names() const override;
  Mode initial_mode(double t, VecCRef x) const override;
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  std::size_t num_events() const override;
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  void project(double t, VecRef x, const Mode& mode) const override;
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
  // Force on i and spring rate of slot c's tangential law in mode m (kStick/kSlip); coulomb stick excluded.
  TangentialRate tangential(const SlotKinematics& k, const Vec3& s, double normal, int m) const;
  double spring_energy(const SlotKinematics& k, const Vec3& s) const;
  double cone(const SlotKinematics& k) const;       // mindlin: c = mu E* h/(6 G*)
  double cone_rate(const SlotKinematics& k) const;  // c'
  // x' in the given mode; stick (optional) receives every slot's tangential force (coulomb stick included).
  void evaluate(VecCRef x, const Mode& mode, VecRef xdot, std::vector<Vec3>* force) const;
  // Mode of a slot that has just closed (or is closed at the start), from the current rates.
  int closing_mode(VecCRef x, std::size_t c) const;
  // A sticking coulomb contact whose constraint force exceeds mu N by more than this (1e-9 m* max(|g|, 1) N,
  // far above rounding) when it closes or at the start slips at once: at first touch N = 0, and a constraint
  // force at rounding level must not pick a slip direction.
  double stick_tolerance(const SlotKinematics& k) const;
  // Whether closed slot c's stick/slip condition for leaving its mode holds at x (tolerances 1e-9 relative);
  // force: every slot's tangential force in `mode` (used by coulomb stick).
  bool leaves(VecCRef x, const Mode& mode, std::size_t c, const std::vector<Vec3>& force) const;
  // Stick <-> slip of slot c with the state map of each law (coulomb: seed the slip path against the force).
  void switch_slot(VecRef x, Mode& mode, std::size_t c, const std::vector<Vec3>& force) const;
  // Switches every slot not yet `done` whose leave condition holds, until none does; returns whether any did.
  bool settle(VecRef x, Mode& mode, std::vector<char>& done) const;
  // mode[c], or (a mode vector of the wrong size, e.g. from a caller without one) stick when the slot overlaps.
  int slot_mode(const Mode& mode, VecCRef x, std::size_t c) const;

  SphereScene scene_;
  std::string law_;
  bool mindlin_ = false, csds_ = false, dsds_ = false, coulomb_ = false;  // law_, decided once
  std::vector<std::size_t> slot_i_, slot_j_;  // j >= N: wall j - N
};

}  // namespace stickslip
