// models/particles/cooling_statistics.hpp — the analysis of a cooling granular gas's temperature series, shared by the
// granular-gas study and its tests: (ensemble mean and standard error over seeds: core/sample_statistics.hpp) the end of the homogeneous phase,
// the local cooling rate zeta = -dlnT/dt, zeta at a given temperature, and the mean over a temperature grid of a
// ratio of two cooling rates (engine/Enskog, hard spheres/Enskog, engine/hard spheres); the paired ratio of two laws'
// samples over seeds (dsds-cooling: the times two laws take to cool through a bin of ln T).
//   zeta_k = -(ln T_{k+w} - ln T_{k-w}) / (t_{k+w} - t_{k-w})            (centred differences over +-w samples)
//   zeta(T*) = zeta_k + a (zeta_{k+1} - zeta_k), a = ln(T_k/T*) / ln(T_k/T_{k+1})   (T_k >= T* > T_{k+1}, the first
//   such bracket: linear in ln T)
//   paired ratio R = sum(a)/sum(b) over paired samples (a_s, b_s), standard error by the delta method:
//   se(R) = stderr(a - R b)/|mean(b)|
#pragma once

#include <cmath>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "core/sample_statistics.hpp"  // mean_of, stderr_of, stderr_or_zero

namespace stickslip {


// sum(a)/sum(b) over paired samples and its standard error by the delta method: var = var(a - R b)/(n mean(b)^2).
// Empty: ratio NaN; one pair: stderr NaN.
struct PairedRatio {
  double ratio = NAN, stderr_ = NAN;
  std::size_t n = 0;
};
PairedRatio paired_ratio(const std::vector<double>& a, const std::vector<double>& b);

// First sample from which the density or velocity index stays above its limit for `persist` samples (a single
// sample above it is sampling noise: the indices fluctuate by ~sqrt(2/cells)); the last time if none.
double homogeneous_end(const std::vector<double>& t, const std::vector<double>& density_index,
                       const std::vector<double>& velocity_index, double density_limit, double velocity_limit,
                       std::size_t persist = 5);

// The same with the persistence counted in collisions instead of samples: the first sample of the first stretch
// above a limit during which at least `persist_collisions` collisions happened (collisions[k]: the cumulative count at
// sample k). A cluster lives for many collisions; a fluctuation of a small gas's indices decays within a few.
double homogeneous_end_collisions(const std::vector<double>& t, const std::vector<double>& density_index,
                                  const std::vector<double>& velocity_index, const std::vector<double>& collisions,
                                  double density_limit, double velocity_limit, double persist_collisions);

// zeta_k = -dlnT/dt by centred differences over +-w samples (NaN within w of either end).
std::vector<double> cooling_rate(const std::vector<double>& t, const std::vector<double>& T, std::size_t w = 2);

// The cooling rate at temperature `target`: linear in ln T between the first two samples that bracket it (NaN if none).
double rate_at(const std::vector<double>& T, const std::vector<double>& zeta, double target);

// The mean over the grid points T of zeta_a(T)/zeta_b(T), over the points where both are finite and zeta_b > 0;
// none when there is no such point.
std::optional<double> mean_rate_ratio(const std::vector<double>& T_grid, const std::function<double(double)>& zeta_a,
                                      const std::function<double(double)>& zeta_b);

}  // namespace stickslip
