// models/sliding_plates.hpp — two plates pressed together, sliding against each other (seed 001, §3.1).
//
// Reduced mass m, tangential spring k with damping gamma, critical force F_max = mu F_n (1-D contact plane).
// State layout (natural units of seed 001: m = k = F_max = 1):
//   x[0] = v   relative tangential velocity
//   x[1] = xi  tangential spring displacement
//   x[2] = W   work of the friction force on the relative motion, W' = F v (energy ledger)
// Equations: m v' = F, and per friction law (models/spring_dashpot_slider.hpp):
//   csds        xi' = eq. 10; F = F_S clipped to F_max.                      (an ODE; a kink at |F_S| = F_max)
//   dsds        xi' = v (eq. 2), F clipped, and after every step the reset of eq. 3 (LAMMPS linear_history)
//   dsds-stage  the same reset after every stage assignment (Appendix A, eq. 22-28)
//   dsds-dae    the continuous limit of the D-SDS as a DAE: sticking: xi' = v, F = F_S;
//               sliding with F = sigma F_max: 0 = k xi + gamma v + sigma F_max (xi algebraic, eq. 3).
//               Sliding ends when sigma v rises to -v*, v* = gamma F_max/(m k) (seed eq. 20): below v* a
//               reset spring relaxes faster than the slider reloads it.
//
// Modes (one int): free (0: the law decides stick/slip itself at every evaluation, no events), stick (1),
// slide with F = +F_max (2), slide with F = -F_max (3). With event_driven = true the model starts in the
// mode its initial state implies and offers two switching functions (g < 0 while the mode holds):
//   stick:   g0 = F_S - F_max,   g1 = -F_S - F_max                 -> slide +, slide -
//   slide s: csds: g0 = F_max - s F_S;   D-SDS forms: g0 = s v + v*  -> stick;  g1 = -1 (unused)
// The D-SDS forms reset xi onto eq. 3 when a slide ends, so the stick phase starts from the exact state.
#pragma once

#include <string>
#include <vector>

#include "core/model.hpp"

namespace stickslip {

enum class PlateLaw { csds, dsds, dsds_stage, dsds_dae };

const std::vector<std::string>& plate_law_names();  // "csds", "dsds", "dsds-stage", "dsds-dae"
std::string to_string(PlateLaw law);
PlateLaw parse_plate_law(const std::string& key, const std::string& name);  // InputError naming key

struct PlateParameters {
  double m = 1;       // reduced mass
  double k = 1;       // tangential stiffness
  double gamma = 2;   // tangential damping
  double fmax = 1;    // critical force mu F_n
  // Throws InputError naming the offending key (m, k > 0; gamma, fmax >= 0; gamma > 0 for csds).
  void validate(PlateLaw law) const;
};

enum PlateMode : int { free_mode = 0, stick_mode = 1, slide_pos = 2, slide_neg = 3 };

class SlidingPlates final : public Model {
 public:
  SlidingPlates(PlateParameters p, PlateLaw law, bool event_driven);

  std::size_t size() const override { return 3; }
  std::vector<std::string> state_names() const override { return {"v", "xi", "W"}; }
  Mode initial_mode(double t, VecCRef x) const override;

  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const override;
  void differential_mask(const Mode& mode, VecRef id) const override;

  std::size_t num_events() const override { return event_driven_ ? 2 : 0; }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  void project(double t, VecRef x, const Mode& mode) const override;

  Energy energy(double t, VecCRef x, const Mode& mode) const override;
  AdjustPolicy adjustment_policy() const override;
  void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const override;

  // The tangential force the contact transmits in this mode, and the test force F_S = -k xi - gamma v.
  double force(VecCRef x, const Mode& mode) const;
  double test_force(VecCRef x) const { return -p_.k * x[1] - p_.gamma * x[0]; }
  // v* = gamma F_max/(m k): the D-SDS slide->stick speed (eq. 20).
  double dsds_stick_speed() const { return p_.gamma * p_.fmax / (p_.m * p_.k); }
  const PlateParameters& parameters() const { return p_; }
  PlateLaw law() const { return law_; }
  bool event_driven() const { return event_driven_; }

 private:
  bool is_dsds() const { return law_ != PlateLaw::csds; }
  static int sigma(int mode) { return mode == slide_pos ? +1 : -1; }
  PlateParameters p_;
  PlateLaw law_;
  bool event_driven_;
};

}  // namespace stickslip
