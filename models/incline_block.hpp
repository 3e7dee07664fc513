// models/incline_block.hpp — a square block of size l on a plane inclined at alpha (seed 002, §4, Table 1).
//
// Two-dimensional, per unit depth: mass m = rho l^2 [kg/m]. Coordinates along the slope (s, downhill
// positive) and normal to it (y, the height of the block's face above the plane; y < 0 is overlap).
// Normal contact (compliant, linear spring-dashpot from Table 1): the overlap area is A = l delta with
// delta = -y, the elastic force Y A/l = Y delta and the damping of eq. 18, D sqrt(Y m) (dA/dt)/l = D sqrt(Y m)
// delta', so F_n = max(0, Y delta + D sqrt(Y m) delta') [N/m] (D = gamma of Table 1, 1.5).
//   m s'' = m g sin(alpha) + F_t,   m y'' = -m g cos(alpha) + F_n.
// Static normal equilibrium: y = -m g cos(alpha)/Y, y' = 0 (the default start).
// Tangential laws (F_max = mu F_n):
//   coulomb-filippov  Filippov (class InclineBlockFilippov): h = s', F_t = -sigma F_max (eq. 4-14)
//   coulomb-dae     hybrid DAE for IDA, like models/friction_oscillator.hpp: stick: 0 = s' (velocity
//                   projection on) and 0 = F_t + m g sin(alpha) (index 1); slip s: 0 = F_t + s F_max
//   cundall-strack  eq. 19-20 with cut-off: F_t = clip(-k_t xi - gamma_t s', F_max), xi' = s' unless the
//                   spring force k_t |xi| already reaches F_max and s' would load it further (then xi' = 0)
//   csds, dsds      the spring-dashpot-slider laws of seed 001 (models/spring_dashpot_slider.hpp) with
//                   k_t, gamma_t; dsds resets xi after every step (fixed-step solvers only)
// with k_t = 2/7 Y and gamma_t = 1/4 sqrt(k_t m) (Table 1); "damping off" sets D = gamma_t = 0.
// State layout:
//   InclineBlockFilippov  [s, v, y, w]        (m, m/s, m, m/s), v = s', w = y'
//   InclineBlock          [s, v, y, w, z]     z = F_t [N/m] for coulomb-dae, z = xi [m] otherwise
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "core/filippov_system.hpp"
#include "core/model.hpp"
#include "core/parameters.hpp"

namespace stickslip {

enum class BlockLaw { coulomb, coulomb_dae, cundall_strack, csds, dsds };
const std::vector<std::string>& block_law_names();  // "coulomb-filippov", "coulomb-dae", "cundall-strack", "csds", "dsds"
// The old spelling "coulomb" is ambiguous for the block (coulomb-filippov or coulomb-dae): refused, naming both.
const Renames& block_law_renames();
std::string to_string(BlockLaw law);
BlockLaw parse_block_law(const std::string& key, const std::string& name);

struct BlockParameters {
  double size = 0.01;         // l [m]
  double alpha = 0.5235987755982988;  // inclination [rad] (30 deg)
  double g = 9.81;            // [m/s^2]
  double rho = 5000;          // [kg/m^3]
  double young = 5e7;         // Y [kg/(m s^2)]
  double mu = 0.6;
  double normal_damping = 1.5;  // D (Table 1's gamma)
  bool damping = true;        // off: D = gamma_t = 0
  void validate() const;      // InputError naming the key

  double mass() const { return rho * size * size; }
  double kt() const { return 2.0 / 7.0 * young; }
  double gamma_t() const { return damping ? 0.25 * std::sqrt(kt() * mass()) : 0.0; }
  double normal_force(double y, double w) const;
  double static_overlap() const { return mass() * g * std::cos(alpha) / young; }
  // Deceleration of a block sliding down at static normal equilibrium, g (mu cos alpha - sin alpha).
  double coulomb_deceleration() const { return g * (mu * std::cos(alpha) - std::sin(alpha)); }
};

class InclineBlockFilippov final : public FilippovSystem {
 public:
  explicit InclineBlockFilippov(BlockParameters p);
  std::size_t size() const override { return 4; }
  std::vector<std::string> state_names() const override { return {"s", "v", "y", "w"}; }
  std::size_t num_surfaces() const override { return 1; }
  void surfaces(double t, VecCRef x, VecRef h) const override;
  void surface_gradient(double t, VecCRef x, std::size_t i, VecRef grad) const override;
  void field(double t, VecCRef x, VecCRef sigma, VecRef f) const override;
  const BlockParameters& parameters() const { return p_; }

 private:
  BlockParameters p_;
};

enum BlockMode : int { block_free = 0, block_stick = 1, block_slip_pos = 2, block_slip_neg = 3 };

class InclineBlock final : public Model {
 public:
  // law must not be coulomb (that is InclineBlockFilippov).
  InclineBlock(BlockParameters p, BlockLaw law, bool velocity_projection = true);

  std::size_t size() const override { return 5; }
  std::vector<std::string> state_names() const override;
  Mode initial_mode(double t, VecCRef x) const override;
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const override;
  void differential_mask(const Mode& mode, VecRef id) const override;
  ModelForm form() const override;
  std::size_t num_events() const override { return law_ == BlockLaw::coulomb_dae ? 2 : 0; }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  void project(double t, VecRef x, const Mode& mode) const override;
  AdjustPolicy adjustment_policy() const override;
  void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const override;

  // The tangential force the contact transmits [N/m].
  double tangential_force(VecCRef x, const Mode& mode) const;
  const BlockParameters& parameters() const { return p_; }
  BlockLaw law() const { return law_; }

 private:
  BlockParameters p_;
  BlockLaw law_;
  bool projection_;
};

}  // namespace stickslip
