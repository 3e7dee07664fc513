// solvers/system_run.hpp — runs a researcher's system (models/system/system_spec.hpp) with an integrator spec
// (solvers/integrator_spec.hpp): the one entry of the system file's `simulate`, the block-chain and Burridge-Knopoff
// studies, converge, sweep, verify and Python.
//   euler .. rk4, dopri5, cvode   the system as a Model (models/system/system_model.hpp), contacts in the forms the
//                                 laws give these drivers, switches located as events (events on)
//   ida                           the same with the DAE forms (each stuck set-valued contact's constraint)
//   bdf[:N]                       IDA where a contact's law has a DAE form, CVODE's BDF otherwise
//   filippov:SCHEME               the Filippov system (models/system/system_filippov.hpp) on SCHEME
//   moreau                        Moreau-Jean time-stepping (solvers/moreau_jean.hpp), step dt, theta
// The observer sees the state at t0, at every output time (the step of the fixed-step schemes, dt for the adaptive
// ones) and just before and after every event, as bodies' q and v, the contacts' slip velocities, forces, normal
// forces and stuck flags, and the energy ledger. A stuck flag is the contact's mode where it has one (stick, or the
// Filippov sliding mode); for a law without events, whether its spring holds (F_S within F_max), else zero slip.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/energy_ledger.hpp"
#include "models/system/system_assembly.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

struct SystemRunSettings {
  std::string solver = "filippov:dopri5";  // an integrator spec, or moreau
  double dt = 1e-3;                        // step (fixed-step, moreau); output interval (adaptive)
  double rtol = 1e-8, atol = 1e-10;
  bool events = true;
  bool projection = true;
  Transitions transitions = Transitions::joint;
  int ledger = -1;                         // SystemAssemblyOptions::ledger
  double theta = 0.5;                      // moreau
  GradientKind gradient = GradientKind::exact;
  double fd_delta = 1e-7;
  std::string solver_key = "solver";       // the key the solver came from, for refusals
};

// Whether a run with these settings keeps the energy ledger: always with moreau (its own), else `ledger` on, or
// unset and at most kLedgerDofs bodies (models/system/system_assembly.hpp).
inline bool system_ledger_on(const SystemRunSettings& st, std::size_t bodies) {
  return st.solver == "moreau" || (st.ledger < 0 ? bodies <= kLedgerDofs : st.ledger == 1);
}

struct SystemSample {
  double t;
  VecCRef q, v;
  VecCRef s, F, fn;               // per contact: slip velocity, tangential force, normal force
  const std::vector<int>& stuck;  // per contact
  const Energy& energy;           // K, V (springs), U (laws' springs), W_friction, the rest of the work (ledger)
};
using SystemObserver = std::function<void(const SystemSample&)>;

struct SystemTransition {
  double t;
  std::size_t contact;
  int stuck_before, stuck_after;
};

struct SystemRunResult {
  RunStats stats;
  std::vector<SystemTransition> transitions;  // every change of a contact's stuck flag, in time order
  std::string driver;                         // "IDA", "Filippov on dopri5", "Moreau-Jean theta = 0.5", ...
  std::string forms;                          // each contact's law and form
  bool ledger = false;
  std::size_t state_size = 0;
};

// The system's driver spec checked and the system assembled (InputError naming settings.solver_key, a contact's
// law or parameter, ...); nothing is run. What --dry-run and a study's plan call before any work.
void validate_system_run(const SystemSpec& spec, const SystemRunSettings& settings, double t0, double t_end);

SystemRunResult simulate(const SystemSpec& spec, const SystemRunSettings& settings, double t0, double t_end,
                         const SystemObserver& observer = {});

// The schemes a system runs under (for messages and help).
const std::vector<std::string>& system_schemes();

}  // namespace stickslip
