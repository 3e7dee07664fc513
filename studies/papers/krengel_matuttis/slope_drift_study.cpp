// studies/papers/krengel_matuttis/slope_drift_study.cpp — `stickslip run slope-drift`: seed 002, §4, Figs. 2-5
// generalised.
//
// A block of size l on a slope at angle_deg (models/incline_block.hpp, Table 1 parameters) with speed v0 down
// the slope, started either in static normal equilibrium (start=equilibrium) or, as in the paper, just
// touching the plane without overlap and dropping into the normal spring (start=touching).
//   friction  coulomb-filippov (Filippov driver), coulomb-dae (IDA; projection=on/off: velocity projection while
//             sticking, the seed's conclusion), cundall-strack, csds, dsds; coulomb-km (Krengel & Matuttis' own
//             scheme, eq. 12-17 at every evaluation: the fixed-step solvers, and verlet with block=polygon)
//   solver    heun, rk4, gear2, gear5 (fixed step dt; gearN: Gear's predictor-corrector, the BDF of order N at the
//             fixed step, as Krengel & Matuttis integrate), dopri5, bdf2, bdf5 (CVODE BDF, or IDA for coulomb-dae,
//             maximum order 2 / 5). The adaptive ones run with rtol/atol and largest internal step dt
//             (SolverOptions::max_step), so that a dt sweep means the same for every integrator (Fig. 4); they report
//             to the study every dt. verlet (block=polygon): velocity Verlet at step dt with the square as one body on
//             the polygon engine (studies/papers/krengel_matuttis/slope_block_engine.hpp), for the laws with an engine
//             form: cundall-strack, csds, dsds, and coulomb (the engine's exact static friction, eq. 21-22; only here
//             does coulomb alone run).
// Combinations that do not exist are skipped and listed (summary.json "skipped", a line each on stderr), as the models
// say (Model::form and form_refuses: coulomb-dae is a DAE, IDA only, so a BDF solver; dsds is a time-stepping rule for
// heun/rk4 only; the csds model refuses damping off).
// Three groups of runs, each run once even if it belongs to several (its JSON row lists them in "sweeps"):
//   position  friction x solver x dt x angle_deg x size x damping x projection x start (every listed value)
//   dt        friction x solver x projection x dt_sweep      at the base point
//   size      friction x solver x projection x size_sweep    at the base point
// with the base point dt = first dt, size = first size, damping = first damping, start = first start and
// angle = the last angle_deg (30 deg by default, just under the critical angle: Figs. 4-5).
// Drift = |s(t_end) - s(t_rest)| along the slope. t_rest = 0 if the block starts at rest in equilibrium
// (start=equilibrium, v0 = 0, below the friction angle: tan(angle) <= mu); otherwise the first time s' <= 0 after
// the block has moved (the stick event for the Coulomb laws), and 0 if it never moves. s' is sampled every step of
// heun/rk4 and every dt of the others (and at every event). Rows whose block has not come to rest by t_end have
// drift and t_rest null and "motion": "slides" (the others "rests"); a run whose
// solver fails gets an "error", every value null and no CSV, and the others go on: the summary lists it under
// "failed_runs" and the study then exits 3 (studies/cli/commands.cpp). late_drift = |s(t_end) - s(t_end / 2)|
// separates a start-up slip (late_drift 0) from a creep that goes on.
// Outputs: runs/<label>.csv (t, s, v, y, F_t, x_h - x_h(0): horizontal displacement, every output_interval),
//   results.csv, and
//   position.png        x_h(t) - x_h(0) per angle x start (rows) and law (columns) at the first dt and size (Figs. 2-3)
//   drift_vs_dt.png     drift against dt, one panel per law, one line per solver (Fig. 4)
//   drift_vs_size.png   drift against l, one panel per law, one line per solver (Fig. 5)
// JSON: {"study":"slope-drift","results":[{"friction","solver","dt","angle_deg","size","damping","projection",
//        "start","drift","t_rest","sweeps", ...}], "skipped":[...]}; projection is null for the laws it does not
//        apply to (all but coulomb-dae).
// setup=krengel-matuttis (studies/experiment/setup_preset.hpp): the paper's block as they computed it (slope_setups
// below: coulomb-km and cundall-strack, heun/gear2/gear5, the polygon, touching, 15 and 30 deg, Figs. 4-5's sweeps);
// a key the user sets to another value wins; summary.json "setup" records what it set, "drift_vs_dt" and
// "drift_vs_size" the drift per dt and per size of each law and solver at the base point.
// One run (state, drift, its CSV) is studies/papers/krengel_matuttis/slope_drift_runs.hpp, the rows, results.csv and
// figures studies/papers/krengel_matuttis/slope_drift_report.hpp; this file declares the parameters, the observable and
// the configurations.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>
#include <tuple>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/contact_run.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/setup_preset.hpp"
#include "studies/papers/krengel_matuttis/slope_drift_report.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {
namespace {

const std::vector<std::string> kStarts{"equilibrium", "touching"};
// "coulomb" alone names the particle engine's exact static friction where solver lists verlet (block=polygon);
// elsewhere (and in `converge`, whose solvers are the ODE and DAE drivers) it is refused as ambiguous: the block's
// Coulomb laws there are its Filippov and its DAE form.
const Renames kRenames{{"coulomb", {"coulomb-filippov", "coulomb-dae"}}};

// The laws that run on the block (the law registry's, by their forms).
const std::vector<std::string>& block_laws() {
  static const std::vector<std::string> laws = laws_running(RelationKind::one_d, drivers_of(RelationKind::one_d));
  return laws;
}

// A positive list, or "none" (an empty list).
std::vector<double> sweep_list(const Parameters& prm, const std::string& key) {
  if (prm.raw(key) == "none") return {};
  std::vector<double> v;
  try {
    v = prm.positive_list(key);
  } catch (const InputError&) {
    throw_input(key, prm.raw(key), "a comma-separated list of positive numbers, or none");
  }
  if (v.empty()) throw_input(key, prm.raw(key), "a comma-separated list of positive numbers, or none");
  return v;
}

template <class T>
const std::vector<T>& non_empty(const std::vector<T>& v, const Parameters& prm, const std::string& key) {
  if (v.empty()) throw_input(key, prm.raw(key), "give at least one value");
  return v;
}

// setup=krengel-matuttis: Krengel & Matuttis' block as they computed it (§4, Table 1, Figs. 2-5): their static
// friction as printed (coulomb-km) and Cundall-Strack, the square as a polygon ("The particle and the slope are
// modelled as convex polygons"), their integrators (Heun, BDF2 and BDF5 as Gear's predictor-corrector at the fixed
// step), the start without overlap, half the critical angle (Fig. 2) and 30 deg (Fig. 3), damped and undamped,
// Table 1's dt 5e-6 s, the dt sweep of Fig. 4 and the sizes of Fig. 5 (the paper gives no values: the defaults'
// ranges).
const std::vector<SetupPreset>& slope_setups() {
  static const std::vector<SetupPreset> presets{
      {"default", "the project's set-up, nothing changed", {}},
      {"krengel-matuttis",
       "Krengel & Matuttis' block as they computed it",
       {{"friction", "coulomb-km,cundall-strack"},
        {"solver", "heun,gear2,gear5"},
        {"block", "polygon"},
        {"start", "touching"},
        {"angle_deg", "15,30"},
        {"damping", "on,off"},
        {"dt", "5e-6"},
        {"dt_sweep", "2e-6,5e-6,1e-5,2e-5,5e-5,1e-4"},
        {"size_sweep", "0.001,0.003,0.01,0.03,0.1,0.3,1"}}}};
  return presets;
}

// One of Figs. 4-5 as a table: per law, solver and projection, the drift of the results of a sweep ("dt" or
// "size") against the swept value (the row's key of the same name).
nlohmann::json drift_table(const nlohmann::json& results, const std::string& sweep) {
  nlohmann::json table = nlohmann::json::array();
  for (const nlohmann::json& r : results) {
    if (std::find(r["sweeps"].begin(), r["sweeps"].end(), sweep) == r["sweeps"].end()) continue;
    auto it = std::find_if(table.begin(), table.end(), [&](const nlohmann::json& t) {
      return t["friction"] == r["friction"] && t["solver"] == r["solver"] && t["projection"] == r["projection"];
    });
    if (it == table.end()) {
      table.push_back(nlohmann::json::object({{"friction", r["friction"]}, {"solver", r["solver"]},
                                              {"projection", r["projection"]}, {sweep, nlohmann::json::array()},
                                              {"drift", nlohmann::json::array()}}));
      it = table.end() - 1;
    }
    (*it)[sweep].push_back(r[sweep]);
    (*it)["drift"].push_back(r["drift"]);
  }
  return table;
}

class SlopeDriftStudy final : public Study {
 public:
  std::string name() const override { return "slope-drift"; }
  std::string summary() const override {
    return "block on a slope (Krengel & Matuttis §4, Figs. 2-5): creep of Coulomb (Filippov/DAE) vs Cundall-Strack, C-SDS, D-SDS";
  }

  Parameters parameters() const override {
    Parameters p("slope-drift");
    p.declare("friction", "coulomb-filippov,coulomb-dae,cundall-strack,csds,dsds",
              "friction laws (list): " + join(block_laws()) +
                  " (coulomb alone: exact static friction, eq. 21-22, on the particle engine when solver lists verlet, with "
                  "block=polygon; otherwise ambiguous: coulomb-filippov or coulomb-dae)")
        .declare("solver", "heun,rk4,dopri5,bdf2,bdf5",
                 "solvers (list): " + join(slope_solver_names()) +
                     " (bdf2/bdf5: the integrator specs bdf:2, bdf:5, also as cvode:2, cvode:5, ida:2, ida:5, cvode, ida: IDA on a law's DAE form, else "
                     "CVODE; gear2/gear5: Gear's predictor-corrector, the BDF of order 2/5 at the fixed step dt, also as gear:2, gear:5); filippov:SPEC the Filippov driver on SPEC (a set-valued law); verlet: velocity Verlet, the "
                     "polygon block (block=polygon) as one body on the particle engine, laws with an engine form")
        .declare("dt", "5e-6",
                 "time steps (list) [s]: the step of heun/rk4, the largest internal step of dopri5/bdf2/bdf5 "
                 "(CSV rows every output_interval); the first is the base point of the sweeps")
        .declare("dt_sweep", "2e-6,5e-6,1e-5,2e-5,5e-5,1e-4",
                 "dt values (list, or none) run at the base point for drift_vs_dt.png (Fig. 4)")
        .declare("size_sweep", "0.001,0.003,0.01,0.03,0.1,0.3,1",
                 "block sizes l [m] (list, or none) run at the base point for drift_vs_size.png (Fig. 5)")
        .declare("block", "square",
                 "square: the block that only translates (a flat face on the slope); polygon: the square as a polygon "
                 "that translates and rotates (overlap-area contact, it may rock on a corner), as Krengel & Matuttis "
                 "simulate it")
        .declare("angle_deg", "15,30", "slope angles (list) [deg]; the sweeps run at the last one")
        .declare("size", "0.01", "block sizes l (list) [m]; the first is the base point of the sweeps")
        .declare("damping", "on,off",
                 "normal damping D and tangential gamma_t (list of on/off); the first is the base point of the sweeps")
        .declare("projection", "on,off", "coulomb-dae: velocity projection s' = 0 while sticking (list of on/off)")
        .declare("start", "equilibrium",
                 "initial state (list): equilibrium (static normal overlap) or touching (no overlap, the paper's "
                 "start); the first is the base point of the sweeps")
        .declare("t_end", "1", "end time [s]")
        .declare("v0", "0", "initial speed down the slope [m/s]")
        .declare("mu", "0.6", "friction coefficient")
        .declare("rho", "5000", "density [kg/m^3] (Table 1)")
        .declare("Y", "5e7", "Young's modulus [kg/(m s^2)] (Table 1)")
        .declare("gamma", "1.5", "normal damping prefactor D of eq. 18 (Table 1)")
        .declare("rtol", "1e-10", "relative tolerance of dopri5/bdf")
        .declare("atol", "1e-16", "absolute tolerance of dopri5/bdf (overlaps are ~1e-8 m at l = 1 cm)")
        .declare("output_interval", "1e-3", "time between CSV rows [s]")
        .declare("setup", "default", "a paper's set-up: " + setup_help(slope_setups()));
    // The parameters of the laws that the block does not bind (Table 1: kt = 2/7 Y, gamma_t, mu).
    declare_law_parameters(p, block_laws(), {"kt", "gamma_t", "mu"});
    return p;
  }

  static SlopeCommon common_of(const Parameters& prm) {
    SlopeCommon k;
    k.base.mu = prm.nonnegative("mu");
    k.base.rho = prm.positive("rho");
    k.base.young = prm.positive("Y");
    k.base.normal_damping = prm.nonnegative("gamma");
    k.t_end = prm.positive("t_end");
    k.v0 = prm.nonnegative("v0");
    k.rtol = prm.in_open_range("rtol", 0, 1);
    k.atol = prm.absolute_tolerance("atol");
    k.output_interval = prm.positive("output_interval");
    k.polygon = prm.choice("block", {"square", "polygon"}) == "polygon";
    return k;
  }

  // drift of one run at a single point (friction, angle_deg, size, damping, projection, start each one value) with
  // integrator spec at step h (rtol h for dopri5/cvode/ida, whose largest internal step is then the first dt).
  // coulomb-filippov runs through the Filippov driver whatever the prefix; no exact value (the reference is the finest
  // run or Richardson extrapolation; coulomb-filippov and coulomb-dae with projection give exactly 0).
  std::vector<Observable> observables() const override {
    Observable o;
    o.name = "drift", o.unit = "m", o.help = "|s(t_end) - s(t_rest)| along the slope";
    o.integrators = solver_names();
    o.integrators.push_back("bdf");  // IDA on a law's DAE form, else CVODE (solvers/contact_run.hpp)
    o.default_solvers = {"heun", "rk4"};
    o.work_solvers = {"heun", "rk4", "dopri5", "cvode:bdf", "cvode:adams"};
    o.default_dt = "1e-5:1.5625e-7:7";  // cundall-strack under rk4: first order (the clip is a kink) from ~5e-6 down
    o.default_reference = "richardson";
    o.defaults = {{"friction", "cundall-strack"}, {"angle_deg", "30"}, {"size", "0.01"}, {"damping", "on"},
                  {"projection", "on"}, {"start", "equilibrium"}, {"dt", "5e-6"}};
    o.measure = [](const Parameters& prm, const IntegratorSpec& spec, double h) {
      const SlopeCommon k = common_of(prm);
      const double angle = prm.real("angle_deg");
      if (!(angle >= 0 && angle < 90)) throw_input("angle_deg", prm.raw("angle_deg"), "one angle in [0, 90)");
      const std::string law = prm.choice("friction", law_names(), kRenames);
      IntegratorSpec plain = spec;
      plain.filippov = false;
      SlopeConfig c{law, law_values(prm, law, {}, "friction"), (spec.filippov ? "filippov-" : "") + plain.text(), h, angle,
                    prm.positive("size"), prm.flag("damping"), false, prm.choice("start", kStarts) == "touching"};
      c.projection = slope_dae(c) && prm.flag("projection");
      SolverOptions so = contact_solver_options(spec, law_forms("friction", law, RelationKind::one_d), "solver", {});
      so.rtol = k.rtol, so.atol = k.atol, so.dt = h;
      if (spec.adaptive()) so.rtol = h, so.dt = so.max_step = prm.positive_list("dt").front();
      validate_slope_run(c, k, so);
      const SlopeOutcome r = run_slope(c, k, so, nullptr);
      if (std::isnan(r.drift)) throw SolverError("slope-drift: the block is not at rest by t_end; no drift");
      return ObservableValue{r.drift, r.rhs_evals, r.steps};
    };
    return {o};
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"t_rest", "s"}, {"s_rest", "m"}, {"v_rest", "m/s"}, {"s_end", "m"}, {"s_half", "m"},
            {"late_drift", "m"}, {"max_abs_xh", "m"}};
  }

  nlohmann::json run(const Parameters& user, const StudyContext& ctx) const override {
    nlohmann::json setup;
    const Parameters prm = apply_setup(user, "setup", slope_setups(), setup);
    const SlopeCommon k = common_of(prm);
    const std::vector<std::string> solvers =
        prm.each_item("solver", [](const std::string& item) { return slope_solver("solver", item); });
    non_empty(solvers, prm, "solver");
    // coulomb alone is the engine's exact static friction: a law of its own where velocity Verlet runs, ambiguous
    // (coulomb-filippov or coulomb-dae) where it does not
    const bool engine = std::find(solvers.begin(), solvers.end(), "verlet") != solvers.end();
    const auto laws = non_empty(prm.choice_list("friction", law_names(), engine ? Renames{} : kRenames), prm, "friction");
    const auto dts = non_empty(prm.positive_list("dt"), prm, "dt");
    const auto angles = non_empty(prm.real_list("angle_deg"), prm, "angle_deg");
    const auto sizes = non_empty(prm.positive_list("size"), prm, "size");
    const auto dampings = non_empty(prm.flag_list("damping"), prm, "damping");
    const auto projections = non_empty(prm.flag_list("projection"), prm, "projection");
    const auto start_names = non_empty(prm.choice_list("start", kStarts), prm, "start");
    const auto dt_sweep = sweep_list(prm, "dt_sweep");
    const auto size_sweep = sweep_list(prm, "size_sweep");
    for (double dt : dt_sweep)
      prm.require_relation(dt <= k.t_end, {"dt_sweep", "t_end"},
                           "needs every dt of dt_sweep <= t_end (dt_sweep=" + prm.raw("dt_sweep") + ", t_end=" +
                               prm.raw("t_end") + ")");
    // Step counts (at the largest internal step of the adaptive solvers), refused past the shared limit before any run.
    for (double dt : dts) (void)checked_count(prm, "dt", dt, "t_end", k.t_end, kMaxSteps, "steps per run");
    for (double dt : dt_sweep) (void)checked_count(prm, "dt_sweep", dt, "t_end", k.t_end, kMaxSteps, "steps per run");
    for (double a : angles)
      if (!(a >= 0 && a < 90)) throw_input("angle_deg", prm.raw("angle_deg"), "every angle must lie in [0, 90)");
    std::vector<bool> starts;
    for (const auto& s : start_names) starts.push_back(s == "touching");

    // The configurations: position (every listed value), dt and size sweeps at the base point.
    SlopePlan plan;
    std::map<std::string, std::size_t> index;
    std::set<std::string> skipped_keys;
    auto add_config = [&](const SlopeConfig& c, unsigned group) {
      if (const std::string why = slope_unsupported(c, k); !why.empty()) {
        if (skipped_keys.insert(fmt::format("{} {} {}", c.law, c.solver, c.damping)).second)
          plan.skipped.push_back({{"friction", c.law}, {"solver", c.solver}, {"damping", c.damping}, {"reason", why}});
      } else if (const auto [it, fresh] = index.emplace(c.label(), plan.configs.size()); !fresh) {
        plan.groups[it->second] |= group;
      } else {
        validate_slope_run(c, k, slope_solver_options(c, k));
        plan.configs.push_back(c);
        plan.groups.push_back(group);
      }
    };
    for_each_product(
        [&](const std::string& law, const std::string& sv, bool pr) {
          const LawValues values = law_values(prm, law, {}, "friction");
          if (!slope_dae(SlopeConfig{law, {}, sv, 0, 0, 0, false, false, false})) {  // projection: DAE laws only
            if (pr != projections.front()) return;
            pr = false;
          }
          const auto add = [&](double dt, double a, double l, bool d, bool st, unsigned group) {
            add_config({law, values, sv, dt, a, l, d, pr, st}, group);
          };
          for_each_product([&](double dt, double a, double l, bool d, bool st) { add(dt, a, l, d, st, group_position); },
                           dts, angles, sizes, dampings, starts);
          for (double dt : dt_sweep) add(dt, angles.back(), sizes.front(), dampings.front(), starts.front(), group_dt);
          for (double l : size_sweep) add(dts.front(), angles.back(), l, dampings.front(), starts.front(), group_size);
        },
        laws, solvers, projections);
    const std::vector<SlopeConfig>& configs = plan.configs;
    if (configs.empty()) throw_input("friction", prm.raw("friction"), "no supported friction/solver/damping combination");
    // Each combination that does not exist, on stderr as in summary.json "skipped" (a dry run shows them too).
    for (const nlohmann::json& s : plan.skipped)
      ctx.log << fmt::format("slope-drift: skipped friction={} solver={} damping={}: {}\n", s["friction"].get<std::string>(),
                             s["solver"].get<std::string>(), s["damping"].get<bool>() ? "on" : "off",
                             s["reason"].get<std::string>());

    const auto& out = ctx.out_dir;
    double steps_per_run = 0;  // at the smallest step (the largest internal step of the adaptive solvers)
    for (const auto& c : configs) steps_per_run = std::max(steps_per_run, step_count(k.t_end, c.dt));
    ctx.plan({{"runs", configs.size()}, {"setup", setup}, {"t_end", k.t_end}, {"steps_per_run_at_most", json_number(steps_per_run)},
              {"particles", 1}});
    std::filesystem::create_directories(out / "runs");

    // The runs, each through the run store (on disk when it returns; --resume reads it back).
    const nlohmann::json rows = run_each(ctx, name(), configs, [](const SlopeConfig& c) { return c.label(); },
                                         [&](const SlopeConfig& c) { return slope_run_row(c, k, out / "runs" / (c.label() + ".csv")); });

    std::vector<SlopeOutcome> outcomes;
    nlohmann::json failed_runs = nlohmann::json::array();
    const nlohmann::json results = slope_results(plan, laws, rows, out, ctx.log, outcomes, failed_runs);
    slope_figures(out, plan, outcomes,
                  {dts, sizes, angles, dampings, starts, k.t_end, k.polygon ? "square polygon (translates and rotates)" : "block"},
                  ctx.log);
    // Figs. 4-5 as tables: the drift per dt and per size of each law and solver at the base point.
    const nlohmann::json by_dt = drift_table(results, "dt"), by_size = drift_table(results, "size");
    return {{"study", name()}, {"block", k.polygon ? "polygon" : "square"}, {"setup", setup}, {"drift_vs_dt", by_dt},
            {"drift_vs_size", by_size}, {"results", results}, {"skipped", plan.skipped}, {"failed_runs", failed_runs}};
  }
};

}  // namespace

std::unique_ptr<Study> make_slope_drift_study() { return std::make_unique<SlopeDriftStudy>(); }

}  // namespace stickslip
