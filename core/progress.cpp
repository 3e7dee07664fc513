#include "core/progress.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

detail::RunProgressState& detail::run_progress_state() {
  static RunProgressState state;
  return state;
}

double run_fraction() {
  const auto& s = detail::run_progress_state();
  if (!s.active.load(std::memory_order_acquire)) return -1;
  const double t0 = s.t0.load(std::memory_order_relaxed), t1 = s.t_end.load(std::memory_order_relaxed);
  const double f = (s.t.load(std::memory_order_relaxed) - t0) / (t1 - t0);
  return std::isfinite(f) ? std::clamp(f, 0.0, 1.0) : 0.0;
}

RunSpan::RunSpan(double t0, double t_end) {
  auto& s = detail::run_progress_state();
  bool expected = false;
  if (!s.active.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) return;  // an outer span is open
  owner_ = true;
  s.t0.store(t0, std::memory_order_relaxed);
  s.t_end.store(t_end, std::memory_order_relaxed);
  s.t.store(t0, std::memory_order_relaxed);
}

RunSpan::~RunSpan() {
  if (owner_) detail::run_progress_state().active.store(false, std::memory_order_release);
}

}  // namespace stickslip
