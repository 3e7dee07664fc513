#include "solvers/event_locator.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/root_finding.hpp"

namespace stickslip {

EventLocator::EventLocator(const Model& model, const SolverOptions& options, RunStats& stats)
    : model_(model), options_(options), stats_(stats), guard_(model, options.rtol, options.atol, stats),
      g_prev_(model.num_events()), g_new_(model.num_events()), g_true_(model.num_events()),
      g_tmp_(model.num_events()), g_tmp_true_(model.num_events()), x_tmp_(model.size()) {}

EventOutcome EventLocator::restart(double t, VecRef x, Mode& mode, const Observer& observer,
                                   const std::vector<std::size_t>& declined) {
  if (g_prev_.size() == 0) return {false, false};
  const EventOutcome outcome = settle_mode(model_, t, x, mode, options_, stats_, observer, guard_, declined);
  guard_.report_restart(g_prev_);
  return outcome;
}

void EventLocator::accept() {
  guard_.arm(g_true_);
  guard_.report(std::numeric_limits<double>::quiet_NaN(), g_true_, g_prev_);
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
  model_.events(t1, x1, mode, g_true_);
  ++stats_.root_evals;
  guard_.report(t1, g_true_, g_new_);
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
      model_.events(hi, x_tmp_, mode, g_tmp_true_);
      ++stats_.root_evals;
      guard_.report(hi, g_tmp_true_, g_tmp_);
      g_hi = g_tmp_[i];
      if (!fires(i, g_prev_[i], g_hi)) continue;
    }
    auto g_of = [&](double t) {
      state_at(t, x_tmp_);
      model_.events(t, x_tmp_, mode, g_tmp_true_);
      ++stats_.root_evals;
      guard_.report(t, g_tmp_true_, g_tmp_);
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

EventOutcome settle_mode(const Model& model, double t, VecRef x, Mode& mode, const SolverOptions& options,
                         RunStats& stats, const Observer& observer, SwitchingGuard& guard,
                         const std::vector<std::size_t>& declined) {
  EventOutcome settled{false, false};
  if (model.num_events() == 0) return settled;
  guard.restart(t, x, mode);
  for (std::size_t i : declined) guard.suppress(i);
  const std::size_t limit = 2 * (model.num_events() + 1);
  for (std::size_t maps = 0; auto which = guard.inconsistent(); ++maps) {
    if (maps >= limit)
      throw SolverError("the mode map does not settle at t=" + std::to_string(t) + ": switching function " +
                        std::to_string(*which) + " stays past its root after " + std::to_string(maps) +
                        " mode changes at this instant");
    const EventOutcome outcome = hand_over_event(model, t, x, mode, *which, options, stats, observer);
    if (outcome.terminate) return outcome;
    if (!outcome.changed) {
      guard.suppress(*which);
      continue;
    }
    settled.changed = true;
    guard.restart(t, x, mode);
  }
  return settled;
}

void require_finite(VecCRef x, double t, const char* solver) {
  if (!x.allFinite())
    throw SolverError(std::string(solver) + ": the state became non-finite at t=" + std::to_string(t) +
                      " (the step is beyond the scheme's stability limit)");
}

}  // namespace stickslip
