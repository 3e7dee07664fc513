#include "solvers/integrate.hpp"

#include "core/interrupt.hpp"
#include "core/progress.hpp"

#include "core/errors.hpp"

namespace stickslip {

std::string form_refuses(ModelForm form, Scheme kind) {
  if (form == ModelForm::dae && kind != Scheme::ida) return "this model is a DAE (algebraic rows); allowed: ida";
  if (form == ModelForm::step_rule && (!is_fixed_step(kind) || kind == Scheme::gear))
    return "this model adjusts its state between steps (a time-stepping rule, not an ODE); allowed: euler, midpoint, "
           "heun, rk4 (gear's multistep history would no longer be the solution's derivatives)";
  return "";
}

void validate_solver_options(const Model& model, const SolverOptions& o, double t0, double t_end) {
  const auto str = [](double v) { return format_value(v); };
  if (!(t_end > t0)) throw_input("t_end", str(t_end), "must be > the start time " + str(t0));
  if (!(o.dt > 0)) throw_input("dt", str(o.dt), "must be > 0");
  if (o.dt > t_end - t0) throw_input("dt", str(o.dt), "must be <= t_end - t0 = " + str(t_end - t0));
  // Grid points (steps, or the adaptive drivers' outputs) counted without overflow, refused past the limit.
  require_count("dt", str(o.dt), step_count(t_end - t0, o.dt), o.max_steps, "(t_end - t0) / dt = " + str(t_end - t0) +
                " / " + str(o.dt), is_fixed_step(o.kind) ? "steps" : "output points", "raise dt or lower t_end");
  if (!is_fixed_step(o.kind)) {
    if (!(o.rtol > 0 && o.rtol < 1)) throw_input("rtol", str(o.rtol), "must lie in (0, 1)");
    if (!(o.atol > 0)) throw_input("atol", str(o.atol), "must be > 0");
    if (!(o.max_step >= 0)) throw_input("max_step", str(o.max_step), "must be >= 0 (0 = no limit)");
  }
  if (o.kind == Scheme::ida && (o.max_order < 1 || o.max_order > 5))
    throw_input("max_order", std::to_string(o.max_order), "IDA allows 1..5");
  if (o.kind == Scheme::gear && (o.max_order < 1 || o.max_order > 5))
    throw_input("max_order", std::to_string(o.max_order), "gear allows 1..5");
  if (o.kind == Scheme::cvode && (o.max_order < 1 || o.max_order > (o.adams ? 12 : 5)))
    throw_input("max_order", std::to_string(o.max_order), o.adams ? "CVODE Adams allows 1..12" : "CVODE BDF allows 1..5");
  if (const std::string why = form_refuses(model.form(), o.kind); !why.empty()) throw_input("solver", to_string(o.kind), why);
}

RunStats integrate(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                   const Observer& observer) {
  validate_solver_options(model, options, t0, t_end);
  check_interrupt();  // a signal (or the end of a --dry-run) stops here, before the run
  if (static_cast<std::size_t>(x.size()) != model.size())
    throw std::logic_error("integrate: state size does not match the model");
  // A state that violates the initial mode's constraints jumps onto them at t0 (e.g. the D-SDS spring of a
  // contact that starts sliding); the observer sees both sides of that jump, like any other event.
  const Vec before = x;
  model.project(t0, x, mode);
  if (observer && before != x) observer(t0, before, mode);
  // Every driver calls the observer after each step: that is where a pending signal ends a long run.
  // ... and where the progress line (core/progress.hpp) learns how far the run is.
  const RunSpan span(t0, t_end);
  const Observer checked = [&observer](double t, VecCRef xs, const Mode& m) {
    check_interrupt();
    progress_at(t);
    if (observer) observer(t, xs, m);
  };
  switch (options.kind) {
    case Scheme::dopri5: return run_dopri5(model, t0, t_end, x, mode, options, checked);
    case Scheme::cvode: return run_cvode(model, t0, t_end, x, mode, options, checked);
    case Scheme::ida: return run_ida(model, t0, t_end, x, mode, options, checked);
    case Scheme::gear: return run_gear(model, t0, t_end, x, mode, options, checked);
    default: return run_fixed_step(model, t0, t_end, x, mode, options, checked);
  }
}

}  // namespace stickslip
