// studies/papers/krengel_matuttis/heap_report.hpp — summary.json of the heap study (seed 002 §5,
// studies/papers/krengel_matuttis/heap_study.cpp) from the rows of its pours
// (studies/papers/krengel_matuttis/particle_heap_runs.hpp): the results table, the conclusion sentence and the setup
// the numbers rest on (material mapping, geometry, rest criterion, repose method).
//   A law holds the heap when it came to rest and its surface drift over t_drift is below hold_fraction x d_mean
//   (the row's "holds"); the conclusion names those laws and gives one clause per law (at rest or not, surface
//   drift in m and in mean diameters at dt x the first dt factor).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/particles/hopper_heap.hpp"
#include "studies/experiment/study.hpp"
#include "studies/papers/krengel_matuttis/particle_heap_runs.hpp"

namespace stickslip {

// summary.json "results": per pour its law, seed, tag, repose_angle_deg (left, right), the feeding reading (t,
// angle, left, right), t_rest, surface_drift, com_drift, drift_by_dt (dt, com and surface drift), drift_rate,
// energy_balance_error, wall_s, steps and holds.
nlohmann::json heap_results(const nlohmann::json& rows);

// summary.json "spread": per law (in the order of `laws`) over its pours (one per seed): for each of the angles at
// rest and feeding (mean, left, right flank) n, mean, sample sd (n - 1 in the denominator; null for n < 2), min,
// max and the values in seed order; a pour without the angle (no flank fitted, no feeding reading) is left out of
// that angle's n.
nlohmann::json heap_spread(const nlohmann::json& rows, const std::vector<std::string>& laws);

// heap_repose.csv: one row per pour: law, law_index, seed, the angles at rest (mean, left, right), the feeding
// reading's time and angles (empty where undefined).
void write_heap_repose_table(const StudyContext& ctx, const nlohmann::json& rows);

// "holds the heap: coulomb, ... (at rest and surface drift below ...). coulomb: at rest at 0.827 s, ...; ..."
std::string heap_conclusion(const nlohmann::json& rows, const HeapConfig& c);

// summary.json "material" (k_n = Y x 1 m, gamma_n, damping ratio zeta, k_t, gamma_t, rolling resistance, mean mass
// and the mapping in words), "geometry", "rest_criterion", "repose_method" (surface bins of bin_diameters mean
// diameters) and "particle_shape".
nlohmann::json heap_setup(const HeapConfig& c, double fill_top, double damping_ratio, double bin_diameters);

}  // namespace stickslip
