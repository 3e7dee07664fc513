// studies/dry_friction_oscillator_study.cpp — `stickslip run dry-friction-oscillator`: seed 002, eq. 3 and
// Fig. 1. The oscillator m x'' = -k x - mu F_N sign(x') from (x0, v0), solved by
//   filippov, filippov-cvode, filippov-rk4, filippov-fd   the Filippov driver (solvers/filippov_driver.hpp)
//                                  on dopri5 / CVODE / rk4 (step dt), or dopri5 with the finite-difference
//                                  directional derivatives of eq. 15-17
//   ida, ida-noproj                the Coulomb DAE (models/friction_oscillator.hpp) through IDA, with and
//                                  without velocity projection at the stick event
//   euler-sign, midpoint-sign, heun-sign, rk4-sign   the naive sign() right-hand side, fixed step dt
// and compared with the exact piecewise solution (models/dry_friction_exact.hpp).
// Writes runs/<solver>.csv (t, x, v, F, lambda, mode), exact.csv, and
//   phase_portrait.png   v against x with the sticking segment |x| <= mu F_N/k on v = 0 (Fig. 1)
//   time_series.png      x(t), v(t)
//   chatter.png          v(t) after the exact stick time: naive sign() chatters, Filippov/IDA hold v = 0
//   drift.png            |x(t) - x_stick(exact)| on a log scale
// JSON: {"study", "t_stick", "x_stick", "drift" (of the first solver), "exact": {...}, "runs": [...]}, with
// drift = max |x(t) - x_stick| for t >= t_stick. A naive run's t_stick is the first output time at which v
// changes sign while |k x| <= mu F_N (where the exact motion would stick).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "models/dry_friction_exact.hpp"
#include "models/friction_oscillator.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

const std::vector<std::string> kSolvers{"filippov",   "filippov-cvode", "filippov-rk4",  "filippov-fd",
                                        "ida",        "ida-noproj",     "euler-sign",    "midpoint-sign",
                                        "heun-sign",  "rk4-sign"};

// A solver of this study from its own name or an integrator spec (solvers/integrator_spec.hpp):
// filippov:dopri5 / filippov:cvode / filippov:rk4 = filippov / filippov-cvode / filippov-rk4, ida = ida, and a plain
// euler / midpoint / heun / rk4 = the naive sign() right-hand side (euler-sign, ...). filippov-fd and ida-noproj
// have no spec form.
std::string oscillator_solver(const std::string& key, const std::string& text) {
  if (std::find(kSolvers.begin(), kSolvers.end(), text) != kSolvers.end()) return text;
  const IntegratorSpec sp = parse_integrator_among(key, text, {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida"});
  const std::string allowed = "allowed: " + join(kSolvers) +
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

struct Sample {
  double t, x, v, force, lambda;
  int mode;  // -1/0/+1 Filippov side, 1/2/3 DAE mode, 0 naive
};

struct OscRun {
  std::string solver;
  std::vector<Sample> samples;
  RunStats stats;
  double t_stick = std::nan(""), x_stick = std::nan(""), drift = std::nan("");
  double v_after = 0;  // max |v| after t_stick
  long sign_changes = 0;
};

struct Settings {
  OscillatorParameters p;
  double x0, v0, t_end, dt, rtol, atol, fd_delta;
};

OscRun run_one(const std::string& solver, const Settings& s) {
  OscRun run;
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
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == sliding_mode) run.t_stick = e.t;
    if (mode[0] != sliding_mode) run.t_stick = std::nan("");
  } else if (solver.rfind("ida", 0) == 0) {
    const FrictionOscillatorDae dae(p, solver == "ida");
    so.kind = SolverKind::ida;
    Vec x(3);
    x << s.x0, s.v0, 0;
    Mode mode = dae.initial_mode(0, x);
    run.stats = integrate(dae, 0, s.t_end, x, mode, so, [&](double t, VecCRef y, const Mode& md) {
      const double lambda = md[0] == osc_stick ? 0.5 * (1 + y[2] / p.fmax()) : (md[0] == osc_slip_pos ? 0.0 : 1.0);
      run.samples.push_back({t, y[0], y[1], y[2], lambda, md[0]});
    });
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
    for (std::size_t i = 1; i < run.samples.size(); ++i) {
      const Sample &a = run.samples[i - 1], &b = run.samples[i];
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

class DryFrictionOscillatorStudy final : public Study {
 public:
  std::string name() const override { return "dry-friction-oscillator"; }
  std::string summary() const override {
    return "dry-friction oscillator (seed 002 eq. 3, Fig. 1): Filippov vs IDA DAE vs naive sign(), exact stick";
  }

  Parameters parameters() const override {
    Parameters p("dry-friction-oscillator");
    p.declare("solver", "filippov,ida,euler-sign,rk4-sign", "solvers (list): " + join(kSolvers) + " (or specs: filippov:dopri5, filippov:cvode, filippov:rk4, euler = euler-sign, ...)")
        .declare("x0", "1.9", "initial position [m]")
        .declare("v0", "0", "initial velocity [m/s]")
        .declare("t_end", "10", "end time [s]")
        .declare("dt", "0.001", "step of the fixed-step schemes; output interval of the adaptive ones [s]")
        .declare("rtol", "1e-12", "relative tolerance of dopri5 / CVODE / IDA")
        .declare("atol", "1e-14", "absolute tolerance of dopri5 / CVODE / IDA")
        .declare("fd_delta", "1e-7", "step of the finite-difference a_I, a_II (eq. 15-16) for filippov-fd")
        .declare("m", "0.25", "mass [kg]")
        .declare("k", "1", "spring stiffness [N/m]")
        .declare("mu", "0.4", "friction coefficient")
        .declare("F_N", "1", "normal force [N]");
    return p;
  }

  static Settings settings_of(const Parameters& prm) {
    Settings s;
    s.p.m = prm.positive("m");
    s.p.k = prm.positive("k");
    s.p.mu = prm.nonnegative("mu");
    s.p.fn = prm.nonnegative("F_N");
    s.p.validate();
    s.x0 = prm.real("x0");
    s.v0 = prm.real("v0");
    s.t_end = prm.positive("t_end");
    s.dt = prm.positive("dt");
    s.rtol = prm.positive("rtol");
    s.atol = prm.positive("atol");
    s.fd_delta = prm.positive("fd_delta");
    // Every run keeps its samples (one per dt, 48 bytes) for the CSV and the stick analysis: a count that could not
    // fit in memory is refused up front rather than ending in an allocation failure hours later.
    constexpr double kMaxSamples = 2e7;
    if (!(s.t_end / s.dt <= kMaxSamples))
      throw_input("t_end", prm.raw("t_end"),
                  "gives t_end / dt = " + format_value(s.t_end / s.dt) + " samples per run with dt=" + prm.raw("dt") +
                      "; at most " + format_value(kMaxSamples) + " (raise dt or lower t_end)");
    return s;
  }

  // The rest position x_stick and the stick time t_stick of one run (integrator spec: filippov:dopri5 /
  // filippov:cvode / ida at rtol h, filippov:rk4 or a naive sign() scheme euler/midpoint/heun/rk4 at step h);
  // exact: the piecewise solution (models/dry_friction_exact.hpp). A run that never sticks fails (exit 3).
  std::vector<Observable> observables() const override {
    auto observable = [](std::string name, std::string unit, std::string help, auto pick, auto exact) {
      Observable o;
      o.name = std::move(name), o.unit = std::move(unit), o.help = std::move(help);
      o.integrators = {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida"};
      o.default_solvers = {"filippov:rk4", "filippov:dopri5", "ida"};
      o.work_solvers = {"filippov:rk4", "filippov:dopri5", "filippov:cvode", "ida"};
      o.default_dt = "0.01:0.00125:4";
      o.default_rtol = "1e-4:1e-10:7";
      o.measure = [pick](const Parameters& prm, const IntegratorSpec& spec, double h) {
        Settings s = settings_of(prm);
        const std::string solver = oscillator_solver("--solver", spec.text());
        if (spec.adaptive()) s.rtol = h;
        else s.dt = h;
        const OscRun r = run_one(solver, s);
        if (!std::isfinite(r.t_stick)) throw SolverError("dry-friction-oscillator: " + solver + " never sticks before t_end");
        return ObservableValue{pick(r), r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [exact](const Parameters& prm) -> std::optional<double> {
        const Settings s = settings_of(prm);
        return exact(DryFrictionOscillatorExact(s.p, s.x0, s.v0, 0, std::max(s.t_end, 1.0) * 1e3));
      };
      return o;
    };
    return {observable("x_stick", "m", "rest position after the last slip", [](const OscRun& r) { return r.x_stick; },
                       [](const DryFrictionOscillatorExact& e) { return e.x_stick(); }),
            observable("t_stick", "s", "time the oscillator sticks for good", [](const OscRun& r) { return r.t_stick; },
                       [](const DryFrictionOscillatorExact& e) { return e.t_stick(); })};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    Settings s = settings_of(prm);
    std::vector<std::string> solvers;
    for (const auto& item : split_list(prm.raw("solver"))) solvers.push_back(oscillator_solver("solver", item));
    {
      SolverOptions check;
      check.kind = SolverKind::dopri5;
      check.dt = s.dt;
      check.rtol = s.rtol;
      check.atol = s.atol;
      validate_solver_options(FrictionOscillator(s.p), check, 0, s.t_end);
    }

    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    Progress progress(ctx.log, name(), solvers.size());

    const DryFrictionOscillatorExact exact(s.p, s.x0, s.v0, 0, std::max(s.t_end, 1.0) * 1e3);
    {
      CsvWriter csv(out / "exact.csv", {"t [s]", "x [m]", "v [m/s]"});
      const int n = 4000;
      for (int i = 0; i <= n; ++i) {
        const double t = s.t_end * i / n;
        const auto st = exact.at(t);
        csv.row({t, st.x, st.v});
      }
    }

    // One run per solver through the run store (a resumed study gets the stored row back): its time series is
    // runs/<solver>.csv, written when the run finishes, and the summary reads only the rows.
    ctx.plan({{"runs", solvers.size()}, {"steps_per_run", json_number(std::ceil(s.t_end / s.dt))}, {"particles", 1}});
    nlohmann::json results = nlohmann::json::array();
    for (const auto& solver : solvers) {
      results.push_back(ctx.run(solver, [&] {
        const OscRun r = run_one(solver, s);
        CsvWriter csv(out / "runs" / (solver + ".csv"), {"t [s]", "x [m]", "v [m/s]", "F [N]", "lambda", "mode"});
        for (const auto& q : r.samples) csv.row({q.t, q.x, q.v, q.force, q.lambda, static_cast<double>(q.mode)});
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
      }));
      progress.tick(solver);
    }
    const nlohmann::json& first = results.front();
    nlohmann::json summary{{"study", name()},
                           {"x_stick", first["x_stick"]},
                           {"drift", first["drift"]},
                           {"solver", first["solver"]},
                           {"exact", {{"t_stick", json_number(exact.t_stick())}, {"x_stick", json_number(exact.x_stick())}}},
                           {"runs", results},
                           {"t_stick", first["t_stick"]},
                           {"t_stick_located", first["t_stick_located"]}};
    plot(out, solvers, s, exact, ctx.log);
    return summary;
  }

 private:
  static void plot(const std::filesystem::path& out, const std::vector<std::string>& solvers, const Settings& s,
                   const DryFrictionOscillatorExact& exact, std::ostream& log) {
    const double delta = s.p.fmax() / s.p.k;
    const std::string head = "set datafile separator ','\nset datafile columnheaders\nset grid\nset key outside right\n";
    auto lines = [&](int xcol, int ycol) {
      std::string p;
      for (const auto& sv : solvers) p += fmt::format("'runs/{}.csv' using {}:{} with lines lw 1.5 title '{}', ", sv, xcol, ycol, sv);
      return p;
    };
    // Phase portrait (Fig. 1) with the sticking segment.
    render_png(out / "phase_portrait.png",
               head + fmt::format("set title 'Dry-friction oscillator (seed 002, eq. 3 / Fig. 1): m={} k={} mu={} F_N={}'\n"
                                  "set xlabel 'x [m]'\nset ylabel 'v [m/s]'\n"
                                  "set arrow from {},0 to {},0 nohead lw 6 lc rgb '#cc0000' front\n"
                                  "set label 'sticking segment |x| <= mu F_N/k' at {},0 offset 0,-1.2 tc rgb '#cc0000'\n",
                                  s.p.m, s.p.k, s.p.mu, s.p.fn, -delta, delta, -delta) +
                   "plot " + lines(2, 3) +
                   fmt::format("'exact.csv' using 2:3 with lines dt 2 lw 2 lc rgb 'black' title 'exact', "
                               "'+' using ({}):(0) every ::0::0 with points pt 7 ps 2 lc rgb 'black' title 'exact stick'",
                               exact.x_stick()),
               log, 1100, 800);
    render_png(out / "time_series.png",
               head + "set multiplot layout 2,1 title 'Dry-friction oscillator: time series (dashed = exact)'\n"
                      "set ylabel 'x [m]'\nplot " + lines(1, 2) + "'exact.csv' using 1:2 with lines dt 2 lw 2 lc rgb 'black' title 'exact'\n"
                      "set xlabel 't [s]'\nset ylabel 'v [m/s]'\nplot " + lines(1, 3) +
                      "'exact.csv' using 1:3 with lines dt 2 lw 2 lc rgb 'black' title 'exact'\nunset multiplot\n",
               log, 1100, 900);
    if (std::isfinite(exact.t_stick()) && exact.t_stick() < s.t_end) {
      const double t0 = std::max(0.0, exact.t_stick() - 0.05 * s.t_end);
      render_png(out / "chatter.png",
                 head + fmt::format("set title 'After the exact stick time t = {:.6f} s: sign() chatters, Filippov/IDA hold v = 0'\n"
                                    "set xrange [{}:{}]\nset yrange [-{}:{}]\nset xlabel 't [s]'\nset ylabel 'v [m/s]'\n",
                                    exact.t_stick(), t0, s.t_end, 4 * s.dt * (s.p.fmax() + s.p.k * delta) / s.p.m,
                                    4 * s.dt * (s.p.fmax() + s.p.k * delta) / s.p.m) +
                     "plot " + lines(1, 3) + "0 with lines lc rgb 'black' notitle",
                 log);
      std::string p;
      for (const auto& sv : solvers)
        p += fmt::format("'runs/{}.csv' using 1:(abs($2 - ({:.17g})) + 1e-18) with lines lw 1.5 title '{}', ", sv,
                         exact.x_stick(), sv);
      render_png(out / "drift.png",
                 head + fmt::format("set title '|x(t) - x_stick(exact)| (floor 1e-18): creep after the exact stick time {:.6f} s'\n"
                                    "set logscale y\nset xrange [{}:{}]\nset xlabel 't [s]'\n"
                                    "set ylabel '|x - x_stick| [m]'\n",
                                    exact.t_stick(), t0, s.t_end) +
                     "plot " + p.substr(0, p.size() - 2),
                 log);
    }
  }
};

}  // namespace

std::unique_ptr<Study> make_dry_friction_oscillator_study() { return std::make_unique<DryFrictionOscillatorStudy>(); }

}  // namespace stickslip
