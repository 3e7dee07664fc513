// studies/papers/krengel_matuttis/slope_drift_runs.hpp — one run of the block on a slope (seed 002 §4;
// models/incline_block.hpp), shared by the slope-drift study's run loop and its `converge` observable: a configuration
// (law, solver, dt, angle, size, damping, projection, start), the solver options it means, whether it exists, and the
// run with its drift. Any law of the registry (models/contact/registry.hpp) runs, in the form its solver needs
// (models/contact_model.hpp):
//   heun, rk4, dopri5       the law's ODE form (its rate, or its slip force)
//   bdf2, bdf5              IDA on the law's DAE form where it has one (coulomb-dae: stick as a constraint, with or
//                           without velocity projection), else CVODE on its ODE form; maximum order 2 / 5
//   gear2, gear5            Gear's predictor-corrector, the BDF of order 2 / 5 at the fixed step dt (the paper's
//                           BDF2, BDF5 as Matuttis & Chen integrate them; solvers/gear_driver.cpp), the law's ODE
//                           form (coulomb-km: its look-ahead form)
//   filippov-SCHEME         the Filippov driver on SCHEME (a set-valued law; coulomb-filippov offers only this form,
//                           so its solver names the scheme alone)
//   verlet                  block=polygon only: velocity Verlet with the square as one body on the polygon engine
//                           (studies/papers/krengel_matuttis/slope_block_engine.hpp), the laws' particle-engine forms
//                           (coulomb: the exact static friction of eq. 21-22)
//   State (s, s', y, y') and the law's state if it has one (a spring xi_t or the DAE's friction force). s runs down
//   the slope, y normal to it (y < 0: overlap). block=polygon: (s, s', y, y', theta, theta') of the square polygon
//   (models/polygon/polygon_slope_block.hpp), the same first four.
// Drift = |s(t_end) - s(t_rest)|, t_rest the first time s' <= 0 after the block has moved (0 for a block at rest
// in equilibrium below the friction angle, tan(alpha) <= mu, or that never moves); for a law that chatters across
// s' = 0 (coulomb-km, coulomb-sign) the first time s' <= dt (mu g cos(alpha) + g sin(alpha)) after it has moved by
// more than twice that (one step's velocity kick: under Heun its s' stays in (0, dt mu g cos(alpha))); late_drift =
// |s(t_end) - s(t_end / 2)|. A block that never rests by t_end (launched and still moving, or released above the
// friction angle) has t_rest and drift undefined (null) and motion "slides".
#pragma once

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/incline_block.hpp"
#include "models/polygon/polygon_slope_block.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

class CsvWriter;

// solver: heun, rk4, gear2, gear5 (fixed step dt), dopri5, bdf2, bdf5, and filippov- before any of them; verlet
// (block=polygon).
const std::vector<std::string>& slope_solver_names();

struct SlopeConfig {
  std::string law;        // a name of the law registry
  LawValues law_values;   // the law's own parameters (those the block does not bind)
  std::string solver;
  double dt, angle_deg, size;
  bool damping;
  bool projection;  // DAE laws only (false for the other laws)
  bool touching;    // start=touching
  std::string label() const;
  // The name of a curve in a sweep panel (law, point fixed by the panel).
  std::string curve() const;
};

struct SlopeCommon {
  BlockParameters base;
  bool polygon = false;  // block=polygon: the square as a polygon that translates and rotates (polygon_slope_block.hpp)
  double t_end, v0, rtol, atol, output_interval;
};

struct SlopeOutcome {
  double t_rest = std::nan(""), s_rest = 0, v_rest = 0, s_end = 0, drift = 0;
  double s_half = std::nan(""), late_drift = 0;  // s(t_end / 2), |s(t_end) - s(t_end / 2)|
  double max_abs_xh = 0;  // largest |x_h - x_h(0)|
  double max_abs_theta = 0;  // largest |theta| (rad; block=polygon, 0 for the translating square)
  std::string error;      // the SolverError of a run that failed: every value above is then NaN, and it has no CSV
  long steps = 0, events = 0;
  long rhs_evals = 0;  // not stored in the run-store row (only `stickslip converge` reads it)
};

// The outcome of a run whose solver failed: no value (NaN), the error.
SlopeOutcome slope_failed_outcome(const std::string& error);
// An outcome as a run-store row and back (NaN as null; a failed run's steps and events null too).
nlohmann::json slope_outcome_json(const SlopeOutcome& o);
// "rests" (t_rest defined), "slides" (never rests by t_end), null for a failed run.
nlohmann::json slope_motion(const SlopeOutcome& o);
SlopeOutcome slope_outcome_of(const nlohmann::json& row);

// A solver of this study from an integrator spec (solvers/integrator_spec.hpp): heun, rk4, dopri5, or a BDF of
// maximum order 2 or 5 — bdf2 / bdf5, also written cvode:2, cvode:bdf:5, ida:2, cvode, ida; filippov:SPEC is the
// Filippov driver on that scheme (filippov-rk4, filippov-bdf2, ...).
std::string slope_solver(const std::string& key, const std::string& text);

BlockParameters slope_block(const SlopeConfig& c, const SlopeCommon& k);
// The step of heun/rk4, or the reporting interval and largest internal step of the adaptive solvers.
SolverOptions slope_solver_options(const SlopeConfig& c, const SlopeCommon& k);
// The assembled block of a configuration (the law's form for its solver; InputError if it has none).
ContactSystem slope_system(const SlopeConfig& c, const SlopeCommon& k);
// Whether the law runs in its DAE form under this solver (then `projection` applies).
bool slope_dae(const SlopeConfig& c);
// Why a combination does not exist ("" if it does), as the law's forms and the drivers say (the law's own refusal of
// its parameters included, e.g. csds without damping).
std::string slope_unsupported(const SlopeConfig& c, const SlopeCommon& k);
// The driver's check of solver options `so` for configuration c (InputError, exit 2).
void validate_slope_run(const SlopeConfig& c, const SlopeCommon& k, const SolverOptions& so);

// One run with solver options `so`; with csv, rows (t, s, v, y, F_t, x_h - x_h(0), its min and max since the last
// row, theta) 5 % apart in t early on, then every output_interval.
SlopeOutcome run_slope(const SlopeConfig& c, const SlopeCommon& k, const SolverOptions& so, CsvWriter* csv);
// The run of the study: its time series in `csv_path`, its outcome as a row; a SolverError becomes the row's
// "error" with every value null and no CSV (one failing combination does not lose the others; the study lists it
// under "failed_runs" and exits 3 once all are done).
nlohmann::json slope_run_row(const SlopeConfig& c, const SlopeCommon& k, const std::filesystem::path& csv_path);

}  // namespace stickslip
