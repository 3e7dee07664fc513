// solvers/one_step_map.hpp — the fixed-step schemes as maps (t, x, h) -> x(t + h).
//
// Two implementations of euler, midpoint, heun and rk4:
//  * odeint steppers (boost::numeric::odeint::euler, runge_kutta4, explicit_generic_rk for midpoint and
//    Heun), optionally followed by Model::adjust once per step (AdjustPolicy::after_step);
//  * the stage-wise forms of seed 001, Appendix A (eq. 22-28), in which every stage state is an assignment
//    u_i = u^n + c_i h f(u_{i-1}) that Model::adjust may modify (AdjustPolicy::per_stage):
//      euler     u1 = u + h f(u)                                   u^{n+1} = u1
//      midpoint  u1 = u + h/2 f(u)                                 u^{n+1} = u + h f(u1)        (eq. 25-26)
//      heun      u1 = u + h f(u),  u2 = u + h f(u1)                u^{n+1} = (u1 + u2)/2        (eq. 27-28)
//      rk4       u1 = u + h/2 f(u), u2 = u + h/2 f(u1), u3 = u + h f(u2), u4 = u + h/2 f(u3)
//                u^{n+1} = (u1 + 2 u2 + u3 + u4 - 2 u)/3                                         (eq. 22-24)
//    Without adjustments both implementations give the same numbers (tested).
// A step map is also what the event locator re-steps with to find a root inside a step.
#pragma once

#include <memory>

#include "core/model.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

class OneStepMap {
 public:
  virtual ~OneStepMap() = default;
  // out = Phi_h(t, x) in the current mode; counts f evaluations into stats.
  virtual void step(double t, VecCRef x, double h, const Mode& mode, VecRef out) = 0;
};

// The map for a fixed-step solver kind, honouring the model's adjustment policy.
std::unique_ptr<OneStepMap> make_one_step_map(const Model& model, Scheme kind, RunStats& stats);

// The stage-wise form regardless of the model's policy (used by tests and by per_stage models).
std::unique_ptr<OneStepMap> make_staged_map(const Model& model, Scheme kind, RunStats& stats, bool adjust);

}  // namespace stickslip
