// studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp — the runs of the granular-gas study
// (studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp, issue 11):
//   run_gas: N spheres of make_granular_gas (models/particles/granular_gas.hpp) cooling freely in a periodic box under
//     velocity Verlet, normal law linear spring-dashpot or damped Hertz, any tangential law by name; samples T_tr,
//     T_rot, the homogeneity indices and the collision count; every collision's onset (v_n, v_t, energy created, with
//     Fuehrer, Brendel, Wolf eq. 3/11's closed form dsds_onset_energy) binned in v_t; the energy ledger. Writes
//     gas_onsets_<law>_s<seed>.csv (scatter) and dumps.
//   run_gas_hard_spheres: the same initial state through event-driven hard spheres
//   (models/particles/hard_sphere_gas.hpp)
//     at restitution e, T_tr at the given times (the t_c -> 0 limit); keeps the samples before an inelastic collapse.
//   run_gas_lammps: one seed's initial state in LAMMPS' `lmp` with the pair style of LammpsGasRun, fix nve/sphere, the
//     same dt and skin; T_tr, T_rot from its thermo output every sample_every steps.
// Each returns its row of the run store (JSON).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/particles/granular_gas.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

// Everything a run needs: the gas, the laws (linear k_n, gamma_n or Hertz from E, nu and the restitution), dt, skin.
struct GasConfig {
  GasSpec spec;
  std::string normal;
  double kn = 0, gamma_n = 0, young = 0, poisson = 0, restitution_target = 0;
  double kt = 0, gamma_t = 0, mu = 0;
  NormalMaterial material(double m_star) const { return {kn, young, poisson, restitution_target, m_star}; }
  LawValues law_values;  // the engine laws' other parameters (models/particles/engine_laws.hpp)
  double dt = 0, skin = 0;
  long steps = 0, sample_every = 1, dump_every = 0;
  int threads = 1;
  double vt_bin_max = 0;  // m/s
  int vt_bins = 24;
  long scatter_max = 20000;
  std::string tag_prefix;  // before "<law>_s<seed>" in file names and log lines
  // Early stops (studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp): T_tr below stop_temperature (J; 0:
  // none), or a homogeneity index above its limit (0: none) for a stretch of samples during which 2 x
  // stop_persist_collisions collisions happened (0: never; models/particles/cooling_statistics.hpp,
  // homogeneous_end_collisions).
  double stop_temperature = 0, stop_density_index = 0, stop_velocity_index = 0;
  double stop_persist_collisions = 0;
};

// A LAMMPS run of the gas (run_gas_lammps): the pair style and coefficients (solvers/particles/lammps_files.hpp's
// lammps_dsds_coeff for LAMMPS' own D-SDS), the folder under the output folder, the number of steps (0: g.steps).
struct LammpsGasRun {
  std::string pair_style, pair_coeff;
  std::string folder = "lammps";
  long steps = 0;
};

nlohmann::json run_gas(const GasConfig& g, const std::string& law, std::uint64_t seed, bool scatter,
                       const StudyContext& ctx);
nlohmann::json run_gas_hard_spheres(const GasConfig& g, std::uint64_t seed, double e, const std::vector<double>& times);
nlohmann::json run_gas_lammps(const GasConfig& g, std::uint64_t seed, const StudyContext& ctx, const LammpsGasRun& run);

}  // namespace stickslip
