// studies/sliding_plates_study.cpp — `stickslip run sliding-plates`: seed 001, Figs. 1, 2 and 4, and the
// v(0)-sweep of the energy the D-SDS creates (§3.3).
//
// Every combination of the listed friction laws, solvers and dt runs from v(0) = v0, xi(0) = xi0 to t_end;
// each writes runs/<label>.csv (t, v, xi, F, W, E_kin, E_spring, D, mode). The exact piecewise solutions
// (models/sliding_plates_exact.hpp) are written next to them and drawn dashed in the figures.
//   fig1_dynamics.png            xi, v, F against t (Fig. 1)
//   fig2_kinetic_energy.png      E_kin(D-SDS) - E_kin(C-SDS) for matching solver and dt (Fig. 2)
//   fig4_midpoint.png            D-SDS with per-stage reset under the midpoint rule, with the auxiliary
//                                states at half-integer t/dt (Fig. 4)
//   dissipation.png              cumulative dissipation D(t): negative = energy created
//   energy_created_vs_v0.png     energy_created over v(0) for the D-SDS (Euler and exact DAE) and the
//                                C-SDS, with a v0^2 guide (§3.3)
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "core/errors.hpp"
#include "core/loglog_slope.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"
#include "studies/plate_runs.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

const std::vector<std::string> kColumns{"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]", "W [n.u.]",
                                        "E_kin [n.u.]", "E_spring [n.u.]", "D [n.u.]", "mode"};

void write_run_csv(const std::filesystem::path& path, const PlateRun& run) {
  CsvWriter csv(path, kColumns);
  for (const auto& s : run.samples)
    csv.row({s.t, s.v, s.xi, s.force, s.work, s.e_kin, s.e_spring, s.dissipation, static_cast<double>(s.mode)});
}

void write_exact_csv(const std::filesystem::path& path, const ExactSlidingPlates& exact, double t_end) {
  CsvWriter csv(path, {"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]", "W [n.u.]", "mode"});
  const int n = 4000;
  for (int i = 0; i <= n; ++i) {
    const double t = t_end * i / n;
    const auto s = exact.at(t);
    csv.row({t, s.v, s.xi, s.force, s.work, static_cast<double>(s.kind)});
  }
}

// Linear interpolation of E_kin (column 5) of a run's samples at time t (time-ordered; duplicates at events).
double kinetic_at(const std::vector<std::vector<double>>& s, double t) {
  constexpr std::size_t kT = 0, kE = 5;
  std::size_t lo = 0, hi = s.size() - 1;
  if (t <= s[lo][kT]) return s[lo][kE];
  if (t >= s[hi][kT]) return s[hi][kE];
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    (s[mid][kT] <= t ? lo : hi) = mid;
  }
  const double w = (t - s[lo][kT]) / (s[hi][kT] - s[lo][kT]);
  return (1 - w) * s[lo][kE] + w * s[hi][kE];
}

class SlidingPlatesStudy final : public Study {
 public:
  std::string name() const override { return "sliding-plates"; }
  std::string summary() const override {
    return "two sliding plates, C-SDS vs D-SDS (seed 001 Figs. 1, 2, 4), energy created vs v(0)";
  }

  Parameters parameters() const override {
    Parameters p("sliding-plates");
    p.declare("friction", "dsds,csds", "friction laws (list): csds, dsds, dsds-stage, dsds-dae")
        .declare("solver", "euler", "solvers (list): euler, midpoint, heun, rk4, dopri5, cvode[:bdf|:adams][:ORDER], ida[:ORDER]")
        .declare("dt", "0.1,0.001", "time steps (list); output interval for dopri5/cvode/ida")
        .declare("events", "auto",
                 "locate stick/slip switches: on, off, auto (= on for dopri5/cvode/ida and dsds-dae; off for the "
                 "fixed-step csds/dsds/dsds-stage runs, whose step-by-step behaviour Figs. 1, 2, 4 show)")
        .declare("rtol", "1e-10", "relative tolerance of dopri5/cvode/ida")
        .declare("atol", "1e-12", "absolute tolerance of dopri5/cvode/ida")
        .declare("max_order", "5", "maximum BDF order of cvode/ida (1..5)")
        .declare("cvode_method", "bdf", "cvode multistep family: bdf, adams")
        .declare("t_end", "10", "end time [n.u.]")
        .declare("v0", "4", "initial relative velocity v(0) [n.u.]")
        .declare("xi0", "0", "initial spring displacement xi(0) [n.u.]")
        .declare("m", "1", "reduced mass")
        .declare("k", "1", "tangential stiffness")
        .declare("gamma", "2", "tangential damping")
        .declare("fmax", "1", "critical force mu F_n")
        .declare("fig4", "on", "also run the midpoint D-SDS with per-stage reset at fig4_dt (Fig. 4): on, off")
        .declare("fig4_dt", "0.2", "time step of the Fig. 4 run")
        .declare("sweep_v0", "0.25,0.5,1,2,4,8,16,32,64", "v(0) values of the energy sweep (list; 'none' to skip)")
        .declare("sweep_dt", "0.001", "Euler time step of the energy sweep");
    return p;
  }

  // The model, initial state and tolerances shared by every run (solver kind, dt, law and events set per run).
  static PlateRunConfig base_config(const Parameters& prm) {
    PlateRunConfig base;
    base.p = {prm.positive("m"), prm.positive("k"), prm.nonnegative("gamma"), prm.nonnegative("fmax")};
    base.v0 = prm.real("v0");
    base.xi0 = prm.real("xi0");
    base.t_end = prm.positive("t_end");
    base.solver.rtol = prm.positive("rtol");
    base.solver.atol = prm.positive("atol");
    base.solver.max_order = static_cast<int>(prm.integer("max_order", 1, 5));
    base.solver.adams = prm.choice("cvode_method", {"bdf", "adams"}) == "adams";
    return base;
  }
  static bool events_for(const std::string& events, const PlateRunConfig& c) {
    return events == "on" || (events == "auto" && (c.law == PlateLaw::dsds_dae || !is_fixed_step(c.solver.kind)));
  }

  // One run for `stickslip converge`: the single friction law of the parameters, integrator `spec` at step h (or
  // rtol h for dopri5/cvode/ida, reporting every first dt); exact values from the piecewise solution of the law.
  std::vector<Observable> observables() const override {
    auto config = [](const Parameters& prm, const IntegratorSpec* spec, double h) {
      PlateRunConfig c = base_config(prm);
      c.law = parse_plate_law("friction", prm.choice("friction", plate_law_names()));
      c.p.validate(c.law);
      if (spec) {
        c.solver = spec->options("solver", c.solver);
        if (spec->adaptive()) c.solver.rtol = h, c.solver.dt = prm.positive_list("dt").front();
        else c.solver.dt = h;
        c.solver.events = events_for(prm.choice("events", {"on", "off", "auto"}), c);
        validate_solver_options(SlidingPlates(c.p, c.law, c.solver.events), c.solver, 0, c.t_end);
      }
      return c;
    };
    auto observable = [&](std::string name, std::string help, auto value, auto exact) {
      Observable o;
      o.name = std::move(name), o.unit = "n.u.", o.help = std::move(help), o.step_unit = "n.u.";
      o.integrators = solver_names();
      o.default_solvers = {"euler", "midpoint", "heun", "rk4"};
      o.work_solvers = {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode:bdf", "cvode:adams", "ida"};
      o.default_dt = "0.1:0.000390625:9";  // dt_max / 2^j, j = 0..8, as `run convergence`
      o.defaults = {{"friction", "csds"}, {"events", "on"}, {"t_end", "5"}, {"dt", "0.1"}};
      o.measure = [config, value](const Parameters& prm, const IntegratorSpec& spec, double h) {
        const PlateRun r = run_plates(config(prm, &spec, h));
        return ObservableValue{value(r), r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [config, exact](const Parameters& prm) { return exact(exact_plates(config(prm, nullptr, 0)), prm); };
      return o;
    };
    auto t_end = [](const Parameters& prm) { return prm.positive("t_end"); };
    return {observable("v_end", "relative velocity v(t_end)", [](const PlateRun& r) { return r.v_end; },
                       [t_end](const ExactSlidingPlates& ex, const Parameters& prm) -> std::optional<double> {
                         return ex.at(t_end(prm)).v;
                       }),
            observable("xi_end", "spring elongation xi(t_end)", [](const PlateRun& r) { return r.xi_end; },
                       [t_end](const ExactSlidingPlates& ex, const Parameters& prm) -> std::optional<double> {
                         return ex.at(t_end(prm)).xi;
                       }),
            observable("t_stick", "time of the last slide-to-stick transition (NaN-free: a run that never sticks fails)",
                       [](const PlateRun& r) {
                         if (!r.t_stick) throw SolverError("sliding-plates: the plates never stick before t_end");
                         return *r.t_stick;
                       },
                       [](const ExactSlidingPlates& ex, const Parameters&) { return ex.t_stick(); })};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const PlateRunConfig base = base_config(prm);
    const std::string events = prm.choice("events", {"on", "off", "auto"});
    const auto laws = prm.choice_list("friction", plate_law_names());
    std::vector<IntegratorSpec> solvers;  // integrator specs; cvode:adams / cvode:bdf:3 / ida:2 override cvode_method / max_order
    for (const auto& item : split_list(prm.raw("solver"))) {
      solvers.push_back(parse_integrator_among("solver", item, solver_names()));
      for (std::size_t i = 0; i + 1 < solvers.size(); ++i)
        if (solvers[i].kind() == solvers.back().kind())
          throw_input("solver", prm.raw("solver"), "one spec per solver (the figures pair runs by solver): " + join(solver_names()));
    }
    const auto dts = prm.positive_list("dt");
    const bool fig4 = prm.flag("fig4");
    const double fig4_dt = prm.positive("fig4_dt");
    std::vector<double> sweep;
    if (prm.raw("sweep_v0") != "none") sweep = prm.positive_list("sweep_v0");
    const double sweep_dt = prm.positive("sweep_dt");

    // Build and validate every configuration before running any.
    std::vector<PlateRunConfig> configs;
    for (const auto& law_name : laws)
      for (const auto& spec : solvers)
        for (double dt : dts) {
          PlateRunConfig c = base;
          c.law = parse_plate_law("friction", law_name);
          c.solver = spec.options("solver", c.solver);
          c.solver.dt = dt;
          c.solver.events = events_for(events, c);
          c.p.validate(c.law);
          validate_solver_options(SlidingPlates(c.p, c.law, c.solver.events), c.solver, 0, c.t_end);
          configs.push_back(c);
        }
    if (fig4 && !(fig4_dt <= base.t_end)) throw_input("fig4_dt", prm.raw("fig4_dt"), "must be <= t_end");
    if (!sweep.empty() && !(sweep_dt <= base.t_end)) throw_input("sweep_dt", prm.raw("sweep_dt"), "must be <= t_end");
    // Beyond these the exact solutions (energies ~ v0^2, gamma^2) overflow a double: the model means nothing there.
    if (!(std::abs(base.v0) <= 1e100)) throw_input("v0", prm.raw("v0"), "|v0| must be <= 1e100");
    if (!(base.p.gamma <= 1e100)) throw_input("gamma", prm.raw("gamma"), "must be <= 1e100");
    if (!(base.t_end <= 1e9)) throw_input("t_end", prm.raw("t_end"), "must be <= 1e9");

    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    Progress progress(ctx.log, name(), configs.size() + (fig4 ? 1 : 0) + (sweep.empty() ? 0 : 1));

    // Exact solutions of both laws for the base parameters.
    PlateRunConfig c_exact = base;
    c_exact.law = PlateLaw::csds;
    const bool csds_ok = base.p.gamma > 0;
    nlohmann::json exact_json;
    if (csds_ok) {
      const auto ex = exact_plates(c_exact);
      write_exact_csv(out / "exact_csds.csv", ex, base.t_end);
      exact_json["csds"] = {{"t_stick", ex.t_stick() ? json_number(*ex.t_stick()) : nullptr},
                            {"v_end", ex.at(base.t_end).v}, {"xi_end", ex.at(base.t_end).xi}};
    }
    c_exact.law = PlateLaw::dsds_dae;
    const auto ex_d = exact_plates(c_exact);
    write_exact_csv(out / "exact_dsds.csv", ex_d, base.t_end);
    exact_json["dsds"] = {{"t_stick", ex_d.t_stick() ? json_number(*ex_d.t_stick()) : nullptr},
                          {"v_end", ex_d.at(base.t_end).v}, {"xi_end", ex_d.at(base.t_end).xi},
                          {"energy_created", 0.5 * base.p.k * (ex_d.xi_start() * ex_d.xi_start() - base.xi0 * base.xi0)}};

    std::size_t steps_per_run = 0;
    for (const auto& c : configs) steps_per_run = std::max(steps_per_run, static_cast<std::size_t>(std::ceil(c.t_end / c.solver.dt)));
    ctx.plan({{"runs", configs.size() + (fig4 ? 1 : 0) + sweep.size()},
              {"steps_per_run", steps_per_run},
              {"sweep_steps_per_run", sweep.empty() ? 0.0 : 3 * std::ceil(base.t_end / sweep_dt)},
              {"particles", 2}});
    nlohmann::json results = nlohmann::json::array();
    for (const auto& c : configs) {
      // One run through the run store: its row here, its time series in runs/<label>.csv.
      results.push_back(ctx.run(run_label(c), [&] {
        const PlateRun r = run_plates(c);
        write_run_csv(out / "runs" / (run_label(c) + ".csv"), r);
        nlohmann::json row{{"friction", to_string(c.law)},
                           {"solver", to_string(c.solver.kind)},
                           {"dt", c.solver.dt},
                           {"events", c.solver.events},
                           {"xi_end", r.xi_end},
                           {"v_end", r.v_end},
                           {"energy_created", r.energy_created},
                           {"steps", r.stats.steps},
                           {"rhs_evals", r.stats.rhs_evals},
                           {"root_evals", r.stats.root_evals},
                           {"switches", r.stats.events.size()},
                           {"csv", "runs/" + run_label(c) + ".csv"}};
        // Without events the stick time is interpolated between output samples: labelled, at the grid's precision.
        put_transition_time(row, "t_stick", r.t_stick ? *r.t_stick : std::nan(""), c.solver.events, c.solver.dt);
        return row;
      }));
      progress.tick(run_label(c));
    }

    nlohmann::json summary{{"study", name()}, {"results", results}, {"exact", exact_json}};
    plot_dynamics(out, configs, csds_ok, ctx.log);
    plot_kinetic_difference(out, configs, ctx.log);
    plot_dissipation(out, configs, ctx.log);
    if (fig4) {
      summary["fig4"] = ctx.run("fig4", [&] { return run_fig4(base, fig4_dt, out, ctx.log); });
      progress.tick("fig4 midpoint dsds-stage");
    }
    if (!sweep.empty()) {
      summary["energy_sweep"] = run_sweep(base, sweep, sweep_dt, ctx);
      progress.tick("energy sweep over v0");
    }
    return summary;
  }

 private:
  static std::string plot_lines(const std::vector<PlateRunConfig>& runs, int column) {
    std::string s;
    for (const auto& c : runs)
      s += fmt::format("'runs/{}.csv' using 1:{} with lines lw 1.5 title '{}', ", run_label(c), column, run_label(c));
    return s;
  }

  static void plot_dynamics(const std::filesystem::path& out, const std::vector<PlateRunConfig>& runs,
                            bool csds_exact, std::ostream& log) {
    std::string script = "set datafile separator ','\nset datafile columnheaders\nset multiplot layout 3,1 title "
                         "'Sliding plates (seed 001, Fig. 1): dashed = exact solutions'\nset key outside right\nset grid\n";
    const char* names[3] = {"xi", "v", "F"};
    const int columns[3] = {3, 2, 4};
    for (int p = 0; p < 3; ++p) {
      script += fmt::format("set ylabel '{} [n.u.]'\n", names[p]);
      if (p == 2) script += "set xlabel 't [n.u.]'\n";
      script += "plot " + plot_lines(runs, columns[p]);
      if (csds_exact) script += fmt::format("'exact_csds.csv' using 1:{} with lines dt 2 lc rgb 'black' title 'exact C-SDS', ", columns[p]);
      script += fmt::format("'exact_dsds.csv' using 1:{} with lines dt 3 lc rgb 'gray40' title 'exact D-SDS (DAE)'\n", columns[p]);
    }
    script += "unset multiplot\n";
    render_png(out / "fig1_dynamics.png", script, log, 1100, 1000);
  }

  static void plot_kinetic_difference(const std::filesystem::path& out,
                                      const std::vector<PlateRunConfig>& runs, std::ostream& log) {
    // Pair every D-SDS-type run with the C-SDS run of the same solver and dt.
    std::string plots;
    for (const auto& cd : runs) {
      if (cd.law == PlateLaw::csds) continue;
      for (const auto& cc : runs) {
        if (cc.law != PlateLaw::csds || cc.solver.kind != cd.solver.kind || cc.solver.dt != cd.solver.dt) continue;
        // The series are on disk (runs/<label>.csv, kColumns), also for runs a --resume did not rerun.
        const auto rd = read_csv(out / "runs" / (run_label(cd) + ".csv"));
        const auto rc = read_csv(out / "runs" / (run_label(cc) + ".csv"));
        const std::string file = "dEkin_" + run_label(cd) + ".csv";
        CsvWriter csv(out / "runs" / file, {"t [n.u.]", "dE_kin [n.u.]"});
        for (const auto& s : rd) csv.row({s[0], s[5] - kinetic_at(rc, s[0])});
        plots += fmt::format("'runs/{}' using 1:2 with lines lw 1.5 title '{} - csds', ", file, run_label(cd));
      }
    }
    if (plots.empty()) return;
    render_png(out / "fig2_kinetic_energy.png",
               "set datafile separator ','\nset datafile columnheaders\nset grid\nset xlabel 't [n.u.]'\n"
               "set ylabel 'E_kin(D-SDS) - E_kin(C-SDS) [n.u.]'\nset title 'Kinetic energy difference (seed 001, Fig. 2)'\nplot " +
                   plots,
               log);
  }

  static void plot_dissipation(const std::filesystem::path& out,
                               const std::vector<PlateRunConfig>& runs, std::ostream& log) {
    render_png(out / "dissipation.png",
               "set datafile separator ','\nset datafile columnheaders\nset grid\nset key outside right\nset xlabel 't [n.u.]'\n"
               "set ylabel 'D(t) = -W - (U - U_0) [n.u.]'\nset title 'Cumulative dissipation: negative means energy created'\nplot " +
                   plot_lines(runs, 8) + "0 with lines lc rgb 'black' notitle",
               log, 1100, 600);
  }

  // Fig. 4: midpoint rule with the D-SDS reset after each stage; the auxiliary state u1 = u + dt/2 f(u),
  // reset with u as the evaluation state, is reconstructed at each half step from the model itself.
  static nlohmann::json run_fig4(const PlateRunConfig& base, double dt, const std::filesystem::path& out, std::ostream& log) {
    PlateRunConfig c = base;
    c.law = PlateLaw::dsds_stage;
    c.solver.kind = SolverKind::midpoint;
    c.solver.dt = dt;
    c.solver.events = false;
    c.p.validate(c.law);
    const PlateRun r = run_plates(c);
    write_run_csv(out / "runs" / "fig4_midpoint.csv", r);
    const SlidingPlates model(c.p, c.law, false);
    CsvWriter aux(out / "runs" / "fig4_auxiliary.csv", {"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]"});
    Vec x(3), f(3), u1(3);
    const Mode mode{free_mode};
    for (std::size_t i = 0; i + 1 < r.samples.size(); ++i) {
      const auto& s = r.samples[i];
      x << s.v, s.xi, s.work;
      model.rhs(s.t, x, mode, f);
      u1 = x + 0.5 * dt * f;
      model.adjust(s.t, x, u1, mode);
      aux.row({s.t + 0.5 * dt, u1[0], u1[1], model.force(u1, mode)});
    }
    aux.close();
    std::string script = "set datafile separator ','\nset datafile columnheaders\nset multiplot layout 3,1 title "
                         "'D-SDS, midpoint rule with per-stage reset, dt = " + fmt::format("{}", dt) +
                         " (seed 001, Fig. 4)'\nset grid\nset key outside right\n";
    const char* names[3] = {"xi", "v", "F"};
    const int columns[3] = {3, 2, 4};
    const int aux_columns[3] = {3, 2, 4};
    for (int p = 0; p < 3; ++p) {
      script += fmt::format("set ylabel '{} [n.u.]'\n", names[p]);
      if (p == 2) script += "set xlabel 't [n.u.]'\n";
      script += fmt::format(
          "plot 'runs/fig4_midpoint.csv' using 1:{} with linespoints pt 7 ps 0.5 title 'u^n', "
          "'runs/fig4_auxiliary.csv' using 1:{} with points pt 6 ps 0.6 title 'auxiliary u_1 (t + dt/2)', "
          "'exact_dsds.csv' using 1:{} with lines dt 3 lc rgb 'gray40' title 'exact D-SDS'\n",
          columns[p], aux_columns[p], columns[p]);
    }
    script += "unset multiplot\n";
    render_png(out / "fig4_midpoint.png", script, log, 1100, 1000);
    return {{"dt", dt}, {"v_end", r.v_end}, {"xi_end", r.xi_end}, {"energy_created", r.energy_created}};
  }

  // energy_created against v(0): D-SDS by Euler (the paper's scheme), the exact D-SDS DAE through IDA, and
  // the C-SDS by Euler. The exponent is fitted on the upper half of the v0 range.
  static nlohmann::json run_sweep(const PlateRunConfig& base, const std::vector<double>& v0s, double dt,
                                  const StudyContext& ctx) {
    const std::filesystem::path& out = ctx.out_dir;
    std::ostream& log = ctx.log;
    struct Variant {
      PlateLaw law;
      SolverKind solver;
      bool events;
    };
    const std::vector<Variant> variants{{PlateLaw::dsds, SolverKind::euler, false},
                                        {PlateLaw::dsds_dae, SolverKind::ida, true},
                                        {PlateLaw::csds, SolverKind::euler, false}};
    nlohmann::json rows = nlohmann::json::array();
    std::vector<std::vector<double>> created(variants.size());
    for (double v0 : v0s) {
      // One run of the store per v(0): the three variants and the exact jump.
      const nlohmann::json r = ctx.run(fmt::format("energy_sweep v0={}", format_value(v0)), [&] {
        std::vector<double> e;
        for (std::size_t i = 0; i < variants.size(); ++i) {
          PlateRunConfig c = base;
          c.v0 = v0;
          c.law = variants[i].law;
          c.solver.kind = variants[i].solver;
          c.solver.events = variants[i].events;
          c.solver.dt = dt;
          e.push_back(c.law == PlateLaw::csds && !(c.p.gamma > 0) ? 0.0 : run_plates(c).energy_created);
        }
        PlateRunConfig cx = base;
        cx.v0 = v0;
        cx.law = PlateLaw::dsds_dae;
        const auto ex = exact_plates(cx);
        const double jump = std::max(0.0, 0.5 * base.p.k * (ex.xi_start() * ex.xi_start() - base.xi0 * base.xi0));
        return nlohmann::json{{"v0", v0}, {"dsds_euler", e[0]}, {"dsds_dae_ida", e[1]}, {"csds_euler", e[2]},
                              {"dsds_exact_jump", jump}};
      });
      rows.push_back(r);
      created[0].push_back(r["dsds_euler"].get<double>());
      created[1].push_back(r["dsds_dae_ida"].get<double>());
      created[2].push_back(r["csds_euler"].get<double>());
    }
    {
      CsvWriter csv(out / "energy_created_vs_v0.csv", {"v0 [n.u.]", "dsds_euler [n.u.]", "dsds_dae_ida [n.u.]",
                                                       "csds_euler [n.u.]", "dsds_exact_jump [n.u.]"});
      for (const auto& r : rows)
        csv.row({r["v0"].get<double>(), r["dsds_euler"].get<double>(), r["dsds_dae_ida"].get<double>(),
                 r["csds_euler"].get<double>(), r["dsds_exact_jump"].get<double>()});
    }
    // Exponent of energy_created ~ v0^p over the upper half of the sweep.
    auto exponent = [&](const std::vector<double>& e) { return loglog_slope(v0s, e, 0, v0s.size() / 2); };
    const double max_csds = *std::max_element(created[2].begin(), created[2].end());
    render_png(out / "energy_created_vs_v0.png",
               "set datafile separator ','\nset datafile columnheaders\nset logscale xy\nset grid\nset key left top\n"
               "set xlabel 'v(0) [n.u.]'\nset ylabel 'energy created [n.u.]'\n" +
                   fmt::format("set title 'Energy created by the friction law (seed 001, 3.3); C-SDS: at most {:.1e} at any v(0)'\n",
                               max_csds) +
                   "plot 'energy_created_vs_v0.csv' using 1:2 with linespoints pt 7 title 'D-SDS, Euler dt = " +
                   fmt::format("{}", dt) +
                   "', '' using 1:3 with linespoints pt 5 title 'D-SDS exact DAE (IDA)', "
                   "'' using 1:5 with lines dt 2 lc rgb 'black' title 'jump k xi_D(0+)^2/2 = (gamma v0 - F_max)^2/(2k)', "
                   "0.5*x**2 with lines dt 3 lc rgb 'gray50' title 'v0^2/2 guide'",
               log);
    return {{"rows", rows},
            {"exponent_dsds_euler", json_number(exponent(created[0]))},
            {"exponent_dsds_dae", json_number(exponent(created[1]))},
            {"max_csds", max_csds}};
  }
};

}  // namespace

std::unique_ptr<Study> make_sliding_plates_study() { return std::make_unique<SlidingPlatesStudy>(); }

}  // namespace stickslip
