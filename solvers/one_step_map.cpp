#include "solvers/one_step_map.hpp"

#include <boost/numeric/odeint.hpp>
#include <stdexcept>
#include <vector>

namespace stickslip {
namespace {

namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

// The odeint "system": x' = f_mode(t, x) through the model's rhs, without copies.
struct OdeintSystem {
  const Model* model;
  const Mode* mode;
  RunStats* stats;
  void operator()(const State& x, State& dxdt, double t) const {
    Eigen::Map<const Vec> xm(x.data(), static_cast<Eigen::Index>(x.size()));
    Eigen::Map<Vec> dm(dxdt.data(), static_cast<Eigen::Index>(dxdt.size()));
    model->rhs(t, xm, *mode, dm);
    ++stats->rhs_evals;
  }
};

template <class Stepper>
class OdeintMap final : public OneStepMap {
 public:
  OdeintMap(const Model& model, Stepper stepper, RunStats& stats, bool adjust_after_step)
      : model_(model), stepper_(std::move(stepper)), stats_(stats), adjust_(adjust_after_step),
        in_(model.size()), out_(model.size()) {}

  void step(double t, VecCRef x, double h, const Mode& mode, VecRef out) override {
    Eigen::Map<Vec>(in_.data(), x.size()) = x;
    stepper_.do_step(OdeintSystem{&model_, &mode, &stats_}, in_, t, out_, h);
    out = Eigen::Map<const Vec>(out_.data(), x.size());
    if (adjust_) model_.adjust(t, x, out, mode);
  }

 private:
  const Model& model_;
  Stepper stepper_;
  RunStats& stats_;
  bool adjust_;
  State in_, out_;
};

using Midpoint = odeint::explicit_generic_rk<2, 2, State, double, State, double>;
using Heun = odeint::explicit_generic_rk<2, 2, State, double, State, double>;

Midpoint make_midpoint() {
  const boost::array<double, 1> a1 = {{0.5}};
  const Midpoint::coef_a_type a = boost::fusion::make_vector(a1);
  const Midpoint::coef_b_type b = {{0.0, 1.0}};
  const Midpoint::coef_c_type c = {{0.0, 0.5}};
  return Midpoint(a, b, c);
}

Heun make_heun() {
  const boost::array<double, 1> a1 = {{1.0}};
  const Heun::coef_a_type a = boost::fusion::make_vector(a1);
  const Heun::coef_b_type b = {{0.5, 0.5}};
  const Heun::coef_c_type c = {{0.0, 1.0}};
  return Heun(a, b, c);
}

// Seed 001, Appendix A: each stage is an assignment from u^n that the model may adjust.
class StagedMap final : public OneStepMap {
 public:
  StagedMap(const Model& model, Scheme kind, RunStats& stats, bool adjust)
      : model_(model), kind_(kind), stats_(stats), adjust_(adjust) {
    const auto n = static_cast<Eigen::Index>(model.size());
    for (auto* v : {&f_, &u1_, &u2_, &u3_, &u4_}) v->resize(n);
  }

  void step(double t, VecCRef u, double h, const Mode& mode, VecRef out) override {
    switch (kind_) {
      case Scheme::euler:
        assign(t, u, u, h, mode, u1_, t);
        out = u1_;
        break;
      case Scheme::midpoint:
        assign(t, u, u, h / 2, mode, u1_, t);
        assign(t, u, u1_, h, mode, out, t + h / 2);
        break;
      case Scheme::heun:
        assign(t, u, u, h, mode, u1_, t);
        assign(t, u, u1_, h, mode, u2_, t + h);
        out = 0.5 * (u1_ + u2_);
        break;
      case Scheme::rk4:
        assign(t, u, u, h / 2, mode, u1_, t);
        assign(t, u, u1_, h / 2, mode, u2_, t + h / 2);
        assign(t, u, u2_, h, mode, u3_, t + h / 2);
        assign(t, u, u3_, h / 2, mode, u4_, t + h);
        out = (u1_ + 2 * u2_ + u3_ + u4_ - 2 * u) / 3;
        break;
      default:
        throw std::logic_error("staged map: not a fixed-step scheme");
    }
  }

 private:
  // target = u + c f(t_eval, eval), then adjusted with eval as the evaluation state.
  void assign(double, VecCRef u, VecCRef eval, double c, const Mode& mode, VecRef target, double t_eval) {
    model_.rhs(t_eval, eval, mode, f_);
    ++stats_.rhs_evals;
    target = u + c * f_;
    if (adjust_) model_.adjust(t_eval, eval, target, mode);
  }

  const Model& model_;
  Scheme kind_;
  RunStats& stats_;
  bool adjust_;
  Vec f_, u1_, u2_, u3_, u4_;
};

}  // namespace

std::unique_ptr<OneStepMap> make_staged_map(const Model& model, Scheme kind, RunStats& stats, bool adjust) {
  return std::make_unique<StagedMap>(model, kind, stats, adjust);
}

std::unique_ptr<OneStepMap> make_one_step_map(const Model& model, Scheme kind, RunStats& stats) {
  const AdjustPolicy policy = model.adjustment_policy();
  if (policy == AdjustPolicy::per_stage) return make_staged_map(model, kind, stats, true);
  const bool after = policy == AdjustPolicy::after_step;
  switch (kind) {
    case Scheme::euler:
      return std::make_unique<OdeintMap<odeint::euler<State>>>(model, odeint::euler<State>(), stats, after);
    case Scheme::midpoint:
      return std::make_unique<OdeintMap<Midpoint>>(model, make_midpoint(), stats, after);
    case Scheme::heun:
      return std::make_unique<OdeintMap<Heun>>(model, make_heun(), stats, after);
    case Scheme::rk4:
      return std::make_unique<OdeintMap<odeint::runge_kutta4<State>>>(model, odeint::runge_kutta4<State>(), stats,
                                                                      after);
    default:
      throw std::logic_error("make_one_step_map: " + to_string(kind) + " is not a fixed-step scheme");
  }
}

}  // namespace stickslip
