// studies/oscillator_runs.cpp — one dry-friction oscillator run (studies/oscillator_runs.hpp).
#include "studies/oscillator_runs.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"

namespace stickslip {

const std::vector<std::string>& oscillator_solver_names() {
  static const std::vector<std::string> names{"filippov",   "filippov-cvode", "filippov-rk4",  "filippov-fd",
                                              "ida",        "ida-noproj",     "euler-sign",    "midpoint-sign",
                                              "heun-sign",  "rk4-sign"};
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

OscillatorRun run_oscillator(const std::string& solver, const OscillatorSettings& s) {
  OscillatorRun run;
  run.solver = solver;
  const OscillatorParameters& p = s.p;
  SolverOptions so;
  so.dt = s.dt;
  so.rtol = s.rtol;
  so.atol = s.atol;
  if (solver.rfind("filippov", 0) == 0) {
    const FrictionOscillator osc(p);
    FilippovOptions fo;
    fo.solver = so;
    fo.solver.kind = solver == "filippov-cvode" ? SolverKind::cvode
                     : solver == "filippov-rk4" ? SolverKind::rk4
                                                : SolverKind::dopri5;
    if (solver == "filippov-fd") fo.gradient = GradientKind::finite_difference;
    fo.fd_delta = s.fd_delta;
    const FilippovModel model(osc, fo.gradient, fo.fd_delta);
    Vec x(2);
    x << s.x0, s.v0;
    Mode mode;
    run.stats = integrate_filippov(osc, 0, s.t_end, x, mode, fo, [&](double t, VecCRef y, const Mode& md) {
      const double sigma = model.side_values(t, y, md)[0];
      run.samples.push_back({t, y[0], y[1], -sigma * p.fmax(), (1 - sigma) / 2, md[0]});
    });
    // A start in the sticking (sliding-mode) set that never leaves it sticks at t = 0, as the exact solution says.
    if (run.stats.events.empty() && mode[0] == sliding_mode) run.t_stick = 0;
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == sliding_mode) run.t_stick = e.t;
    if (mode[0] != sliding_mode) run.t_stick = std::nan("");
  } else if (solver.rfind("ida", 0) == 0) {
    const FrictionOscillatorDae dae(p, solver == "ida");
    so.kind = SolverKind::ida;
    Vec x(3);
    x << s.x0, s.v0, 0;
    Mode mode = dae.initial_mode(0, x);
    const bool starts_sticking = mode[0] == osc_stick;
    run.stats = integrate(dae, 0, s.t_end, x, mode, so, [&](double t, VecCRef y, const Mode& md) {
      const double lambda = md[0] == osc_stick ? 0.5 * (1 + y[2] / p.fmax()) : (md[0] == osc_slip_pos ? 0.0 : 1.0);
      run.samples.push_back({t, y[0], y[1], y[2], lambda, md[0]});
    });
    if (starts_sticking) run.t_stick = 0;  // and sticks until the last stick event, if any
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == osc_stick) run.t_stick = e.t;
    if (mode[0] != osc_stick) run.t_stick = std::nan("");
  } else {
    const FrictionOscillator osc(p);
    so.kind = parse_solver("solver", solver.substr(0, solver.find('-')));
    Vec x(2);
    x << s.x0, s.v0;
    Mode mode;
    run.stats = integrate(osc, 0, s.t_end, x, mode, so, [&](double t, VecCRef y, const Mode&) {
      const double sg = y[1] > 0 ? 1.0 : (y[1] < 0 ? -1.0 : 0.0);
      run.samples.push_back({t, y[0], y[1], -sg * p.fmax(), (1 - sg) / 2, 0});
    });
    // A start at rest inside the stick band |k x0| <= mu F_N is a stick at t = 0 (the exact solution's); the naive
    // scheme's creep from there is its drift.
    if (s.v0 == 0 && p.k * std::abs(s.x0) <= p.fmax()) run.t_stick = 0;
    for (std::size_t i = 1; i < run.samples.size() && !std::isfinite(run.t_stick); ++i) {
      const OscillatorSample &a = run.samples[i - 1], &b = run.samples[i];
      if (a.v != 0 && a.v * b.v <= 0 && p.k * std::abs(b.x) <= p.fmax()) {
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
  const bool located = solver.find("-sign") == std::string::npos;
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
