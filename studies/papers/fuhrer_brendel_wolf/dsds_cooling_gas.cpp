// studies/papers/fuhrer_brendel_wolf/dsds_cooling_gas.cpp — the gas runs of the dsds-cooling study
// (dsds_cooling_runs.hpp): one law's granular gas through the engine
// (studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp), and LAMMPS' own D-SDS from the same initial state.
#include <fmt/format.h>

#include <cmath>

#include "models/particles/granular_gas.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "solvers/lammps_run.hpp"
#include "studies/experiment/output.hpp"
#include "models/particles/cooling_statistics.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp"

namespace stickslip {

using nlohmann::json;

namespace {

// The compact row of a gas run: crossings of the bin edges, the end of homogeneous cooling, the ledger.
json compact(const json& full, double T0, const std::vector<double>& edges, double density_limit, double velocity_limit) {
  const auto t = numbers(full["t"]), T = numbers(full["T_tr"]), R = numbers(full["T_rot"]);
  const Crossings c = edge_crossings(t, T, R, T0, edges);
  // Homogeneous cooling ends once an index stays above its limit while every sphere collides 5 times.
  const double t_hom =
      full.contains("density_index")
          ? homogeneous_end_collisions(t, numbers(full["density_index"]), numbers(full["velocity_index"]),
                                       numbers(full["collisions"]), density_limit, velocity_limit,
                                       2.5 * full["particles"].get<double>())
          : t.back();
  json row{{"crossing_t", json::array()}, {"crossing_T_rot", json::array()}, {"t_homogeneous_end", t_hom},
           {"T_end_reached", T.back() / T0}};
  for (std::size_t k = 0; k < edges.size(); ++k) {
    row["crossing_t"].push_back(json_number(c.t[k]));
    row["crossing_T_rot"].push_back(json_number(c.T_rot[k] / T0));
  }
  for (const char* key : {"law", "seed", "particles", "steps", "stopped_by", "wall_seconds", "ledger"})
    if (full.contains(key)) row[key] = full[key];
  if (full.contains("onsets")) row["collisions"] = full["onsets"]["count"];
  if (full.contains("loop_seconds")) row["loop_seconds"] = full["loop_seconds"];
  return row;
}

}  // namespace

json run_cooling_gas(const CoolingSet& s, const GasConfig& g, PairSide side, std::uint64_t seed,
                     const std::vector<double>& edges, double density_limit, double velocity_limit,
                     const StudyContext& ctx) {
  const json full = with_cooling_laws(s, [&](const auto& normal, const auto& csds, const auto& dsds) {
    if (side == PairSide::csds) return run_gas_with(g, normal, csds, to_string(side), seed, false, ctx);
    return run_gas_with(g, normal, dsds, to_string(side), seed, false, ctx);
  });
  return compact(full, g.spec.t0, edges, density_limit, velocity_limit);
}

json run_lammps_gas(const CoolingSet& s, const GasConfig& g, std::uint64_t seed, long steps,
                    const std::vector<double>& edges, const std::string& folder, const StudyContext& ctx) {
  LammpsGasRun run;
  run.folder = folder;
  run.steps = steps;
  run.pair_style = "granular";
  run.pair_coeff = with_cooling_laws(s, [](const auto& normal, const auto&, const auto& dsds) {
    return lammps_dsds_coeff(normal, dsds);
  });
  json full = run_gas_lammps(g, seed, ctx, run);
  return compact(full, g.spec.t0, edges, 0, 0);
}

}  // namespace stickslip
