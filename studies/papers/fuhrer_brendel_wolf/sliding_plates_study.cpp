// studies/papers/fuhrer_brendel_wolf/sliding_plates_study.cpp — `stickslip run sliding-plates`: seed 001, Figs. 1, 2
// and 4, and the v(0)-sweep of the energy the D-SDS creates (§3.3).
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
// The runs, their CSVs and summary rows: studies/papers/fuhrer_brendel_wolf/plate_runs.hpp; the figures:
// plate_figures.hpp; the §3.3 sweep: plate_energy_sweep.hpp.
#include <cmath>
#include <map>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_energy_sweep.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_figures.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"

namespace stickslip {
namespace {

class SlidingPlatesStudy final : public Study {
 public:
  std::string name() const override { return "sliding-plates"; }
  std::string summary() const override {
    return "two sliding plates, C-SDS vs D-SDS (Führer, Brendel & Wolf Figs. 1, 2, 4), energy created vs v(0)";
  }

  Parameters parameters() const override {
    Parameters p("sliding-plates");
    p.declare("friction", "dsds,csds", "friction laws (list): " + join(plate_laws()))
        .declare("solver", "euler",
                 "solvers (list): euler, midpoint, heun, rk4, dopri5, cvode[:bdf|:adams][:ORDER], ida[:ORDER]; "
                 "filippov:SCHEME runs a set-valued law's Filippov form")
        .declare("dt", "0.1,0.001", "time steps (list); output interval for dopri5/cvode/ida")
        .declare("events", "auto",
                 "locate stick/slip switches: on, off, auto (= on for dopri5/cvode/ida and the laws that run only "
                 "with events, dsds-dae; off for the fixed-step runs, whose step-by-step behaviour Figs. 1, 2, 4 show)")
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
    // The parameters of the laws that the plates do not bind (kt = k, gamma_t = gamma/m, mu = 1).
    declare_law_parameters(p, plate_laws(), {"kt", "gamma_t", "mu"});
    return p;
  }

  // The model, initial state and tolerances shared by every run (solver kind, dt, law and events set per run).
  static PlateRunConfig base_config(const Parameters& prm) {
    PlateRunConfig base;
    base.p = {prm.positive("m"), prm.positive("k"), prm.nonnegative("gamma"), prm.nonnegative("fmax")};
    base.v0 = prm.real("v0");
    base.xi0 = prm.real("xi0");
    base.t_end = prm.positive("t_end");
    base.solver.rtol = prm.in_open_range("rtol", 0, 1);
    base.solver.atol = prm.absolute_tolerance("atol");
    base.solver.max_order = static_cast<int>(prm.integer("max_order", 1, 5));
    base.solver.adams = prm.choice("cvode_method", {"bdf", "adams"}) == "adams";
    return base;
  }
  static bool events_for(const std::string& events, const PlateRunConfig& c) {
    return events == "on" ||
           (events == "auto" && (needs_events(law_forms("friction", c.law, RelationKind::one_d)) || !is_fixed_step(c.solver.kind)));
  }
  // The laws that run on the plates (the law registry's, by their forms); every other name of the registry is
  // refused by the driver with the form it lacks.
  static const std::vector<std::string>& plate_laws() {
    static const std::vector<std::string> laws = laws_running(RelationKind::one_d, drivers_of(RelationKind::one_d));
    return laws;
  }
  // Configuration c with law `law` and its parameters read from prm.
  static void set_law(PlateRunConfig& c, const Parameters& prm, const std::string& law) {
    c.law = law;
    c.law_values = law_values(prm, law, {}, "friction");
  }

  // One run for `stickslip converge`: the single friction law of the parameters, integrator `spec` at step h (or
  // rtol h for dopri5/cvode/ida, reporting every first dt); exact values from the piecewise solution of the law.
  std::vector<Observable> observables() const override {
    auto config = [](const Parameters& prm, const IntegratorSpec* spec, double h) {
      PlateRunConfig c = base_config(prm);
      set_law(c, prm, prm.choice("friction", law_names()));
      c.p.validate();
      if (spec) {
        c.solver = spec->options("solver", c.solver);
        c.filippov = spec->filippov;
        if (spec->adaptive()) c.solver.rtol = h, c.solver.dt = prm.positive_list("dt").front();
        else c.solver.dt = h;
        c.solver.events = events_for(prm.choice("events", {"on", "off", "auto"}), c);
        validate_contact_run(plates_system_of(c), c.solver, 0, c.t_end);
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
        const PlateRun r = run_plates(config(prm, &spec, h), [](const PlateSample&) {});  // values only: no samples kept
        return ObservableValue{value(r), r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [config, exact](const Parameters& prm) -> std::optional<double> {
        const auto ex = exact_plates(config(prm, nullptr, 0));
        if (!ex) return std::nullopt;
        return exact(*ex, prm);
      };
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

  std::map<std::string, std::string> result_units() const override {
    return {{"dt", "n.u."}, {"energy_created", "n.u."}, {"dsds_euler", "n.u."}, {"dsds_dae_ida", "n.u."}, {"csds_euler", "n.u."},
            {"dsds_exact_jump", "n.u."}, {"max_csds", "n.u."}, {"exponent_dsds_euler", "1"}, {"exponent_dsds_dae", "1"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const PlateRunConfig base = base_config(prm);
    const std::string events = prm.choice("events", {"on", "off", "auto"});
    const auto laws = prm.choice_list("friction", law_names());
    // integrator specs; cvode:adams / cvode:bdf:3 / ida:2 override cvode_method / max_order
    const std::vector<IntegratorSpec> solvers = prm.each_item(
        "solver", [](const std::string& item) { return parse_integrator_among("solver", item, solver_names()); });
    for (std::size_t j = 0; j < solvers.size(); ++j)
      for (std::size_t i = 0; i < j; ++i)
        if (solvers[i].kind() == solvers[j].kind() && solvers[i].filippov == solvers[j].filippov)
          throw_input("solver", prm.raw("solver"), "one spec per solver (the figures pair runs by solver): " + join(solver_names()));
    const auto dts = prm.positive_list("dt");
    const bool fig4 = prm.flag("fig4");
    const double fig4_dt = prm.positive("fig4_dt");
    std::vector<double> sweep;
    if (prm.raw("sweep_v0") != "none") sweep = prm.positive_list("sweep_v0");
    const double sweep_dt = prm.positive("sweep_dt");

    // Beyond these the exact solutions (energies ~ v0^2, gamma^2) overflow a double: the model means nothing there.
    if (!(std::abs(base.v0) <= 1e100)) throw_input("v0", prm.raw("v0"), "|v0| must be <= 1e100");
    if (!(base.p.gamma <= 1e100)) throw_input("gamma", prm.raw("gamma"), "must be <= 1e100");
    if (!(base.t_end <= 1e9)) throw_input("t_end", prm.raw("t_end"), "must be <= 1e9");
    // Build and validate every configuration before running any.
    std::vector<PlateRunConfig> configs;
    for_each_product(
        [&](const std::string& law_name, const IntegratorSpec& spec, double dt) {
          PlateRunConfig c = base;
          set_law(c, prm, law_name);
          c.solver = spec.options("solver", c.solver);
          c.filippov = spec.filippov;
          c.solver.dt = dt;
          c.solver.events = events_for(events, c);
          c.p.validate();
          prm.require_relation(dt <= c.t_end, {"dt", "t_end"},
                               "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
          validate_contact_run(plates_system_of(c), c.solver, 0, c.t_end);
          // Every run keeps one sample per step (or output point) for its CSV and figures.
          (void)checked_count(prm, "dt", c.solver.dt, "t_end", c.t_end, kMaxSamples, "samples per run");
          configs.push_back(c);
        },
        laws, solvers, dts);
    if (fig4 && !(fig4_dt <= base.t_end)) throw_input("fig4_dt", prm.raw("fig4_dt"), "must be <= t_end");
    if (!sweep.empty() && !(sweep_dt <= base.t_end)) throw_input("sweep_dt", prm.raw("sweep_dt"), "must be <= t_end");
    if (fig4) (void)checked_count(prm, "fig4_dt", fig4_dt, "t_end", base.t_end, kMaxSamples, "samples in the Fig. 4 run");
    if (!sweep.empty())
      (void)checked_count(prm, "sweep_dt", sweep_dt, "t_end", base.t_end, kMaxSamples, "samples per energy-sweep run");

    std::size_t steps_per_run = 0;
    for (const auto& c : configs) steps_per_run = std::max(steps_per_run, static_cast<std::size_t>(std::ceil(c.t_end / c.solver.dt)));
    ctx.plan({{"runs", configs.size() + (fig4 ? 1 : 0) + sweep.size()},
              {"steps_per_run", steps_per_run},
              {"sweep_steps_per_run", sweep.empty() ? 0.0 : 3 * std::ceil(base.t_end / sweep_dt)},
              {"particles", 2}});
    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    // Exact solutions of both laws for the base parameters (the C-SDS needs gamma > 0).
    const bool csds_ok = base.p.gamma > 0;
    const nlohmann::json exact_json = write_exact_solutions(out, base);

    // One run each through the run store: its row here, its time series in runs/<label>.csv.
    const nlohmann::json results = run_each(ctx, name(), configs, [](const PlateRunConfig& c) { return run_label(c); },
                                            [&](const PlateRunConfig& c) {
      // Streamed to its CSV as it runs: no run holds its time series in memory.
      return plate_run_row(c, run_plates_to_csv(c, out / "runs" / (run_label(c) + ".csv")));
    });
    nlohmann::json summary{{"study", name()}, {"results", results}, {"exact", exact_json}};
    render_figure(out / "fig1_dynamics.png", dynamics_figure(configs, csds_ok), ctx.log);
    std::size_t fig2_pairs = 0;
    const Figure fig2 = kinetic_difference_figure(out, configs, fig2_pairs);
    if (fig2_pairs > 0) render_figure(out / "fig2_kinetic_energy.png", fig2, ctx.log);
    else ctx.log << name() << ": fig2_kinetic_energy.png not drawn: Fig. 2 pairs each D-SDS run with a C-SDS run of the "
                    "same solver and dt (add csds to friction=)\n";
    render_figure(out / "dissipation.png", dissipation_figure(configs), ctx.log);

    if (fig4) {
      // Fig. 4: the midpoint rule with the D-SDS reset after each stage, and its auxiliary states.
      summary["fig4"] = run_each(ctx, name(), std::vector<PlateRunConfig>{fig4_config(base, fig4_dt)},
                                 [](const PlateRunConfig&) { return "fig4"; },
                                 [&](const PlateRunConfig& c4) { return run_fig4(out / "runs", c4); })[0];
      render_figure(out / "fig4_midpoint.png", fig4_figure(fig4_dt), ctx.log);
    }
    if (!sweep.empty()) summary["energy_sweep"] = plate_energy_sweep(base, sweep, sweep_dt, ctx);
    return summary;
  }
};

}  // namespace

std::unique_ptr<Study> make_sliding_plates_study() { return std::make_unique<SlidingPlatesStudy>(); }

}  // namespace stickslip
