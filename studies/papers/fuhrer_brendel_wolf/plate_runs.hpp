// studies/papers/fuhrer_brendel_wolf/plate_runs.hpp — one sliding-plates run (model + driver + observer), shared by the
// sliding-plates and convergence studies, and what the sliding-plates study derives from runs: the time-series
// CSVs, the kinetic-energy difference of two runs (seed 001 Fig. 2), the auxiliary states of the per-stage midpoint
// rule (Fig. 4), the energy a law creates from v(0) (seed 001 §3.3, eq. 11), the exact solutions' files and the
// runs' rows of summary.json.
// State x = (v, xi, W): relative velocity, spring elongation (of a law with a spring), work of the friction force.
// Any law of the registry runs (models/contact/registry.hpp); its form follows from the driver and the events flag.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/sliding_plates.hpp"
#include "models/sliding_plates_exact.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

struct PlateRunConfig {
  PlateParameters p;
  std::string law = "csds";  // a name of the law registry
  LawValues law_values;      // the law's own parameters (those the plates do not bind; models/sliding_plates.hpp)
  double v0 = 4, xi0 = 0;
  double t_end = 10;
  SolverOptions solver;   // solver.events decides whether the model is event-driven too
  bool filippov = false;  // run the law's Filippov form on solver.kind
};

// The assembled system of a configuration (InputError when the law has no form for its driver).
ContactSystem plates_system_of(const PlateRunConfig& config);

struct PlateSample {
  double t, v, xi, work, force, e_kin, e_spring, dissipation;
  int mode;
};

struct PlateRun {
  std::vector<PlateSample> samples;
  RunStats stats;
  std::optional<double> t_stick;  // last slide -> stick transition (located event or sample crossing)
  double energy_created = 0;
  double v_end = 0, xi_end = 0;
};

// Each sample as the driver produces it.
using PlateSampleSink = std::function<void(const PlateSample&)>;
// Runs config. Without a sink its samples are kept in run.samples; with one, each goes to the sink as it is produced
// and none is kept (memory independent of the number of steps: energy_created and t_stick are running quantities).
PlateRun run_plates(const PlateRunConfig& config, const PlateSampleSink& sink = {});
// run_plates with its samples streamed to `path` as write_plate_csv writes them (the file under its name only when
// the run completes; a signal or a solver failure leaves no file). run.samples stays empty.
PlateRun run_plates_to_csv(const PlateRunConfig& config, const std::filesystem::path& path);

// The exact solution that a law converges to (dsds, dsds-stage and dsds-dae share the D-SDS one); none for the
// laws without one.
std::optional<ExactSlidingPlates> exact_plates(const PlateRunConfig& config);

// "dsds-events-off with Euler" etc. for labels and file names.
std::string run_label(const PlateRunConfig& config);

// runs/<label>.csv: t, v, xi, F, W, E_kin, E_spring, D, mode (units in the header); read back for runs a --resume
// did not rerun.
void write_plate_csv(const std::filesystem::path& path, const PlateRun& run);
std::vector<PlateSample> read_plate_csv(const std::filesystem::path& path);

// The exact solution at 4001 evenly spaced times of [0, t_end]: t, v, xi, F, W, mode (the phase kind).
void write_exact_plates_csv(const std::filesystem::path& path, const ExactSlidingPlates& exact, double t_end);

// The exact C-SDS (only for gamma > 0) and D-SDS (DAE) solutions of base's parameters and initial state, written to
// <out>/exact_csds.csv and <out>/exact_dsds.csv; returns summary.json "exact": per law t_stick (null: never),
// v_end and xi_end at base.t_end, and the D-SDS's energy_created (dsds_reset_energy).
nlohmann::json write_exact_solutions(const std::filesystem::path& out, const PlateRunConfig& base);

// summary.json's row of a run: friction, solver, dt, events, xi_end, v_end, energy_created, the solver's counts,
// its CSV and t_stick (without events interpolated between output samples: labelled, at the grid's precision).
nlohmann::json plate_run_row(const PlateRunConfig& config, const PlateRun& run);

// E_kin of a time-ordered series at t (linear interpolation; clamped to the ends).
double kinetic_energy_at(const std::vector<PlateSample>& samples, double t);

// (t, E_kin(a, t) - E_kin(b, t)) at every sample time of a: seed 001 Fig. 2 for a = D-SDS, b = C-SDS.
std::vector<std::pair<double, double>> kinetic_energy_difference(const std::vector<PlateSample>& a,
                                                                 const std::vector<PlateSample>& b);

// Seed 001 Fig. 4: the auxiliary state u1 = u + dt/2 f(u) of the midpoint rule, reset with u as the evaluation
// state, reconstructed from the model at t + dt/2 of every step of a run with config c (law dsds-stage, midpoint).
struct AuxiliaryState {
  double t, v, xi, force;
};
std::vector<AuxiliaryState> midpoint_auxiliary_states(const PlateRunConfig& c, const PlateRun& run);

// Fig. 4's run: the D-SDS reset after every stage (dsds-stage) under the midpoint rule at step dt, without events,
// from base's parameters and state.
PlateRunConfig fig4_config(const PlateRunConfig& base, double dt);
// Runs c and writes <runs_dir>/fig4_midpoint.csv (its steps, as write_plate_csv) and fig4_auxiliary.csv (t, v, xi, F
// of its auxiliary states); returns summary.json "fig4": dt, v_end, xi_end, energy_created.
nlohmann::json run_fig4(const std::filesystem::path& runs_dir, const PlateRunConfig& c);

// The energy the reset of the D-SDS creates at the start, k (xi_D(0+)^2 - xi0^2) / 2, xi_D(0+) from the exact
// D-SDS (DAE) solution of c (seed 001 eq. 11: (gamma v0 - F_max)^2 / (2k) for xi0 = 0).
double dsds_reset_energy(const PlateRunConfig& c);

// energy_created at v(0) = v0 (seed 001 §3.3): D-SDS by Euler (the paper's scheme), the D-SDS DAE by IDA with
// events, the C-SDS by Euler (0 where gamma = 0 leaves it undefined), all at step dt; and the exact jump (>= 0).
struct EnergySweepPoint {
  double v0, dsds_euler, dsds_dae_ida, csds_euler, dsds_exact_jump;
};
EnergySweepPoint energy_sweep_point(const PlateRunConfig& base, double v0, double dt);

}  // namespace stickslip
