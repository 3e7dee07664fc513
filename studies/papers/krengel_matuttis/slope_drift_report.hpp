// studies/papers/krengel_matuttis/slope_drift_report.hpp — what the slope-drift study makes of its runs (Krengel &
// Matuttis, "Is there a static friction force?", §4): the plan of runs (every configuration once, the groups it belongs
// to), the rows of summary.json and results.csv, and the figures:
//   position.png        x_h(t) - x_h(0) per angle x start (rows) and law (columns) at the first dt and size (Figs. 2-3)
//   drift_vs_dt.png     drift against dt, one panel per law, one line per solver (Fig. 4)
//   drift_vs_size.png   drift against l, one panel per law, one line per solver (Fig. 5)
// Drifts below kSlopeDriftFloor (exact zeros included) are drawn on a floor line of the log axes.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "studies/papers/krengel_matuttis/slope_drift_runs.hpp"

namespace stickslip {

// The groups of runs: position (every listed value), the dt and the size sweeps at the base point.
enum SlopeGroup : unsigned { group_position = 1, group_dt = 2, group_size = 4 };

// The runs of the study: every configuration once, its groups OR-ed together, and the combinations that do not
// exist (one line per law, solver and damping).
struct SlopePlan {
  std::vector<SlopeConfig> configs;
  std::vector<unsigned> groups;
  nlohmann::json skipped = nlohmann::json::array();
};

// The rows of summary.json's "results" from the run-store rows (one per configuration), results.csv written into
// `out` (laws: the friction list, for the index legend); outcomes and failed_runs are filled, each failure logged.
nlohmann::json slope_results(const SlopePlan& plan, const std::vector<std::string>& laws, const nlohmann::json& rows,
                             const std::filesystem::path& out, std::ostream& log, std::vector<SlopeOutcome>& outcomes,
                             nlohmann::json& failed_runs);

// The settings the figures are drawn at: the lists of the study's parameters (the first of dts, sizes, dampings,
// starts and the last angle are the base point of the sweeps).
struct SlopeFigureSettings {
  std::vector<double> dts, sizes, angles;
  std::vector<bool> dampings, starts;
  double t_end = 0;
  std::string block = "block";  // what slides, in the titles
};
// position.png, drift_vs_dt.png (+ drift_vs_dt.csv), drift_vs_size.png (+ drift_vs_size.csv) into `out`.
void slope_figures(const std::filesystem::path& out, const SlopePlan& plan, const std::vector<SlopeOutcome>& outcomes,
                   const SlopeFigureSettings& s, std::ostream& log);

}  // namespace stickslip
