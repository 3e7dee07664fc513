// studies/papers/fuhrer_brendel_wolf/granular_gas_setup.hpp — the granular-gas study's parameters read into one gas
// (studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp): the GasConfig of its runs and the time scales it is
// measured in.
//   normal law  linear spring-dashpot: gamma_n = 2 zeta sqrt(k_n/m*), zeta = -ln e/sqrt(pi^2 + ln^2 e);
//               Hertz with Campello's damping xi(e); gamma_t = gamma_t_ratio gamma_n, k_t = kt_ratio k_n
//   contact     t_c of a binary impact at the typical normal impact speed sqrt(pi T0/m) (models/particles/
//               binary_impact.hpp: exact for the linear law; Hertz from its undamped 2.87 (m*^2/(r* E*^2 v))^(1/5)),
//               dt = t_c/dt_fraction, and the law's restitution e at that dt (restitution_measured)
//   time scales tau_KT = 2/zeta_E(T0), the Enskog-Haff time of the frictionless gas; t_free0 = 1/omega_E(T0), the
//               mean free time (models/particles/homogeneous_cooling.hpp); t_end = t_end_tau tau_KT
// Refused: more spheres than fit in the free memory (~1500 B each), more steps than the shared limit, a box shorter
// than 2 (2r + skin), and a hard-sphere reference whose box is shorter than two diameters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"

namespace stickslip {

struct GranularGasSetup {
  GasConfig g;
  std::vector<std::string> laws;
  std::vector<std::uint64_t> seeds;
  double dt_fraction = 0, fit_start = 0, cluster_factor = 0;
  std::string lammps;                              // auto, off
  double contact_time = 0;                         // t_c (s)
  double restitution_measured = 0;                 // e at dt
  double restitution_continuous = 0;               // e at dt -> 0
  double tau_kt = 0, t_free0 = 0;                  // s
  std::string lammps_coeff;                        // LAMMPS' own D-SDS on the normal law ("": none, lammps_dsds_coeff)
  bool want_lammps = false, have_lmp = false;      // the LAMMPS reference: wanted; lmp on PATH too
  bool want_hard_spheres = false;                  // the event-driven hard-sphere reference
};

GranularGasSetup granular_gas_setup(const Parameters& prm);

}  // namespace stickslip
