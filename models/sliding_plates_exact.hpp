// models/sliding_plates_exact.hpp — exact piecewise solutions of the sliding plates (seed 001, §3.1) for
// the C-SDS (eq. 10) and the continuous-time D-SDS (eq. 1-3 as a DAE), derived here.
//
// Both laws alternate between two kinds of phase, each with a closed form (tau = t - t_a, phase start a):
//  Sliding with F = s F_max (s = +-1):     v = v_a + s F_max tau / m
//    C-SDS  xi' = -(s F_max + k xi)/gamma  =>  xi = -s F_max/k + (xi_a + s F_max/k) exp(-k tau/gamma)
//           ends when |F_S| falls back to F_max (eq. 17: the slip velocity vanishes);
//    D-SDS  xi = -(s F_max + gamma v)/k (eq. 3)  ends when s v rises to -v*, v* = gamma F_max/(m k),
//           i.e. after tau = -m (s v_a + v*)/F_max (eq. 20 in the continuous limit).
//  Sticking: m v' = -k xi - gamma v, xi' = v — a damped oscillator. With alpha = gamma/(2m),
//    w0^2 = k/m, lambda = w0^2 - alpha^2 (any sign) and C(tau), S(tau) = cos(wd tau), sin(wd tau)/wd
//    (lambda = wd^2 > 0), cosh/sinh (lambda = -wd^2 < 0) or 1, tau (critical):
//      xi = e^{-alpha tau} [xi_a C + (v_a + alpha xi_a) S]
//      v  = e^{-alpha tau} [v_a C - (alpha v_a + w0^2 xi_a) S]
//    ends when |F_S| rises through F_max (then slides with s = sign F_S).
// In every phase m v' = F, so the friction work is W(t) = W_0 + m (v^2 - v_0^2)/2.
// A D-SDS contact whose initial spring violates the Coulomb test jumps onto eq. 3 at t = 0 (xi(0+)).
// Phase ends are found by scanning the closed form on a fine grid and refining the first upward crossing
// by Illinois to round-off; t_stick is the last slide -> stick transition before the horizon (0 for a D-SDS contact
// that starts sliding with s v0 >= -v*: its slide has zero length, the reset of eq. 3 at t = 0 leaves it sticking).
#pragma once

#include <optional>
#include <vector>

#include "models/contact/csds.hpp"
#include "models/contact/dsds.hpp"
#include "models/sliding_plates.hpp"

namespace stickslip {

class ExactSlidingPlates {
 public:
  struct Phase {
    double t_start;
    int kind;  // stick_mode, slide_pos or slide_neg (models/contact/law.hpp's HybridMode)
    double v, xi;  // state at t_start (after any jump)
  };
  struct State {
    double v, xi, force, work;
    int kind;
  };

  // The C-SDS's solution, and the D-SDS's continuous limit (the solution of dsds-dae; dsds and dsds-stage converge
  // to it with events located).
  ExactSlidingPlates(PlateParameters p, const Csds&, double v0, double xi0, double horizon);
  ExactSlidingPlates(PlateParameters p, const Dsds&, double v0, double xi0, double horizon);

  State at(double t) const;
  const std::vector<Phase>& phases() const { return phases_; }
  std::optional<double> t_stick() const;
  // xi(0+): differs from xi0 when the D-SDS resets the spring at t = 0.
  double xi_start() const { return phases_.front().xi; }

 private:
  State in_phase(const Phase& ph, double tau) const;
  double phase_end(const Phase& ph, double limit) const;  // absolute end time (or limit)
  ExactSlidingPlates(PlateParameters p, bool dsds, double v0, double xi0, double horizon);
  PlateParameters p_;
  bool dsds_;
  double v0_, horizon_;
  std::vector<Phase> phases_;
  bool sticks_at_start_ = false;  // D-SDS: the Coulomb test fails at t = 0 but the reset spring sticks at once
};

// The exact solution a registry law on the plates converges to: the C-SDS's for csds, the D-SDS's continuous limit
// for the D-SDS (dsds, dsds-stage, dsds-dae); none for the other laws.
std::optional<ExactSlidingPlates> exact_plates_of(const PlateParameters& p, const std::string& law, double v0,
                                                  double xi0, double horizon);
// The registry laws exact_plates_of has a solution for, in the registry's order.
std::vector<std::string> laws_with_exact_plates();

}  // namespace stickslip
