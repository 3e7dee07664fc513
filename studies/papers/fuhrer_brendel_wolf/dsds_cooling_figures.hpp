// studies/papers/fuhrer_brendel_wolf/dsds_cooling_figures.hpp — the figures of the dsds-cooling study
// (studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp), drawn from its tables
// (studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.hpp), T/T0 on a log axis from 0.8 T_end to 1.25:
//   dsds_cooling_ratio.png          zeta_D/zeta_C against T per set: gas bins (points, the bin and +-1 stderr; the
//                                   sets side by side within a bin), the kinetic prediction (line, +-2 stderr band),
//                                   the paper's claimed side (zeta_D < zeta_C) shaded
//   dsds_cooling_rotation.png       T_rot/T_tr per set and law: gas at the bin edges (points), kinetic (lines)
//   dsds_cooling_mechanism_<k>.png  per set, binary collisions against the impact angle psi: the D-SDS's energy created
//                                   (at the onset, in all, eq. 11's closed form) and the extra dissipation at dt -> 0;
//                                   the net (dK_D - dK_C)/|dK_C| at dt -> 0 and at the gas's dt
// gas, kinetic, mechanism, rotation: whether those tables exist.
#pragma once

#include <vector>

#include "studies/experiment/study.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"

namespace stickslip {

void draw_dsds_cooling_figures(const StudyContext& ctx, const std::vector<CoolingSet>& sets, bool gas, bool kinetic,
                               bool mechanism, bool rotation, double T_end);

}  // namespace stickslip
