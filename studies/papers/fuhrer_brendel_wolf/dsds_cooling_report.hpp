// studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.hpp — the dsds-cooling study's analysis of a parameter set,
// its tables and its answer (studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp), from the set's run rows
// (studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp):
//   gas        per bin of ln T the paired ratio zeta_D/zeta_C with the seeds needed for the standard error
//              `precision` (models/particles/paired_crossings.hpp), against the kinetic prediction (z = difference
//              over the combined standard error); the whole range to the deepest edge 90 % of the seeds reached
//              homogeneously; CPU time per seed pair and the CPU hours the precision needs
//   kinetic    the whole-range ratio, the ratio at T0 per dt/2^k and its extrapolation to dt -> 0 (first order in dt:
//              R(0) ~ 2 R(dt/2^K) - R(dt/2^(K-1))), the gas's time-step error R(dt) - R(0)
//   rotation   T_rot/T_tr of the gas at the bin edges (mean over seeds), per law
//   mechanism  per impact angle the energies per collision over the impact energy E = m* (v_n^2 + v_t^2)/2 (v_n =
//              sqrt(pi T/m)); the extremes of net/C-SDS loss at T0 (dt -> 0), the onset energy over eq. 11's closed
//              form at the first angle above 60 deg
//   LAMMPS     its D-SDS's times to the deepest edge all LAMMPS and reference runs reached, against ours (agrees
//              within 3 x the seed-to-seed standard deviation x sqrt(2/n)), and both against our C-SDS at
//              dt/reference_dt_factor
// Tables (-1: none): dsds_cooling_ratio.csv, dsds_cooling_kinetic.csv, dsds_cooling_rotation.csv,
// dsds_cooling_mechanism.csv, dsds_cooling_lammps.csv. The answer: one sentence per set.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"

namespace stickslip {

// The runs of one set: mechanism and kinetic rows (null: not run), the gas rows per seed and law, and the LAMMPS
// check's rows per seed (LAMMPS' D-SDS; our C-SDS at dt/reference_dt_factor) with why it did not run.
struct CoolingSetRuns {
  nlohmann::json mechanism, kinetic;
  std::map<std::uint64_t, nlohmann::json> csds, dsds, lammps, reference;
  std::string lammps_note;
};

// The rows of the study's tables, over all sets.
struct CoolingTables {
  std::vector<std::vector<double>> ratio, kinetic, mechanism, rotation, lammps;
};

// The set's results (summary results[]) with its answer; appends its rows to `tables`.
nlohmann::json analyse_cooling_set(std::size_t index, const CoolingSet& s, const CoolingSetRuns& runs,
                                   const std::vector<double>& edges, long seeds, double precision, double ref_factor,
                                   CoolingTables& tables);

void write_cooling_tables(const std::filesystem::path& out_dir, const CoolingTables& tables);

// The units of the summary's results for `stickslip sweep` ("-": dimensionless).
std::map<std::string, std::string> dsds_cooling_result_units();

}  // namespace stickslip
