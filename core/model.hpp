// core/model.hpp — the one interface every contact model implements and every driver consumes.
//
// A model is a hybrid system: a continuous state x (size()) and a discrete mode (one int per contact,
// see core/types.hpp). In each mode it offers
//   rhs(t, x, mode, xdot)            explicit ODE x' = f_mode(t, x)              (odeint, CVODE)
//   residual(t, x, xdot, mode, r)    implicit F(t, x, x') = 0, default xdot - f  (IDA)
//   differential_mask(mode, id)      1 = differential row, 0 = algebraic row     (IDASetId)
//   events(t, x, mode, g)            switching functions; the convention is that g_i < 0 while the
//                                    mode is valid and an event fires when g_i crosses zero upwards
//                                    (the direction can be widened per function by event_direction)
//   on_event(t, x, mode, which)      the mode/jump map applied after a located root
//   energy(t, x, mode)               kinetic / spring energy and friction work for the energy ledger
//   project(t, x, mode)              puts x on the mode's algebraic constraints (after init and events;
//                                    explicit drivers need it, IDA uses IDACalcIC on top)
// and, for time-stepping rules that are not ODEs (the D-SDS truncation of seed 001, eq. 3), an explicit
//   adjust(t, x_eval, x_assigned, mode)   called by fixed-step drivers after every step or every stage
//                                         assignment, as adjustment_policy() asks.
// form() says which of three forms the equations take, and so which drivers can run the model (the capability
// query that solvers/integrate.hpp's form_refuses answers for every command): ode (every driver), dae (algebraic
// rows that only IDA solves: IDA only), step_rule (adjusts the state between steps: the fixed-step schemes only).
// A DAE whose rhs() keeps its algebraic rows consistent (the sliding plates' dsds-dae) is an ode to the drivers.
// All contact state (springs, slip flags, accumulated work) lives in x and mode, never in members,
// so a model object is immutable during a run and can be shared by several drivers.
#pragma once

#include <string>
#include <vector>

#include "core/energy_ledger.hpp"
#include "core/types.hpp"

namespace stickslip {

// The form of a model's equations (Model::form).
enum class ModelForm { ode, dae, step_rule };
std::string to_string(ModelForm form);  // "ODE", "DAE", "time-stepping rule"

// When a driver must call Model::adjust.
enum class AdjustPolicy {
  none,        // the model is an ODE/DAE; adjust is never called
  after_step,  // once per completed step, with x_eval = state at the start of the step
  per_stage,   // after every stage assignment of a Runge-Kutta scheme (seed 001, Appendix A eq. 22-28)
};

// What on_event did.
struct EventOutcome {
  bool changed = true;    // state or mode changed: the driver must restart (ReInit, fresh stepper)
  bool terminate = false; // stop the run here (e.g. the block came to rest for good)
};

class Model {
 public:
  virtual ~Model() = default;

  virtual std::size_t size() const = 0;
  // One name per state component, for CSV headers and error messages ("v", "xi", "W" ...).
  virtual std::vector<std::string> state_names() const = 0;
  // The mode the run starts in, decided from the initial state.
  virtual Mode initial_mode(double t, VecCRef x) const { (void)t; (void)x; return {}; }

  virtual void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const = 0;

  // Default: r = xdot - f(t, x). DAE models override it and mark algebraic rows in differential_mask.
  virtual void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const;
  virtual void differential_mask(const Mode& mode, VecRef id) const { (void)mode; id.setOnes(); }

  virtual std::size_t num_events() const { return 0; }
  virtual void events(double t, VecCRef x, const Mode& mode, VecRef g) const { (void)t; (void)x; (void)mode; (void)g; }
  // +1: fire when g rises through 0 (the default), -1: when it falls, 0: both.
  virtual int event_direction(std::size_t which) const { (void)which; return +1; }
  // The state entries switching function `which` reads (more is allowed, fewer is not), for the switching guard's
  // finite differences: one evaluation of g per group of entries that no function shares instead of one per entry
  // (O(1) evaluations per restart for a chain instead of O(n)). False: not known, every entry is perturbed.
  virtual bool event_reads(std::size_t which, std::vector<Eigen::Index>& entries) const {
    (void)which; (void)entries;
    return false;
  }
  virtual EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
    (void)t; (void)x; (void)mode; (void)which;
    return {false, false};
  }

  virtual void project(double t, VecRef x, const Mode& mode) const { (void)t; (void)x; (void)mode; }

  // The upper and lower half-bandwidths of the Jacobian of rhs / residual in the state's order, for a driver's band
  // linear solver (CVODE, IDA); {-1, -1} (the default): dense. A model of many bodies coupled to their neighbours (a
  // chain) says so, and a Newton step then costs O(n) instead of O(n^3).
  struct Band {
    long upper = -1, lower = -1;
  };
  virtual Band jacobian_band() const { return {}; }

  // Energy bookkeeping for the ledger (core/energy_ledger.hpp); models without friction work return zeros.
  virtual Energy energy(double t, VecCRef x, const Mode& mode) const { (void)t; (void)x; (void)mode; return {}; }

  virtual AdjustPolicy adjustment_policy() const { return AdjustPolicy::none; }
  // DAE models override it; a model that adjusts its state between steps is a step rule.
  virtual ModelForm form() const { return adjustment_policy() == AdjustPolicy::none ? ModelForm::ode : ModelForm::step_rule; }
  virtual void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const {
    (void)t; (void)x_eval; (void)x_assigned; (void)mode;
  }
};

}  // namespace stickslip
