// solvers/gear_driver.cpp — Gear's predictor-corrector: the backward differentiation formula of order q (1..5) at a
// FIXED step h, in Nordsieck form, one correction per step, as Matuttis & Chen ("Understanding the Discrete
// Element Method", ch. 2) integrate DEM systems and Krengel & Matuttis run their BDF2 and BDF5 (spec gear:2, gear:5).
// One evaluation of f per step, at the predicted state (PEC, the DEM habit: one force evaluation per step).
//
// State: the Nordsieck vector Z = [z_0 .. z_q], z_j = h^j x^(j)/j! (n x (q+1)), z_0 the solution.
//   predict   Z_p = P Z, P the Pascal matrix (z_p,i = sum_{j>=i} C(j, i) z_j: the Taylor polynomial at t + h)
//   evaluate  f_p = f(t + h, z_p,0)
//   correct   Delta = h f_p - z_p,1,   z_i = z_p,i + l_i Delta      (so z_1 = h f_p)
// with the BDF's Nordsieck vector l (solvers/gear_coefficients.hpp; l_1 = 1, l_0 the BDF's beta_0).
// Iterated to convergence the corrector would be the implicit BDF; applied once it is an explicit method of order q
// (local error O(h^{q+1})); the corrected z_1 is h f at the predicted state (l_1 = 1), not re-evaluated. Its
// stability region (solvers/linear_stability.hpp: the spectral radius of (I + l (z e_0^T - e_1^T)) P) is small: on
// the negative real axis z > -0.571 for q = 2 and z > -0.271 for q = 5.
// Start (t0 and after every event): the history a multistep method needs comes from q classical RK4 steps of size h
// (pre-steps, not part of the solution): the degree-q polynomial through f(t + k h), k = 0 .. q, gives the
// derivatives, z_j = h c_{j-1}/j with f(t + s h) = sum_k c_k s^k. Its error is O(h^{q+1}) per component, so the
// start keeps the order.
// Events: after each step the locator (solvers/event_locator.hpp) checks the switching functions; a root is refined
// on the Nordsieck polynomial of the step, x(t + h + s h) = sum_j z_j s^j (s in [-1, 0]: the method's own dense
// output, order q), the mode map applied there, and the method restarts at the root with the same h (the grid shifts
// to the root). The last step is shortened to reach t_end exactly (z_j scaled by r^j, r <= 1).
// Refused (solvers/integrate.cpp form_refuses): DAE models (IDA) and time-stepping rules that adjust the state between
// steps (the Nordsieck history would no longer be the solution's derivatives).
#include <Eigen/LU>
#include <array>
#include <cmath>
#include <functional>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/gear_coefficients.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {

namespace {

class Gear {
 public:
  Gear(const Model& model, int order, double h, RunStats& stats)
      : model_(model), q_(order), h_(h), stats_(stats), l_(gear_corrector(order)) {
    const auto n = static_cast<Eigen::Index>(model.size());
    z_.resize(n, q_ + 1);
    f_.resize(n);
    k1_.resize(n), k2_.resize(n), k3_.resize(n), k4_.resize(n), y_.resize(n), tmp_.resize(n);
    fs_.resize(n, q_ + 1);
    // The Vandermonde matrix of the start's interpolation, V(k, i) = k^i, k, i = 0 .. q, inverted once.
    Eigen::MatrixXd v(q_ + 1, q_ + 1);
    for (int k = 0; k <= q_; ++k)
      for (int i = 0; i <= q_; ++i) v(k, i) = std::pow(static_cast<double>(k), i);
    vinv_ = v.inverse();
  }

  // The Nordsieck vector at (t, x) in mode `mode` from q RK4 pre-steps of size h.
  void start(double t, VecCRef x, const Mode& mode) {
    y_ = x;
    double tt = t;
    rhs(tt, y_, mode, f_);
    fs_.col(0) = f_;
    for (int k = 1; k <= q_; ++k) {
      k1_ = f_;
      tmp_ = y_ + 0.5 * h_ * k1_;
      rhs(tt + 0.5 * h_, tmp_, mode, k2_);
      tmp_ = y_ + 0.5 * h_ * k2_;
      rhs(tt + 0.5 * h_, tmp_, mode, k3_);
      tmp_ = y_ + h_ * k3_;
      rhs(tt + h_, tmp_, mode, k4_);
      y_ += h_ / 6 * (k1_ + 2 * k2_ + 2 * k3_ + k4_);
      tt = t + k * h_;
      rhs(tt, y_, mode, f_);
      fs_.col(k) = f_;
    }
    const Eigen::MatrixXd c = fs_ * vinv_.transpose();  // column i: the coefficient c_i of s^i
    z_.col(0) = x;
    for (int j = 1; j <= q_; ++j) z_.col(j) = h_ * c.col(j - 1) / j;
    scale_ = 1.0;
  }

  // One step of size r h (r <= 1; the Nordsieck vector is rescaled for it) from t.
  void step(double t, const Mode& mode, double r = 1.0) {
    if (r != scale_) {
      double s = 1;
      for (int j = 1; j <= q_; ++j) s *= r / scale_, z_.col(j) *= s;
      scale_ = r;
    }
    for (int k = 0; k < q_; ++k)  // z <- P z by repeated summation
      for (int j = q_; j > k; --j) z_.col(j - 1) += z_.col(j);
    const double hh = r * h_;
    rhs(t + hh, z_.col(0), mode, f_);
    tmp_ = hh * f_ - z_.col(1);
    for (int i = 0; i <= q_; ++i) z_.col(i) += l_[static_cast<std::size_t>(i)] * tmp_;
  }

  // The step's dense output at t_new + s (r h), s in [-1, 0].
  void state_at(double s, VecRef out) const {
    out = z_.col(q_);
    for (int j = q_ - 1; j >= 0; --j) out = out * s + z_.col(j);
  }
  auto solution() const { return z_.col(0); }

 private:
  void rhs(double t, VecCRef x, const Mode& mode, VecRef out) {
    model_.rhs(t, x, mode, out);
    ++stats_.rhs_evals;
  }

  const Model& model_;
  int q_;
  double h_, scale_ = 1.0;
  RunStats& stats_;
  std::array<double, 6> l_;
  Eigen::MatrixXd z_, fs_, vinv_;
  Vec f_, k1_, k2_, k3_, k4_, y_, tmp_;
};

}  // namespace

RunStats run_gear(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                  const Observer& observer) {
  RunStats stats;
  const int q = options.max_order;
  if (q < 1 || q > 5) throw_input("max_order", std::to_string(q), "gear allows 1..5");
  const double h = options.dt;
  const std::string name = "gear:" + std::to_string(q);
  const double count = step_count(t_end - t0, h);
  if (!(count <= options.max_steps))
    throw SolverError(name + ": " + format_value(count) + " steps exceed the limit of " + format_value(options.max_steps));
  Gear gear(model, q, h, stats);
  EventLocator locator(model, options, stats);
  const bool events = options.events && model.num_events() > 0;
  const auto n = static_cast<Eigen::Index>(model.size());
  Vec x_new(n), x_event(n);

  if (observer) observer(t0, x, mode);
  if (events && locator.restart(t0, x, mode, observer).terminate) return stats;
  gear.start(t0, x, mode);
  double t_base = t0;  // the grid t_base + k h (shifted to the root after an event)
  long k = 0;
  double t = t0;
  while (t < t_end) {
    check_interrupt();
    double t_next = t_base + static_cast<double>(k + 1) * h;
    double r = 1.0;
    if (t_next >= t_end - 1e-9 * h) t_next = t_end, r = (t_end - t) / h;  // the last step reaches t_end
    gear.step(t, mode, r);
    x_new = gear.solution();
    require_finite(x_new, t_next, name.c_str());
    ++stats.steps;
    if (stats.steps > options.max_steps) throw SolverError(name + ": too many steps");
    if (events) {
      const double t_step = t_next, span = t_next - t;
      const std::function<void(double, VecRef)> dense = [&](double tt, VecRef out) {
        gear.state_at((tt - t_step) / span, out);
      };
      if (auto hit = locator.check(t, t_next, x_new, mode, dense)) {
        if (hit->t < t_next) {
          dense(hit->t, x_event);
          x = x_event;
        } else {
          x = x_new;
        }
        t = hit->t;
        const EventOutcome outcome = hand_over_event(model, t, x, mode, hit->which, options, stats, observer);
        const std::vector<std::size_t> declined = outcome.changed ? std::vector<std::size_t>{} : std::vector{hit->which};
        if (outcome.terminate || locator.restart(t, x, mode, observer, declined).terminate) return stats;
        if (t >= t_end) break;
        gear.start(t, x, mode);
        t_base = t;
        k = 0;
        continue;
      }
      locator.accept();
    }
    x = x_new;
    t = t_next;
    ++k;
    if (observer) observer(t, x, mode);
  }
  return stats;
}

}  // namespace stickslip
