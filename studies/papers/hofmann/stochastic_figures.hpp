// studies/papers/hofmann/stochastic_figures.hpp — the figures of the stochastic-friction study
// (studies/papers/hofmann/stochastic_friction_study.cpp), declared as panels of CSV curves
// (studies/experiment/figure.hpp) over the tables of studies/papers/hofmann/stochastic_tables.hpp and the runs' files
// in runs/ (studies/papers/hofmann/stochastic_runs.hpp):
//   equipartition.png   raw ratio, ratio at dt/2 and extrapolated ratio +- stderr of every grid point
//   u_histograms.png    tangential components of u_perp / sqrt(kT nu) against the unit Gaussian (fixed geometry)
//   particle_histograms.png  v and omega of sphere 0 scaled by their predicted standard deviation
//   acf.png             autocorrelation of u_perp for linear f against the linear-response prediction
//   dt_sweep.png        ratio against dt for Euler-Maruyama (Ito) and Heun (Stratonovich), with the
//                       weighted linear fits and their dt -> 0 intercepts
//   noise_strength.png  D(u) by quadrature/table against the closed forms
//   ledger.png          -W_f and W_R (top), E_kin + U_bond and the core EnergyLedger balance
//                       d(E_kin + U_bond) - dW_f - dW_R (bottom) of the first grid run. EM's balance: the Ito
//                       heating 2 kT nu D dt is the mean of the kick energy nu |F^R dt|^2 / 2, so it drifts by
//                       nu f^2 dt / 2 per unit time and random-walks by ~nu D kT sqrt(t dt)
// Columns read: results.csv 1 index, 8 ratio, 9 stderr, 11 dt -> 0 limit, 19/20 ratio/stderr at dt/2, 21/22
// extrapolated; dt_sweep.csv 1 law, 2 scheme, 3 dt, 4 ratio, 5 stderr, 6 predicted, 7 kT.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/papers/hofmann/stochastic_tables.hpp"

namespace stickslip {

// The figures in dir; grid_labels: the grid runs' labels (StochasticTables), fits: write_dt_sweep_fits's.
void plot_stochastic_figures(const std::filesystem::path& dir, const std::vector<StochasticJob>& jobs,
                             const std::vector<std::string>& grid_labels, const nlohmann::json& fits, bool extrapolate,
                             std::ostream& log);

}  // namespace stickslip
