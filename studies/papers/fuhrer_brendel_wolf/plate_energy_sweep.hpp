// studies/papers/fuhrer_brendel_wolf/plate_energy_sweep.hpp — the v(0)-sweep of the energy the D-SDS creates (seed 001
// §3.3, Führer, Brendel & Wolf), part of the sliding-plates study
// (studies/papers/fuhrer_brendel_wolf/sliding_plates_study.cpp). At each v(0) one run of the run store (plate_runs.hpp:
// energy_sweep_point): energy_created of the D-SDS by Euler (the paper's scheme), of the D-SDS DAE by IDA with events
// and of the C-SDS by Euler, all at step dt, and the exact jump k xi_D(0+)^2/2 = (gamma v0 - F_max)^2/(2k) of the reset
// (eq. 11). Writes energy_created_vs_v0.csv and energy_created_vs_v0.png (log-log, with a v0^2/2 guide; the values
// exactly 0, gamma v0 <= F_max or the C-SDS, are drawn on a floor line a decade below the smallest positive value) and
// returns summary.json "energy_sweep": the rows, max_csds and the exponents p of energy_created ~ v0^p of the D-SDS by
// Euler and of the DAE, fitted (core/loglog_slope.hpp) on the upper half of the v0 range.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "studies/experiment/study.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"

namespace stickslip {

nlohmann::json plate_energy_sweep(const PlateRunConfig& base, const std::vector<double>& v0s, double dt,
                                  const StudyContext& ctx);

}  // namespace stickslip
