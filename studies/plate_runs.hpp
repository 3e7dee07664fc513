// studies/plate_runs.hpp — one sliding-plates run (model + driver + observer), shared by the
// sliding-plates and convergence studies.
#pragma once

#include <optional>
#include <vector>

#include "models/sliding_plates.hpp"
#include "models/sliding_plates_exact.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

struct PlateRunConfig {
  PlateParameters p;
  PlateLaw law = PlateLaw::csds;
  double v0 = 4, xi0 = 0;
  double t_end = 10;
  SolverOptions solver;  // solver.events decides whether the model is event-driven too
};

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

PlateRun run_plates(const PlateRunConfig& config);

// The exact solution that a law converges to (dsds, dsds-stage and dsds-dae share the D-SDS one).
ExactSlidingPlates exact_plates(const PlateRunConfig& config);

// "dsds-events-off with Euler" etc. for labels and file names.
std::string run_label(const PlateRunConfig& config);

}  // namespace stickslip
