// solvers/dopri5_driver.cpp — odeint's dense-output Dormand-Prince 5(4) with event location.
//
// Roots are bracketed between accepted steps and refined on the stepper's own dense output (calc_state);
// after an event the stepper is re-initialised at the root with the step size it had reached, so step
// size control carries across events. Outputs are interpolated at t0 + k dt.
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <functional>
#include <vector>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/step_collapse.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {
namespace {
namespace odeint = boost::numeric::odeint;
using State = std::vector<double>;

struct System {
  const Model* model;
  const Mode* mode;
  RunStats* stats;
  void operator()(const State& x, State& dxdt, double t) const {
    Eigen::Map<const Vec> xm(x.data(), static_cast<Eigen::Index>(x.size()));
    Eigen::Map<Vec> dm(dxdt.data(), static_cast<Eigen::Index>(dxdt.size()));
    model->rhs(t, xm, *mode, dm);
    ++stats->rhs_evals;
  }
};
}  // namespace

RunStats run_dopri5(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                    const Observer& observer) {
  RunStats stats;
  EventLocator locator(model, options, stats);
  const bool events = options.events && model.num_events() > 0;
  if (observer) observer(t0, x, mode);
  if (events && locator.restart(t0, x, mode, observer).terminate) return stats;
  const std::size_t n = model.size();
  // max_dt = 0 means "no limit" to odeint's controller as well.
  auto stepper =
      odeint::make_dense_output(options.atol, options.rtol, options.max_step, odeint::runge_kutta_dopri5<State>());
  State xs(n), buffer(n);
  Eigen::Map<Vec>(xs.data(), static_cast<Eigen::Index>(n)) = x;
  const System system{&model, &mode, &stats};
  double h0 = std::min(options.dt, (t_end - t0) / 100);
  if (options.max_step > 0) h0 = std::min(h0, options.max_step);
  stepper.initialize(xs, t0, h0);

  const std::function<void(double, VecRef)> interpolate = [&](double tt, VecRef out) {
    stepper.calc_state(tt, buffer);
    out = Eigen::Map<const Vec>(buffer.data(), static_cast<Eigen::Index>(n));
  };
  Vec x_end(static_cast<Eigen::Index>(n)), x_out(static_cast<Eigen::Index>(n));

  long next_output = 1;
  auto output_time = [&](long k) { return t0 + static_cast<double>(k) * options.dt; };
  double t = t0;
  long steps_since_event = 0;
  StepCollapseLimit collapse("dopri5", t0, t_end, options.max_steps);  // a step size that collapsed ends the run
  while (t < t_end) {
    check_interrupt();  // every step: an adaptive run can take millions of steps between two outputs
    const auto [ta, tb] = stepper.do_step(system);
    ++stats.steps;
    collapse.step(std::min(tb, t_end));
    if (++steps_since_event > 100000000L) throw SolverError("dopri5: too many steps");
    const double t_stop = std::min(tb, t_end);
    interpolate(t_stop, x_end);
    require_finite(x_end, t_stop, "dopri5");
    if (!(tb > ta)) throw SolverError("dopri5: the step size underflowed at t=" + std::to_string(ta));
    std::optional<EventLocator::Hit> hit;
    if (events) hit = locator.check(ta, t_stop, x_end, mode, interpolate);
    const double t_limit = hit ? hit->t : t_stop;
    while (observer && output_time(next_output) < t_limit && output_time(next_output) < t_end) {
      interpolate(output_time(next_output), x_out);
      observer(output_time(next_output), x_out, mode);
      ++next_output;
    }
    if (hit) {
      interpolate(hit->t, x);
      t = hit->t;
      const EventOutcome outcome = hand_over_event(model, t, x, mode, hit->which, options, stats, observer);
      if (outcome.terminate || t >= t_end) return stats;
      const std::vector<std::size_t> declined = outcome.changed ? std::vector<std::size_t>{} : std::vector{hit->which};
      if (locator.restart(t, x, mode, observer, declined).terminate) return stats;
      Eigen::Map<Vec>(xs.data(), static_cast<Eigen::Index>(n)) = x;
      stepper.initialize(xs, t, std::min(stepper.current_time_step(), t_end - t));
      steps_since_event = 0;
      continue;
    }
    if (events) locator.accept();
    t = t_stop;
    if (t >= t_end) {
      x = x_end;
      if (observer) observer(t_end, x, mode);
    }
  }
  return stats;
}

}  // namespace stickslip
