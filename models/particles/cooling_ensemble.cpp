// models/particles/cooling_ensemble.cpp — see cooling_ensemble.hpp.
#include "models/particles/cooling_ensemble.hpp"

#include <algorithm>
#include <cmath>

#include "models/particles/cooling_statistics.hpp"

namespace stickslip {

RunCooling analyse_cooling_run(const CoolingSeries& run, double t_a, double density_limit, double velocity_limit) {
  RunCooling c;
  c.t_homogeneous_end = homogeneous_end(run.t, run.density_index, run.velocity_index, density_limit, velocity_limit);
  c.haff = fit_haff(run.t, run.T_tr, t_a, c.t_homogeneous_end);
  c.zeta = cooling_rate(run.t, run.T_tr);
  c.lowest_homogeneous_T = run.T_tr.front();
  for (std::size_t k = 0; k < run.t.size() && run.t[k] <= c.t_homogeneous_end; ++k)
    c.lowest_homogeneous_T = std::min(c.lowest_homogeneous_T, run.T_tr[k]);
  return c;
}

std::vector<double> ensemble_mean_series(const std::vector<CoolingSeries>& runs,
                                         std::vector<double> CoolingSeries::*series) {
  std::vector<double> mean((runs.front().*series).size(), 0);
  for (std::size_t k = 0; k < mean.size(); ++k)
    for (const CoolingSeries& run : runs) mean[k] += (run.*series)[k] / static_cast<double>(runs.size());
  return mean;
}

EnsembleTemperature ensemble_temperature(const std::vector<CoolingSeries>& runs) {
  EnsembleTemperature e;
  for (std::size_t k = 0; k < runs.front().T_tr.size(); ++k) {
    std::vector<double> v;
    for (const CoolingSeries& run : runs) v.push_back(run.T_tr[k]);
    e.mean.push_back(mean_of(v));
    e.stderr_.push_back(stderr_or_zero(v));
  }
  return e;
}

std::vector<double> cooling_temperature_grid(double T0, double T_low, int points) {
  std::vector<double> grid;
  for (int q = 0; q < points; ++q)
    grid.push_back(T0 * 0.9 * std::pow(T_low / (0.9 * T0) * 1.02, static_cast<double>(q) / (points - 1)));
  return grid;
}

double collisions_over_enskog(const CoolingSeries& run, double t_homogeneous_end, double n, double nd, double sigma,
                              double phi, double m) {
  const std::vector<double>&t = run.t, &T = run.T_tr;
  double predicted = 0, counted = 0;
  for (std::size_t k = 1; k < t.size() && t[k] <= t_homogeneous_end; ++k) {
    predicted += 0.5 * n * 0.5 *
                 (enskog_collision_frequency(nd, sigma, phi, T[k - 1], m) +
                  enskog_collision_frequency(nd, sigma, phi, T[k], m)) * (t[k] - t[k - 1]);
    counted = run.collisions[k];
  }
  return predicted > 0 ? counted / predicted : NAN;
}

OnsetBin pool_onset_bins(const std::vector<OnsetBin>& bin_of_each_run) {
  double count = 0, created = 0, eq11 = 0;
  for (const OnsetBin& b : bin_of_each_run) {
    if (b.count <= 0) continue;
    count += b.count, created += b.count * b.created_mean, eq11 += b.count * b.eq11_mean;
  }
  if (count <= 0) return {};
  return {count, created / count, eq11 / count};
}

}  // namespace stickslip
