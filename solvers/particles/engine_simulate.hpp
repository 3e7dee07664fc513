// solvers/particles/engine_simulate.hpp — simulate: the one entry for a run of the particle engine. A run is its
// stepper (velocity Verlet or the trapezoid, solvers/particles/engine_drivers.hpp), its step dt, where it ends and
// an optional energy ledger; what a study does during the run is an observer, where it stops early a stop
// condition the observer returns, and an operator-split term a function of the half step. No study writes the loop.
//   end       steps > 0: exactly `steps` steps of dt; else the grid s.t + k dt up to t_end, the last step shortened
//             to land on t_end (nothing when t_end <= s.t). Callers bound the count (kMaxSteps, core/work_limits.hpp).
//   observer  called after every step as observer(state, k) or observer(state), k = 1, 2, ... the steps taken; it
//             returns void (the run goes on) or Flow (Flow::stop ends the run after step k: at rest, separated, ...).
//   split     split(h) before and after every step with h = dt/2 (Strang splitting of a term the engine does not
//             know, e.g. the container's drag); none by default.
// Every step is preceded by check_interrupt() (a signal ends the run between steps, core/interrupt.hpp) unless the
// run is a short calculation inside a set-up (interruptible = false: a binary impact that calibrates a study's
// restitution, which a --dry-run must finish before it declares the plan). Velocity Verlet takes verlet_step per
// step, or verlet_run's fused steps in a counted run without observer or ledger. The trapezoid takes one
// trapezoid_run over the whole run (its rejected steps retried at dt/2 and regrown within the run, the observer after
// every accepted step) unless the run can stop early, has a split term or asks for each_step: then each step of dt is
// a trapezoid run of its own (a rejection retried inside that step), the predictor carried over in the stepper's
// workspace.
#pragma once

#include <algorithm>
#include <concepts>
#include <type_traits>

#include "core/interrupt.hpp"
#include "core/work_limits.hpp"
#include "solvers/particles/engine_drivers.hpp"

namespace stickslip {

// What an observer returns where it can end a run.
enum class Flow { go_on, stop };

// Where a run of the engine ends and what it records (see the header comment).
struct EngineRun {
  double dt = 0;
  long steps = 0;       // > 0: exactly this many steps of dt (t_end ignored)
  double t_end = 0;     // otherwise: up to t_end on the grid s.t + k dt
  ParticleLedger* ledger = nullptr;
  bool interruptible = true;  // check_interrupt() before every step
  bool each_step = false;     // the trapezoid takes each step as a run of its own, as in a run that can stop
};

// How a run ended: the steps taken and whether the observer stopped it.
struct EngineRunEnd {
  long steps = 0;
  bool stopped = false;
};

// The split term of a run without one.
struct NoSplit {
  void operator()(double) const {}
};

namespace detail {
template <class Observer>
Flow observe_step(Observer& observer, const GranularState& s, long k) {
  if constexpr (std::invocable<Observer&, const GranularState&, long>) {
    if constexpr (std::same_as<std::invoke_result_t<Observer&, const GranularState&, long>, Flow>) return observer(s, k);
    else observer(s, k);
  } else if constexpr (std::same_as<std::invoke_result_t<Observer&, const GranularState&>, Flow>) {
    return observer(s);
  } else {
    observer(s);
  }
  return Flow::go_on;
}
template <class Observer>
constexpr bool can_stop() {
  if constexpr (std::invocable<Observer&, const GranularState&, long>)
    return std::same_as<std::invoke_result_t<Observer&, const GranularState&, long>, Flow>;
  else
    return std::same_as<std::invoke_result_t<Observer&, const GranularState&>, Flow>;
}
}  // namespace detail

template <class Engine, class Observer, class Split = NoSplit>
EngineRunEnd simulate(const Engine& e, GranularState& s, EngineStepper& st, const EngineRun& run, Observer&& observer,
                      Split&& split = {}) {
  constexpr bool stops = detail::can_stop<std::remove_reference_t<Observer>>();
  constexpr bool splits = !std::same_as<std::remove_cvref_t<Split>, NoSplit>;
  EngineRunEnd end;
  const double t0 = s.t;
  const bool counted = run.steps > 0;
  if (!counted && !(run.t_end > t0)) return end;  // nothing to do (step_count would ask for one step backwards)
  if constexpr (!stops && !splits) {
    if (st.scheme == Scheme::trapezoid && !run.each_step) {  // one trapezoid run over the whole span
      const double duration = counted ? static_cast<double>(run.steps) * run.dt : run.t_end - t0;
      detail::trapezoid_span(e, s, duration, run.dt, st, run.ledger,
                             [&](const GranularState& q) { (void)detail::observe_step(observer, q, ++end.steps); });
      return end;
    }
  }
  const long steps = counted ? run.steps : static_cast<long>(step_count(run.t_end - t0, run.dt));
  for (long k = 1; k <= steps; ++k) {
    if (run.interruptible) check_interrupt();
    const double h = counted ? run.dt : std::min(run.dt, run.t_end - s.t);
    if constexpr (splits) split(0.5 * h);
    engine_step(e, s, h, st, run.ledger);
    if constexpr (splits) split(0.5 * h);
    if (!counted && k == steps) s.t = run.t_end;
    end.steps = k;
    if (detail::observe_step(observer, static_cast<const GranularState&>(s), k) == Flow::stop) {
      end.stopped = true;
      break;
    }
  }
  return end;
}

// A run with no observer. Velocity Verlet over a count of steps without a ledger takes verlet_run's fused steps (one
// pass over the bodies per step, bit for bit verlet_step's motion; a signal ends it after the step in progress).
template <class Engine>
EngineRunEnd simulate(const Engine& e, GranularState& s, EngineStepper& st, const EngineRun& run) {
  if (st.scheme == Scheme::verlet && run.steps > 0 && !run.ledger && run.interruptible) {
    const VerletStats r = verlet_run(e, s, run.dt, run.steps);
    st.verlet.steps += r.steps;
    st.verlet.force_evaluations += r.force_evaluations;
    st.verlet.rebuilds += r.rebuilds;
    return {r.steps, false};
  }
  return simulate(e, s, st, run, [](const GranularState&) {});
}

}  // namespace stickslip
