// studies/papers/fuhrer_brendel_wolf/dsds_cooling_figures.cpp — see dsds_cooling_figures.hpp.
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_figures.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "studies/experiment/figure.hpp"

namespace stickslip {

void draw_dsds_cooling_figures(const StudyContext& ctx, const std::vector<CoolingSet>& sets, bool gas, bool kinetic,
                               bool mechanism, bool rotation, double T_end) {
  const auto lc = [](std::size_t k) { return " lc rgb '" + curve_color(k) + "'"; };
  std::string xr = "set xrange [" + format_value(0.8 * T_end) + ":1.25]\nset xtics (";
  for (double t : {1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0})
    if (t >= 0.8 * T_end) xr += (xr.back() == '(' ? "" : ", ") + format_value(t);
  xr += ")";
  // The ratio against T, per set: gas bins (points, error bars over the bin), kinetic prediction (line and band).
  if (gas || kinetic) {
    Figure f{"", 1, 1, 1100, 750, {}, {}};
    Panel& p = f.panel("D-SDS over C-SDS cooling rate at equal temperature (gas: paired seeds, +-1 stderr; "
                       "line and band: kinetic prediction +-2 stderr)",
                       "translational temperature T_tr/T0 [1]", "zeta_D / zeta_C [1]");
    p.logx = true;
    p.set(xr).set("set key outside bottom center horizontal maxrows 3 font ',9'");
    p.set("set object 1 rect from graph 0, graph 0 to graph 1, first 1 fc rgb '#f2e6e6' fs solid 1.0 noborder behind");
    p.set("set label 1 \"the paper's claim: zeta_D < zeta_C (the D-SDS cools slower)\" at graph 0.02, graph 0.05 "
          "tc rgb '#a04040'");
    for (std::size_t k = 0; k < sets.size(); ++k) {
      const std::string sel = fmt::format("($1 == {} ? ", k);
      if (kinetic) {
        p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "($3-2*$4):($3+2*$4)", "",
                        "filledcurves fs transparent solid 0.2 noborder" + lc(k)));
        p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "3", sets[k].label() + " (kinetic)",
                        "lines lw 2" + lc(k)));
      }
      // the sets' points side by side within a bin (a few percent in T), so that their error bars do not hide
      const double shift = std::pow(1.06, static_cast<double>(k) - 0.5 * static_cast<double>(sets.size() - 1));
      if (gas)  // x:y:xlow:xhigh:ylow:yhigh, the bin and +-1 stderr
        p.add(Curve::of("dsds_cooling_ratio.csv", sel + fmt::format("$4 * {} : 1/0)", shift),
                        "($5 > 0 ? $5 : 1/0):3:2:($5 - ($6 > 0 ? $6 : 0)):($5 + ($6 > 0 ? $6 : 0))",
                        sets[k].label() + " (gas)", "xyerrorbars pt 7 ps 1.2" + lc(k)));
    }
    p.add(Curve::fn("1", "", "lines lc rgb 'black' lw 1"));
    render_figure(ctx.out_dir / "dsds_cooling_ratio.png", f, ctx.log);
  }
  if (rotation || kinetic) {
    Figure f{"", 1, 1, 1000, 650, {}, {}};
    Panel& p = f.panel("Rotational over translational temperature (gas: points at the bin edges; kinetic: lines)",
                       "translational temperature T_tr/T0 [1]", "T_rot / T_tr [1]");
    p.logx = true;
    p.set(xr).set("set key outside bottom center horizontal maxrows 4 font ',9'");
    for (std::size_t k = 0; k < sets.size(); ++k) {
      const std::string sel = fmt::format("($1 == {} ? ", k);
      if (kinetic) {
        p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "7", sets[k].label() + " C-SDS", "lines lw 2" + lc(k)));
        p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "8", "D-SDS", "lines dt 2 lw 2" + lc(k)));
      }
      if (rotation) {
        p.add(Curve::of("dsds_cooling_rotation.csv", sel + "$2 : 1/0)", "3", "", "points pt 6" + lc(k)));
        p.add(Curve::of("dsds_cooling_rotation.csv", sel + "$2 : 1/0)", "4", "", "points pt 2" + lc(k)));
      }
    }
    render_figure(ctx.out_dir / "dsds_cooling_rotation.png", f, ctx.log);
  }
  if (mechanism)
    for (std::size_t k = 0; k < sets.size(); ++k) {
      Figure f{"Binary collisions, " + sets[k].label() + " (v_n = sqrt(pi T/m); E = m* (v_n^2 + v_t^2)/2)", 2, 1, 1000, 1000, {}, {}};
      f.multiplot = true;
      Panel& a = f.panel("D-SDS: energy created and dissipated again, dt -> 0 (lines: v_t from the centres' motion; "
                         "points: from spins)",
                         "impact angle psi, tan psi = v_t/v_n at the contact point [deg]", "energy per collision / E [1]");
      a.set("set key top left font ',9'").set("set xrange [0:90]");
      const std::string base = fmt::format("(($1 == {}) && ($2 == 1) && ", k);
      const auto sel = [&](int kind) { return base + fmt::format("($3 == {}) ? $4 : 1/0)", kind); };
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "7", "created at the onset step", "lines lw 2 lc rgb '#1f77b4'"));
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "8", "created in all", "lines lw 2 lc rgb '#d62728'"));
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "9", "extra dissipation D_t(D) - D_t(C)", "lines dt 2 lw 2 lc rgb '#2ca02c'"));
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(1), "8", "", "points pt 7 ps 0.7 lc rgb '#d62728'"));
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(1), "9", "", "points pt 6 ps 0.9 lc rgb '#2ca02c'"));
      a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "6", "eq. 11 closed form at the onset (dt -> 0)",
                      "points pt 4 ps 1.3 lw 1.5 lc rgb 'black'"));
      Panel& b = f.panel("Net: what the D-SDS leaves in the pair beyond the C-SDS, over the C-SDS's loss "
                         "(> 0: the D-SDS cools slower, the paper's claim)",
                         "impact angle psi [deg]", "(dK_D - dK_C) / |dK_C| [%]");
      b.set("set key bottom left font ',9'").set("set xrange [0:90]");
      const std::string any = fmt::format("(($1 == {}) && ", k);
      const auto level = [&](double tt, int kind) {
        return any + fmt::format("(abs($2 - {}) < 1e-9) && ($3 == {}) ? $4 : 1/0)", format_value(tt), kind);
      };
      b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 0), "11", "dt -> 0, T0", "lines lw 2 lc rgb '#d62728'"));
      b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 0), "14", "gas dt, T0 (onset phases averaged)",
                      "lines dt 2 lw 2 lc rgb '#1f77b4'"));
      b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 1), "11", "dt -> 0, T0, v_t from spins", "points pt 7 ps 0.7 lc rgb '#d62728'"));
      if (sets[k].speed_dependent)
        b.add(Curve::of("dsds_cooling_mechanism.csv", level(T_end, 0), "11", "dt -> 0, T = T_end", "lines lw 2 lc rgb '#2ca02c'"));
      b.add(Curve::fn("0", "", "lines lc rgb 'black' lw 1"));
      render_figure(ctx.out_dir / ("dsds_cooling_mechanism_" + std::to_string(k) + ".png"), f, ctx.log);
    }
}

}  // namespace stickslip
