// models/friction_oscillator.hpp — a mass on a spring with Coulomb friction against a surface moving at
// v_belt (seed 002, eq. 3 for v_belt = 0; the belt-driven stick-slip oscillator for v_belt > 0).
//
//   m x'' = -k x + F,   slip velocity v_rel = x' - v_belt,
//   slip:  F = -sign(v_rel) phi(|v_rel|),  phi(u) = mu F_N / (1 + stribeck u)   (stribeck = 0: eq. 1)
//   stick: v_rel = 0 and |F| <= mu F_N (eq. 2); F = k x balances the spring.
// A velocity-weakening phi (stribeck > 0) is what makes the belt's stick-slip cycle persistent; with
// stribeck = 0 and v_belt = 0 this is exactly eq. 3 (defaults m = 0.25, k = 1, mu = 0.4, F_N = 1).
//
// Three formulations of the same model:
//  * FrictionOscillator as a FilippovSystem (core/filippov_system.hpp), state [x, v] (m, m/s):
//      h(x) = v - v_belt, grad h = (0, 1); field(sigma) = (v, (-k x - sigma phi(|v_rel|))/m), which is
//      f_I (eq. 5) for sigma = +1, f_II (eq. 6) for sigma = -1, and affine in sigma (eq. 9, 14).
//  * FrictionOscillator as a Model: the naive explicit form with sign(v_rel) (sign(0) = 0) and no events,
//    which a fixed-step scheme integrates by chattering across v_rel = 0.
//  * FrictionOscillatorDae as a hybrid DAE for IDA, state [x, v, F] (m, m/s, N):
//      slip s = +-1 (sign of v_rel):  x' = v,  m v' = F - k x,  0 = F + s phi(|v_rel|)
//      stick, velocity projection on:  x' = v,  0 = v - v_belt (the constraint itself, v algebraic),
//                                      0 = F - k x (its time derivative m v' = 0 = F - k x: index 1)
//      stick, projection off:          x' = v,  m v' = F - k x,  0 = F - k x   (acceleration level only:
//                                      the slip velocity left at the stick event is carried on)
//    switching functions (g < 0 while the mode holds): stick: F - mu F_N, -F - mu F_N (|F| reaches mu F_N);
//    slip s: -s v_rel (the slip velocity reaches 0). At v_rel = 0 the mode becomes stick if |k x| <= mu F_N,
//    otherwise the slip reverses.
#pragma once

#include "core/filippov_system.hpp"
#include "core/model.hpp"

namespace stickslip {

struct OscillatorParameters {
  double m = 0.25;       // mass [kg]
  double k = 1;          // spring stiffness [N/m]
  double mu = 0.4;       // friction coefficient
  double fn = 1;         // normal force F_N [N]
  double v_belt = 0;     // belt speed [m/s]
  double stribeck = 0;   // velocity weakening [s/m]
  // Throws InputError naming the offending key.
  void validate() const;
  double fmax() const { return mu * fn; }
  // Friction magnitude at slip speed u = |v_rel|.
  double phi(double u) const { return mu * fn / (1 + stribeck * u); }
};

class FrictionOscillator final : public Model, public FilippovSystem {
 public:
  explicit FrictionOscillator(OscillatorParameters p);

  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "v"}; }

  // Model: the naive sign() form.
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  Energy energy(double t, VecCRef x, const Mode& mode) const override;

  // FilippovSystem.
  std::size_t num_surfaces() const override { return 1; }
  void surfaces(double t, VecCRef x, VecRef h) const override;
  void surface_gradient(double t, VecCRef x, std::size_t i, VecRef grad) const override;
  void field(double t, VecCRef x, VecCRef sigma, VecRef f) const override;

  const OscillatorParameters& parameters() const { return p_; }

 private:
  OscillatorParameters p_;
};

enum OscillatorMode : int { osc_stick = 1, osc_slip_pos = 2, osc_slip_neg = 3 };

class FrictionOscillatorDae final : public Model {
 public:
  FrictionOscillatorDae(OscillatorParameters p, bool velocity_projection = true);

  std::size_t size() const override { return 3; }
  std::vector<std::string> state_names() const override { return {"x", "v", "F"}; }
  Mode initial_mode(double t, VecCRef x) const override;

  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const override;
  void differential_mask(const Mode& mode, VecRef id) const override;
  ModelForm form() const override;

  std::size_t num_events() const override { return 2; }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  // Stick: F = k x (and v = v_belt with velocity projection); slip: F = -s phi.
  void project(double t, VecRef x, const Mode& mode) const override;
  Energy energy(double t, VecCRef x, const Mode& mode) const override;

  const OscillatorParameters& parameters() const { return p_; }
  bool velocity_projection() const { return projection_; }

 private:
  int slip_sign(int mode) const { return mode == osc_slip_pos ? +1 : -1; }
  OscillatorParameters p_;
  bool projection_;
};

}  // namespace stickslip
