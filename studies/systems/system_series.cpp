// studies/systems/system_series.cpp — see system_series.hpp.
#include "studies/systems/system_series.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

SystemSeries::SystemSeries(const SystemSpec& spec, const SeriesOptions& options) : spec_(spec), o_(options) {
  const std::size_t n = spec.size();
  const std::size_t shown = std::min(n, std::max<std::size_t>(1, o_.max_columns));
  for (std::size_t i = 0; i < shown; ++i) shown_.push_back(shown == n ? i : i * (n - 1) / std::max<std::size_t>(1, shown - 1));
  if (!o_.positions.empty()) {
    std::vector<std::string> cols{"t [s]"};
    for (std::size_t k : shown_) cols.push_back(spec.dofs[k] + " [m]");
    for (std::size_t k : shown_) cols.push_back("v_" + spec.dofs[k] + " [m/s]");
    positions_ = std::make_unique<CsvWriter>(o_.positions, cols);
  }
  if (!o_.space_time.empty())
    space_time_ = std::make_unique<CsvWriter>(o_.space_time,
                                              std::vector<std::string>{"t [s]", "block", "slip velocity [m/s]", "stuck [0/1]"});
  q_at_stop_.assign(n, 0), q_end_.assign(n, 0), v_end_.assign(n, 0);
}

SystemObserver SystemSeries::observer() {
  return [this](const SystemSample& s) { sample(s); };
}

void SystemSeries::sample(const SystemSample& s) {
  const std::size_t n = spec_.size(), m = spec_.contacts.size();
  if (positions_) {
    std::vector<double> row{s.t};
    for (std::size_t k : shown_) row.push_back(s.q[static_cast<Eigen::Index>(k)]);
    for (std::size_t k : shown_) row.push_back(s.v[static_cast<Eigen::Index>(k)]);
    positions_->row(row);
  }
  if (space_time_ && s.t >= next_space_time_) {
    for (std::size_t c = 0; c < m; ++c)
      space_time_->row({s.t, static_cast<double>(c), s.s[static_cast<Eigen::Index>(c)], static_cast<double>(s.stuck[c])});
    next_space_time_ = s.t + o_.space_time_dt;
  }
  const bool all = std::all_of(s.stuck.begin(), s.stuck.end(), [](int f) { return f != 0; });
  if (all && !all_stuck_) {
    last_stick_ = s.t;
    for (std::size_t k = 0; k < n; ++k) q_at_stop_[k] = s.q[static_cast<Eigen::Index>(k)];
    drift_now_ = 0;
  }
  if (all) {
    for (std::size_t k = 0; k < n; ++k)
      drift_now_ = std::max(drift_now_, std::abs(s.q[static_cast<Eigen::Index>(k)] - q_at_stop_[k]));
  }
  all_stuck_ = all;
  for (std::size_t k = 0; k < n; ++k) {
    q_end_[k] = s.q[static_cast<Eigen::Index>(k)];
    v_end_[k] = s.v[static_cast<Eigen::Index>(k)];
  }
}

void SystemSeries::finish() {
  if (positions_) positions_->close();
  if (space_time_) space_time_->close();
  if (all_stuck_) {
    t_stop_ = last_stick_;
    drift_ = drift_now_;
  }
}

}  // namespace stickslip
