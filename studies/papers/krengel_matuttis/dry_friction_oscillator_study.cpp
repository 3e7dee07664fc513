// studies/papers/krengel_matuttis/dry_friction_oscillator_study.cpp — `stickslip run dry-friction-oscillator`: Krengel
// & Matuttis, eq. 3 and Fig. 1. The oscillator m x'' = -k x - mu F_N sign(x') from (x0, v0), solved by
//   filippov, filippov-cvode, filippov-rk4, filippov-fd   the Filippov driver (solvers/filippov_driver.hpp)
//                                  on dopri5 / CVODE / rk4 (step dt), or dopri5 with the finite-difference
//                                  directional derivatives of eq. 15-17
//   ida, ida-noproj                the Coulomb DAE (models/friction_oscillator.hpp) through IDA, with and
//                                  without velocity projection at the stick event
//   euler-sign, midpoint-sign, heun-sign, rk4-sign   the naive sign() right-hand side, fixed step dt
// and compared with the exact piecewise solution (models/dry_friction_exact.hpp).
// friction=LAW runs another law of the registry on the same relation (default coulomb, the paper's): each solver
// then runs the law's form its driver needs, and a solver with no form of the law is refused (exit 2, the registry's
// reason); without solver= the default solvers that run the law are taken. The stick is found as
// studies/papers/krengel_matuttis/oscillator_runs.hpp says for the form that ran (a law without a stick says so in
// "stick"); the exact solution stays Coulomb's (with mu), drawn for reference, and the errors against it are null for
// another law. Writes runs/<solver>.csv (t, x, v, F, lambda, mode), exact.csv, and
//   phase_portrait.png   v against x with the sticking segment |x| <= mu F_N/k on v = 0 (Fig. 1)
//   time_series.png      x(t), v(t)
//   chatter.png          v(t) after the exact stick time: naive sign() chatters, Filippov/IDA hold v = 0
//   drift.png            |x(t) - x_stick(exact)| on a log scale
// JSON: {"study", "t_stick", "x_stick", "drift" (of the first solver), "exact": {...}, "runs": [...]}, with
// drift = max |x(t) - x_stick| for t >= t_stick. A naive run's t_stick is the first output time at which v
// changes sign while |k x| <= mu F_N (where the exact motion would stick). One run is
// studies/papers/krengel_matuttis/oscillator_runs.hpp.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <set>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/papers/krengel_matuttis/oscillator_runs.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {
namespace {

class DryFrictionOscillatorStudy final : public Study {
 public:
  std::string name() const override { return "dry-friction-oscillator"; }
  std::string summary() const override {
    return "dry-friction oscillator (Krengel & Matuttis eq. 3, Fig. 1): Filippov vs IDA DAE vs naive sign(), exact stick";
  }

  Parameters parameters() const override {
    Parameters p("dry-friction-oscillator");
    p.declare("friction", "coulomb",
              "friction law on the oscillator: " + join(oscillator_laws()) +
                  " (coulomb: Krengel & Matuttis' law, as its Filippov, DAE or sign form by solver; another law runs "
                  "in the form each solver needs, or is refused)")
        .declare("solver", "filippov,ida,euler-sign,rk4-sign", "solvers (list): " + join(oscillator_solver_names()) + " (or specs: filippov:dopri5, filippov:cvode, filippov:rk4, euler = euler-sign, ...; X-sign: scheme X on the law's explicit form, for coulomb its naive sign() right-hand side); default with another friction: those of the default list that run it")
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
    declare_law_parameters(p, oscillator_laws(), {"mu"});  // kt, gamma_t, c_w, ... of the other laws
    return p;
  }

  // The laws that run on the oscillator's relation (the registry's, by their forms).
  static const std::vector<std::string>& oscillator_laws() {
    static const std::vector<std::string> laws = laws_running(RelationKind::one_d, drivers_of(RelationKind::one_d));
    return laws;
  }

  static OscillatorSettings settings_of(const Parameters& prm) {
    OscillatorSettings s;
    s.p.m = prm.positive("m");
    s.p.k = prm.positive("k");
    s.law.mu = prm.nonnegative("mu");
    s.p.fn = prm.nonnegative("F_N");
    s.p.validate();
    s.x0 = prm.real("x0");
    s.v0 = prm.real("v0");
    s.t_end = prm.positive("t_end");
    s.dt = prm.positive("dt");
    prm.require_relation(s.dt <= s.t_end, {"dt", "t_end"},
                         "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
    s.rtol = prm.in_open_range("rtol", 0, 1);
    s.atol = prm.absolute_tolerance("atol");
    s.fd_delta = prm.positive("fd_delta");
    s.friction = prm.choice("friction", oscillator_laws());
    LawValues bound;
    bound.set("mu", s.law.mu, "mu", prm.raw("mu"));
    s.values = law_values(prm, s.friction, bound, "friction");
    // Every run keeps its samples (one per dt, 48 bytes) for the CSV and the stick analysis: a count that could not
    // fit in memory is refused up front rather than ending in an allocation failure hours later.
    (void)checked_count(prm, "dt", s.dt, "t_end", s.t_end, kMaxSamples, "samples per run");
    // The exact solution (models/dry_friction_exact.hpp) is built phase by phase up to 1e3 t_end, at most 1e6 half-
    // cycles; each loses 2 mu F_N / k of amplitude, and one lasts pi / omega. Checked here, before any work, naming a
    // key the user gave (the model itself can only name k).
    const double omega = std::sqrt(s.p.k / s.p.m), loss = 2 * s.law.mu * s.p.fn / s.p.k;
    const double to_rest = loss > 0 ? std::hypot(s.x0, s.v0 / omega) / loss : INFINITY;
    const double in_horizon = std::max(s.t_end, 1.0) * 1e3 * omega / 3.14159265358979323846;
    if (!(std::min(to_rest, in_horizon) < 0.99e6)) {
      const std::string key = prm.culprit({"mu", "F_N", "x0", "v0", "t_end", "k", "m"});
      throw_input(key, prm.raw(key),
                  "the exact solution would need " + format_value(std::min(to_rest, in_horizon)) +
                      " half-cycles (amplitude / (2 mu F_N / k), or 1e3 t_end / (pi sqrt(m / k))); at most 1e6");
    }
    return s;
  }

  // The rest position x_stick and the stick time t_stick of one run (integrator spec: filippov:dopri5 /
  // filippov:cvode / ida at rtol h, filippov:rk4 or a naive sign() scheme euler/midpoint/heun/rk4 at step h);
  // exact: the piecewise solution (models/dry_friction_exact.hpp). A run that never sticks fails (exit 3).
  std::vector<Observable> observables() const override {
    auto observable = [](std::string name, std::string unit, std::string help, auto pick, auto exact) {
      Observable o;
      o.name = std::move(name), o.unit = std::move(unit), o.help = std::move(help);
      o.integrators = {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida", "gear"};
      o.default_solvers = {"filippov:rk4", "filippov:dopri5", "ida"};
      o.work_solvers = {"filippov:rk4", "filippov:dopri5", "filippov:cvode", "ida"};
      o.default_dt = "0.01:0.00125:4";
      o.default_rtol = "1e-4:1e-10:7";
      o.measure = [pick](const Parameters& prm, const IntegratorSpec& spec, double h) {
        OscillatorSettings s = settings_of(prm);
        const std::string solver = oscillator_solver("--solver", spec.text());
        if (spec.adaptive()) s.rtol = h;
        else s.dt = h;
        check_oscillator_solver("--solver", solver, s);
        const OscillatorRun r = run_oscillator(solver, s);
        if (!r.can_stick) throw_input("friction", s.friction, "has no stick on the oscillator, so no " + std::string("stick time or place: ") + r.stick_test);
        if (!std::isfinite(r.t_stick)) throw SolverError("dry-friction-oscillator: " + solver + " never sticks before t_end");
        return ObservableValue{pick(r), r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [exact](const Parameters& prm) -> std::optional<double> {
        const OscillatorSettings s = settings_of(prm);
        if (!exact_is_the_laws(s)) return std::nullopt;  // the exact solution is Coulomb's
        return exact(DryFrictionOscillatorExact(s.p, s.law, s.x0, s.v0, 0, std::max(s.t_end, 1.0) * 1e3));
      };
      return o;
    };
    return {observable("x_stick", "m", "rest position after the last slip", [](const OscillatorRun& r) { return r.x_stick; },
                       [](const DryFrictionOscillatorExact& e) { return e.x_stick(); }),
            observable("t_stick", "s", "time the oscillator sticks for good", [](const OscillatorRun& r) { return r.t_stick; },
                       [](const DryFrictionOscillatorExact& e) { return e.t_stick(); })};
  }

  std::vector<std::string> driver_notes() const override {
    return {"solver= also takes " + join(oscillator_solver_names())};
  }
  std::map<std::string, std::string> result_units() const override {
    return {{"x_stick", "m"},       {"t_stick", "s"}, {"t_stick_error", "s"}, {"x_stick_error", "m"},
            {"drift", "m"},         {"max_speed_after_stick", "m/s"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const OscillatorSettings s = settings_of(prm);
    std::vector<std::string> solvers =
        prm.each_item("solver", [](const std::string& item) { return oscillator_solver("solver", item); });
    // Every solver must run the law (the registry's refusal otherwise); the default list keeps those that do.
    if (!prm.given("solver")) {
      std::vector<std::string> running;
      std::string first_refusal;
      for (const auto& sv : solvers) {
        try {
          check_oscillator_solver("solver", sv, s);
          running.push_back(sv);
        } catch (const InputError& e) {
          if (e.key != "solver") throw;  // a parameter of the law, not the solver
          if (first_refusal.empty()) first_refusal = e.what();
        }
      }
      if (running.empty())
        throw_input("friction", s.friction, "none of the default solvers runs it (" + first_refusal + "); give solver=");
      solvers = running;
    }
    for (const auto& sv : solvers) check_oscillator_solver("solver", sv, s);

    ctx.plan({{"runs", solvers.size()}, {"steps_per_run", step_count(s.t_end, s.dt)}, {"particles", 1}});
    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    const DryFrictionOscillatorExact exact(s.p, s.law, s.x0, s.v0, 0, std::max(s.t_end, 1.0) * 1e3);
    {
      CsvWriter csv(out / "exact.csv", {"t [s]", "x [m]", "v [m/s]"});
      const int n = 4000;
      for (int i = 0; i <= n; ++i) {
        const double t = s.t_end * i / n;
        const auto st = exact.at(t);
        csv.row({t, st.x, st.v});
      }
      csv.close();
    }

    // One run per solver through the run store (a resumed study gets the stored row back): its time series is
    // runs/<solver>.csv, written when the run finishes, and the summary reads only the rows.
    const nlohmann::json results =
        run_each(ctx, name(), solvers, [](const std::string& solver) { return solver; },
                 [&](const std::string& solver) { return oscillator_run_row(solver, s, exact, out / "runs" / (solver + ".csv")); });
    const nlohmann::json& first = results.front();
    nlohmann::json summary{{"study", name()},
                           {"friction", s.friction},
                           {"x_stick", first["x_stick"]},
                           {"drift", first["drift"]},
                           {"solver", first["solver"]},
                           {"exact", {{"law", "coulomb"},
                                      {"t_stick", json_number(exact.t_stick())},
                                      {"x_stick", json_number(exact.x_stick())}}},
                           {"runs", results},
                           {"t_stick", first["t_stick"]},
                           {"t_stick_located", first["t_stick_located"]}};
    // How the stick was found (or that the law has none), once for the study when every run agrees.
    std::set<std::string> tests;
    for (const auto& r : results) tests.insert(r.value("stick_test", ""));
    summary["stick"] = tests.size() == 1 ? nlohmann::json(*tests.begin()) : nlohmann::json("per run: runs[].stick_test");
    if (!exact_is_the_laws(s))
      summary["exact"]["note"] = "Coulomb's exact solution at mu = " + prm.raw("mu") + ", drawn for reference; friction=" +
                                 s.friction + " is another law, so runs[].t_stick_error and x_stick_error are null";
    for (const auto& [png, fig] : figures(solvers, s, exact)) render_figure(out / png, fig, ctx.log);
    return summary;
  }

 private:
  // phase_portrait.png (Fig. 1, with the phase flow), time_series.png, and after the exact stick time chatter.png
  // and drift.png. The solvers' curves lie on each other wherever they agree: drawn widest first, each narrower
  // and with its own dash, and the exact solution thin on top, every one stays visible.
  static std::vector<std::pair<std::string, Figure>> figures(const std::vector<std::string>& solvers,
                                                             const OscillatorSettings& s,
                                                             const DryFrictionOscillatorExact& exact) {
    const double delta = (s.law.mu * s.p.fn) / s.p.k;
    const std::vector<std::string> head{"set key outside right font ',9'"};
    const auto style = [&](std::size_t k) {
      return fmt::format("lines lw {:.1f} dt {} lc rgb '{}'", std::max(1.0, 6.0 - 1.5 * static_cast<double>(k)), k % 4 + 1,
                         curve_color(k));
    };
    const auto runs = [&](Panel& p, const std::string& x, const std::string& y) -> Panel& {
      for (std::size_t k = 0; k < solvers.size(); ++k)
        p.add(Curve::of("runs/" + solvers[k] + ".csv", x, y, solvers[k], style(k)));
      return p;
    };
    const bool coulomb = exact_is_the_laws(s);
    const std::string exact_title = coulomb ? "exact" : fmt::format("exact (Coulomb, mu = {:g})", s.law.mu);
    const auto exact_curve = [&exact_title](const std::string& x, const std::string& y) {
      return Curve::of("exact.csv", x, y, exact_title, "lines dt 2 lw 1.5 lc rgb 'black'");
    };
    std::vector<std::pair<std::string, Figure>> figs;

    // Fig. 1 of the paper is the phase flow: (x', x'') of eq. 3 on either side of v = 0 (regions I and II), arrows
    // of one length on the screen, which push into the sticking segment from both sides.
    Figure phase{fmt::format("Krengel & Matuttis, Fig. 1: phase flow of the dry-friction oscillator m dv/dt = -k x - mu F_N "
                             "sign(v)\n(m = {} kg, k = {} N/m, mu = {}, F_N = {} N; grey arrows: the flow) and the runs{}",
                             s.p.m, s.p.k, s.law.mu, s.p.fn, coulomb ? std::string() : " with friction=" + s.friction),
                 1, 1, 1150, 820, head, {}};
    {
      Panel& p = phase.panel("", "x [m]", "v [m/s]");
      // The flow field on a 25 x 25 grid over the plotted ranges (the trajectory's box, padded): at (x, v) the
      // arrow (c v/len, c a/len), a = (-k x - mu F_N sign(v))/m, len = |(v/W, a/H)| for the plot's width W and
      // height H, is a fraction c of the plot on the screen whatever the ranges.
      const double xs = std::abs(s.x0) + delta + 0.3;
      const double vs = std::max(1.0, 1.15 * (std::sqrt(s.p.k / s.p.m) * std::abs(s.x0) + std::abs(s.v0)));
      p.set(fmt::format("set xrange [{}:{}]", -xs, xs)).set(fmt::format("set yrange [{}:{}]", -vs, vs));
      std::vector<std::vector<double>> flow;
      const int n = 25;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const double x = -xs + 2 * xs * (i + 0.5) / n, v = -vs + 2 * vs * (j + 0.5) / n;
          const double a = (-s.p.k * x - (s.law.mu * s.p.fn) * (v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0))) / s.p.m;
          const double len = std::hypot(v / (2 * xs), a / (2 * vs));
          if (len > 0) flow.push_back({x, v, 0.025 * v / len, 0.025 * a / len});
        }
      p.add(Curve::of(phase.block("flow", {"x [m]", "v [m/s]", "dx [m]", "dv [m/s]"}, flow), "1", "2:3:4",
                      "phase flow (direction)", "vectors head size 0.012, 20 filled lc rgb 'gray70'"));
      runs(p, "2", "3")
          .set(fmt::format("set arrow from {},0 to {},0 nohead lw 6 lc rgb '#cc0000' front", -delta, delta))
          .set(fmt::format("set label 'sticking segment |x| <= mu F_N/k' at {},0 offset 0,-1.2 tc rgb '#cc0000' front", -delta))
          .add(exact_curve("2", "3"))
          .add(Curve::of(phase.block("stick", {"x [m]", "v [m/s]"}, {{exact.x_stick(), 0.0}}), "1", "2", "exact stick",
                         "points pt 7 ps 2 lc rgb 'black'"));
    }
    figs.emplace_back("phase_portrait.png", std::move(phase));

    Figure series{"Dry-friction oscillator (Krengel & Matuttis, eq. 3): time series (thin black dashed: exact)", 2, 1,
                  1150, 900, head, {}};
    runs(series.panel("", "", "x [m]"), "1", "2").add(exact_curve("1", "2"));
    runs(series.panel("", "t [s]", "v [m/s]"), "1", "3").add(exact_curve("1", "3"));
    figs.emplace_back("time_series.png", std::move(series));

    if (std::isfinite(exact.t_stick()) && exact.t_stick() < s.t_end) {
      const double t0 = std::max(0.0, exact.t_stick() - 0.05 * s.t_end);
      const double floor = 1e-18;
      // Left: the first 60 steps after the stick time, linear, every output point drawn; right: |v| on a log axis
      // over the rest of the run, an exact 0 drawn on the floor line.
      const double z1 = std::min(s.t_end, exact.t_stick() + 60 * s.dt);
      Figure chatter{coulomb ? fmt::format("After the exact stick time t = {:.6f} s: sign() chatters step by step, "
                                           "Filippov and IDA hold v = 0 exactly",
                                           exact.t_stick())
                             : fmt::format("friction={} after Coulomb's exact stick time t = {:.6f} s", s.friction,
                                           exact.t_stick()),
                     1, 2, 1600, 700, {"set key below font ',9'"}, {}};
      chatter.multiplot = true;
      Panel& lin = chatter.panel(fmt::format("the first 60 steps (dt = {:g} s) after the stick time", s.dt), "t [s]",
                                 "v [m/s]");
      lin.set(fmt::format("set xrange [{}:{}]", exact.t_stick(), z1));
      Panel& log = chatter.panel("|v| over the rest of the run (log scale)", "t [s]", "|v| [m/s]");
      log.logy = true;
      log.set(fmt::format("set xrange [{}:{}]", t0, s.t_end)).set(fmt::format("set yrange [{:g}:1]", floor / 10));
      log.set("set format y '%.0e'");
      for (std::size_t k = 0; k < solvers.size(); ++k) {
        const std::string file = "runs/" + solvers[k] + ".csv", col = curve_color(k);
        // The markers of the exact-zero runs are staggered so that runs on the same line do not cover each other.
        lin.add(Curve::of(file, "1", "3", solvers[k],
                          fmt::format("linespoints pt {} ps {:.1f} lw 1.5 lc rgb '{}'", 4 + 2 * k, 2.2 - 0.4 * k, col)));
        log.add(Curve::of(file, "1", fmt::format("(abs($3) > 0 ? abs($3) : {:g})", floor), solvers[k],
                          fmt::format("linespoints pt {} ps 1.6 pi 400 lw 1.5 lc rgb '{}'", 4 + 2 * k, col)));
      }
      log.add(Curve::fn(fmt::format("{:g}", floor), "v = 0 exactly (drawn at 1e-18)", "lines dt 2 lc rgb 'black'"));
      figs.emplace_back("chatter.png", std::move(chatter));

      Figure drift{fmt::format("Creep after the exact stick time {:.6f} s: |x(t) - x_stick(exact)| (0 drawn at {:g})",
                               exact.t_stick(), floor),
                   1, 1, 1050, 700, head, {}};
      Panel& p = drift.panel("", "t [s]", "|x - x_stick| [m]").set(fmt::format("set xrange [{}:{}]", t0, s.t_end));
      p.logy = true;
      p.set("set format y '%.0e'");
      runs(p, "1", fmt::format("(abs($2 - ({:.17g})) + {:g})", exact.x_stick(), floor));
      figs.emplace_back("drift.png", std::move(drift));
    }
    return figs;
  }
};

}  // namespace

std::unique_ptr<Study> make_dry_friction_oscillator_study() { return std::make_unique<DryFrictionOscillatorStudy>(); }

}  // namespace stickslip
