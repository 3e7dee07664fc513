// studies/systems/system_series.hpp — what the studies of several contacts (block-chain, burridge-knopoff) record of a
// run of a system (solvers/system_run.hpp), written once: the bodies' positions and velocities as a CSV (every body,
// or an even selection of at most `max_columns`), the contacts' stuck flags and slip velocities as a space-time table
// (t, block, value: gnuplot's `with image`), every stick/slip transition, and the rest time and drift of the whole.
//   rest time  t_stop: the last time a contact went from slip to stick, if every contact is stuck from then to the end
//              (null: something still slides at t_end)
//   drift      the largest |q_k(t) - q_k(t_stop)| over the bodies and t >= t_stop (null without a rest)
#pragma once

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "solvers/system_run.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

struct SeriesOptions {
  std::filesystem::path positions;   // CSV of t, q, v of the selected bodies ("" : none)
  std::filesystem::path space_time;  // CSV t, block, slip velocity, stuck ("" : none)
  std::size_t max_columns = 100;     // bodies in the positions CSV at most (an even selection)
  double space_time_dt = 0;          // time between the space-time table's rows (0: every sample)
};

class SystemSeries {
 public:
  SystemSeries(const SystemSpec& spec, const SeriesOptions& options);
  // The observer to hand to simulate (solvers/system_run.hpp).
  SystemObserver observer();
  // After the run: the CSVs closed, the rest time and drift.
  void finish();
  std::optional<double> t_stop() const { return t_stop_; }
  std::optional<double> drift() const { return drift_; }
  const std::vector<double>& q_end() const { return q_end_; }
  const std::vector<double>& v_end() const { return v_end_; }
  // The bodies the positions CSV holds.
  const std::vector<std::size_t>& shown() const { return shown_; }

 private:
  void sample(const SystemSample& s);
  const SystemSpec& spec_;
  SeriesOptions o_;
  std::vector<std::size_t> shown_;
  std::unique_ptr<CsvWriter> positions_, space_time_;
  double next_space_time_ = 0;
  // The rest: the last slip -> stick time with everything stuck since, and each body's position then.
  double last_stick_ = 0;
  bool all_stuck_ = false;
  std::vector<double> q_at_stop_, q_end_, v_end_;
  double drift_now_ = 0;
  std::optional<double> t_stop_, drift_;
  std::vector<int> previous_;
};

}  // namespace stickslip
