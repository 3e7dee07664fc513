// models/particles/cooling_ensemble.hpp — the measures of the granular-gas study
// (studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp) on an ensemble of cooling runs of one granular gas, one
// run per tangential law and seed, every law from the same initial states (paired seeds):
//   homogeneity  t_homogeneous_end = the first sample from which, for 5 samples, density_index > density_limit
//                (cluster_factor S_CS(0)) or velocity_index > velocity_limit (cluster_factor); cooling_statistics.hpp
//   Haff fits    fixed exponent 2 (tau) and free exponent on [t_a, t_homogeneous_end], t_a = fit_start t_free0,
//                t_free0 = 1/omega_E(T0) (homogeneous_cooling.hpp, fit_haff)
//   cooling rate zeta = -dlnT_tr/dt, centred differences over +-2 samples, read at the temperatures of a grid
//                T_q = 0.9 T0 (1.02 T_low/(0.9 T0))^(q/(points-1)), q = 0..points-1, T_low the highest of the runs'
//                lowest temperatures while homogeneous (every run reaches the whole grid homogeneously)
//   collisions   counted against Enskog's frequency integrated over the homogeneous phase (trapezoids in t):
//                N/2 int omega_E(T(t)) dt
//   onsets       the energy the D-SDS creates at the collision onsets, binned in v_t per run (count, mean created,
//                mean of Fuehrer, Brendel, Wolf eq. 3/11's closed form), pooled over runs weighted by the counts
//   ensemble     the mean over seeds per sample: T_tr (with its standard error, 0 for one seed), T_rot and the
//                homogeneity indices (sum of x_s/n_seeds)
// Plain numbers in, plain numbers out: the study reads them from its run rows
// (studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp).
#pragma once

#include <cstddef>
#include <vector>

#include "models/particles/homogeneous_cooling.hpp"

namespace stickslip {

// One run's samples (the granular-gas run rows of studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp).
struct CoolingSeries {
  std::vector<double> t, T_tr, T_rot, density_index, velocity_index, collisions;  // s, J, J, -, -, cumulative count
};

// One run's cooling: the end of its homogeneous phase, the Haff fits on [t_a, t_homogeneous_end], its cooling rate
// series and the lowest T_tr it reached while homogeneous.
struct RunCooling {
  double t_homogeneous_end = 0;
  HaffFit haff;
  std::vector<double> zeta;  // 1/s per sample (NaN within 2 samples of either end)
  double lowest_homogeneous_T = 0;
};
RunCooling analyse_cooling_run(const CoolingSeries& run, double t_a, double density_limit, double velocity_limit);

// The ensemble mean per sample of one series over the runs (runs of equal length), sum of x_s/n_seeds.
std::vector<double> ensemble_mean_series(const std::vector<CoolingSeries>& runs,
                                         std::vector<double> CoolingSeries::*series);
// T_tr's ensemble mean (mean_of) and standard error (stderr_or_zero) per sample.
struct EnsembleTemperature {
  std::vector<double> mean, stderr_;
};
EnsembleTemperature ensemble_temperature(const std::vector<CoolingSeries>& runs);

// The temperature grid of the cooling-rate comparison (above), from 0.9 T0 down to 1.02 T_low.
std::vector<double> cooling_temperature_grid(double T0, double T_low, int points = 12);

// Collisions counted over Enskog's prediction during the homogeneous phase (NaN when nothing is predicted): n spheres,
// number density nd, diameter sigma, solid fraction phi, mass m.
double collisions_over_enskog(const CoolingSeries& run, double t_homogeneous_end, double n, double nd, double sigma,
                              double phi, double m);

// One v_t bin of a run's collision onsets, and the bin pooled over runs (count-weighted means; count 0: no collision).
struct OnsetBin {
  double count = 0, created_mean = 0, eq11_mean = 0;  // -, J, J
};
OnsetBin pool_onset_bins(const std::vector<OnsetBin>& bin_of_each_run);

}  // namespace stickslip
