// solvers/sundials_event_loop.hpp — the one output/event loop of the SUNDIALS drivers (CVODE and IDA).
//
// Each driver (solvers/cvode_driver.cpp, solvers/ida_driver.cpp) sets up its integrator and hands it to this
// loop as a SundialsStepper. The loop takes one internal step at a time (CV_ONE_STEP / IDA_ONE_STEP, stop time
// t_end), interpolates the outputs t0 + k dt that the step passed (CVodeGetDky / IDAGetDky), and at every root:
// applies the mode map (hand_over_event), settles the new mode and restarts the integrator (ReInit; IDA also
// IDACalcIC) until the restart state is consistent with the mode. The switching functions reach SUNDIALS
// through root_callback, which applies the grazing guard of solvers/switching_guard.hpp; guarded functions are
// armed between steps, so what a root search sees never changes during the search. A step that fails (corrector
// or error test, at a switch of the right-hand side that has no event: a law's kink in its rate form) is retried:
// the integrator restarts at its last good step (order 1, a fresh Jacobian and initial step, as after an event),
// and the run fails only when it fails again without having moved past that point.
#pragma once

#include <string>

#include "core/model.hpp"
#include "solvers/solver_options.hpp"
#include "solvers/switching_guard.hpp"

namespace stickslip {

// What the loop needs of CVODE or IDA.
class SundialsStepper {
 public:
  virtual ~SundialsStepper() = default;
  // failed: a corrector or error-test failure down to the minimum step; t and x are the last good step.
  enum class Result { step, root, stop, failed };
  // One internal step (never past t_end); t receives the time reached, x the state there.
  virtual Result step(double t_end, double& t, VecRef x) = 0;
  // Throws the solver's error for the last failed step (its flag and message).
  virtual void throw_failure() = 0;
  virtual void interpolate(double t, VecRef x) = 0;        // within the last step
  virtual void root_info(std::vector<int>& found) = 0;     // which functions were found at the last root
  // Restart at (t, x) in `mode` after a mode change; may move x onto the mode's constraints (IDACalcIC).
  virtual void restart(double t, VecRef x, const Mode& mode) = 0;
  virtual void add_stats(RunStats& stats) = 0;             // counters since the last restart
};

// Shared by the root callbacks of both drivers (their user data).
struct SundialsUserData {
  const Model* model = nullptr;
  const Mode* mode = nullptr;
  SwitchingGuard* guard = nullptr;
  Vec g_true;
  std::string callback_error;
};
// g for SUNDIALS: the model's switching functions as the guard reports them. Returns 0, or -1 with
// callback_error set when the model threw.
int root_callback(double t, const double* y, double* g, SundialsUserData& data);

RunStats run_sundials_event_loop(const Model& model, double t0, double t_end, VecRef x, Mode& mode,
                                 const SolverOptions& options, const Observer& observer, SundialsStepper& stepper,
                                 SwitchingGuard& guard, const char* solver);

}  // namespace stickslip
