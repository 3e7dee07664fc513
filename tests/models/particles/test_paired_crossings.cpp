// models/particles/paired_crossings.hpp against pairs of Haff-law runs, whose crossing times follow in closed form:
//   T(t) = T0/(1 + t/tau)^2 falls below T0 e_k at t_k = tau (e_k^(-1/2) - 1); with edges e_k = 4^-k (equal widths in
//   ln T) t_k = tau (2^k - 1), so bin b takes t_{k+1} - t_k = tau 2^b and a Haff gas's zeta(T) = 2 sqrt(T/T0)/tau gives
//   zeta_D/zeta_C = tau_C/tau_D in every bin. Over seeds s the paired ratio is R = sum tau_C,s / sum tau_D,s (the
//   2^b cancels) with the delta-method standard error se = sqrt(sum_s (tau_C,s - R tau_D,s)^2 / (n (n - 1))) /
//   mean(tau_D) (the residuals have mean 0), worked out by hand below. The times are exact in binary (integer tau,
//   2^k - 1), so the results agree to round-off in the means and the square root: 1e-12 relative.
#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "models/particles/paired_crossings.hpp"

namespace {
using stickslip::CrossingPair;

constexpr std::size_t kEdges = 5;  // e_0 = 1, e_1 = 1/4, ..., e_4 = 1/256: t_k = tau {0, 1, 3, 7, 15}
constexpr double kRel = 1e-12;

std::vector<double> haff_crossings(double tau) {
  std::vector<double> t;
  for (std::size_t k = 0; k < kEdges; ++k) t.push_back(tau * (std::pow(2.0, static_cast<double>(k)) - 1));
  return t;
}

// A seed whose C-SDS and D-SDS runs follow Haff's law with tau_c and tau_d, each homogeneous until its end.
CrossingPair haff_pair(double tau_c, double tau_d, double end_c = 1e9, double end_d = 1e9) {
  CrossingPair p;
  p.t_csds = haff_crossings(tau_c), p.t_dsds = haff_crossings(tau_d);
  p.T_rot_csds.assign(kEdges, 0.1), p.T_rot_dsds.assign(kEdges, 0.2);
  p.homogeneous_end_csds = end_c, p.homogeneous_end_dsds = end_d;
  return p;
}

// A seed that reaches edge `depth` homogeneously and no deeper: both runs (tau_c = 2, tau_d = 1) end their homogeneous
// phase halfway between the crossings of edges depth and depth + 1 (the last edge: never ends).
CrossingPair reaching(std::size_t depth) {
  const double mid = depth + 1 < kEdges ? (std::pow(2.0, static_cast<double>(depth)) - 1 +
                                           std::pow(2.0, static_cast<double>(depth) + 1) - 1) / 2
                                        : 1e9;
  return haff_pair(2, 1, 2 * mid, mid);
}
}  // namespace

TEST_CASE("homogeneous_to: both runs crossed the edge, each within its homogeneous phase") {
  CrossingPair p = haff_pair(2, 1, 6, 3);  // C crosses at {0, 2, 6, 14, 30}, D at {0, 1, 3, 7, 15}
  CHECK(stickslip::homogeneous_to(p, 0));
  CHECK(stickslip::homogeneous_to(p, 1));
  CHECK(stickslip::homogeneous_to(p, 2));  // crossing exactly at the end of the homogeneous phase still counts
  CHECK_FALSE(stickslip::homogeneous_to(p, 3));
  p.homogeneous_end_csds = 100;  // D alone ends at 3: edge 3 (D at 7) is still out
  CHECK_FALSE(stickslip::homogeneous_to(p, 3));
  p.homogeneous_end_dsds = 100;
  CHECK(stickslip::homogeneous_to(p, 3));
  p.homogeneous_end_csds = 10;  // C alone ends before its crossing at 14
  CHECK_FALSE(stickslip::homogeneous_to(p, 3));
  CrossingPair q = haff_pair(2, 1);
  q.t_dsds[4] = NAN;  // the D-SDS run never reached e_4
  CHECK(stickslip::homogeneous_to(q, 3));
  CHECK_FALSE(stickslip::homogeneous_to(q, 4));
  q.t_dsds[4] = 15, q.t_csds[4] = NAN;  // nor C
  CHECK_FALSE(stickslip::homogeneous_to(q, 4));
  p.homogeneous_end_csds = p.homogeneous_end_dsds = 100;  // an edge past the five crossings: not reached
  CHECK(stickslip::homogeneous_to(p, 4));
  CHECK_FALSE(stickslip::homogeneous_to(p, 5));
  CHECK(stickslip::deepest_common_edge({p, p}, 9) == 4);
}

TEST_CASE("deepest_common_edge: the deepest edge at least 90 % of the seeds (and 2) reached") {
  for (std::size_t d = 0; d < kEdges; ++d) {  // the helper reaches exactly what it says
    CAPTURE(d);
    CHECK(stickslip::homogeneous_to(reaching(d), d));
    if (d + 1 < kEdges) CHECK_FALSE(stickslip::homogeneous_to(reaching(d), d + 1));
  }
  // 10 seeds: 90 % is 9. Reaches {4 x8, 3, 1}: the 9th deepest is 3.
  std::vector<CrossingPair> ten(8, reaching(4));
  ten.push_back(reaching(3)), ten.push_back(reaching(1));
  CHECK(stickslip::deepest_common_edge(ten, kEdges) == 3);
  // {4 x8, 2, 1}: only 8 of 10 reach 3, 9 reach 2.
  ten[8] = reaching(2);
  CHECK(stickslip::deepest_common_edge(ten, kEdges) == 2);
  // {4 x9, 0}: 9 of 10 reach the deepest edge, 4.
  ten[8] = reaching(4), ten[9] = reaching(0);
  CHECK(stickslip::deepest_common_edge(ten, kEdges) == 4);
  // Considering fewer edges caps the depth: with 3 edges (0, 1, 2) the deepest possible is 2.
  CHECK(stickslip::deepest_common_edge(ten, 3) == 2);
  // A NaN crossing stops a seed's reach like the end of its homogeneous phase: D never reached e_3.
  // 11 seeds, 9 reaching 4 and 2 reaching 2 (one by a NaN of D, one of C): ceil(9.9) = 10 must reach -> 2.
  std::vector<CrossingPair> nan_seeds(11, haff_pair(2, 1));
  nan_seeds[9].t_dsds[3] = nan_seeds[9].t_dsds[4] = NAN;
  nan_seeds[10].t_csds[3] = nan_seeds[10].t_csds[4] = NAN;
  CHECK(stickslip::deepest_common_edge(nan_seeds, kEdges) == 2);
  nan_seeds.pop_back();  // 10 seeds, 9 reach 4: 9 must
  CHECK(stickslip::deepest_common_edge(nan_seeds, kEdges) == 4);
  // 20 seeds: 18 must reach. {4 x17, 3 x3} -> 3; {4 x18, 0 x2} -> 4.
  std::vector<CrossingPair> twenty(17, reaching(4));
  for (int k = 0; k < 3; ++k) twenty.push_back(reaching(3));
  CHECK(stickslip::deepest_common_edge(twenty, kEdges) == 3);
  twenty[17] = reaching(4), twenty[18] = twenty[19] = reaching(0);
  CHECK(stickslip::deepest_common_edge(twenty, kEdges) == 4);
  // Two seeds: both must reach (90 % of 2 rounds up to 2). {3, 1} -> 1.
  CHECK(stickslip::deepest_common_edge({reaching(3), reaching(1)}, kEdges) == 1);
  // Too few seeds (fewer than 2) or none: 0.
  CHECK(stickslip::deepest_common_edge({reaching(4)}, kEdges) == 0);
  CHECK(stickslip::deepest_common_edge({}, kEdges) == 0);
}

TEST_CASE("bin_rate_ratio: zeta_D/zeta_C per bin from the Haff pairs, with its delta-method standard error") {
  // Three seeds homogeneous throughout, tau_C = {3, 4, 5}, tau_D = {2, 2, 4}: R = 12/8 = 3/2; residuals
  // tau_C - R tau_D = {0, 1, -1}, se = sqrt(2/(3*2)) / (8/3) = sqrt(3)/8.
  std::vector<CrossingPair> pairs{haff_pair(3, 2), haff_pair(4, 2), haff_pair(5, 4)};
  for (std::size_t b = 0; b + 1 < kEdges; ++b) {
    CAPTURE(b);
    const stickslip::PairedRatio r = stickslip::bin_rate_ratio(pairs, b);
    CHECK(r.n == 3);
    CHECK(r.ratio == doctest::Approx(1.5).epsilon(kRel));
    CHECK(r.stderr_ == doctest::Approx(std::sqrt(3.0) / 8).epsilon(kRel));
  }
  // A fourth seed, tau_C = 3, tau_D = 4, homogeneous to edge 2 only (C ends at 12 before crossing e_3 at 21, D at 16
  // before 28). Bins 0 and 1 take it: R = 15/12 = 5/4, residuals {0.5, 1.5, 0, -2}, sum of squares 6.5,
  // se = sqrt(6.5/(4*3)) / 3. Bins 2 and 3 (edge 3, 4 needed) keep the three seeds above.
  pairs.push_back(haff_pair(3, 4, 12, 16));
  for (std::size_t b : {0, 1}) {
    CAPTURE(b);
    const stickslip::PairedRatio r = stickslip::bin_rate_ratio(pairs, b);
    CHECK(r.n == 4);
    CHECK(r.ratio == doctest::Approx(1.25).epsilon(kRel));
    CHECK(r.stderr_ == doctest::Approx(std::sqrt(6.5 / 12) / 3).epsilon(kRel));
  }
  for (std::size_t b : {2, 3}) {
    CAPTURE(b);
    const stickslip::PairedRatio r = stickslip::bin_rate_ratio(pairs, b);
    CHECK(r.n == 3);
    CHECK(r.ratio == doctest::Approx(1.5).epsilon(kRel));
    CHECK(r.stderr_ == doctest::Approx(std::sqrt(3.0) / 8).epsilon(kRel));
  }
  // One seed: the ratio tau_C/tau_D = 5/4 without a standard error; none: no ratio.
  const stickslip::PairedRatio one = stickslip::bin_rate_ratio({haff_pair(5, 4)}, 1);
  CHECK(one.n == 1);
  CHECK(one.ratio == doctest::Approx(1.25).epsilon(kRel));
  CHECK(std::isnan(one.stderr_));
  const stickslip::PairedRatio none = stickslip::bin_rate_ratio({}, 0);
  CHECK(none.n == 0);
  CHECK(std::isnan(none.ratio));
  CHECK(std::isnan(none.stderr_));
  // A seed whose D-SDS run never crossed e_2 (NaN) is left out of bin 1.
  std::vector<CrossingPair> with_nan{haff_pair(3, 2), haff_pair(4, 2), haff_pair(7, 1)};
  with_nan[2].t_dsds[2] = NAN;
  const stickslip::PairedRatio r1 = stickslip::bin_rate_ratio(with_nan, 1);
  CHECK(r1.n == 2);
  // tau_C = {3, 4}, tau_D = {2, 2}: R = 7/4, residuals {-0.5, 0.5}, se = sqrt(0.5/(2*1)) / 2 = 1/4.
  CHECK(r1.ratio == doctest::Approx(1.75).epsilon(kRel));
  CHECK(r1.stderr_ == doctest::Approx(0.25).epsilon(kRel));
  CHECK(stickslip::bin_rate_ratio(with_nan, 0).n == 3);  // bin 0 (edge 1) still takes it
}

TEST_CASE("whole_range_rate_ratio: the times from T0 to the deepest common edge") {
  // The four seeds of the bin test: the times to edge d are tau (2^d - 1), so the ratio is again sum tau_C/sum tau_D.
  const std::vector<CrossingPair> pairs{haff_pair(3, 2), haff_pair(4, 2), haff_pair(5, 4), haff_pair(3, 4, 12, 16)};
  // Reaches {4, 4, 4, 2}; 4 seeds: ceil(3.6) = 4 must reach -> edge 2, which all four reached.
  const std::size_t deepest = stickslip::deepest_common_edge(pairs, kEdges);
  CHECK(deepest == 2);
  const stickslip::PairedRatio all = stickslip::whole_range_rate_ratio(pairs, deepest);
  CHECK(all.n == 4);
  CHECK(all.ratio == doctest::Approx(1.25).epsilon(kRel));
  CHECK(all.stderr_ == doctest::Approx(std::sqrt(6.5 / 12) / 3).epsilon(kRel));
  // Down to edge 4 only the three seeds homogeneous throughout count.
  const stickslip::PairedRatio deep = stickslip::whole_range_rate_ratio(pairs, 4);
  CHECK(deep.n == 3);
  CHECK(deep.ratio == doctest::Approx(1.5).epsilon(kRel));
  CHECK(deep.stderr_ == doctest::Approx(std::sqrt(3.0) / 8).epsilon(kRel));
  // deepest 0 (no common edge): no pair, no ratio.
  const stickslip::PairedRatio none = stickslip::whole_range_rate_ratio(pairs, 0);
  CHECK(none.n == 0);
  CHECK(std::isnan(none.ratio));
  CHECK(std::isnan(none.stderr_));
  CHECK(std::isnan(stickslip::whole_range_rate_ratio({}, 3).ratio));
}

TEST_CASE("seeds_needed: ceil(n (stderr/precision)^2)") {
  // The three seeds above: n = 3, se = sqrt(3)/8, se^2 = 3/64.
  const stickslip::PairedRatio r =
      stickslip::bin_rate_ratio({haff_pair(3, 2), haff_pair(4, 2), haff_pair(5, 4)}, 0);
  CHECK(stickslip::seeds_needed(r, r.stderr_) == 3.0);      // the precision already reached: n itself
  CHECK(stickslip::seeds_needed(r, r.stderr_ / 2) == 12.0);  // half the error: 4 n
  // precision 0.05: 3 * (3/64) / 0.0025 = 56.25 -> 57; 0.1: 14.0625 -> 15; 1: 0.140625 -> 1.
  CHECK(stickslip::seeds_needed(r, 0.05) == 57.0);
  CHECK(stickslip::seeds_needed(r, 0.1) == 15.0);
  CHECK(stickslip::seeds_needed(r, 1.0) == 1.0);
  // A ratio given directly: 10 * (0.1/0.03)^2 = 111.1 -> 112.
  stickslip::PairedRatio given;
  given.ratio = 1.1, given.stderr_ = 0.1, given.n = 10;
  CHECK(stickslip::seeds_needed(given, 0.03) == 112.0);
  // No standard error (one seed, none): NaN.
  CHECK(std::isnan(stickslip::seeds_needed(stickslip::bin_rate_ratio({haff_pair(5, 4)}, 0), 0.05)));
  CHECK(std::isnan(stickslip::seeds_needed(stickslip::bin_rate_ratio({}, 0), 0.05)));
  CHECK(std::isnan(stickslip::seeds_needed(stickslip::PairedRatio{}, 0.05)));
}
