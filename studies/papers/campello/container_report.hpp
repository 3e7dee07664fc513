// studies/papers/campello/container_report.hpp — the figures and summary tables of the container study (seed 004
// example 5.3, studies/papers/campello/container_study.cpp), from the pours' rows and files
// (studies/papers/campello/container_runs.hpp):
//   fig10_12_container_energy.png  kinetic energies (log scale) of the first seed's pours against the times the
//     paper reads off its Figs. 10 and 12 (first hits on the inclined face 0.5 s; rise of the translational energy
//     2.6-3.4 s with rotations; rest at about 4.0 s)
//   fig9_container_snapshots_rot.png, fig11_container_snapshots_norot.png  the snapshots, coloured by speed, with
//     the container's walls and the vessel the particles start in
//   results: one row per pour (the packing, the time to rest and the energy ledger);
//   ensemble: over the placement seeds, mean and standard error per mode, and the paired differences
//     rotations - no rotations with the number of seeds in which the rotating pour is higher:
//       mean = sum_k (x_k / n), stderr = sqrt(sum_k (x_k - mean)^2 / (n - 1) / n) (NaN for n = 1).
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/particles/container_scene.hpp"
#include "studies/papers/campello/container_runs.hpp"

namespace stickslip {

// The figures in out_dir; tags: the first seed's pours (rot, norot), snapshot_times: the times each drew.
void plot_container_figures(const std::filesystem::path& out_dir, const ContainerPourConfig& cfg,
                            const ContainerSpec& spec, const ContainerSetup& setup,
                            const std::vector<std::string>& tags,
                            const std::vector<std::vector<double>>& snapshot_times, std::ostream& log);

// summary.json "results": one row per pour of `runs` (tag -> run row; a copy, where a key a row lacks reads as null).
nlohmann::json container_results(nlohmann::json runs, const ContainerPourConfig& cfg);

// summary.json "ensemble" of the time to rest and the packing: per mode (rot, norot) and, with both modes, the
// paired differences rot - norot ("difference_rot_minus_norot").
nlohmann::json container_ensemble(const nlohmann::json& runs, const std::vector<bool>& modes,
                                  const std::vector<std::uint64_t>& seeds);

}  // namespace stickslip
