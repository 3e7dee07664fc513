// studies/papers/fuhrer_brendel_wolf/plate_figures.hpp — the figures of the sliding-plates study (seed 001, Führer,
// Brendel & Wolf; studies/papers/fuhrer_brendel_wolf/sliding_plates_study.cpp), declared over the CSVs its runs wrote
// (runs/<label>.csv of studies/papers/fuhrer_brendel_wolf/plate_runs.hpp, exact_csds.csv and exact_dsds.csv):
//   dynamics_figure             Fig. 1: xi, v and F of every run against t, the exact solutions drawn thin on top
//   kinetic_difference_figure   Fig. 2: E_kin(D-SDS) - E_kin(C-SDS) of the runs paired by solver and dt (writes
//                               runs/dEkin_<label>.csv)
//   dissipation_figure          cumulative dissipation D(t) = -W - (U - U_0) of every run (negative: energy created)
//   fig4_figure                 Fig. 4: the midpoint rule with the D-SDS reset in every stage, its auxiliary states
//                               u_1 at t + dt/2 and the exact D-SDS
// In the run figures the D-SDS-type runs are solid, the C-SDS dashed; within a law the larger dt thicker and drawn
// first, so a smaller-dt run on top of an equal one leaves it visible.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "studies/experiment/figure.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"

namespace stickslip {

// csds_exact: whether exact_csds.csv exists (the C-SDS needs gamma > 0).
Figure dynamics_figure(const std::vector<PlateRunConfig>& runs, bool csds_exact);

// Every D-SDS-type run paired with the C-SDS run of the same solver and dt; the series are read from
// runs/<label>.csv, also for runs a --resume did not rerun. pairs: how many pairs (0: nothing to draw).
Figure kinetic_difference_figure(const std::filesystem::path& out, const std::vector<PlateRunConfig>& runs,
                                 std::size_t& pairs);

Figure dissipation_figure(const std::vector<PlateRunConfig>& runs);

// Reads runs/fig4_midpoint.csv, runs/fig4_auxiliary.csv and exact_dsds.csv; dt: the run's step (in the title).
Figure fig4_figure(double dt);

}  // namespace stickslip
