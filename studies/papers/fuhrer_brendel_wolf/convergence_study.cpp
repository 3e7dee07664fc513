// studies/papers/fuhrer_brendel_wolf/convergence_study.cpp — `stickslip run convergence`: seed 001 Fig. 3 generalised,
// as `stickslip converge` (studies/experiment/converge.hpp) on the sliding plates' v_end observable for every friction
// law x event location.
//
// Error |v(t_end) - v_exact(t_end)| over dt = dt_max / 2^j, j = 0..levels-1, for every friction law x fixed-step
// scheme x event location on/off; the exact reference is the piecewise solution of the law (the D-SDS DAE for dsds
// and dsds-stage). The order of each row is fitted over its detected asymptotic range (core/order_fit.hpp) with a
// 95 % interval; errors below error_floor are round-off.
//   <law>_<events|noevents>/   converge's outputs for that law and event location (converge.csv, converge.png,
//                              summary.json; studies/experiment/converge.hpp)
//   convergence.csv, convergence.png (log-log, one panel per friction law): the overview of every row
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <utility>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "studies/experiment/converge.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

std::unique_ptr<Study> make_sliding_plates_study();

namespace {

// The rows of one (law, events) run: each scheme's fitted order and interval, errors, steps and ranges per dt (a
// failed series ends the run with its solver's reason).
nlohmann::json series_rows(const std::string& law, bool events, const std::vector<ConvergenceSeries>& series,
                           const std::vector<std::string>& solvers, const std::vector<double>& dts) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t si = 0; si < series.size(); ++si) {
    const ConvergenceSeries& se = series[si];
    if (!se.failure.empty()) throw SolverError(se.failure);
    std::vector<double> errors, steps, rhs_evals;
    for (const ConvergencePoint& q : se.points) {
      errors.push_back(q.error);
      steps.push_back(static_cast<double>(q.steps));
      rhs_evals.push_back(static_cast<double>(q.rhs_evals));
    }
    rows.push_back({{"friction", law}, {"solver", solvers[si]}, {"events", events},
                    {"order", json_number(se.fit.order)},
                    {"ci95", se.fit.has_ci() ? nlohmann::json{se.fit.ci_low, se.fit.ci_high} : nlohmann::json(nullptr)},
                    {"points_fitted", se.fit.points}, {"dts", dts}, {"errors", errors}, {"steps", steps},
                    {"rhs_evals", rhs_evals}, {"ranges", se.fit.range}, {"verdict", se.verdict},
                    {"note", se.note}, {"label", series_label(se)}});
  }
  return rows;
}

// The overview, convergence.csv and convergence.png: every row's errors, text columns as codes (their legend
// returned for summary.json), a panel per law (columns) and event location (rows). Schemes with equal errors (the
// midpoint rule and Heun's method agree on the affine right-hand side between switches) are labelled so and drawn
// so that both stay visible.
nlohmann::json write_convergence_overview(const StudyContext& ctx, const nlohmann::json& results,
                                          const std::vector<std::string>& laws, const std::vector<std::string>& solvers,
                                          const std::vector<bool>& events, const std::vector<double>& dts, double t_end) {
  const std::vector<std::string> range_codes{"asymptotic", "pre-asymptotic", "round-off"};
  nlohmann::json codes{{"friction", laws}, {"solver", solvers}, {"events", {"off", "on"}}, {"range", range_codes}};
  Figure fig;
  fig.title = fmt::format("Fuehrer, Brendel & Wolf, Fig. 3 generalised: error of v(t = {}) against the exact solution "
                          "(paper: D-SDS first order under Euler, Heun and RK4)\nKey: fitted order, its 95 % interval "
                          "and the points fitted (3 points leave 1 degree of freedom: a wide interval); \"above order q\": faster than "
                          "the scheme's order q, from too few points or superconvergence (summary.json: note)",
                          t_end);
  fig.columns = static_cast<int>(laws.size()), fig.rows = static_cast<int>(events.size());
  fig.width = 640 * fig.columns, fig.height = 700 * fig.rows + 40;
  fig.settings = {"set key below font ',8'", "set format y '%.0e'", "set format x '%.0e'"};
  fig.multiplot = true;
  std::map<std::pair<std::string, bool>, std::size_t> panel_of;
  for (bool ev : events)
    for (const auto& law : laws) {
      panel_of[{law, ev}] = fig.panels.size();
      Panel& panel = fig.panel(fmt::format("{}, events {}", law, ev ? "located" : "off"), "dt [n.u.]",
                               "|v - v_exact| [n.u.]");
      panel.logx = panel.logy = true;
      panel.set(fmt::format("set xrange [{:g}:{:g}]", dts.back() / 2, dts.front() * 2));
    }
  {
    CsvWriter csv(ctx.out_dir / "convergence.csv",
                  {"friction", "solver", "events", "dt [n.u.]", "error_v [n.u.]", "steps", "rhs_evals",
                   "range (0 asymptotic, 1 pre-asymptotic, 2 round-off)"});
    std::map<std::size_t, std::vector<std::pair<std::string, std::vector<double>>>> drawn;  // per panel
    for (const nlohmann::json& row : results) {
      const auto li = std::find(laws.begin(), laws.end(), row["friction"].get<std::string>()) - laws.begin();
      const auto si = std::find(solvers.begin(), solvers.end(), row["solver"].get<std::string>()) - solvers.begin();
      const bool ev = row["events"].get<bool>();
      std::vector<double> errors;
      for (std::size_t d = 0; d < dts.size(); ++d) {
        const auto code = std::find(range_codes.begin(), range_codes.end(), row["ranges"][d].get<std::string>()) -
                          range_codes.begin();
        errors.push_back(row["errors"][d].get<double>());
        csv.row({static_cast<double>(li), static_cast<double>(si), ev ? 1.0 : 0.0, dts[d], errors.back(),
                 row["steps"][d].get<double>(), row["rhs_evals"][d].get<double>(), static_cast<double>(code)});
      }
      OrderFit fit;
      fit.order = row["order"].is_number() ? row["order"].get<double>() : std::nan("");
      fit.points = row["points_fitted"].get<int>();
      if (row["ci95"].is_array()) fit.ci_low = row["ci95"][0].get<double>(), fit.ci_high = row["ci95"][1].get<double>();
      const std::string solver = row["solver"].get<std::string>();
      // The series' own label (its verdict, an order above the scheme's); a row stored before labels: the fit alone.
      std::string label = row.value("label", fmt::format("{}: {}", solver, order_label(fit)));
      const std::size_t pi = panel_of.at({laws[static_cast<std::size_t>(li)], ev});
      auto& earlier = drawn[pi];
      for (const auto& [name, e] : earlier)
        if (same_errors(e, errors)) {
          label += " (= " + name + ")";
          break;
        }
      // Zero errors (exact to the last bit) are drawn at the floor's scale, not as 0.
      const std::string error = fmt::format("(($1 == {} && $2 == {} && $3 == {}) ? ($5 > 0 ? $5 : 1e-17) : 1/0)", li, si, ev ? 1 : 0);
      fig.panels[pi].add(Curve::of("convergence.csv", "4", error, label,
                                   overlap_safe_style(earlier.size(), curve_color(static_cast<std::size_t>(si)))));
      earlier.emplace_back(solver, errors);
    }
    csv.close();
  }
  render_figure(ctx.out_dir / "convergence.png", fig, ctx.log);
  return codes;
}

class ConvergenceStudy final : public Study {
 public:
  std::string name() const override { return "convergence"; }
  std::string summary() const override {
    return "order of convergence of v(t_end) per friction law, scheme and event location (Führer, Brendel & Wolf Fig. 3)";
  }

  Parameters parameters() const override {
    Parameters p("convergence");
    p.declare("friction", "csds,dsds,dsds-stage", "friction laws (list): csds, dsds, dsds-stage")
        .declare("solver", "euler,midpoint,heun,rk4", "fixed-step schemes (list): euler, midpoint, heun, rk4")
        .declare("events", "on,off", "event location (list): on, off")
        .declare("dt_max", "0.1", "largest time step")
        .declare("levels", "9", "number of halvings of dt (3..16)")
        .declare("t_end", "5", "time at which v is compared [n.u.]")
        .declare("error_floor", "1e-12", "errors below this are round-off and not fitted")
        .declare("v0", "4", "initial relative velocity")
        .declare("m", "1", "reduced mass")
        .declare("k", "1", "tangential stiffness")
        .declare("gamma", "2", "tangential damping")
        .declare("fmax", "1", "critical force mu F_n");
    return p;
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"order", "1"}, {"ci95", "1"}, {"dts", "n.u."}, {"errors", "n.u."}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const double t_end = prm.positive("t_end"), dt_max = prm.positive("dt_max");
    prm.require_relation(dt_max <= t_end, {"dt_max", "t_end"},
                         "needs dt_max <= t_end (dt_max=" + prm.raw("dt_max") + ", t_end=" + prm.raw("t_end") + ")");
    const long levels = prm.integer("levels", 3, 16);
    const double floor = prm.positive("error_floor");
    const auto laws = prm.choice_list("friction", {"csds", "dsds", "dsds-stage"});
    const auto solvers = prm.choice_list("solver", {"euler", "midpoint", "heun", "rk4"});
    const auto events = prm.flag_list("events");
    std::vector<IntegratorSpec> specs;
    for (const auto& s : solvers) specs.push_back(parse_integrator("solver", s));
    std::vector<double> dts;
    for (long j = 0; j < levels; ++j) dts.push_back(dt_max / std::pow(2.0, static_cast<double>(j)));

    const auto plates = make_sliding_plates_study();
    const auto observables = plates->observables();
    const Observable& v_end = observables.front();
    Parameters pp = plates->parameters();
    for (const char* key : {"t_end", "v0", "m", "k", "gamma", "fmax"}) pp.set(key, prm.raw(key));
    pp.set("dt", prm.raw("dt_max"));
    for (const auto& law : laws) {  // every law's parameters are checked before any run
      pp.set("friction", law);
      (void)v_end.exact(pp);
    }

    // The finest run keeps t_end / (dt_max / 2^(levels-1)) samples (studies/papers/fuhrer_brendel_wolf/plate_runs.hpp).
    const std::string finest_key = blamed_key(prm, "dt_max", "t_end");
    require_count(finest_key, prm.raw(finest_key), step_count(t_end, dts.back()), kMaxSamples,
                  "t_end / (dt_max / 2^(levels-1)) = " + format_value(t_end) + " / " + format_value(dts.back()),
                  "samples in the finest run", "raise dt_max, lower levels or t_end");
    double steps_per_run = 0;
    for (double dt : dts) steps_per_run += step_count(t_end, dt);
    ctx.plan({{"runs", laws.size() * events.size()},
              {"steps_per_run", steps_per_run * static_cast<double>(solvers.size())},  // all schemes and halvings
              {"particles", 2}});
    struct Config {
      std::string law;
      bool events;
    };
    std::vector<Config> configs;
    for_each_product([&](const std::string& law, bool ev) { configs.push_back({law, ev}); }, laws, events);
    auto label = [](const Config& c) { return fmt::format("{}_{}", c.law, c.events ? "events" : "noevents"); };
    // One run per (law, events): `converge` over every scheme and dt, its outputs in the folder <label>/; the row
    // keeps each scheme's errors, steps, ranges and fit, so the overview is written from the rows (a resumed study
    // does not rerun them).
    const nlohmann::json runs = run_each(ctx, name(), configs, label, [&](const Config& c) {
      pp.set("friction", c.law);
      pp.set("events", c.events ? "on" : "off");
      const double exact = *v_end.exact(pp);
      const auto series = measure_convergence(v_end, pp, specs, dts, {}, "exact", exact, floor, ctx.log);
      write_convergence(ctx.out_dir / label(c), plates->name(), v_end, series, "exact", false,
                        {{"exact", exact}, {"friction", c.law}, {"events", c.events ? "on" : "off"}}, ctx.log,
                        fmt::format("{}, events {}", c.law, c.events ? "located" : "off"));
      return nlohmann::json{{"series", series_rows(c.law, c.events, series, solvers, dts)}};
    });
    nlohmann::json results = nlohmann::json::array();
    for (const nlohmann::json& run : runs)
      for (const nlohmann::json& row : run["series"]) results.push_back(row);

    const nlohmann::json codes = write_convergence_overview(ctx, results, laws, solvers, events, dts, t_end);
    nlohmann::json summary{{"study", name()}, {"results", results}, {"t_end", t_end}, {"csv_codes", codes}};
    if (std::find(laws.begin(), laws.end(), "dsds") != laws.end()) summary["fig3"] = fig3(prm, dt_max, t_end, ctx);
    return summary;
  }

 private:
  // Fuehrer, Brendel & Wolf, Fig. 3: the D-SDS velocity error v(t) - v_exact(t) (Euler, Heun, RK4, the reset
  // after every step, no event location) multiplied by c = dt_max/dt for dt = dt_max / (1, 2, 4, 8). First
  // order in dt makes the scaled curves of one scheme coincide. One run of the store; CSVs fig3/<scheme>_c<c>.csv.
  static nlohmann::json fig3(const Parameters& prm, double dt_max, double t_end, const StudyContext& ctx) {
    PlateRunConfig c;
    c.p = {prm.positive("m"), prm.positive("k"), prm.nonnegative("gamma"), prm.nonnegative("fmax")};
    c.law = "dsds";
    c.v0 = prm.real("v0");
    c.t_end = t_end;
    c.solver.events = false;
    c.p.validate();
    const std::vector<std::pair<std::string, Scheme>> schemes{
        {"euler", Scheme::euler}, {"heun", Scheme::heun}, {"rk4", Scheme::rk4}};
    const std::vector<int> scales{1, 2, 4, 8};
    const auto file = [](const std::string& scheme, int scale) { return fmt::format("fig3/{}_c{}.csv", scheme, scale); };
    const nlohmann::json row = run_each(ctx, "convergence", std::vector<int>{0}, [](int) { return std::string("fig3"); },
                                        [&](int) {
      const ExactSlidingPlates exact = exact_plates(c).value();
      nlohmann::json j = nlohmann::json::object();
      for (const auto& [scheme, kind] : schemes)
        for (int scale : scales) {
          PlateRunConfig cs = c;
          cs.solver.kind = kind;
          cs.solver.dt = dt_max / scale;
          const PlateRun r = run_plates(cs);
          CsvWriter csv(ctx.out_dir / file(scheme, scale), {"t [n.u.]", "v - v_exact [n.u.]", "c (v - v_exact) [n.u.]"});
          double largest = 0;
          for (const PlateSample& q : r.samples) {
            const double e = q.v - exact.at(q.t).v;
            csv.row({q.t, e, scale * e});
            largest = std::max(largest, std::abs(e));
          }
          csv.close();
          j[scheme][std::to_string(scale)] = json_number(largest);
        }
      return nlohmann::json{{"dt_max", dt_max}, {"c", scales}, {"largest_error", j}};
    })[0];
    Figure fig{fmt::format("Fuehrer, Brendel & Wolf, Fig. 3: D-SDS velocity error scaled by c = dt_max/dt "
                           "(dt_max = {:g})\ncurves that coincide as c grows mean first order in dt (dt_max itself is pre-asymptotic "
                           "for heun and rk4)",
                           dt_max),
               1, static_cast<int>(schemes.size()), 1650, 560, {"set key bottom right font ',9'"}, {}};
    fig.multiplot = true;
    for (const auto& [scheme, kind] : schemes) {
      Panel& p = fig.panel(scheme, "t [n.u.]", "c (v - v_exact) [n.u.]");
      for (std::size_t k = 0; k < scales.size(); ++k)
        p.add(Curve::of(file(scheme, scales[k]), "1", "3", fmt::format("c = {} (dt = {:g})", scales[k], dt_max / scales[k]),
                        fmt::format("lines lw {:.1f} dt {} lc rgb '{}'", std::max(1.0, 3.2 - 0.7 * static_cast<double>(k)), k + 1, curve_color(k))));
    }
    render_figure(ctx.out_dir / "fig3_dsds_error.png", fig, ctx.log);
    return row;
  }
};

}  // namespace

std::unique_ptr<Study> make_convergence_study() { return std::make_unique<ConvergenceStudy>(); }

}  // namespace stickslip
