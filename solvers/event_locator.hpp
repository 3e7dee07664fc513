// solvers/event_locator.hpp — our root finding for the explicit (odeint) paths, and the event hand-over
// shared by every driver.
//
// Odeint has no events. After every step t0 -> t1 the locator evaluates the model's switching functions
// once (one root evaluation per step) and compares them with the values at t0. A function i fires when it
// crosses zero in its direction (Model::event_direction); a function that sits on zero when a mode starts is
// guarded by the grazing rule of solvers/switching_guard.hpp (it cannot fire inside its noise band, so a
// root that was just handled is not re-fired right after the reset). The crossing is refined by the Illinois method
// on a caller-supplied map t -> x(t): the dense output of an adaptive stepper, or a re-step of the
// fixed-step scheme from t0 with step t - t0 (which keeps the scheme's order at the event). The earliest
// root among the firing functions wins; the time returned is the bracket end past the root.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/model.hpp"
#include "solvers/solver_options.hpp"
#include "solvers/switching_guard.hpp"

namespace stickslip {

class EventLocator {
 public:
  EventLocator(const Model& model, const SolverOptions& options, RunStats& stats);

  // At t0 and after every event: settles the mode (settle_mode below) and re-evaluates g. Returns the
  // outcome of any mode map it applied (terminate: stop the run). declined: the functions whose located root was
  // just handed over and whose map changed nothing (settle_mode).
  EventOutcome restart(double t, VecRef x, Mode& mode, const Observer& observer,
                       const std::vector<std::size_t>& declined = {});

  struct Hit {
    double t;
    std::size_t which;
  };
  // Evaluates g(t1, x1); returns the earliest located root in (t0, t1], or nothing.
  // state_at(t, x) must fill x with the numerical solution at t in (t0, t1].
  std::optional<Hit> check(double t0, double t1, VecCRef x1, const Mode& mode,
                           const std::function<void(double, VecRef)>& state_at);
  // Accept the step without an event: the values at t1 become the reference.
  void accept();

 private:
  bool fires(std::size_t i, double before, double after) const;
  const Model& model_;
  const SolverOptions& options_;
  RunStats& stats_;
  SwitchingGuard guard_;
  Vec g_prev_, g_new_, g_true_, g_tmp_, g_tmp_true_, x_tmp_;
};

// Apply Model::on_event and Model::project at a located root, record it, and report to the observer
// (before and after). Throws SolverError when the number of events exceeds options.max_events.
EventOutcome hand_over_event(const Model& model, double t, VecRef x, Mode& mode, std::size_t which,
                             const SolverOptions& options, RunStats& stats, const Observer& observer);

// At a restart (t0, or after the mode map of a located root): the guard's noise bands are set, and while a
// switching function of the current mode is clearly past its root (the mode is not valid at x) the mode map
// is applied for it at the same instant. A map that declines (changed = false) leaves that function
// suppressed until it is clearly valid; so do the functions in `declined`, whose located root the driver has just
// handed over with that outcome (the root finder's point lies past the root: without this the same root would be
// handed over twice). More than 2 (num_events + 1) maps at one instant: SolverError.
EventOutcome settle_mode(const Model& model, double t, VecRef x, Mode& mode, const SolverOptions& options,
                         RunStats& stats, const Observer& observer, SwitchingGuard& guard,
                         const std::vector<std::size_t>& declined = {});

// Throws SolverError naming the solver and time if x has a NaN or infinity.
void require_finite(VecCRef x, double t, const char* solver);

}  // namespace stickslip
