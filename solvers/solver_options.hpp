// solvers/solver_options.hpp — what a study asks of a driver, and what the driver reports back.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "core/work_limits.hpp"

namespace stickslip {

// Every integration scheme, the one vocabulary of the drivers (an integrator spec names one, solvers/integrator_spec.hpp):
// the general ODE/DAE drivers of solvers/integrate.hpp first (euler .. gear: what SolverOptions runs), then bdf
// (SUNDIALS' BDF, resolved to ida or cvode by a law's forms), the particle engine's (trapezoid, verlet), Moreau-Jean's
// time-stepping of the systems (moreau) and the SDE schemes (em: Euler-Maruyama, sde_heun: stochastic Heun).
enum class Scheme { euler, midpoint, heun, rk4, dopri5, cvode, ida, gear, bdf, trapezoid, verlet, moreau, em, sde_heun };

// Names as the command line spells them ("sde-heun"), and the inverse for the general drivers (throws InputError
// naming `key`).
std::string to_string(Scheme scheme);
const std::vector<std::string>& solver_names();  // the general drivers', euler .. gear
bool is_general(Scheme scheme);                  // euler .. gear
Scheme parse_solver(const std::string& key, const std::string& name);
// euler, midpoint, heun, rk4 and gear: a fixed step dt (gear a multistep method, the others one-step maps).
bool is_fixed_step(Scheme scheme);

struct SolverOptions {
  Scheme kind = Scheme::rk4;
  double dt = 1e-3;        // step of the fixed-step schemes; output interval of the adaptive ones
  double rtol = 1e-8;      // dopri5, CVODE, IDA
  double atol = 1e-10;
  int max_order = 5;       // CVODE (BDF <= 5, Adams <= 12), IDA (1..5), gear (the fixed-step BDF's order, 1..5)
  bool adams = false;      // CVODE: Adams-Moulton instead of BDF
  double max_step = 0;     // dopri5, CVODE, IDA: largest internal step (0 = no limit)
  bool events = true;      // locate the model's switching functions
  bool suppress_algebraic_error = false;  // IDA: IDASetSuppressAlg
  std::size_t max_events = 1000000;       // guard against event storms (Zeno)
  double max_steps = kMaxSteps;           // grid points (steps of the fixed-step schemes, outputs of the adaptive
                                          // ones) a run may plan: validate_solver_options refuses more (dt)
};

struct EventRecord {
  double t;
  std::size_t which;
  Mode mode_before, mode_after;
};

struct RunStats {
  long steps = 0;           // accepted steps (partial steps to an event count)
  long rhs_evals = 0;       // f or residual evaluations
  long root_evals = 0;      // evaluations of the switching-function vector g
  long jac_evals = 0;       // CVODE/IDA
  long error_test_fails = 0;
  long nonlinear_iters = 0;
  std::vector<EventRecord> events;
};

// Called at t0, at every output time, just before and just after every event, and at t_end.
using Observer = std::function<void(double t, VecCRef x, const Mode& mode)>;

}  // namespace stickslip
