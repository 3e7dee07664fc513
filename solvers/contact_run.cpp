// solvers/contact_run.cpp — see contact_run.hpp.
#include "solvers/contact_run.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "solvers/integrate.hpp"

namespace stickslip {

Driver driver_of(Scheme kind, bool filippov) {
  if (filippov) return Driver::filippov;
  switch (kind) {
    case Scheme::dopri5: return Driver::dopri5;
    case Scheme::cvode: return Driver::cvode;
    case Scheme::ida: return Driver::ida;
    default: return Driver::fixed;
  }
}

bool runs_filippov(const IntegratorSpec& spec, unsigned law_forms) {
  const bool filippov_only = (law_forms & form_filippov) && !(law_forms & ~(form_filippov | form_slip_force));
  return spec.filippov || filippov_only;
}

SolverOptions contact_solver_options(const IntegratorSpec& spec, unsigned law_forms, const std::string& key,
                                     SolverOptions base) {
  if (spec.scheme != Scheme::bdf) return spec.options(key, base);
  const bool dae = (law_forms & (form_dae | form_dae_ode)) && !runs_filippov(spec, law_forms);
  base.kind = dae ? Scheme::ida : Scheme::cvode;
  base.adams = false;
  if (spec.max_order > 0) base.max_order = spec.max_order;
  return base;
}

int contact_mode(const ContactSystem& s, const Mode& mode) {
  if (mode.empty()) return free_mode;
  if (s.model) return mode[0];
  switch (mode[0]) {
    case sliding_mode: return stick_mode;
    case region_I: return slide_neg;
    default: return slide_pos;
  }
}

void validate_contact_run(const ContactSystem& s, const SolverOptions& so, double t0, double t_end) {
  if (s.model) validate_solver_options(*s.model, so, t0, t_end);
  else validate_solver_options(FilippovModel(*s.filippov), so, t0, t_end);
}

Mode contact_initial_mode(const ContactSystem& s, double t0, VecCRef x) {
  return s.model ? s.model->initial_mode(t0, x) : Mode{};
}

RunStats simulate(const ContactSystem& s, const ContactRun& run, VecRef x, Mode& mode,
                  const ContactObserver& observer) {
  const SolverOptions& so = run.solver;
  // (a system formed for the Filippov driver runs on any scheme: the Filippov form's, or a smooth law's own form)
  if (s.driver != Driver::filippov && driver_of(so.kind, false) != s.driver)
    throw std::logic_error(std::string("simulate: a system formed for ") + to_string(s.driver) + " run by " +
                           to_string(driver_of(so.kind, false)));
  if (s.model) {
    const ContactModelBase& m = *s.model;
    if (mode.empty()) {
      mode = m.initial_mode(run.t0, x);
      if (run.project) m.project(run.t0, x, mode);
    }
    return integrate(m, run.t0, run.t_end, x, mode, so, [&](double t, VecCRef y, const Mode& md) {
      if (observer) observer({t, y, md, m.contact_force(t, y, md), std::nan("")});
    });
  }
  FilippovOptions fo;
  fo.solver = so;
  fo.gradient = run.gradient;
  fo.fd_delta = run.fd_delta;
  const FilippovModel wrapper(*s.filippov, run.gradient, run.fd_delta);
  return integrate_filippov(*s.filippov, run.t0, run.t_end, x, mode, fo, [&](double t, VecCRef y, const Mode& md) {
    if (!observer) return;
    const double sigma = wrapper.side_values(t, y, md)[0];
    observer({t, y, md, s.filippov_force(t, y, sigma), sigma});
  });
}

}  // namespace stickslip
