// studies/papers/krengel_matuttis/slope_drift_report.cpp — the rows, results.csv and figures of the slope-drift study
// (studies/papers/krengel_matuttis/slope_drift_report.hpp).
#include "studies/papers/krengel_matuttis/slope_drift_report.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

namespace {

constexpr double kSlopeDriftFloor = 1e-18;  // drifts below this (in particular exact zeros) are drawn here on log axes

nlohmann::json json_groups(unsigned groups) {
  nlohmann::json j = nlohmann::json::array();
  if (groups & group_position) j.push_back("position");
  if (groups & group_dt) j.push_back("dt");
  if (groups & group_size) j.push_back("size");
  return j;
}

// Figs. 2-3: x_h(t) - x_h(0), one panel per law (columns) and angle x start (rows), with one solver per law:
// the first of rk4, bdf2, bdf5, dopri5, heun that was run for it. Each curve is the sampled x_h with a shaded
// band for its range between samples (undamped runs oscillate faster than output_interval).
Figure position_figure(const SlopePlan& plan, const std::vector<SlopeOutcome>& outcomes, double dt, double size,
                              const std::vector<double>& angles, const std::vector<bool>& starts,
                              const std::string& block) {
  const auto& configs = plan.configs;
  // law -> its solver, in the order the laws were listed
  std::vector<std::pair<std::string, std::string>> solver_of;
  for (const SlopeConfig& c : configs)
    if (std::none_of(solver_of.begin(), solver_of.end(), [&](const auto& q) { return q.first == c.law; }))
      solver_of.emplace_back(c.law, "");
  for (auto& [law, solver] : solver_of)
    for (const char* sv : {"rk4", "bdf2", "bdf5", "dopri5", "heun", "verlet"})
      for (std::size_t i = 0; i < configs.size() && solver.empty(); ++i)
        if ((plan.groups[i] & group_position) && configs[i].solver == sv && configs[i].law == law) solver = sv;
  std::erase_if(solver_of, [](const auto& q) { return q.second.empty(); });
  Figure fig{fmt::format("Krengel & Matuttis, Figs. 2 (15 deg) and 3 (30 deg):\nhorizontal displacement x_h(t) - "
                         "x_h(0) of a {} of l = {:g} m, dt = {:g} s\n(log t; shaded: range between CSV samples; "
                         "max = largest |x_h - x_h(0)|)",
                         block, size, dt),
             static_cast<int>(angles.size() * starts.size()), static_cast<int>(solver_of.size()),
             std::max(800, 400 * static_cast<int>(solver_of.size())),  // the title's lines need 800 px
             440 * static_cast<int>(angles.size() * starts.size()) + 80,
             {"set format x '%.0e'", "set key below font ',9'", "set format y '%.2g'", "set xlabel offset 0,0.4"}, {}};
  for (double a : angles)
    for (bool st : starts)
      for (const auto& [law, sv] : solver_of) {
        Panel& p = fig.panel(fmt::format("{} {}: {:g} deg, {} start", law, sv, a, st ? "touching" : "equilibrium"),
                             "t [s]", "x_h - x_h(0) [m]");
        p.logx = true;
        double largest = 0;
        for (std::size_t i = 0; i < configs.size(); ++i) {
          const SlopeConfig& c = configs[i];
          if (!(plan.groups[i] & group_position) || c.law != law || c.angle_deg != a || c.touching != st ||
              c.dt != dt || c.size != size || sv != c.solver)
            continue;
          if (!outcomes[i].error.empty()) continue;  // a failed run has no time series (failed_runs says why)
          largest = std::max(largest, std::abs(outcomes[i].max_abs_xh));
          const std::size_t k = p.curves.size() / 2;
          std::string name = c.damping ? "damped" : "undamped";
          if (slope_dae(c)) name += c.projection ? ", proj" : ", no proj";
          const std::string file = "runs/" + c.label() + ".csv", col = curve_color(k);
          p.add(Curve::of(file, "1", "7:8", "", "filledcurves fs transparent solid 0.25 lc rgb '" + col + "'"));
          // Runs that coincide (the exact-Coulomb ones all stay at 0) are drawn widest first, each with its own
          // dash, so none hides another.
          p.add(Curve::of(file, "1", "6", fmt::format("{} (max {:.3g} m)", name, outcomes[i].max_abs_xh),
                          fmt::format("lines lw {:.1f} dt {} lc rgb '{}'", std::max(1.2, 4.5 - 1.1 * static_cast<double>(k)),
                                      c.damping ? (k % 2 ? 4 : 1) : (k % 2 ? 3 : 2), col)));
        }
        if (p.curves.empty()) p.title.clear();
        // Every run at exactly 0: a fixed range around it (an empty range is a gnuplot warning) and a note.
        if (!p.curves.empty() && largest == 0)
          p.set("set yrange [-1e-7:1e-7]").set("set label 'x_h - x_h(0) = 0 exactly in every run' at graph 0.05, graph 0.85");
      }
  return fig;
}

// Figs. 4-5: one panel per law, one line per solver (and projection); drifts below kSlopeDriftFloor drawn at
// kSlopeDriftFloor. The points are written to <file>.csv (x, drift, drift drawn, panel, curve).
Figure sweep_figure(const std::filesystem::path& out, const std::string& file, const SlopePlan& plan,
                    const std::vector<SlopeOutcome>& outcomes, unsigned group, const std::string& title,
                    const std::string& xlabel) {
  // law -> curve -> points, the laws in the order they were listed
  std::vector<std::pair<std::string, std::map<std::string, std::vector<std::pair<double, double>>>>> panels;
  for (std::size_t i = 0; i < plan.configs.size(); ++i) {
    const SlopeConfig& c = plan.configs[i];
    if (!(plan.groups[i] & group) || std::isnan(outcomes[i].drift)) continue;
    auto it = std::find_if(panels.begin(), panels.end(), [&](const auto& q) { return q.first == c.law; });
    if (it == panels.end()) it = panels.insert(panels.end(), {c.law, {}});
    it->second[c.curve()].emplace_back(group == group_dt ? c.dt : c.size, outcomes[i].drift);
  }
  const int n = static_cast<int>(panels.size());
  Figure fig{fmt::format("{}\ndrift = |s(t_end) - s(t_rest)| along the slope. A drift below {:g} m, exactly 0 included, "
                         "is drawn on the dashed floor line",
                         title, kSlopeDriftFloor),
             n > 3 ? 2 : 1, n > 3 ? 3 : n, 1800, n > 3 ? 1100 : 600, {"set format x '%.0e'", "set key top left font ',9'"}, {}};
  if (panels.empty()) return fig;
  CsvWriter csv(out / (file + ".csv"), {xlabel, "drift [m]", "drift drawn [m]", "panel", "curve"});
  for (const auto& [law, curves] : panels) {
    const std::size_t panel = fig.panels.size();
    Panel& p = fig.panel(law, xlabel, "drift [m]");
    p.logx = p.logy = true;
    double lo = INFINITY, hi = 0;
    for (const auto& [name, xy] : curves) {
      std::vector<std::pair<double, double>> sorted = xy;
      std::sort(sorted.begin(), sorted.end());
      const std::size_t curve = p.curves.size();
      for (const auto& [xv, d] : sorted) {
        csv.row({xv, d, std::max(d, kSlopeDriftFloor), double(panel), double(curve)});
        lo = std::min(lo, d), hi = std::max(hi, d);
      }
      const bool all_zero = std::all_of(sorted.begin(), sorted.end(), [](auto& q) { return q.second == 0; });
      p.add(Curve::of(file + ".csv", "1", fmt::format("(($4 == {} && $5 == {}) ? $3 : 1/0)", panel, curve),
                      name + (all_zero ? " (all exactly 0)" : ""), overlap_safe_style(curve, curve_color(curve))));
    }
    // A panel with a drift under the floor spans down to it; the others zoom in on their own range, so that
    // differences between solvers stay visible. Log axes label decades only; a narrow range gets five tics.
    if (lo < kSlopeDriftFloor) {
      p.set(fmt::format("set yrange [{:g}:{:g}]", kSlopeDriftFloor / 30, std::max(hi * 30, 1e-10))).set("set format y '%.0e'");
      p.add(Curve::fn(fmt::format("{:g}", kSlopeDriftFloor), "floor", "lines dt 2 lw 2 lc rgb 'black'"));
    } else {
      // Tics at 1, 2 and 5 times a power of ten inside the range (a log axis spanning less than a few decades
      // gets too few decade tics to read).
      std::string tics;
      const double y0 = lo / 2, y1 = hi * 2;
      for (int e = static_cast<int>(std::floor(std::log10(y0))); e <= static_cast<int>(std::ceil(std::log10(y1))); ++e)
        for (const double m : {1.0, 2.0, 5.0}) {
          const double v = m * std::pow(10.0, e);
          if (v >= y0 && v <= y1) tics += fmt::format("{}{:g}", tics.empty() ? "" : ", ", v);
        }
      p.set(fmt::format("set yrange [{:g}:{:g}]", y0, y1)).set("set format y '%.0e'");
      if (!tics.empty()) p.set("set ytics (" + tics + ")");
    }
  }
  csv.close();
  return fig;
}

}  // namespace

nlohmann::json slope_results(const SlopePlan& plan, const std::vector<std::string>& laws, const nlohmann::json& rows,
                             const std::filesystem::path& out, std::ostream& log, std::vector<SlopeOutcome>& outcomes,
                             nlohmann::json& failed_runs) {
  const std::vector<SlopeConfig>& configs = plan.configs;
  nlohmann::json results = nlohmann::json::array();
  // The indices' legends in their column names ("friction_index (0 csds; 1 dsds)"): the table stays numeric.
  const auto legend = [](const std::string& column, const std::vector<std::string>& names) {
    std::string s = column + " (";
    for (std::size_t i = 0; i < names.size(); ++i) s += fmt::format("{}{} {}", i ? "; " : "", i, names[i]);
    return s + ")";
  };
  CsvWriter table(out / "results.csv",
                  {legend("friction_index", laws), legend("solver_index", slope_solver_names()), "dt [s]",
                   "angle [deg]", "size [m]", "damping", "projection (-1 n/a)", "touching", "drift [m] (-1 not at rest)", "t_rest [s] (-1 not at rest)",
                   "steps", "failed (1: the solver failed, no values)"});
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const SlopeConfig& c = configs[i];
    const SlopeOutcome o = slope_outcome_of(rows[i]);
    if (!o.error.empty()) log << "slope-drift: " << c.label() << " FAILED: " << o.error << "\n";
    const bool dae = slope_dae(c);
    results.push_back({{"friction", c.law}, {"solver", c.solver}, {"dt", c.dt}, {"angle_deg", c.angle_deg},
                       {"size", c.size}, {"damping", c.damping},
                       {"projection", dae ? nlohmann::json(c.projection) : nlohmann::json(nullptr)},
                       {"start", c.touching ? "touching" : "equilibrium"}, {"drift", json_number(o.drift)},
                       {"t_rest", json_number(o.t_rest)}, {"motion", slope_motion(o)}, {"s_rest", json_number(o.s_rest)},
                       {"v_rest", json_number(o.v_rest)}, {"s_end", json_number(o.s_end)}, {"late_drift", json_number(o.late_drift)},
                       {"steps", o.error.empty() ? nlohmann::json(o.steps) : nlohmann::json()},
                       {"events", o.error.empty() ? nlohmann::json(o.events) : nlohmann::json()},
                       {"sweeps", json_groups(plan.groups[i])}, {"label", c.label()}});
    if (!o.error.empty()) {
      results.back()["error"] = o.error;
      failed_runs.push_back({{"label", c.label()}, {"error", o.error}});
    }
    const auto& names = slope_solver_names();
    const double li = static_cast<double>(std::find(laws.begin(), laws.end(), c.law) - laws.begin());
    const double si = static_cast<double>(std::find(names.begin(), names.end(), c.solver) - names.begin());
    table.row({li, si, c.dt, c.angle_deg, c.size, c.damping ? 1.0 : 0.0, dae ? (c.projection ? 1.0 : 0.0) : -1.0,
               c.touching ? 1.0 : 0.0, std::isnan(o.drift) ? -1.0 : o.drift, std::isnan(o.t_rest) ? -1.0 : o.t_rest,
               static_cast<double>(o.steps), o.error.empty() ? 0.0 : 1.0});
    outcomes.push_back(o);
  }
  table.close();
  return results;
}

void slope_figures(const std::filesystem::path& out, const SlopePlan& plan, const std::vector<SlopeOutcome>& outcomes,
                   const SlopeFigureSettings& s, std::ostream& log) {
  render_figure(out / "position.png", position_figure(plan, outcomes, s.dts.front(), s.sizes.front(), s.angles, s.starts, s.block),
                log);
  const std::string base = fmt::format("{}, t_end = {:g} s, {:g} deg, {}, {}", s.block, s.t_end, s.angles.back(),
                                       s.dampings.front() ? "damped" : "undamped",
                                       s.starts.front() ? "touching start" : "equilibrium start");
  render_figure(out / "drift_vs_dt.png",
                sweep_figure(out, "drift_vs_dt", plan, outcomes, group_dt,
                             fmt::format("Krengel & Matuttis, Fig. 4: drift against dt (l = {:g} m, {})", s.sizes.front(),
                                         base),
                             "dt [s]"),
                log);
  render_figure(out / "drift_vs_size.png",
                sweep_figure(out, "drift_vs_size", plan, outcomes, group_size,
                             fmt::format("Krengel & Matuttis, Fig. 5: drift against l (dt = {:g} s, {})", s.dts.front(),
                                         base),
                             "l [m]"),
                log);
}

}  // namespace stickslip
