// studies/papers/krengel_matuttis/heap_figures.hpp — the figures of the heap study (seed 002 §5,
// studies/papers/krengel_matuttis/heap_study.cpp), drawn from the CSVs each pour wrote
// (studies/papers/krengel_matuttis/particle_heap_runs.hpp) and the rows of summary.json "runs":
//   heap_snapshots_<law>.png   Fig. 6: the discs at the snapshot times and at rest (or t_max), coloured by speed,
//                              inside the walls and the floor
//   heap_kinetic.png           kinetic energy per unit depth against t, with the rest threshold rest_ratio x E_ref
//   heap_drift.png             Fig. 7: surface drift after rest per law and dt (one colour per law; the smallest dt
//                              widest and solid)
//   heap_drift_dt.png          surface drift at the end of the window against dt, one line per law, from
//                              heap_drift_dt.dat (one whitespace-separated block per law, blocks two blank lines apart)
//   heap_profile.png           free surface max(y + r) per bin with the least-squares flank fits (the repose angle
//                              in the key)
//   heap_feed.png              the angle against t during the pour (heap_feed_<tag>.csv: both flanks and their mean,
//                              the last point the angle at rest), one colour per pour
//   heap_repose_seeds.png      the angles at rest and feeding per seed, one colour per law, the law's mean +- sample
//                              sd as a band (heap_repose.csv; summary.json "spread")
#pragma once

#include <nlohmann/json.hpp>

#include "models/particles/boundaries.hpp"
#include "studies/experiment/study.hpp"
#include "studies/papers/krengel_matuttis/particle_heap_runs.hpp"

namespace stickslip {

void draw_heap_figures(const StudyContext& ctx, const HeapConfig& c, const nlohmann::json& rows,
                       const Boundaries& walls);

// heap_feed.png and heap_repose_seeds.png from the rows and summary.json's "spread"
// (studies/papers/krengel_matuttis/heap_report.hpp).
void draw_heap_feed_figures(const StudyContext& ctx, const HeapConfig& c, const nlohmann::json& rows,
                            const nlohmann::json& spread);

}  // namespace stickslip
