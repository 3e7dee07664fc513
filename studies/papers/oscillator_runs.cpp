// studies/papers/oscillator_runs.cpp — one dry-friction oscillator run (studies/papers/oscillator_runs.hpp).
#include "studies/papers/oscillator_runs.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

namespace {
// The curves of this study (Krengel & Matuttis Fig. 1 and its naive variants): Coulomb's law under an integrator spec
// (the driver follows from the spec and the law's forms: a filippov: spec runs the Filippov pieces, ida the DAE, a
// fixed step the sign form) with the options of its form.
struct Curve {
  const char* name;
  const char* spec;
  bool projection;
  GradientKind gradient;
};
constexpr Curve kCurves[] = {
    {"filippov", "filippov:dopri5", true, GradientKind::exact},
    {"filippov-cvode", "filippov:cvode", true, GradientKind::exact},
    {"filippov-rk4", "filippov:rk4", true, GradientKind::exact},
    {"filippov-fd", "filippov:dopri5", true, GradientKind::finite_difference},
    {"ida", "ida", true, GradientKind::exact},
    {"ida-noproj", "ida", false, GradientKind::exact},
    {"euler-sign", "euler", true, GradientKind::exact},
    {"midpoint-sign", "midpoint", true, GradientKind::exact},
    {"heun-sign", "heun", true, GradientKind::exact},
    {"rk4-sign", "rk4", true, GradientKind::exact},
};
}  // namespace

const std::vector<std::string>& oscillator_solver_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Curve& c : kCurves) n.push_back(c.name);
    return n;
  }();
  return names;
}

std::string oscillator_solver(const std::string& key, const std::string& text) {
  if (std::find(oscillator_solver_names().begin(), oscillator_solver_names().end(), text) != oscillator_solver_names().end()) return text;
  const IntegratorSpec sp = parse_integrator_among(key, text, {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida"});
  const std::string allowed = "allowed: " + join(oscillator_solver_names()) +
                              ", or the specs filippov:dopri5, filippov:cvode, filippov:rk4, ida, euler, midpoint, heun, rk4";
  if (sp.adams || sp.max_order > 0) throw_input(key, text, allowed);
  if (sp.filippov) {
    if (sp.scheme == "dopri5") return "filippov";
    if (sp.scheme == "cvode" || sp.scheme == "rk4") return "filippov-" + sp.scheme;
    throw_input(key, text, allowed);
  }
  if (sp.scheme == "ida") return "ida";
  if (sp.adaptive()) throw_input(key, text, allowed);
  return sp.scheme + "-sign";
}

namespace {

// A solver name of this study as its curve's spec and options.
struct OscillatorSolver {
  IntegratorSpec spec;
  bool projection = true;
  GradientKind gradient = GradientKind::exact;
};
OscillatorSolver solver_of(const std::string& solver) {
  for (const Curve& c : kCurves)
    if (solver == c.name) return {parse_integrator("solver", c.spec), c.projection, c.gradient};
  throw_input("solver", solver, "allowed: " + join(oscillator_solver_names()));
}

}  // namespace

OscillatorRun run_oscillator(const std::string& solver, const OscillatorSettings& s) {
  OscillatorRun run;
  run.solver = solver;
  const OscillatorParameters& p = s.p;
  const double fmax = s.law.mu * p.fn;
  const OscillatorSolver os = solver_of(solver);
  SolverOptions so;
  so.dt = s.dt;
  so.rtol = s.rtol;
  so.atol = s.atol;
  so = contact_solver_options(os.spec, law_forms("friction", "coulomb", RelationKind::one_d), "solver", so);
  LawValues values;
  values.set("mu", s.law.mu);
  const ContactSystem sys = oscillator_system(p, "coulomb", values, driver_of(so.kind, os.spec.filippov), true,
                                              os.projection, solver);
  const ContactForm form = sys.form;
  run.located = form == ContactForm::filippov || form == ContactForm::dae;
  Vec x(static_cast<Eigen::Index>(sys.size()));
  x.setZero();
  x[0] = s.x0;
  x[1] = s.v0;
  Mode mode = contact_initial_mode(sys, 0, x);
  const bool starts_stuck = form == ContactForm::dae && mode[0] == stick_mode;
  run.stats = run_contact(sys, 0, s.t_end, x, mode, so, [&](const ContactSample& q) {
    double lambda;
    int md = 0;
    if (form == ContactForm::filippov) {
      lambda = (1 - q.sigma) / 2, md = q.mode[0];
    } else if (form == ContactForm::dae) {
      md = q.mode[0];
      lambda = md == stick_mode ? 0.5 * (1 + q.force / fmax) : (md == slide_pos ? 0.0 : 1.0);
    } else {
      const double sg = q.x[1] > 0 ? 1.0 : (q.x[1] < 0 ? -1.0 : 0.0);
      lambda = (1 - sg) / 2;
    }
    run.samples.push_back({q.t, q.x[0], q.x[1], q.force, lambda, md});
  }, os.gradient, s.fd_delta);
  if (form == ContactForm::filippov || form == ContactForm::dae) {
    const int stuck = form == ContactForm::filippov ? static_cast<int>(sliding_mode) : static_cast<int>(stick_mode);
    // A start in the sticking set sticks at t = 0, as the exact solution says (the Filippov form: when it never
    // leaves it; the DAE: until the last stick event, if any).
    if (starts_stuck || (form == ContactForm::filippov && run.stats.events.empty() && mode[0] == stuck))
      run.t_stick = 0;
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == stuck) run.t_stick = e.t;
    if (mode[0] != stuck) run.t_stick = std::nan("");
  } else {
    // A start at rest inside the stick band |k x0| <= mu F_N is a stick at t = 0 (the exact solution's); the naive
    // scheme's creep from there is its drift.
    if (s.v0 == 0 && p.k * std::abs(s.x0) <= fmax) run.t_stick = 0;
    for (std::size_t i = 1; i < run.samples.size() && !std::isfinite(run.t_stick); ++i) {
      const OscillatorSample &a = run.samples[i - 1], &b = run.samples[i];
      if (a.v != 0 && a.v * b.v <= 0 && p.k * std::abs(b.x) <= fmax) {
        run.t_stick = b.t;
        break;
      }
    }
  }
  // Stick place, drift and residual motion after the stick time.
  if (std::isfinite(run.t_stick)) {
    bool first = true;
    double prev_v = 0;
    run.drift = 0;
    for (const auto& q : run.samples) {
      if (q.t < run.t_stick) continue;
      if (first && (q.t > run.t_stick || q.mode == run.samples.back().mode)) {
        run.x_stick = q.x;
        first = false;
      }
      if (first) continue;
      run.drift = std::max(run.drift, std::abs(q.x - run.x_stick));
      run.v_after = std::max(run.v_after, std::abs(q.v));
      if (prev_v * q.v < 0) ++run.sign_changes;
      prev_v = q.v;
    }
  }
  return run;
}

nlohmann::json oscillator_run_row(const std::string& solver, const OscillatorSettings& s,
                                  const DryFrictionOscillatorExact& exact, const std::filesystem::path& csv_path) {
  const OscillatorRun r = run_oscillator(solver, s);
  CsvWriter csv(csv_path, {"t [s]", "x [m]", "v [m/s]", "F [N]", "lambda", "mode"});
  for (const auto& q : r.samples) csv.row({q.t, q.x, q.v, q.force, q.lambda, static_cast<double>(q.mode)});
  csv.close();
  // The naive sign() schemes have no switching function: their stick time is read off the output grid.
  const bool located = r.located;
  nlohmann::json row{{"solver", solver},
                     {"x_stick", json_number(r.x_stick)},
                     {"drift", json_number(r.drift)},
                     {"t_stick_error", json_number(r.t_stick - exact.t_stick())},
                     {"x_stick_error", json_number(r.x_stick - exact.x_stick())},
                     {"max_speed_after_stick", json_number(r.v_after)},
                     {"velocity_sign_changes_after_stick", r.sign_changes},
                     {"events", r.stats.events.size()},
                     {"steps", r.stats.steps},
                     {"rhs_evals", r.stats.rhs_evals}};
  put_transition_time(row, "t_stick", r.t_stick, located, s.dt);
  return row;
}

}  // namespace stickslip
