// studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp — the granular-gas study's tables and summary
// (studies/papers/ granular_gas_study.cpp) from its run rows
// (studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp), measured with models/particles/cooling_ensemble.hpp and
// cooling_statistics.hpp:
//   gas_temperatures.csv  t, t/tau_KT, per law the ensemble mean T_tr, its stderr and T_rot; LAMMPS' T_tr, T_rot
//   gas_homogeneity.csv   t, t/tau_KT, per law the mean density index / S_CS(0) and velocity index
//   gas_cooling_rate.csv  the T grid: T_tr, T_tr/T0, Enskog's zeta_E(T) (frictionless, e measured at dt), per law
//                         zeta and its stderr, the paired dsds/csds ratio and its stderr (-1: not reached, no bar)
//   gas_dsds_created.csv  the D-SDS's onsets pooled over seeds per v_t bin: count, created per collision, Fuehrer,
//                         Brendel, Wolf eq. 3/11's closed form per collision
//   gas_energy.csv        per law created, |scheme energy error|, normal damping, tangential dissipation and the net
//                         tangential loss D_t - C over K0 (mean, stderr over seeds)
//   summary               results[] per law: tau (fixed exponent, minus the window start t_a) and the free Haff
//                         exponent over seeds, the energy created, the ratio to csds of zeta averaged over the T grid,
//                         t_homogeneous_end, collisions over Enskog's; frictionless: tau/tau_KT with its deviation in
//                         standard errors, zeta(T)/zeta_E(T) averaged over the T grid per seed
//                         (cooling_rate_over_kinetic_theory), and against event-driven hard spheres from the same
//                         initial states (paired by seed); LAMMPS' tau against the dsds ensemble's (agrees when
//                         |tau_lmp - mean| <= 2 sd of one run x sqrt(1 + 1/seeds)) and the largest relative T_tr
//                         difference from the dsds run of the same seed; the energy answer in one sentence.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/experiment/study.hpp"
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_setup.hpp"

namespace stickslip {

// The study's runs: per law its rows in the order of the seeds, the hard-sphere rows (one per seed, from the
// frictionless runs' initial states; empty: none), the LAMMPS row of the first seed's dsds state (null: not run) and
// why it did not run.
struct GasEnsembleRows {
  std::map<std::string, std::vector<nlohmann::json>> by_law;
  std::vector<nlohmann::json> hard_spheres;
  nlohmann::json lammps;
  std::string lammps_note;
};

// Writes the tables, logs the energy table and answer, and returns the summary (without "study"); its
// "dsds_over_csds_cooling_rate" is empty unless both dsds and csds ran, its "lammps"."ran" says whether LAMMPS did.
nlohmann::json granular_gas_report(const GranularGasSetup& s, const GasEnsembleRows& rows, const StudyContext& ctx);

// The units of the summary's results for `stickslip sweep` ("-": dimensionless).
std::map<std::string, std::string> granular_gas_result_units();

}  // namespace stickslip
