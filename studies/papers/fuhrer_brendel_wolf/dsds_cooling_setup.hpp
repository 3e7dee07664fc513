// studies/papers/fuhrer_brendel_wolf/dsds_cooling_setup.hpp — the dsds-cooling study's parameters read into its
// parameter sets and its gas (studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp):
//   sets        the product normal x tangential_damping x gamma_t_ratio x kt_ratio x mu x restitution (the linear
//               law's dashpot is constant either way: duplicates dropped), each resolved at T0 with
//               dt = t_c/dt_fraction (studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp, CoolingSet); the
//               explicit C-SDS refused where unstable (k_t dt >= gamma_t m*, or Hertz with the dashpot following the
//               normal one)
//   time scales t_free0 = 1/omega_E(T0), tau_KT = 2/zeta_E(T0) per set (models/particles/homogeneous_cooling.hpp)
//   bins        edges T/T0 = exp(-k |ln T_end| / bins), k = 0..bins
//   homogeneity the density limit cluster_factor S_CS(0), raised to (1 + 5 sqrt(2/(cells - 1))) S_CS(0) where the
//               grid is coarse (cells: gas_homogeneity's grid of ~20 spheres each), the velocity limit
//               cluster_factor
//   a set's gas runs stop below 0.98 T_end T0 or once clustering has set in for 5 collisions per sphere; they last at
//   most 1.5 tau_KT (1/sqrt(T_end) - 1) (Haff's frictionless time to T_end; friction only cools faster), sampled
//   every 0.15 t_free0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"

namespace stickslip {

struct DsdsCoolingSetup {
  GasConfig g;  // the gas all sets share (spheres, box, skin; one thread per run)
  std::vector<CoolingSet> sets;
  double rot_ratio = 0, T_end = 0, cluster_factor = 0, ref_factor = 0, precision = 0;
  long seeds = 0, seed0 = 0, draws = 0, lammps_seeds = 0;
  int bins = 0, batches = 0, dt_levels = 0, angles = 0, jobs = 0;
  std::string lammps;  // auto, off
  // derived
  double t_free0 = 0, tau_kt_min = 0, density_limit = 0, planned_steps = 0;
  std::vector<double> edges;  // T/T0
  bool have_lmp = false;      // lammps=auto, LAMMPS seeds and gas seeds, lmp on PATH
  long lammps_seeds_run = 0;  // min(lammps_seeds, seeds) when have_lmp
};

DsdsCoolingSetup dsds_cooling_setup(const Parameters& prm);

// The gas runs of one set (tag prefix "<key>_"): its contact laws, dt, length, sampling and early stops.
GasConfig cooling_set_gas(const DsdsCoolingSetup& d, const CoolingSet& s, const std::string& key);

}  // namespace stickslip
