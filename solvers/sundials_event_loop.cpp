#include "solvers/sundials_event_loop.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/step_collapse.hpp"

namespace stickslip {

int root_callback(double t, const double* y, double* g, SundialsUserData& data) {
  try {
    const auto n = static_cast<Eigen::Index>(data.model->size());
    const auto ng = static_cast<Eigen::Index>(data.model->num_events());
    Eigen::Map<const Vec> x(y, n);
    Eigen::Map<Vec> gm(g, ng);
    data.model->events(t, x, *data.mode, data.g_true);
    data.guard->report(t, data.g_true, gm);
    return 0;
  } catch (const std::exception& e) {
    data.callback_error = e.what();
    return -1;
  }
}

RunStats run_sundials_event_loop(const Model& model, double t0, double t_end, VecRef x, Mode& mode,
                                 const SolverOptions& options, const Observer& observer, SundialsStepper& stepper,
                                 SwitchingGuard& guard, const char* solver) {
  RunStats stats;
  const bool events = options.events && model.num_events() > 0;
  const auto n = static_cast<Eigen::Index>(model.size());
  Vec x_step(n), x_out(n), g(static_cast<Eigen::Index>(model.num_events()));

  // Settle the mode at t and restart the integrator; when the restart moved x (IDACalcIC puts it on the
  // mode's constraints), settle again at the consistent state. Returns true when the model asked to stop.
  Vec x_before(n);
  // declined: the roots just handed over whose map changed nothing (settle_mode).
  auto restart_at = [&](double t, const std::vector<std::size_t>& declined) {
    for (std::size_t round = 0;; ++round) {
      const EventOutcome settled =
          events ? settle_mode(model, t, x, mode, options, stats, observer, guard,
                               round == 0 ? declined : std::vector<std::size_t>{})
                 : EventOutcome{false, false};
      if (settled.terminate) return true;
      if (round > 0 && !settled.changed) return false;
      if (round > 2 * model.num_events())
        throw SolverError(std::string(solver) + ": the consistent initial values at t=" + std::to_string(t) +
                          " keep contradicting the mode after " + std::to_string(round) + " restarts");
      x_before = x;
      stepper.add_stats(stats);  // ReInit resets the integrator's counters
      stepper.restart(t, x, mode);
      if (!events || x == x_before) return false;
    }
  };

  if (observer) observer(t0, x, mode);
  if (restart_at(t0, {})) {
    stepper.add_stats(stats);
    return stats;
  }
  const double same_time = 1e-10 * std::max(1.0, std::abs(t_end));
  auto output_time = [&](long k) { return t0 + static_cast<double>(k) * options.dt; };
  long k = 1;  // next output t0 + k dt (outputs strictly before t_end; t_end itself is the last)
  double t = t0;
  std::vector<int> found(model.num_events());
  double restarted_at = -std::numeric_limits<double>::infinity();  // where a failed step was last restarted
  StepCollapseLimit collapse(solver, t0, t_end, options.max_steps);  // a step size that collapsed ends the run
  while (t < t_end) {
    check_interrupt();  // every internal step of CVODE / IDA, not only at the outputs
    double t_new = t;
    const SundialsStepper::Result result = stepper.step(t_end, t_new, x_step);
    collapse.step(t_new);
    if (result == SundialsStepper::Result::failed) {
      if (!(t_new > restarted_at)) stepper.throw_failure();
      restarted_at = t_new;
      t = t_new;
      x = x_step;
      stepper.add_stats(stats);  // ReInit resets the integrator's counters
      stepper.restart(t, x, mode);
      continue;
    }
    // Outputs the step passed; one that coincides with a root is covered by the event's own observer calls.
    const double last_output = result == SundialsStepper::Result::root ? t_new - same_time : t_new;
    while (output_time(k) < t_end - same_time && output_time(k) <= last_output) {
      if (observer) {
        stepper.interpolate(output_time(k), x_out);
        observer(output_time(k), x_out, mode);
      }
      ++k;
    }
    while (output_time(k) < t_end - same_time && output_time(k) <= t_new) ++k;
    t = t_new;
    x = x_step;
    if (result == SundialsStepper::Result::root) {
      stepper.root_info(found);
      bool terminate = false, changed = false;
      std::vector<std::size_t> declined;  // only while the mode stays: a new mode's functions are its own
      for (std::size_t i = 0; i < found.size(); ++i)
        if (found[i] != 0) {
          const EventOutcome outcome = hand_over_event(model, t, x, mode, i, options, stats, observer);
          terminate = outcome.terminate || terminate;
          changed = outcome.changed || changed;
          if (!outcome.changed) declined.push_back(i);
        }
      if (terminate || restart_at(t, changed ? std::vector<std::size_t>{} : declined)) break;
      continue;
    }
    if (events && guard.any_guarded()) {
      model.events(t, x, mode, g);
      ++stats.root_evals;
      guard.arm(g);
    }
    if (t >= t_end && observer) observer(t_end, x, mode);
  }
  stepper.add_stats(stats);
  return stats;
}

}  // namespace stickslip
