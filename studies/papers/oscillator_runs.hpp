// studies/papers/oscillator_runs.hpp — one run of the dry-friction oscillator m x'' = -k x - mu F_N sign(x') (seed 002,
// eq. 3; models/friction_oscillator.hpp), shared by the dry-friction-oscillator study and its `converge`
// observables: a solver name, the run with its samples, and the stick time and place read off it.
//   filippov, filippov-cvode, filippov-rk4, filippov-fd   the Filippov driver on dopri5 / CVODE / rk4 (step dt), or
//                                  dopri5 with the finite-difference directional derivatives of eq. 15-17; state (x, v)
//   ida, ida-noproj                the Coulomb DAE through IDA, with and without velocity projection at the stick
//                                  event; state (x, v, F)
//   euler-sign, midpoint-sign, heun-sign, rk4-sign   the naive sign() right-hand side, fixed step dt; state (x, v)
// Each name is an integrator spec (and an option) for Coulomb's law on the oscillator relation; the form that runs
// follows from the law's forms (models/contact/law.hpp): the Filippov pieces, the hybrid DAE, the sign form.
// A run's t_stick is its last located stick event (Filippov, IDA), or for a naive run the first output time at
// which v changes sign while |k x| <= mu F_N; drift = max |x(t) - x_stick| for t >= t_stick.
#pragma once

#include <cmath>
#include <filesystem>
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
  Coulomb law;  // mu
  double x0, v0, t_end, dt, rtol, atol, fd_delta;
};

struct OscillatorRun {
  std::string solver;
  std::vector<OscillatorSample> samples;
  RunStats stats;
  double t_stick = std::nan(""), x_stick = std::nan(""), drift = std::nan("");
  double v_after = 0;  // max |v| after t_stick
  long sign_changes = 0;
  bool located = false;  // the form has a switching function (Filippov, DAE), so the stick is a located event
};

OscillatorRun run_oscillator(const std::string& solver, const OscillatorSettings& s);

// The run of the study: its samples in csv_path (t, x, v, F, lambda, mode), its row with the errors of the stick
// time and place against the exact solution.
nlohmann::json oscillator_run_row(const std::string& solver, const OscillatorSettings& s,
                                  const DryFrictionOscillatorExact& exact, const std::filesystem::path& csv_path);

}  // namespace stickslip
