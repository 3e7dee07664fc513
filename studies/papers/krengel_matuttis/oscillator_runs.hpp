// studies/papers/krengel_matuttis/oscillator_runs.hpp — one run of the dry-friction oscillator m x'' = -k x - mu F_N
// sign(x') (seed 002, eq. 3; models/friction_oscillator.hpp), shared by the dry-friction-oscillator study and its
// `converge` observables: a solver name, the run with its samples, and the stick time and place read off it.
//   filippov, filippov-cvode, filippov-rk4, filippov-fd   the Filippov driver on dopri5 / CVODE / rk4 (step dt), or
//                                  dopri5 with the finite-difference directional derivatives of eq. 15-17; state (x, v)
//   ida, ida-noproj                the Coulomb DAE through IDA, with and without velocity projection at the stick
//                                  event; state (x, v, F)
//   euler-sign, midpoint-sign, heun-sign, rk4-sign   the naive sign() right-hand side, fixed step dt; state (x, v)
// Each name is an integrator spec (and an option) for a law of the registry on the oscillator relation (Coulomb's by
// default: the names read "-sign" for its naive sign() form); the form that runs follows from the law's forms and the
// driver (models/contact_model.hpp choose_contact_form): Filippov pieces, a hybrid DAE, modes with events, a spring
// rate, a slip force. A driver that has no form of the law is refused (InputError naming the solver, the registry's
// reason).
// When a run sticks for good (t_stick), by the form that ran:
//   Filippov, DAE, modes   the last located event into the stuck mode (the Filippov sliding mode, the stick mode)
//   slip force of a set-valued law (Coulomb's sign form)   the first output time at which v changes sign while
//                          |k x| <= F_s, the law's static threshold (mu F_N for Coulomb)
//   spring rate with a cut-off (cundall-strack)   the first output time of the last stretch in which the contact
//                          force stays below its cut-off F_s (the spring holds: no slip)
//   a slip force of a law that is not set-valued (none, linear, tanh)   never: such a law has no stick (its force
//                          vanishes only at v = 0; the mass creeps); t_stick, x_stick and drift are null
// drift = max |x(t) - x_stick| for t >= t_stick.
#pragma once

#include <cmath>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/dry_friction_exact.hpp"
#include "models/friction_oscillator.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

const std::vector<std::string>& oscillator_solver_names();

// A solver of this study from its own name or an integrator spec (solvers/integrator_spec.hpp):
// filippov:dopri5 / filippov:cvode / filippov:rk4 = filippov / filippov-cvode / filippov-rk4, ida = ida, and a plain
// euler / midpoint / heun / rk4 = the naive sign() right-hand side (euler-sign, ...). filippov-fd and ida-noproj
// have no spec form.
std::string oscillator_solver(const std::string& key, const std::string& text);

struct OscillatorSample {
  double t, x, v, force, lambda;
  int mode;  // -1/0/+1 Filippov side, 1/2/3 DAE mode, 0 naive
};

struct OscillatorSettings {
  OscillatorParameters p;
  Coulomb law;  // mu (also the exact solution's, which is Coulomb's)
  std::string friction = "coulomb";  // the registry law that runs (models/contact/registry.hpp)
  LawValues values;                  // its parameters (mu bound to the study's)
  double x0, v0, t_end, dt, rtol, atol, fd_delta;
};

// Whether the exact solution (Coulomb's, models/dry_friction_exact.hpp) is that of the law at its parameters: a
// sliding force mu F_n at every speed (coulomb and its forms, weakening without weakening) or Coulomb's law by a
// scheme of its own (coulomb-km): coulomb_is_the_reference.
bool exact_is_the_laws(const OscillatorSettings& s);

struct OscillatorRun {
  std::string solver;
  std::vector<OscillatorSample> samples;
  RunStats stats;
  double t_stick = std::nan(""), x_stick = std::nan(""), drift = std::nan("");
  double v_after = 0;  // max |v| after t_stick
  long sign_changes = 0;
  bool located = false;  // the form has a switching function (Filippov, DAE, modes), so the stick is a located event
  std::string stick_test;  // how t_stick was found, or why the law never sticks (the table above)
  bool can_stick = true;   // false: the law has no stick (t_stick, x_stick, drift null)
};

// A solver of the study for law `friction`: the system it runs (InputError naming `key` where the driver has no
// form of the law), for a check before any run.
void check_oscillator_solver(const std::string& key, const std::string& solver, const OscillatorSettings& s);

// Each sample as the driver produces it.
using OscillatorSampleSink = std::function<void(const OscillatorSample&)>;
// Calls its argument on every sample of the run, in order (read back from where a sink put them).
using OscillatorReplay = std::function<void(const OscillatorSampleSink&)>;
// Runs the solver. Without a sink the samples are kept in run.samples; with one, each goes to the sink as it is
// produced and none is kept (memory independent of the number of steps), and the stick analysis after the run
// reads them back once through `replay` (required with a sink).
OscillatorRun run_oscillator(const std::string& solver, const OscillatorSettings& s, const OscillatorSampleSink& sink = {},
                             const OscillatorReplay& replay = {});

// The run of the study: its samples in csv_path (t, x, v, F, lambda, mode), its row with the errors of the stick
// time and place against the exact solution (Coulomb's; null for another law) and how the stick was found.
nlohmann::json oscillator_run_row(const std::string& solver, const OscillatorSettings& s,
                                  const DryFrictionOscillatorExact& exact, const std::filesystem::path& csv_path);

}  // namespace stickslip
