// solvers/integrate.hpp — the one entry point: run a model from t0 to t_end with the chosen driver.
//
//   euler, midpoint, heun, rk4   fixed step dt through odeint (or the stage-wise forms of seed 001,
//                                Appendix A, when the model asks for per-stage adjustments); events are
//                                located by re-stepping (solvers/event_locator.hpp)
//   dopri5                       odeint's dense-output Dormand-Prince, rtol/atol; events on the dense output
//   cvode                        SUNDIALS CVODE (BDF or Adams), CVodeRootInit, CVodeReInit after each event
//   ida                          SUNDIALS IDA on Model::residual, IDASetId, IDACalcIC, IDARootInit,
//                                IDAReInit after each event
//   gear                         Gear's predictor-corrector, the fixed-step BDF of order max_order (1..5) in
//                                Nordsieck form (solvers/gear_driver.cpp); events on its dense output
// x and mode are updated in place to their values at t_end (or at a terminating event).
#pragma once

#include "core/model.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

RunStats integrate(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                   const Observer& observer = {});

// Checks the combination of model, solver and options; throws InputError naming the offending key.
// Why driver `kind` cannot run a model of this form ("" if it can): a DAE needs IDA, a time-stepping rule a
// fixed-step scheme. validate_solver_options refuses such a pair (InputError naming key "solver"); studies ask it
// before they plan a combination.
std::string form_refuses(ModelForm form, Scheme kind);
void validate_solver_options(const Model& model, const SolverOptions& options, double t0, double t_end);

// The individual drivers (solvers/*_driver.cpp).
RunStats run_fixed_step(const Model& model, double t0, double t_end, VecRef x, Mode& mode,
                        const SolverOptions& options, const Observer& observer);
RunStats run_dopri5(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                    const Observer& observer);
RunStats run_cvode(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                   const Observer& observer);
RunStats run_ida(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                 const Observer& observer);
RunStats run_gear(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                  const Observer& observer);

}  // namespace stickslip
