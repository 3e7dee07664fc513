// models/system/coulomb_exact.hpp — the exact piecewise solution of a system of Coulomb contacts with linear springs
// and dashpots, constant normal forces and constant surface velocities (models/system/system_spec.hpp), written
// independently of the assembler and the drivers: the reference the tests and `verify` hold every driver to.
//
// Between transitions the modes are fixed (each contact stuck, sliding +, sliding -), and the motion is linear:
//   M a = -K q - C v + g0 + g1 t + W_slide^T F_slide + W_S^T lambda,   W_S a = 0 (the stuck contacts' constraint),
// so with y = (q, v, t, 1), y' = B y and y(t0 + tau) = exp(B tau) y(t0) (the matrix exponential: Eigen's
// unsupported MatrixFunctions). lambda = L y is linear in y too. The next transition is the first root of a sliding
// contact's slip velocity (its sign changes) or of a stuck contact's |lambda| - mu N (reaching the threshold): the
// functions are sampled on a grid of a 64th of the shortest period and a sign change is bisected to the last bit.
// At a transition the new modes of the contacts at zero slip are found by trying every combination (3^k) and keeping
// the one whose own motion satisfies Coulomb's law over a short look-ahead (stuck: |lambda| < mu N; sliding: the slip
// moves away from zero on the side whose force opposes it): exhaustive, so independent of the box LCP of the drivers.
// Supported: Coulomb and the set-valued laws whose sliding force is constant (coulomb, coulomb-filippov, coulomb-dae,
// weakening with c_w = drop = 0), two-sided springs and dashpots, drives at constant velocity, external forces value + rate t;
// anything else is a std::invalid_argument naming it.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "models/system/system_spec.hpp"

namespace stickslip {

class CoulombSystemExact {
 public:
  // The solution from the spec's initial state over [0, t_end].
  CoulombSystemExact(const SystemSpec& spec, double t_end);

  struct State {
    Vec q, v;
    std::vector<int> mode;  // per contact: 1 stuck, 2 sliding with s > 0, 3 sliding with s < 0
  };
  State at(double t) const;
  // Every transition: its time and the contact whose mode changed.
  struct Transition {
    double t;
    std::size_t contact;
    int before, after;
  };
  const std::vector<Transition>& transitions() const { return transitions_; }
  // The stuck force (lambda) of every contact at t (the sliding ones: -+ mu N).
  Vec forces(double t) const;

 private:
  struct Segment {
    double t0;
    Vec y0;                 // (q, v, t, 1) at t0
    std::vector<int> mode;
    Eigen::MatrixXd B, L;   // y' = B y; forces F = L y (every contact)
  };
  void dynamics(const std::vector<int>& mode, Eigen::MatrixXd& B, Eigen::MatrixXd& L) const;
  std::vector<int> decide(const Vec& y, const std::vector<int>& mode, const std::vector<std::size_t>& fired) const;
  bool valid_after(const Vec& y, const std::vector<int>& mode, double eps) const;
  const Segment& segment(double t) const;

  std::size_t n_ = 0, m_ = 0;
  Eigen::MatrixXd M_, Minv_, K_, C_, W_;
  Vec g0_, g1_, u_, fs_;
  double period_ = 1;
  std::vector<Segment> segments_;
  std::vector<Transition> transitions_;
};

}  // namespace stickslip
