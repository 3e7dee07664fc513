// studies/papers/krengel_matuttis/oscillator_runs.cpp — one dry-friction oscillator run
// (studies/papers/krengel_matuttis/oscillator_runs.hpp).
#include "studies/papers/krengel_matuttis/oscillator_runs.hpp"

#include <algorithm>
#include <optional>

#include "models/contact/registry.hpp"
#include "core/did_you_mean.hpp"
#include "core/errors.hpp"
#include "core/progress.hpp"
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
    {"gear2-sign", "gear:2", true, GradientKind::exact},
    {"gear5-sign", "gear:5", true, GradientKind::exact},
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
  const auto& names = oscillator_solver_names();
  if (std::find(names.begin(), names.end(), text) != names.end()) return text;
  const std::vector<std::string> specs{"filippov:dopri5", "filippov:cvode", "filippov:rk4", "ida", "euler", "midpoint", "heun", "rk4",
                                       "gear:2", "gear:5"};
  std::vector<std::string> known = names;
  known.insert(known.end(), specs.begin(), specs.end());
  const std::string allowed = "allowed: " + join(names) + ", or the specs " + join(specs) + did_you_mean(text, known);
  IntegratorSpec sp;
  try {
    sp = parse_integrator_among(key, text, {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida", "gear"});
  } catch (const InputError&) {
    throw_input(key, text, allowed);
  }
  // The curve whose spec this is, in the table's order (filippov:dopri5 is "filippov", ida is "ida"); gear alone is
  // gear:5, cvode:bdf the same as cvode (BDF is its default).
  if (sp.scheme == Scheme::gear && sp.max_order == 0) sp.max_order = 5;
  if (!sp.adams) sp.variant_given = false;
  for (const Curve& c : kCurves)
    if (c.projection && c.gradient == GradientKind::exact && parse_integrator(key, c.spec).text() == sp.text())
      return c.name;
  throw_input(key, text, allowed);
}

bool exact_is_the_laws(const OscillatorSettings& s) { return coulomb_is_the_reference(s.friction, s.values); }

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

namespace {

// What a law's stick is on the oscillator: set-valued (a stick set |F| <= F_s), and its static threshold F_s (the
// cut-off of a spring law; NaN for a law with neither).
struct LawStick {
  bool set_valued = false;
  double threshold = std::nan("");
};
LawStick law_stick(const std::string& friction, const LawValues& values, double fn) {
  return with_law("friction", friction, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    const L law = make_law<L>(values);
    if constexpr (SetValuedLaw<L>) return LawStick{true, law.static_threshold(fn)};
    else if constexpr (requires { law.static_threshold(fn); }) return LawStick{false, law.static_threshold(fn)};
    else return LawStick{};
  });
}

struct Prepared {
  OscillatorSolver os;
  SolverOptions so;
  ContactSystem sys;
};
Prepared prepare(const std::string& solver, const OscillatorSettings& s) {
  const OscillatorSolver os = solver_of(solver);
  SolverOptions so;
  so.dt = s.dt;
  so.rtol = s.rtol;
  so.atol = s.atol;
  const unsigned forms = law_forms("friction", s.friction, RelationKind::one_d);
  so = contact_solver_options(os.spec, forms, "solver", so);
  ContactSystem sys = oscillator_system(s.p, s.friction, s.values, driver_of(so.kind, runs_filippov(os.spec, forms)), true,
                                        os.projection, solver);
  return {os, so, std::move(sys)};
}

}  // namespace

void check_oscillator_solver(const std::string& key, const std::string& solver, const OscillatorSettings& s) {
  try {
    const Prepared pr = prepare(solver, s);
    validate_contact_run(pr.sys, pr.so, 0, s.t_end);
  } catch (const InputError& e) {
    if (e.key == "solver" && key != "solver") throw_input(key, e.value, e.allowed);
    throw;
  }
}

namespace {

// The running quantities the stick tests read of the samples while they stream: the first sampled stick of the sign
// form, the start of the last stretch below the cut-off of a rate law, the last sample. (the look-ahead of
// coulomb-km, a sign law with an exact stick at v = 0 only, is read as the sign form is)
struct StickTracker {
  bool sampled_sign = false, sampled_cutoff = false;
  double k = 0, fmax = 0, threshold = 0;
  double first_sign_stick = std::nan(""), held_since = std::nan("");
  std::optional<OscillatorSample> last;
  void observe(const OscillatorSample& b) {
    if (sampled_sign && last && std::isnan(first_sign_stick) && last->v != 0 && last->v * b.v <= 0 &&
        k * std::abs(b.x) <= fmax)
      first_sign_stick = b.t;
    if (sampled_cutoff) {
      if (!(std::abs(b.force) < (1 - 1e-9) * threshold)) held_since = std::nan("");
      else if (std::isnan(held_since)) held_since = b.t;
    }
    last = b;
  }
};

// The sample of a driver's output: lambda, the share of the negative sliding direction (eq. 9's), and the mode.
OscillatorSample oscillator_sample(const ContactSample& q, ContactForm form, double fmax) {
  double lambda;
  int md = 0;
  if (form == ContactForm::filippov) {
    lambda = (1 - q.sigma) / 2, md = q.mode[0];
  } else if (form == ContactForm::lookahead) {
    lambda = 0.5 * (1 + q.force / fmax);  // F = -F_s (1 - 2 lambda), eq. 9
  } else if (form == ContactForm::dae || form == ContactForm::hybrid) {
    md = q.mode[0];
    lambda = md == stick_mode ? 0.5 * (1 + q.force / fmax) : (md == slide_pos ? 0.0 : 1.0);
  } else {
    const double sg = q.x[1] > 0 ? 1.0 : (q.x[1] < 0 ? -1.0 : 0.0);
    lambda = (1 - sg) / 2;
  }
  return {q.t, q.x[0], q.x[1], q.force, lambda, md};
}

// t_stick and how it was found (or why the law never sticks), by the form: located events, or the samples.
void decide_stick(OscillatorRun& run, ContactForm form, bool starts_stuck, const Mode& mode, const StickTracker& tr,
                  const OscillatorSettings& s) {
  if (run.located) {
    const int stuck = form == ContactForm::filippov ? static_cast<int>(sliding_mode) : static_cast<int>(stick_mode);
    run.stick_test = form == ContactForm::filippov ? "located: the last event into the Filippov sliding mode"
                                                    : "located: the last event into the stick mode";
    // A start in the sticking set sticks at t = 0, as the exact solution says (the Filippov form: when it never
    // leaves it; the DAE and modes: until the last stick event, if any).
    if (starts_stuck || (form == ContactForm::filippov && run.stats.events.empty() && mode[0] == stuck))
      run.t_stick = 0;
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == stuck) run.t_stick = e.t;
    if (mode[0] != stuck) run.t_stick = std::nan("");
  } else if (tr.sampled_sign) {
    run.stick_test = "sampled: the first output time at which v changes sign while |k x| <= F_s (the law's static "
                     "threshold)";
    // A start at rest inside the stick band |k x0| <= mu F_N is a stick at t = 0 (the exact solution's); the naive
    // scheme's creep from there is its drift.
    if (s.v0 == 0 && s.p.k * std::abs(s.x0) <= tr.fmax) run.t_stick = 0;
    else run.t_stick = tr.first_sign_stick;
  } else if (tr.sampled_cutoff) {
    run.stick_test = "sampled: the first output time of the last stretch in which |F| stays below the cut-off F_s";
    // Sliding holds the force at its cut-off; below it the spring holds the contact.
    run.t_stick = tr.held_since;
  } else {
    run.can_stick = false;
    run.stick_test = "never: friction=" + s.friction + " (" + to_string(form) +
                     " form) has no stick: its force is a function of the slip velocity that vanishes only at v = 0, "
                     "without a stick set or a cut-off";
  }
}

// Stick place, drift and residual motion after the stick time: one more pass over the samples.
void after_stick(OscillatorRun& run, int last_mode, const OscillatorSampleSink& sink, const OscillatorReplay& replay) {
  bool first = true;
  double prev_v = 0;
  run.drift = 0;
  const OscillatorSampleSink read = [&](const OscillatorSample& q) {
    if (q.t < run.t_stick) return;
    if (first && (q.t > run.t_stick || q.mode == last_mode)) {
      run.x_stick = q.x;
      first = false;
    }
    if (first) return;
    run.drift = std::max(run.drift, std::abs(q.x - run.x_stick));
    run.v_after = std::max(run.v_after, std::abs(q.v));
    if (prev_v * q.v < 0) ++run.sign_changes;
    prev_v = q.v;
  };
  if (sink) replay(read);
  else
    for (const auto& q : run.samples) read(q);
}

}  // namespace

OscillatorRun run_oscillator(const std::string& solver, const OscillatorSettings& s, const OscillatorSampleSink& sink,
                             const OscillatorReplay& replay) {
  if (sink && !replay) throw std::logic_error("run_oscillator: a sink needs a replay for the stick analysis");
  OscillatorRun run;
  run.solver = solver;
  const LawStick stick = law_stick(s.friction, s.values, s.p.fn);
  const double fmax = std::isfinite(stick.threshold) ? stick.threshold : s.law.mu * s.p.fn;
  const Prepared pr = prepare(solver, s);
  const ContactSystem& sys = pr.sys;
  const ContactForm form = sys.form;
  run.located = form == ContactForm::filippov || form == ContactForm::dae || form == ContactForm::hybrid;
  Vec x(static_cast<Eigen::Index>(sys.size()));
  x.setZero();
  x[0] = s.x0;
  x[1] = s.v0;
  Mode mode = contact_initial_mode(sys, 0, x);
  const bool starts_stuck = (form == ContactForm::dae || form == ContactForm::hybrid) && mode[0] == stick_mode;
  StickTracker tr;
  tr.sampled_sign = (form == ContactForm::slip_force && stick.set_valued) || form == ContactForm::lookahead;
  tr.sampled_cutoff = form == ContactForm::rate && std::isfinite(stick.threshold);
  tr.k = s.p.k, tr.fmax = fmax, tr.threshold = stick.threshold;
  const ContactRun span{.t_end = s.t_end, .solver = pr.so, .gradient = pr.os.gradient, .fd_delta = s.fd_delta};
  run.stats = simulate(sys, span, x, mode, [&](const ContactSample& q) {
    const OscillatorSample b = oscillator_sample(q, form, fmax);
    tr.observe(b);
    if (sink) sink(b);
    else run.samples.push_back(b);
  });
  decide_stick(run, form, starts_stuck, mode, tr, s);
  if (std::isfinite(run.t_stick) && tr.last) after_stick(run, tr.last->mode, sink, replay);
  return run;
}

nlohmann::json oscillator_run_row(const std::string& solver, const OscillatorSettings& s,
                                  const DryFrictionOscillatorExact& exact, const std::filesystem::path& csv_path) {
  // The samples stream to the CSV as the run goes; the stick analysis reads them back from it (written with
  // max_digits10: the same doubles). The progress line (core/progress.hpp) covers both passes: the run is the first
  // half of the span, the reading the second.
  const RunSpan span(0, 2 * s.t_end);
  CsvWriter csv(csv_path, {"t [s]", "x [m]", "v [m/s]", "F [N]", "lambda", "mode"});
  const OscillatorRun r = run_oscillator(
      solver, s, [&](const OscillatorSample& q) { csv.row({q.t, q.x, q.v, q.force, q.lambda, static_cast<double>(q.mode)}); },
      [&](const OscillatorSampleSink& visit) {
        csv.close();
        for_each_csv_row(csv_path, [&](const std::vector<double>& r) {
          progress_at(s.t_end + r.at(0));
          visit({r.at(0), r.at(1), r.at(2), r.at(3), r.at(4), static_cast<int>(r.at(5))});
        });
      });
  csv.close();  // when the analysis needed no second pass
  // The naive sign() schemes have no switching function: their stick time is read off the output grid.
  const bool located = r.located;
  // The exact solution is Coulomb's: errors against it only for the Coulomb laws.
  const bool coulomb = exact_is_the_laws(s);
  nlohmann::json row{{"solver", solver},
                     {"friction", s.friction},
                     {"stick_test", r.stick_test},
                     {"x_stick", json_number(r.x_stick)},
                     {"drift", json_number(r.drift)},
                     {"t_stick_error", coulomb ? json_number(r.t_stick - exact.t_stick()) : nlohmann::json(nullptr)},
                     {"x_stick_error", coulomb ? json_number(r.x_stick - exact.x_stick()) : nlohmann::json(nullptr)},
                     {"max_speed_after_stick", json_number(r.v_after)},
                     {"velocity_sign_changes_after_stick", r.sign_changes},
                     {"events", r.stats.events.size()},
                     {"steps", r.stats.steps},
                     {"rhs_evals", r.stats.rhs_evals}};
  put_transition_time(row, "t_stick", r.t_stick, located, s.dt);
  return row;
}

}  // namespace stickslip
