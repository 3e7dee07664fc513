// models/particles/cooling_ensemble.hpp against closed forms and sums done by hand: a Haff series T = T0/(1 + t/tau)^2
//   sampled at t_k = k/16 (exact in binary), whose fixed-exponent fit from t_a is tau + t_a exactly (sqrt(T(t_a)/T(t))
//   - 1 = (t - t_a)/(tau + t_a)), whose free fit is exponent 2 with tau' = tau + t_a, and whose centred difference over
//   +-2 samples is 2 ln((tau + t_{k+2})/(tau + t_{k-2}))/(4h); a temperature with sqrt(T) linear in t, for which the
//   trapezoids integrate Enskog's frequency omega_E = 4 sqrt(pi) n sigma^2 chi(phi) sqrt(T/m) exactly (chi(1/2) = 6);
//   ensemble means, standard errors and count-weighted onset means of small sets worked out by hand. Tolerances are
//   round-off (1e-12 relative), except the free Haff fit, whose golden-section search stops at a bracket of 1e-10 in
//   ln tau' (1e-9 relative).
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "models/particles/cooling_ensemble.hpp"

namespace {
using stickslip::CoolingSeries;
constexpr double kRel = 1e-12;

// tau = 2, T0 = 1, h = 1/16, 160 samples (t up to 9.9375); indices 1 (homogeneous) but for a single-sample spike of
// each index (noise) and a density index of 3 from sample 96 (t = 6) on.
CoolingSeries haff_run() {
  CoolingSeries r;
  for (int k = 0; k < 160; ++k) {
    const double t = k / 16.0;
    r.t.push_back(t);
    r.T_tr.push_back(1.0 / ((1 + t / 2) * (1 + t / 2)));
    r.T_rot.push_back(0.5 / ((1 + t / 2) * (1 + t / 2)));
    r.density_index.push_back(k == 40 || k >= 96 ? 3.0 : 1.0);
    r.velocity_index.push_back(k == 50 ? 3.0 : 1.0);
    r.collisions.push_back(10.0 * k);
  }
  return r;
}
}  // namespace

TEST_CASE("analyse_cooling_run on a Haff series: homogeneous end, Haff fits, cooling rate, lowest temperature") {
  const CoolingSeries run = haff_run();
  const double tau = 2, h = 1.0 / 16, t_a = 1.0;
  const stickslip::RunCooling c = stickslip::analyse_cooling_run(run, t_a, 2.0, 2.0);
  // The single-sample spikes at t = 2.5 and 3.125 are noise; the density index stays above 2 from t = 6 on.
  CHECK(c.t_homogeneous_end == 6.0);
  // The fits on [1, 6]: 81 samples; fixed exponent tau + t_a = 3; free exponent 2 at tau' = 3, residual ~ 0.
  CHECK(c.haff.points == 81);
  CHECK(c.haff.tau == doctest::Approx(tau + t_a).epsilon(kRel));
  CHECK(c.haff.tau_free == doctest::Approx(tau + t_a).epsilon(1e-9));
  CHECK(c.haff.exponent == doctest::Approx(2.0).epsilon(1e-9));
  CHECK(c.haff.rms < 1e-9);
  // zeta over the whole series (not cut at the homogeneous end), NaN within 2 samples of either end.
  REQUIRE(c.zeta.size() == run.t.size());
  for (std::size_t k : {std::size_t{0}, std::size_t{1}, run.t.size() - 2, run.t.size() - 1}) CHECK(std::isnan(c.zeta[k]));
  for (std::size_t k = 2; k + 2 < run.t.size(); ++k) {
    CAPTURE(k);
    const double exact = 2 * std::log1p(4 * h / (tau + run.t[k - 2])) / (4 * h);
    CHECK(c.zeta[k] == doctest::Approx(exact).epsilon(kRel));
  }
  // Monotone cooling: the lowest homogeneous T is T(6) = 1/(1 + 3)^2 = 1/16 (the series goes on to 1/(1 + 4.97)^2).
  CHECK(c.lowest_homogeneous_T == doctest::Approx(1.0 / 16).epsilon(kRel));
  // Homogeneous throughout (limits above every index): the end is the last time, the fit runs to it.
  const stickslip::RunCooling all = stickslip::analyse_cooling_run(run, t_a, 5.0, 5.0);
  CHECK(all.t_homogeneous_end == run.t.back());
  CHECK(all.haff.points == 144);
  CHECK(all.haff.tau == doctest::Approx(tau + t_a).epsilon(kRel));
  CHECK(all.lowest_homogeneous_T == doctest::Approx(run.T_tr.back()).epsilon(kRel));
  // Fitted from t_a = 0: tau itself.
  CHECK(stickslip::analyse_cooling_run(run, 0.0, 2.0, 2.0).haff.tau == doctest::Approx(tau).epsilon(kRel));
}

TEST_CASE("analyse_cooling_run: the lowest T_tr while homogeneous is the minimum up to the end, not the last value") {
  CoolingSeries r;
  r.t = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  r.T_tr = {8, 6, 5, 2, 3, 4, 2.5, 0.5, 0.5, 0.5, 0.5, 0.5};
  r.density_index = {1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3};
  r.velocity_index.assign(12, 1.0);
  const stickslip::RunCooling c = stickslip::analyse_cooling_run(r, 0.0, 2.0, 2.0);
  CHECK(c.t_homogeneous_end == 6.0);
  CHECK(c.lowest_homogeneous_T == 2.0);  // min(8, 6, 5, 2, 3, 4, 2.5); the 0.5 after t = 6 is not homogeneous
}

TEST_CASE("ensemble_mean_series and ensemble_temperature: means and standard errors over seeds by hand") {
  std::vector<CoolingSeries> runs(4);
  const double T_tr[4][3] = {{1, 2, 0.5}, {2, 2, 1.5}, {3, 2, 0.5}, {6, 2, 1.5}};
  const double T_rot[4][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 12}, {0, 1, 3}};
  for (int s = 0; s < 4; ++s)
    for (int k = 0; k < 3; ++k) {
      runs[s].T_tr.push_back(T_tr[s][k]);
      runs[s].T_rot.push_back(T_rot[s][k]);
      runs[s].density_index.push_back(s + 0.25 * k);
    }
  // T_rot: {12, 16, 24}/4; density index: (0 + 1 + 2 + 3)/4 + 0.25 k.
  const std::vector<double> rot = stickslip::ensemble_mean_series(runs, &CoolingSeries::T_rot);
  const std::vector<double> dens = stickslip::ensemble_mean_series(runs, &CoolingSeries::density_index);
  REQUIRE(rot.size() == 3);
  REQUIRE(dens.size() == 3);
  CHECK(rot[0] == doctest::Approx(3.0).epsilon(kRel));
  CHECK(rot[1] == doctest::Approx(4.0).epsilon(kRel));
  CHECK(rot[2] == doctest::Approx(6.0).epsilon(kRel));
  for (int k = 0; k < 3; ++k) CHECK(dens[k] == doctest::Approx(1.5 + 0.25 * k).epsilon(kRel));
  // T_tr per sample: {1, 2, 3, 6}: mean 3, deviations {-2, -1, 0, 3}, se = sqrt(14/3/4); {2, 2, 2, 2}: 2, se 0;
  // {0.5, 1.5, 0.5, 1.5}: 1, se = sqrt(1/3/4).
  const stickslip::EnsembleTemperature e = stickslip::ensemble_temperature(runs);
  REQUIRE(e.mean.size() == 3);
  REQUIRE(e.stderr_.size() == 3);
  CHECK(e.mean[0] == doctest::Approx(3.0).epsilon(kRel));
  CHECK(e.stderr_[0] == doctest::Approx(std::sqrt(14.0 / 12)).epsilon(kRel));
  CHECK(e.mean[1] == doctest::Approx(2.0).epsilon(kRel));
  CHECK(e.stderr_[1] == 0.0);
  CHECK(e.mean[2] == doctest::Approx(1.0).epsilon(kRel));
  CHECK(e.stderr_[2] == doctest::Approx(std::sqrt(1.0 / 12)).epsilon(kRel));
  // One seed: the series itself, standard error 0 (no error bar).
  const std::vector<CoolingSeries> one{runs[2]};
  const stickslip::EnsembleTemperature e1 = stickslip::ensemble_temperature(one);
  CHECK(e1.mean == std::vector<double>{3, 2, 0.5});
  CHECK(e1.stderr_ == std::vector<double>{0, 0, 0});
  CHECK(stickslip::ensemble_mean_series(one, &CoolingSeries::T_rot) == std::vector<double>{7, 8, 12});
}

TEST_CASE("cooling_temperature_grid: geometric from 0.9 T0 to 1.02 T_low") {
  // T0 = 2, 1.02 T_low = 1.8/16, 5 points: the step is (1/16)^(1/4) = 1/2.
  const std::vector<double> g = stickslip::cooling_temperature_grid(2.0, 0.1125 / 1.02, 5);
  const std::vector<double> expected{1.8, 0.9, 0.45, 0.225, 0.1125};
  REQUIRE(g.size() == expected.size());
  for (std::size_t q = 0; q < g.size(); ++q) {
    CAPTURE(q);
    CHECK(g[q] == doctest::Approx(expected[q]).epsilon(kRel));
  }
  // The default 12 points: from 0.9 T0 to 1.02 T_low at the constant ratio (1.02 T_low/(0.9 T0))^(1/11).
  const double T0 = 3.0, T_low = 0.2;
  const std::vector<double> d = stickslip::cooling_temperature_grid(T0, T_low);
  REQUIRE(d.size() == 12);
  CHECK(d.front() == doctest::Approx(0.9 * T0).epsilon(kRel));
  CHECK(d.back() == doctest::Approx(1.02 * T_low).epsilon(kRel));
  const double step = std::pow(1.02 * T_low / (0.9 * T0), 1.0 / 11);
  for (std::size_t q = 0; q + 1 < d.size(); ++q) CHECK(d[q + 1] / d[q] == doctest::Approx(step).epsilon(kRel));
}

TEST_CASE("collisions_over_enskog: counted over N/2 int omega_E dt, sqrt(T) linear in t (trapezoids exact)") {
  // m = 4, T = 4 (1 - t/8)^2: sqrt(T/m) = 1 - t/8. n_d = 2, sigma = 1/2, phi = 1/2 (chi = 0.75/0.125 = 6):
  // omega_E = 4 sqrt(pi) 2 (1/4) 6 (1 - t/8) = 12 sqrt(pi) (1 - t/8). N = 100. Samples t = 0, 0.5, ..., 4 with
  // 1000 collisions each half second.
  CoolingSeries r;
  for (int k = 0; k <= 8; ++k) {
    const double t = 0.5 * k;
    r.t.push_back(t);
    r.T_tr.push_back(4 * (1 - t / 8) * (1 - t / 8));
    r.collisions.push_back(1000.0 * k);
  }
  const double N = 100, nd = 2, sigma = 0.5, phi = 0.5, m = 4, sp = std::sqrt(M_PI);
  // To t = 3 (the last sample before 3.2): int_0^3 (1 - t/8) dt = 39/16, predicted 50 * 12 sqrt(pi) 39/16; 6000 counted.
  CHECK(stickslip::collisions_over_enskog(r, 3.2, N, nd, sigma, phi, m) ==
        doctest::Approx(6000 / (50 * 12 * sp * 39 / 16)).epsilon(kRel));
  CHECK(stickslip::collisions_over_enskog(r, 3.0, N, nd, sigma, phi, m) ==
        doctest::Approx(6000 / (50 * 12 * sp * 39 / 16)).epsilon(kRel));
  // To the end, t = 4: int = 3, 8000 counted.
  CHECK(stickslip::collisions_over_enskog(r, 4.0, N, nd, sigma, phi, m) ==
        doctest::Approx(8000 / (50 * 12 * sp * 3)).epsilon(kRel));
  // One interval, to t = 0.5: int = 0.5 - 1/64, 1000 counted.
  CHECK(stickslip::collisions_over_enskog(r, 0.5, N, nd, sigma, phi, m) ==
        doctest::Approx(1000 / (50 * 12 * sp * (0.5 - 1.0 / 64))).epsilon(kRel));
  // Homogeneous for less than one interval: nothing predicted, NaN.
  CHECK(std::isnan(stickslip::collisions_over_enskog(r, 0.2, N, nd, sigma, phi, m)));
  CHECK(std::isnan(stickslip::collisions_over_enskog(r, 0.0, N, nd, sigma, phi, m)));
}

TEST_CASE("pool_onset_bins: count-weighted means over runs, empty bins left out") {
  using stickslip::OnsetBin;
  // Counts 2 and 6: created (2*1 + 6*3)/8 = 2.5, eq11 (2*3 + 6*1)/8 = 1.5; the empty bin (means NaN or anything) is out.
  const OnsetBin p = stickslip::pool_onset_bins({{2, 1.0, 3.0}, {0, NAN, NAN}, {6, 3.0, 1.0}, {0, 99.0, -99.0}});
  CHECK(p.count == 8.0);
  CHECK(p.created_mean == doctest::Approx(2.5).epsilon(kRel));
  CHECK(p.eq11_mean == doctest::Approx(1.5).epsilon(kRel));
  // Counts 1, 1, 2 with created {4, 8, 1}, eq11 {-1, 3, 0.5}: (4 + 8 + 2)/4 = 3.5, (-1 + 3 + 1)/4 = 0.75.
  const OnsetBin q = stickslip::pool_onset_bins({{1, 4.0, -1.0}, {1, 8.0, 3.0}, {2, 1.0, 0.5}});
  CHECK(q.count == 4.0);
  CHECK(q.created_mean == doctest::Approx(3.5).epsilon(kRel));
  CHECK(q.eq11_mean == doctest::Approx(0.75).epsilon(kRel));
  // One run: itself.
  const OnsetBin s = stickslip::pool_onset_bins({{5, 0.3, 0.7}});
  CHECK(s.count == 5.0);
  CHECK(s.created_mean == doctest::Approx(0.3).epsilon(kRel));
  CHECK(s.eq11_mean == doctest::Approx(0.7).epsilon(kRel));
  // No collision in any run, or no run: count 0, means 0.
  for (const std::vector<OnsetBin>& none : {std::vector<OnsetBin>{{0, NAN, NAN}, {0, 1.0, 1.0}}, std::vector<OnsetBin>{}}) {
    const OnsetBin z = stickslip::pool_onset_bins(none);
    CHECK(z.count == 0.0);
    CHECK(z.created_mean == 0.0);
    CHECK(z.eq11_mean == 0.0);
  }
}
