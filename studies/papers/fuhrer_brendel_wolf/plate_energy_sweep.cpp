// studies/papers/fuhrer_brendel_wolf/plate_energy_sweep.cpp — see plate_energy_sweep.hpp.
#include "studies/papers/fuhrer_brendel_wolf/plate_energy_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <string>

#include "core/loglog_slope.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

nlohmann::json plate_energy_sweep(const PlateRunConfig& base, const std::vector<double>& v0s, double dt,
                                  const StudyContext& ctx) {
  const nlohmann::json rows = run_each(
      ctx, "sliding-plates", v0s, [](double v0) { return fmt::format("energy_sweep v0={}", format_value(v0)); },
      [&](double v0) {
        const EnergySweepPoint p = energy_sweep_point(base, v0, dt);
        return nlohmann::json{{"v0", p.v0}, {"dsds_euler", p.dsds_euler}, {"dsds_dae_ida", p.dsds_dae_ida},
                              {"csds_euler", p.csds_euler}, {"dsds_exact_jump", p.dsds_exact_jump}};
      });
  const std::vector<std::string> keys{"dsds_euler", "dsds_dae_ida", "csds_euler", "dsds_exact_jump"};
  std::map<std::string, std::vector<double>> created;
  {
    CsvWriter csv(ctx.out_dir / "energy_created_vs_v0.csv", {"v0 [n.u.]", "dsds_euler [n.u.]", "dsds_dae_ida [n.u.]",
                                                             "csds_euler [n.u.]", "dsds_exact_jump [n.u.]"});
    for (const auto& r : rows) {
      std::vector<double> cells{r["v0"].get<double>()};
      for (const auto& key : keys) cells.push_back(r[key].get<double>()), created[key].push_back(cells.back());
      csv.row(cells);
    }
    csv.close();
  }
  auto exponent = [&](const std::vector<double>& e) { return loglog_slope(v0s, e, 0, v0s.size() / 2); };
  const double max_csds = *std::max_element(created["csds_euler"].begin(), created["csds_euler"].end());
  // Zero (no slip at the start: gamma v0 <= F_max) cannot sit on a log axis: such values are drawn on a floor a
  // decade below the smallest positive value, with their own line in the key.
  double smallest = INFINITY;
  for (const auto& [key, e] : created)
    for (double v : e)
      if (v > 0) smallest = std::min(smallest, v);
  const double floor = std::isfinite(smallest) ? std::pow(10.0, std::floor(std::log10(smallest)) - 1) : 1e-3;
  Figure fig{fmt::format("Fuehrer, Brendel & Wolf, 3.3: energy created by the friction law against v(0); C-SDS: at "
                         "most {:.1e} at any v(0)",
                         max_csds),
             1, 1, 1050, 720, {"set key left top font ',9'"}, {}};
  Panel& panel = fig.panel("", "v(0) [n.u.]", "energy created [n.u.]");
  panel.logx = panel.logy = true;
  panel.set(fmt::format("set yrange [{:g}:*]", floor / 3));
  const std::string file = "energy_created_vs_v0.csv";
  const auto positive = [](int col) { return fmt::format("((${0} > 0) ? ${0} : 1/0)", col); };
  const auto zero = [floor](int col) { return fmt::format("((${} <= 0) ? {:g} : 1/0)", col, floor); };
  panel.add(Curve::of(file, "1", positive(2), fmt::format("D-SDS, Euler dt = {}", dt),
                      "linespoints pt 6 ps 2.6 lw 3 lc rgb '#1f77b4'"))
      .add(Curve::of(file, "1", positive(3), "D-SDS exact DAE (IDA)",
                     "linespoints pt 5 ps 1.0 lw 1.5 dt 2 lc rgb '#d62728'"))
      .add(Curve::of(file, "1", positive(5), "jump k xi_D(0+)^2/2 = (gamma v0 - F_max)^2/(2k) (eq. 11)",
                     "points pt 2 ps 2.2 lw 2 lc rgb 'black'"))  // crosses: seen on top of the runs' markers
      .add(Curve::fn("0.5*x**2", "v0^2/2 guide", "lines dt 4 lc rgb 'gray50'"))
      .add(Curve::fn(fmt::format("{:g}", floor),
                     "exactly 0 is drawn on this line (gamma v0 <= F_max: no slip at t = 0)",
                     "lines dt 2 lw 1 lc rgb 'gray40'"))
      .add(Curve::of(file, "1", zero(4), "C-SDS, Euler (0 at every v(0): on the floor line)",
                     "points pt 8 ps 3.2 lw 1.5 lc rgb '#2ca02c'"))
      .add(Curve::of(file, "1", zero(2), "", "points pt 6 ps 2.6 lw 2 lc rgb '#1f77b4'"))
      .add(Curve::of(file, "1", zero(3), "", "points pt 5 ps 1.0 lc rgb '#d62728'"))
      .add(Curve::of(file, "1", zero(5), "", "points pt 2 ps 2.2 lw 2 lc rgb 'black'"));
  render_figure(ctx.out_dir / "energy_created_vs_v0.png", fig, ctx.log);
  return {{"rows", rows},
          {"exponent_dsds_euler", json_number(exponent(created["dsds_euler"]))},
          {"exponent_dsds_dae", json_number(exponent(created["dsds_dae_ida"]))},
          {"max_csds", max_csds}};
}

}  // namespace stickslip
