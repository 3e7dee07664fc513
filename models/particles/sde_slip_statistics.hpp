// models/particles/sde_slip_statistics.hpp — what a stochastic-friction run measures of the particle engine's SDE
// form (models/particles/engine_sde.hpp) at its samples, against equipartition (sde_equipartition.hpp):
//   per contact c, the slip velocity u_perp,c (-v_t of the pair relation, the seed's S2) scaled by sqrt(kT nu_c):
//     its components z_a = u_perp . e_a / sqrt(kT nu_c) in the contact's tangent basis (e1, e2; recomputed per sample
//     for bonded contacts), their density histogram and mean squares <z_a^2> (1 at equipartition);
//     the ratio <|u_perp|^2> / (2 kT nu) averaged over the contacts, its mean and batch-means standard error (40
//     batches);
//     the autocorrelation of u_perp over the sample lags;
//   sphere 0's velocity and spin components over their predicted variances (histograms, variance ratios; components
//     predicted below 1e-12 of the largest are left out).
// The statistics of core/sample_statistics.hpp; no allocation per sample.
#pragma once

#include <cstddef>
#include <vector>

#include "core/sample_statistics.hpp"
#include "core/types.hpp"
#include "models/particles/engine_sde.hpp"

namespace stickslip {

struct SlipStatisticsSpec {
  double kT = 1;
  ContactGeometry geometry = ContactGeometry::fixed;
  int histogram_bins = 80;
  double histogram_range = 5;  // in standard deviations
  long samples = 0;            // the samples to come (the batches' size)
  std::size_t lags = 1;        // autocorrelation lags, in samples
};

class SlipStatistics {
 public:
  // predicted_var: sphere 0's predicted variances (v xyz, omega xyz); x: the state the bases are taken at.
  SlipStatistics(const SlipStatisticsSpec& spec, const EngineSde& model, const Vec& predicted_var, VecCRef x);

  void sample(VecCRef x);
  long count() const { return n_; }

  double ratio() const { return total_sum_ / static_cast<double>(n_); }  // <|u_perp|^2>/(2 kT nu)
  double ratio_stderr() const { return batches_.stderr_of_mean(ratio()); }
  std::vector<double> component_ratios() const;      // <z_a^2> per contact and component (2 C)
  std::vector<double> particle_variance_ratios() const;  // measured / predicted, sphere 0 (6; 0 where not predicted)
  const DensityHistogram& slip_histogram() const { return hu_; }
  const DensityHistogram& velocity_histogram() const { return hv_; }
  const DensityHistogram& spin_histogram() const { return hw_; }
  const LagAutocorrelation<Vec3>& autocorrelation() const { return acf_; }

 private:
  void update_bases(VecCRef x);

  SlipStatisticsSpec spec_;
  const EngineSde& model_;
  std::size_t C_;
  Vec var_;
  double var_floor_;
  DensityHistogram hu_, hv_, hw_;
  BatchMeans batches_;
  std::vector<double> comp_sum_;
  Vec part_sum_;
  LagAutocorrelation<Vec3> acf_;
  std::vector<Vec3> e1_, e2_;
  double total_sum_ = 0;
  long n_ = 0;
};

}  // namespace stickslip
