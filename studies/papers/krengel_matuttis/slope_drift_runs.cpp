// studies/papers/krengel_matuttis/slope_drift_runs.cpp — one block-on-a-slope run of the slope-drift study
// (studies/papers/krengel_matuttis/slope_drift_runs.hpp).
#include "studies/papers/krengel_matuttis/slope_drift_runs.hpp"

#include <algorithm>
#include <stdexcept>
#include <fmt/format.h>

#include "models/contact/registry.hpp"
#include "core/errors.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/krengel_matuttis/slope_block_engine.hpp"

namespace stickslip {

namespace {

constexpr double kDeg = 3.14159265358979323846 / 180;

// The integrator spec of a solver name of this study: its names are the labels of the paper's legends (bdf2 is
// bdf:2, filippov-heun is filippov:heun; solvers/integrator_spec.hpp reads them).
IntegratorSpec spec_of(const std::string& solver) { return parse_integrator("solver", solver); }

unsigned forms_of(const std::string& law) { return law_forms("friction", law, RelationKind::one_d); }

// Whether the registry law is set-valued (its slip-force form is then the sign law, which chatters across v = 0).
bool set_valued_law(const std::string& law) {
  return with_law("friction", law, [](const auto& e) { return SetValuedLaw<typename std::decay_t<decltype(e)>::Law>; });
}

// velocity Verlet: the polygon block on the particle engine (slope_block_engine.hpp), not a ContactSystem
bool on_engine(const SlopeConfig& c) { return c.solver == "verlet"; }

}  // namespace

const std::vector<std::string>& slope_solver_names() {
  static const std::vector<std::string> names{"heun", "rk4", "dopri5", "bdf2", "bdf5", "gear2", "gear5", "verlet"};
  return names;
}

bool slope_dae(const SlopeConfig& c) {
  if (on_engine(c)) return false;
  const IntegratorSpec spec = spec_of(c.solver);
  const unsigned f = forms_of(c.law);
  return !runs_filippov(spec, f) && (f & (form_dae | form_dae_ode)) &&
         contact_solver_options(spec, f, "solver", {}).kind == Scheme::ida;
}

std::string SlopeConfig::label() const {
  std::string s = fmt::format("{}_{}_dt{:g}_a{:g}_l{:g}_{}", law, solver, dt, angle_deg, size,
                              damping ? "damped" : "undamped");
  if (slope_dae(*this)) s += projection ? "_proj" : "_noproj";
  return s + (touching ? "_touching" : "_equilibrium");
}

std::string SlopeConfig::curve() const {
  return slope_dae(*this) ? solver + (projection ? " projection on" : " projection off") : solver;
}

nlohmann::json slope_motion(const SlopeOutcome& o) {
  if (!o.error.empty()) return nullptr;
  return std::isnan(o.t_rest) ? "slides" : "rests";
}

nlohmann::json slope_outcome_json(const SlopeOutcome& o) {
  const bool failed = !o.error.empty();  // a failed run has no values, not zeros
  return {{"t_rest", json_number(o.t_rest)}, {"s_rest", json_number(o.s_rest)}, {"v_rest", json_number(o.v_rest)},
          {"s_end", json_number(o.s_end)},   {"drift", json_number(o.drift)},   {"s_half", json_number(o.s_half)},
          {"late_drift", json_number(o.late_drift)}, {"max_abs_xh", json_number(o.max_abs_xh)},
          {"max_abs_theta", json_number(o.max_abs_theta)}, {"motion", slope_motion(o)},
          {"error", o.error}, {"steps", failed ? nlohmann::json() : nlohmann::json(o.steps)},
          {"events", failed ? nlohmann::json() : nlohmann::json(o.events)}};
}

SlopeOutcome slope_outcome_of(const nlohmann::json& j) {
  const auto num = [&](const char* key) { return j[key].is_number() ? j[key].get<double>() : std::nan(""); };
  SlopeOutcome o;
  o.t_rest = num("t_rest"), o.s_rest = num("s_rest"), o.v_rest = num("v_rest"), o.s_end = num("s_end");
  o.drift = num("drift"), o.s_half = num("s_half"), o.late_drift = num("late_drift"), o.max_abs_xh = num("max_abs_xh");
  o.max_abs_theta = j.contains("max_abs_theta") ? num("max_abs_theta") : 0.0;
  o.error = j["error"].get<std::string>();
  o.steps = j["steps"].is_number() ? j["steps"].get<long>() : 0;
  o.events = j["events"].is_number() ? j["events"].get<long>() : 0;
  return o;
}

std::string slope_solver(const std::string& key, const std::string& text) {
  IntegratorSpec s = parse_integrator_among(key, text, {"heun", "rk4", "dopri5", "cvode", "ida", "bdf", "gear", "verlet"});
  if (s.scheme == Scheme::verlet) {
    if (s.filippov) throw_input(key, text, "velocity Verlet runs on the particle engine, without the Filippov driver");
    return "verlet";
  }
  if (s.scheme == Scheme::gear) {  // the paper's BDF as a fixed-step predictor-corrector, order 2 or 5 (gear alone: 5)
    if (s.max_order == 0) s.max_order = 5;
    if (s.max_order != 2 && s.max_order != 5)
      throw_input(key, text, "the fixed-step BDF of this study (Gear's predictor-corrector) has order 2 or 5: gear2, gear5, gear:2, gear:5");
    return s.label();
  }
  if (s.kind() && !(s.scheme == Scheme::cvode || s.scheme == Scheme::ida)) return s.label();  // heun, rk4, dopri5
  // SUNDIALS' BDF in any spelling (cvode, ida, bdf) is the paper's BDF of order 2 or 5 (5: SUNDIALS' default)
  if (s.adams || (s.max_order != 0 && s.max_order != 2 && s.max_order != 5))
    throw_input(key, text, "the BDF of this study has maximum order 2 or 5: bdf2, bdf5, bdf:2, bdf:5, cvode:2, cvode:5, ida:2, ida:5");
  s.scheme = Scheme::bdf;
  s.variant_given = false;
  if (s.max_order == 0) s.max_order = 5;
  return s.label();
}

SolverOptions slope_solver_options(const SlopeConfig& c, const SlopeCommon& k) {
  SolverOptions o;
  o.dt = c.dt;  // the step of heun/rk4; the reporting interval of the adaptive solvers
  o.rtol = k.rtol;
  o.atol = k.atol;
  if (on_engine(c)) return o;  // velocity Verlet's step dt (its own driver: the kind is not read)
  o = contact_solver_options(spec_of(c.solver), forms_of(c.law), "solver", o);
  if (!is_fixed_step(o.kind)) o.max_step = c.dt;
  return o;
}

BlockParameters slope_block(const SlopeConfig& c, const SlopeCommon& k) {
  BlockParameters p = k.base;
  p.alpha = c.angle_deg * kDeg;
  p.size = c.size;
  p.damping = c.damping;
  p.validate();
  return p;
}

ContactSystem slope_system(const SlopeConfig& c, const SlopeCommon& k) {
  if (on_engine(c)) throw std::logic_error("slope_system: solver=verlet runs on the particle engine");
  const BlockParameters p = slope_block(c, k);
  const SolverOptions so = slope_solver_options(c, k);
  const bool filippov = runs_filippov(spec_of(c.solver), forms_of(c.law));
  const bool dae = slope_dae(c);
  const bool events = dae || needs_events(forms_of(c.law));
  if (k.polygon)
    return polygon_block_system(p, c.law, driver_of(so.kind, filippov), events, dae && c.projection, c.law_values, c.solver);
  return block_system(p, c.law, driver_of(so.kind, filippov), events, dae && c.projection, c.law_values, c.solver);
}

std::string slope_unsupported(const SlopeConfig& c, const SlopeCommon& k) {
  const BlockParameters p = slope_block(c, k);  // a bad parameter is an error, not a combination to skip
  if (on_engine(c)) {
    if (!k.polygon) return "velocity Verlet runs the block as a polygon on the particle engine (block=polygon)";
    if (const std::string why = block_engine_refusal(c.law); !why.empty()) return why;
    if (c.dt >= block_engine_stable_dt(p))
      return fmt::format("dt = {:g} s is beyond velocity Verlet's bound 2/omega = {:.3g} s for l = {:g} m", c.dt,
                         block_engine_stable_dt(p), c.size);
    try {  // the law's own refusal of its parameters (csds without damping)
      (void)run_block_on_engine(p, c.law, c.law_values, 0.0, 0.0, c.dt, c.dt, [](const SlopeEngineSample&) {});
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  // A law that offers the engine's exact static friction means that form here (the block's other forms have their
  // own names: coulomb-filippov, coulomb-dae), unless it has a 1-D form of its own for the fixed-step solvers
  // (coulomb-km: the look-ahead of eq. 15-17 on the block, the per-contact increment on the engine).
  if ((law_forms("friction", c.law, RelationKind::particles) & form_exact_static) &&
      !(law_forms("friction", c.law, RelationKind::one_d) & form_lookahead)) {
    std::vector<std::string> others;
    for (const std::string& s : sibling_entries(c.law))
      if (law_forms("friction", s, RelationKind::one_d) & (form_filippov | form_dae)) others.push_back(s);
    return c.law + " (exact static friction, Krengel & Matuttis eq. 21-22) is the particle engine's form: solver=verlet "
           "with block=polygon; the block's other forms of the law are " + join(others, " and ");
  }
  try {
    const ContactSystem sys = slope_system(c, k);
    if (sys.model) {
      if (const std::string why = form_refuses(sys.model->form(), slope_solver_options(c, k).kind); !why.empty()) return why;
    }
  } catch (const InputError& e) {
    // The driver's refusal reads as the reason itself ("this model is a DAE ..."), without "solver=<solver>: ".
    if (e.key == "solver" && e.value == c.solver) return e.allowed;
    return e.what();
  }
  return "";
}

void validate_slope_run(const SlopeConfig& c, const SlopeCommon& k, const SolverOptions& so) {
  if (on_engine(c)) {
    if (const std::string why = slope_unsupported(c, k); !why.empty()) throw_input("solver", c.solver, why);
    return;
  }
  validate_contact_run(slope_system(c, k), so, 0, k.t_end);
}

SlopeOutcome run_slope(const SlopeConfig& c, const SlopeCommon& k, const SolverOptions& so, CsvWriter* csv) {
  const BlockParameters p = slope_block(c, k);
  SlopeOutcome out;
  // At rest from the start only where friction can hold it, tan(alpha) <= mu: above the friction angle the block
  // released from equilibrium slides and never rests (t_rest and drift stay undefined, motion "slides").
  const bool rest_in_equilibrium = k.v0 == 0 && !c.touching && p.coulomb_deceleration() >= 0;
  if (rest_in_equilibrium) out.t_rest = 0;
  // A law that chatters across v = 0 instead of sticking (coulomb-km's look-ahead, the sign law off v = 0, and the
  // naive sign form) rests as far as its step resolves v = 0: within one step's velocity kick, |v| <= dt (F_s/m +
  // g sin(alpha)), F_s = mu m g cos(alpha) (under Heun it never reaches v <= 0: the rotation of its header keeps v in
  // (0, dt F_s/m)). The other laws: v <= 0.
  const unsigned forms = forms_of(c.law);
  const bool chatters = (forms & form_lookahead) ||
                        (!on_engine(c) && slope_system(c, k).form == ContactForm::slip_force && set_valued_law(c.law));
  const double band = chatters ? so.dt * p.g * (p.mu * std::cos(p.alpha) + std::sin(p.alpha)) : 0.0;
  bool moved = false;
  double next_out = 0;
  const double ca = std::cos(p.alpha), sa = std::sin(p.alpha);
  const double y0 = c.touching ? 0.0 : -p.static_overlap();
  const double xh0 = y0 * sa;  // horizontal position of the start
  double lo = 0, hi = 0;  // range of x_h - x_h(0) since the last CSV row (undamped runs oscillate faster than it)
  auto observe = [&](double t, double s, double v, double y, double ft, double theta) {
    out.max_abs_theta = std::max(out.max_abs_theta, std::abs(theta));
    moved = moved || v > 2 * band;
    if (std::isnan(out.t_rest) && moved && v <= band) {
      out.t_rest = t;
      out.s_rest = s;
      out.v_rest = v;
    }
    if (std::isnan(out.s_half) && t >= k.t_end / 2) out.s_half = s;
    const double xh = s * ca + y * sa - xh0;
    lo = std::min(lo, xh);
    hi = std::max(hi, xh);
    out.max_abs_xh = std::max(out.max_abs_xh, std::abs(xh));
    if (csv && (t >= next_out || t >= k.t_end)) {
      csv->row({t, s, v, y, ft, xh, lo, hi, theta});
      lo = hi = xh;
      // Rows 5% apart in t early on (for log-t plots of the grip), then every output_interval.
      next_out = t + std::min(k.output_interval, std::max(0.05 * t, so.dt));
    }
  };
  if (on_engine(c)) {
    out.steps = run_block_on_engine(p, c.law, c.law_values, y0, k.v0, c.dt, k.t_end, [&](const SlopeEngineSample& q) {
      observe(q.t, q.s, q.v, q.y, q.force, q.theta);
      out.s_end = q.s;
    });
    out.rhs_evals = out.steps + 1;  // one force evaluation per step and the set-up's
  } else {
    const ContactSystem sys = slope_system(c, k);
    Vec x(static_cast<Eigen::Index>(sys.size()));
    x.setZero();
    x[1] = k.v0;
    x[2] = y0;
    Mode mode;
    const ContactRun run{.t_end = k.t_end, .solver = so, .project = true};
    const RunStats st = simulate(sys, run, x, mode, [&](const ContactSample& q) {
      observe(q.t, q.x[0], q.x[1], q.x[2], q.force, k.polygon ? q.x[4] : 0.0);
    });
    out.s_end = x[0];
    out.steps = st.steps;
    out.rhs_evals = st.rhs_evals;
    out.events = static_cast<long>(st.events.size());
  }
  if (std::isnan(out.t_rest) && !moved) out.t_rest = 0;  // never left its start
  out.drift = std::isnan(out.t_rest) ? std::nan("") : std::abs(out.s_end - out.s_rest);
  out.late_drift = std::abs(out.s_end - out.s_half);
  return out;
}

SlopeOutcome slope_failed_outcome(const std::string& error) {
  SlopeOutcome o;
  o.s_rest = o.v_rest = o.s_end = o.drift = o.late_drift = o.max_abs_xh = std::nan("");
  o.error = error;
  return o;
}

nlohmann::json slope_run_row(const SlopeConfig& c, const SlopeCommon& k, const std::filesystem::path& csv_path) {
  SlopeOutcome r;
  CsvWriter csv(csv_path, {"t [s]", "s [m]", "v [m/s]", "y [m]", "F_t [N/m]", "x_h - x_h(0) [m]",
                           "min x_h - x_h(0) since last row [m]", "max x_h - x_h(0) since last row [m]", "theta [rad]"});
  try {
    r = run_slope(c, k, slope_solver_options(c, k), &csv);
    csv.close();
  } catch (const SolverError& e) {
    // e.g. a BDF on an undamped block that grazes contact opening every normal period, or a state that overflows.
    // The run's partial time series goes with the writer (never renamed to its name), and its row carries no value
    // but the error: the study reports it as failed (slope_failed_outcome).
    r = slope_failed_outcome(e.what());
  }
  return slope_outcome_json(r);
}

}  // namespace stickslip
