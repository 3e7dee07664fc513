#include "solvers/event_locator.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/root_finding.hpp"

namespace stickslip {

EventLocator::EventLocator(const Model& model, RunStats& stats)
    : model_(model), stats_(stats), g_prev_(model.num_events()), g_new_(model.num_events()),
      g_tmp_(model.num_events()), x_tmp_(model.size()) {}

void EventLocator::reset(double t, VecCRef x, const Mode& mode) {
  if (g_prev_.size() == 0) return;
  model_.events(t, x, mode, g_prev_);
  ++stats_.root_evals;
}

bool EventLocator::fires(std::size_t i, double before, double after) const {
  if (before == 0) return false;
  const int dir = model_.event_direction(i);
  const bool up = before < 0 && after >= 0;
  const bool down = before > 0 && after <= 0;
  return (dir >= 0 && up) || (dir <= 0 && down);
}

std::optional<EventLocator::Hit> EventLocator::check(double t0, double t1, VecCRef x1, const Mode& mode,
                                                      const std::function<void(double, VecRef)>& state_at) {
  const auto n = static_cast<std::size_t>(g_prev_.size());
  if (n == 0) return std::nullopt;
  model_.events(t1, x1, mode, g_new_);
  ++stats_.root_evals;
  std::optional<Hit> best;
  const double tol = 4 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(t1)) + 1e-300;
  for (std::size_t i = 0; i < n; ++i) {
    if (!fires(i, g_prev_[i], g_new_[i])) continue;
    const double hi = best ? best->t : t1;
    // Refine function i only on (t0, hi]: a later root cannot win. Its value at hi is needed again
    // when hi was shortened by an earlier function.
    double g_hi = g_new_[i];
    if (hi != t1) {
      state_at(hi, x_tmp_);
      model_.events(hi, x_tmp_, mode, g_tmp_);
      ++stats_.root_evals;
      g_hi = g_tmp_[i];
      if (!fires(i, g_prev_[i], g_hi)) continue;
    }
    auto g_of = [&](double t) {
      state_at(t, x_tmp_);
      model_.events(t, x_tmp_, mode, g_tmp_);
      ++stats_.root_evals;
      return g_tmp_[i];
    };
    const Bracket br = illinois(g_of, t0, hi, g_prev_[i], g_hi, tol);
    best = Hit{br.b, i};
  }
  return best;
}

EventOutcome hand_over_event(const Model& model, double t, VecRef x, Mode& mode, std::size_t which,
                             const SolverOptions& options, RunStats& stats, const Observer& observer) {
  if (stats.events.size() >= options.max_events)
    throw SolverError("more than " + std::to_string(options.max_events) + " events by t=" + std::to_string(t) +
                      " (event storm / Zeno behaviour)");
  if (observer) observer(t, x, mode);
  Mode before = mode;
  const EventOutcome outcome = model.on_event(t, x, mode, which);
  model.project(t, x, mode);
  stats.events.push_back({t, which, std::move(before), mode});
  if (observer && outcome.changed) observer(t, x, mode);
  return outcome;
}

void require_finite(VecCRef x, double t, const char* solver) {
  if (!x.allFinite())
    throw SolverError(std::string(solver) + ": the state became non-finite at t=" + std::to_string(t) +
                      " (the step is beyond the scheme's stability limit)");
}

}  // namespace stickslip
