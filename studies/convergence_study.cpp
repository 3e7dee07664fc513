// studies/convergence_study.cpp — `stickslip run convergence`: seed 001 Fig. 3 generalised.
//
// Error |v(t_end) - v_exact(t_end)| of the sliding plates over dt = dt_max / 2^j, j = 0..levels-1, for
// every friction law x fixed-step scheme x event location on/off; the exact reference is the piecewise
// solution of the law (the D-SDS DAE for dsds and dsds-stage). The order of each row is the least-squares
// slope of log(error) against log(dt) over the points above the round-off floor (error > floor).
//   convergence.csv / convergence.png   (log-log, one panel per friction law)
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/loglog_slope.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"
#include "studies/plate_runs.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

class ConvergenceStudy final : public Study {
 public:
  std::string name() const override { return "convergence"; }
  std::string summary() const override {
    return "order of convergence of v(t_end) per friction law, scheme and event location (seed 001 Fig. 3)";
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

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    PlateRunConfig base;
    base.p = {prm.positive("m"), prm.positive("k"), prm.nonnegative("gamma"), prm.nonnegative("fmax")};
    base.v0 = prm.real("v0");
    base.t_end = prm.positive("t_end");
    const double dt_max = prm.positive("dt_max");
    if (dt_max > base.t_end) throw_input("dt_max", prm.raw("dt_max"), "must be <= t_end");
    const long levels = prm.integer("levels", 3, 16);
    const double floor = prm.positive("error_floor");
    const auto laws = prm.choice_list("friction", {"csds", "dsds", "dsds-stage"});
    const auto solvers = prm.choice_list("solver", {"euler", "midpoint", "heun", "rk4"});
    const auto events = prm.flag_list("events");
    for (const auto& l : laws) base.p.validate(parse_plate_law("friction", l));

    std::vector<double> dts;
    for (long j = 0; j < levels; ++j) dts.push_back(dt_max / std::pow(2.0, static_cast<double>(j)));

    // The CSV carries codes for the text columns so that every cell is a number; the legend is here:
    nlohmann::json codes{{"friction", laws}, {"solver", solvers}, {"events", {"off", "on"}}};
    double steps_per_run = 0;
    for (double dt : dts) steps_per_run += std::ceil(base.t_end / dt);
    Progress progress(ctx.log, name(), laws.size() * solvers.size() * events.size());
    // One run per (law, scheme, events) over all dt, through the run store: its row keeps the errors, steps and
    // switches per dt, so convergence.csv is written from the rows (a resumed study does not rerun them).
    ctx.plan({{"runs", laws.size() * solvers.size() * events.size()},
              {"steps_per_run", steps_per_run},  // summed over the halvings of dt
              {"particles", 2}});
    nlohmann::json results = nlohmann::json::array();
    std::string plots[3];
    for (std::size_t li = 0; li < laws.size(); ++li) {
      for (std::size_t si = 0; si < solvers.size(); ++si) {
        for (bool ev : events) {
          const std::string file = fmt::format("rows/{}_{}_{}.csv", laws[li], solvers[si], ev ? "events" : "noevents");
          const nlohmann::json row = ctx.run(file, [&] {
            PlateRunConfig c = base;
            c.law = parse_plate_law("friction", laws[li]);
            c.solver.kind = parse_solver("solver", solvers[si]);
            c.solver.events = ev;
            const double v_exact = exact_plates(c).at(c.t_end).v;
            std::vector<double> errors, steps, switches;
            CsvWriter row_csv(ctx.out_dir / file, {"dt [n.u.]", "error_v [n.u.]"});
            for (double dt : dts) {
              c.solver.dt = dt;
              const PlateRun r = run_plates(c);
              const double err = std::abs(r.v_end - v_exact);
              errors.push_back(err);
              steps.push_back(static_cast<double>(r.stats.steps));
              switches.push_back(static_cast<double>(r.stats.events.size()));
              // Zero errors (exact to the last bit) are plotted and stored at the floor's scale, not as 0.
              row_csv.row({dt, std::max(err, 1e-17)});
            }
            const double order = loglog_slope(dts, errors, floor, 0, 3);
            return nlohmann::json{{"friction", laws[li]}, {"solver", solvers[si]}, {"events", ev},
                                  {"order", json_number(order)}, {"dts", dts},   {"errors", errors},
                                  {"steps", steps},              {"switches", switches}};
          });
          results.push_back(row);
          const double order = row["order"].is_number() ? row["order"].get<double>() : std::nan("");
          plots[li % 3] += fmt::format("'{}' using 1:2 with linespoints lw 1.5 title '{}{} (p = {:.2f})', ", file,
                                       solvers[si], ev ? " + events" : "", order);
          progress.tick(fmt::format("{} {} events={} order={:.3f}", laws[li], solvers[si], ev ? "on" : "off", order));
        }
      }
    }
    {
      CsvWriter csv(ctx.out_dir / "convergence.csv",
                    {"friction", "solver", "events", "dt [n.u.]", "error_v [n.u.]", "steps", "switches"});
      std::size_t k = 0;
      for (std::size_t li = 0; li < laws.size(); ++li)
        for (std::size_t si = 0; si < solvers.size(); ++si)
          for (bool ev : events) {
            const nlohmann::json& row = results[k++];
            for (std::size_t d = 0; d < dts.size(); ++d)
              csv.row({static_cast<double>(li), static_cast<double>(si), ev ? 1.0 : 0.0, dts[d],
                       row["errors"][d].get<double>(), row["steps"][d].get<double>(), row["switches"][d].get<double>()});
          }
    }
    std::string script = fmt::format(
        "set datafile separator ','\nset datafile columnheaders\nset logscale xy\nset grid\nset key right bottom font ',8'\n"
        "set format y '%.0e'\nset multiplot layout 1,{} title 'Error of v(t = {}) against the exact solution "
        "(seed 001, Fig. 3 generalised)'\n",
        laws.size(), base.t_end);
    for (std::size_t li = 0; li < laws.size() && li < 3; ++li)
      script += fmt::format("set title '{}'\nset xlabel 'dt'\nset ylabel '|v - v_exact|'\nplot {}\n", laws[li],
                            plots[li].substr(0, plots[li].size() - 2));  // drop the trailing ", "
    script += "unset multiplot\n";
    render_png(ctx.out_dir / "convergence.png", script, ctx.log, 600 * static_cast<int>(laws.size()), 650);
    return {{"study", name()}, {"results", results}, {"t_end", base.t_end}, {"csv_codes", codes}};
  }
};

}  // namespace

std::unique_ptr<Study> make_convergence_study() { return std::make_unique<ConvergenceStudy>(); }

}  // namespace stickslip
