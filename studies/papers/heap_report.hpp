// studies/papers/heap_report.hpp — summary.json of the heap study (seed 002 §5, studies/papers/heap_study.cpp) from
// the rows of its pours (studies/papers/particle_heap_runs.hpp): the results table, the conclusion sentence and the
// setup the numbers rest on (material mapping, geometry, rest criterion, repose method).
//   A law holds the heap when it came to rest and its surface drift over t_drift is below hold_fraction x d_mean
//   (the row's "holds"); the conclusion names those laws and gives one clause per law (at rest or not, surface
//   drift in m and in mean diameters at dt x the first dt factor).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "models/particles/hopper_heap.hpp"
#include "studies/papers/particle_heap_runs.hpp"

namespace stickslip {

// summary.json "results": per law its law, repose_angle_deg, t_rest, surface_drift, drift_rate, energy_balance_error,
// wall_s, steps and holds.
nlohmann::json heap_results(const nlohmann::json& rows);

// "holds the heap: coulomb, ... (at rest and surface drift below ...). coulomb: at rest at 0.827 s, ...; ..."
std::string heap_conclusion(const nlohmann::json& rows, const HeapConfig& c);

// summary.json "material" (k_n = Y x 1 m, gamma_n, damping ratio zeta, k_t, gamma_t, rolling resistance, mean mass
// and the mapping in words), "geometry", "rest_criterion", "repose_method" (surface bins of bin_diameters mean
// diameters) and "particle_shape".
nlohmann::json heap_setup(const HeapConfig& c, double fill_top, double damping_ratio, double bin_diameters);

}  // namespace stickslip
