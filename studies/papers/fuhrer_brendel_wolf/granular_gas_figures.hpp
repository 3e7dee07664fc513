// studies/papers/fuhrer_brendel_wolf/granular_gas_figures.hpp — the figures of the granular-gas study
// (studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp), drawn from its CSV tables
// (studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp):
//   gas_temperature.png   T_tr (lines) and T_rot (dashed) against t/tau_KT per law, log-log, with Haff's law
//                         T0/(1 + t/tau_KT)^2 and LAMMPS' dsds T_tr (dots) when it ran
//   gas_homogeneity.png   the density index over S_CS(0) and the velocity index per law with the threshold
//                         cluster_factor
//   gas_cooling_rate.png  zeta = -dlnT_tr/dt against T_tr per law (+- stderr) with Enskog's frictionless rate; and the
//                         paired dsds/csds ratio at equal T when both ran
//   gas_dsds_created.png  the D-SDS's energy created at the collision onsets against v_t: single collisions of the
//                         first seed, bin means, and Fuehrer, Brendel, Wolf eq. 3/11's closed form
//                         (gamma_t m* v_t - mu f_n0)^2/(2 k_t)
//   gas_energy.png        per law: created, |scheme energy error|, normal damping, tangential dissipation and net
//                         tangential loss over K0 (mean +- stderr over seeds)
// x_min, x_max: the time axis in units of tau_KT; lammps, dsds, ratio: whether those curves exist.
#pragma once

#include <string>
#include <vector>

#include "studies/experiment/study.hpp"

namespace stickslip {

void draw_granular_gas_figures(const StudyContext& ctx, const std::vector<std::string>& laws, double x_min,
                               double x_max, double t0, bool lammps, bool dsds, bool ratio, double cluster_factor,
                               const std::string& onsets_file);

}  // namespace stickslip
