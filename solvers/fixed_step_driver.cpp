// solvers/fixed_step_driver.cpp — euler / midpoint / heun / rk4 on the grid t0 + k dt with event location.
//
// A step that crosses a switching surface is replaced by a partial step to the located root (found by
// re-stepping from the step start, so the root lies on the scheme's own solution); after the mode change
// the next step returns to the grid point, so outputs stay on the grid and the order is kept.
#include <cmath>
#include <functional>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/integrate.hpp"
#include "solvers/one_step_map.hpp"

namespace stickslip {

RunStats run_fixed_step(const Model& model, double t0, double t_end, VecRef x, Mode& mode,
                        const SolverOptions& options, const Observer& observer) {
  RunStats stats;
  auto map = make_one_step_map(model, options.kind, stats);
  EventLocator locator(model, options, stats);
  const bool events = options.events && model.num_events() > 0;
  const std::string name = to_string(options.kind);
  const auto n = static_cast<Eigen::Index>(model.size());
  Vec x_new(n), x_event(n);

  // Number of grid steps, counted in double (no overflow); a last step shorter than dt reaches t_end exactly.
  // validate_solver_options refused a count past max_steps before the run; this is the driver's own guard.
  const double count = step_count(t_end - t0, options.dt);
  if (!(count <= options.max_steps))
    throw SolverError(name + ": " + format_value(count) + " steps exceed the limit of " + format_value(options.max_steps));
  const long n_steps = static_cast<long>(count);

  double t = t0;
  // The re-step map for event refinement reads the current step start (t, x); built once, not per step.
  const std::function<void(double, VecRef)> state_at = [&](double tt, VecRef out) {
    map->step(t, x, tt - t, mode, out);
  };
  if (observer) observer(t, x, mode);
  if (events && locator.restart(t, x, mode, observer).terminate) return stats;
  long k = 0;
  while (k < n_steps) {
    check_interrupt();  // a signal ends the run between steps (core/interrupt.hpp)
    const double t_next = (k + 1 == n_steps) ? t_end : t0 + static_cast<double>(k + 1) * options.dt;
    map->step(t, x, t_next - t, mode, x_new);
    require_finite(x_new, t_next, name.c_str());
    if (events) {
      if (auto hit = locator.check(t, t_next, x_new, mode, state_at)) {
        if (hit->t < t_next) {
          map->step(t, x, hit->t - t, mode, x_event);
          x = x_event;
        } else {
          x = x_new;
        }
        ++stats.steps;
        t = hit->t;
        const EventOutcome outcome = hand_over_event(model, t, x, mode, hit->which, options, stats, observer);
        const std::vector<std::size_t> declined = outcome.changed ? std::vector<std::size_t>{} : std::vector{hit->which};
        if (outcome.terminate || locator.restart(t, x, mode, observer, declined).terminate) return stats;
        if (t >= t_next) ++k;
        continue;
      }
      locator.accept();
    }
    x = x_new;
    t = t_next;
    ++k;
    ++stats.steps;
    if (observer) observer(t, x, mode);
  }
  return stats;
}

}  // namespace stickslip
