// models/dry_friction_exact.hpp — the exact piecewise solution of the dry-friction oscillator (seed 002,
// eq. 3): m x'' = -k x - mu F_N sign(x'), for any start (x0, v0) (v_belt = 0, no velocity weakening).
//
// Derivation. Let omega = sqrt(k/m) and delta = mu F_N/k. While the mass moves with sign s = sign(x') the
// friction is the constant -s mu F_N, so x'' = -omega^2 (x - c_s) with the shifted centre c_s = -s delta:
// a harmonic oscillator about c_s. Writing x - c = A cos(theta), x' = -A omega sin(theta), theta = omega t
// + theta_0, with A = sqrt((x_a - c)^2 + (v_a/omega)^2) and theta_0 = atan2(-v_a/omega, x_a - c), the
// velocity next vanishes at theta = 0 (s = +1, theta_0 in (-pi, 0)) or theta = pi (s = -1, theta_0 in
// (0, pi)), i.e. after tau = -theta_0/omega resp. (pi - theta_0)/omega, at x_e = c + s A. A phase that
// starts at rest (v_a = 0, |x_a| > delta, s = -sign(x_a)) is exactly half a period, tau = pi/omega, and
// ends at x_e = 2 c - x_a, so |x_e| = |x_a| - 2 delta: each half-period loses 2 delta of amplitude.
// At x' = 0 the Filippov test (eq. 7-8) is a_I = -(k x_e + mu F_N)/m, a_II = (k x_e - mu F_N)/m: for
// |x_e| <= delta both are <= 0 and the mass sticks for good at (t_stick, x_stick = x_e); otherwise the
// motion continues with s = -sign(x_e). A start at rest with |x0| <= delta sticks at t_stick = t0.
#pragma once

#include <vector>

#include "models/contact/coulomb.hpp"
#include "models/friction_oscillator.hpp"

namespace stickslip {

class DryFrictionOscillatorExact {
 public:
  struct Phase {
    double t0;      // start time [s]
    double x0, v0;  // state at the start [m, m/s]
    int s;          // slip direction (+1, -1), 0 for the final stick
    double t1;      // end time (+inf for the final stick)
  };
  struct State {
    double x, v;
    int s;
  };

  // Phases are generated until the mass sticks or until t_horizon (mu = 0 never sticks).
  DryFrictionOscillatorExact(const OscillatorParameters& p, const Coulomb& law, double x0, double v0, double t0 = 0,
                             double t_horizon = 1e6);

  State at(double t) const;
  bool sticks() const { return !phases_.empty() && phases_.back().s == 0; }
  double t_stick() const;  // NaN if it does not stick before t_horizon
  double x_stick() const;
  const std::vector<Phase>& phases() const { return phases_; }

 private:
  OscillatorParameters p_;
  double omega_, delta_;
  std::vector<Phase> phases_;
};

}  // namespace stickslip
