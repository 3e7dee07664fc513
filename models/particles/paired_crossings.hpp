// models/particles/paired_crossings.hpp — the D-SDS over C-SDS cooling rate of a granular gas from paired runs
// (dsds-cooling, studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp): per seed one C-SDS and one D-SDS run from
// the same initial state, each recorded as the times t_k at which T_tr first falls below the bin edges T0 e_k (e_0 = 1
// > e_1 > ..., equal widths in ln T) and T_rot there, with the end of its homogeneous cooling.
//   bin b         zeta_D/zeta_C over [e_{b+1}, e_b] = sum_s (t_C,b+1 - t_C,b) / sum_s (t_D,b+1 - t_D,b) over the seeds
//                 whose two runs both cross e_{b+1} while homogeneous (a paired ratio, standard error by the delta
//                 method: cooling_statistics.hpp, paired_ratio)
//   whole range   the same with the times to the deepest edge that at least 90 % of the seeds (and 2) reached
//                 homogeneously
//   seeds needed  for a standard error `precision`: ceil(n (stderr/precision)^2)
#pragma once

#include <cstddef>
#include <vector>

#include "models/particles/cooling_statistics.hpp"

namespace stickslip {

struct CrossingPair {
  std::vector<double> t_csds, t_dsds;          // s, per edge (NaN: never crossed)
  std::vector<double> T_rot_csds, T_rot_dsds;  // T_rot/T0 at the crossings (as the runs' rows give it)
  double homogeneous_end_csds = 0, homogeneous_end_dsds = 0;  // s
};

// Whether both runs crossed `edge` while homogeneous (false for an edge past the crossings they have).
bool homogeneous_to(const CrossingPair& pair, std::size_t edge);
// The deepest edge index that at least 90 % of the pairs (and at least 2) reached homogeneously; 0 if none.
std::size_t deepest_common_edge(const std::vector<CrossingPair>& pairs, std::size_t edges);
// zeta_D/zeta_C over bin b (edges b and b + 1) from the pairs homogeneous to edge b + 1.
PairedRatio bin_rate_ratio(const std::vector<CrossingPair>& pairs, std::size_t b);
// zeta_D/zeta_C from T0 down to edge `deepest` (no pair when deepest is 0).
PairedRatio whole_range_rate_ratio(const std::vector<CrossingPair>& pairs, std::size_t deepest);
// Seeds needed for a standard error `precision`: NaN when the ratio has no standard error.
double seeds_needed(const PairedRatio& r, double precision);

}  // namespace stickslip
