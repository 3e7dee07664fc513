// studies/papers/fuhrer_brendel_wolf/granular_gas_figures.cpp — see granular_gas_figures.hpp.
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_figures.hpp"

#include <fmt/format.h>

#include <tuple>

#include "core/errors.hpp"
#include "studies/experiment/figure.hpp"

namespace stickslip {

namespace {

std::string lc(std::size_t k) { return fmt::format(" lc {}", k + 1); }

// t_range: the time axis's range.
void plot_temperature(const StudyContext& ctx, const std::vector<std::string>& laws, const std::string& t_range,
                      double t0, bool lammps) {
  const auto per_t0 = [&](std::size_t c) { return fmt::format("(${}/{})", c, format_value(t0)); };
  // Column layout of gas_temperatures.csv: 1 t, 2 t/tau, then 3 per law (T_tr, se, T_rot), then LAMMPS T_tr, T_rot.
  Figure temp{"", 1, 1, 1000, 700, {}, {}};
  Panel& tp = temp.panel(std::string("Homogeneous cooling: T_tr (lines), T_rot (dashed); Haff's law T0/(1 + t/tau_KT)^2 "
                                     "with Enskog's tau_KT (black)") +
                             (lammps ? "; dots: LAMMPS dsds" : ""),
                         "time t / tau_KT (Enskog-Haff time of the frictionless gas)", "temperature T / T0");
  tp.logx = tp.logy = true;
  tp.set("set key top right").set("set yrange [*:1.2]").set("set autoscale yfixmin").set(t_range);
  for (std::size_t k = 0; k < laws.size(); ++k) {
    const std::size_t c = 3 + 3 * k;
    tp.add(Curve::of("gas_temperatures.csv", "2", per_t0(c), laws[k] + " T_tr", "lines lw 2" + lc(k)));
    tp.add(Curve::of("gas_temperatures.csv", "2", per_t0(c + 2), laws[k] + " T_rot", "lines dt 2" + lc(k)));
  }
  if (lammps)  // every 4th sample
    tp.add(Curve::of("gas_temperatures.csv", "2", fmt::format("(int($0) % 4 == 0 ? {} : 1/0)", per_t0(3 + 3 * laws.size())),
                     "LAMMPS dsds T_tr", "points pt 7 ps 0.6 lc rgb 'black'"));
  tp.add(Curve::fn("1/(1+x)**2", "Haff, tau_KT", "lines lc rgb 'black' lw 1"));
  render_figure(ctx.out_dir / "gas_temperature.png", temp, ctx.log);
}

void plot_homogeneity(const StudyContext& ctx, const std::vector<std::string>& laws, const std::string& t_range,
                      double cluster_factor) {
  // gas_homogeneity.csv: 1 t, 2 t/tau, then 2 per law (density index / S_CS(0), velocity index). The y range leaves
  // room above the threshold so that its line is not the border.
  Figure hom{"", 2, 1, 1000, 1000, {"set key top left", t_range}, {}};
  hom.panel("Homogeneity (ensemble mean): density variance on a grid over the Carnahan-Starling value; homogeneous "
            "below the threshold (" + format_value(cluster_factor) + ")",
            "time t / tau_KT", "density index / S_CS(0)");
  hom.panel("Velocity correlation within cells (1: uncorrelated); homogeneous below the threshold",
            "time t / tau_KT", "velocity index");
  Panel &hd = hom.panels[0], &hv = hom.panels[1];
  for (std::size_t k = 0; k < laws.size(); ++k) {
    hd.add(Curve::of("gas_homogeneity.csv", "2", std::to_string(3 + 2 * k), laws[k], "lines" + lc(k)));
    hv.add(Curve::of("gas_homogeneity.csv", "2", std::to_string(4 + 2 * k), laws[k], "lines" + lc(k)));
  }
  for (Panel* p : {&hd, &hv}) {
    p->set("set yrange [0:*]").set("set offsets 0, 0, graph 0.12, 0");
    p->add(Curve::fn(format_value(cluster_factor), "threshold", "lines lc rgb 'black' dt 2 lw 1.5"));
  }
  render_figure(ctx.out_dir / "gas_homogeneity.png", hom, ctx.log);
}

void plot_cooling_rate(const StudyContext& ctx, const std::vector<std::string>& laws, bool ratio) {
  const auto col = [](std::size_t c) { return fmt::format("${}", c); };
  // gas_cooling_rate.csv: 1 T, 2 T/T0, 3 Enskog, then 2 per law (zeta, stderr), then dsds/csds and its stderr.
  // CSV value -1: not reached or no error bar (one seed): drawn without a bar.
  Figure rate{"", ratio ? 2 : 1, 1, 1000, ratio ? 1000 : 700, {}, {}};
  const auto positive = [&](std::size_t c) {
    return fmt::format("({0} > 0 ? {0} : 1/0):({1} > 0 ? {1} : 0)", col(c), col(c + 1));
  };
  Panel& zp = rate.panel("Cooling rate against temperature (ensemble mean +- stderr)",
                         "translational temperature T_tr / T0", "cooling rate -d ln T_tr / dt [1/s]");
  zp.logx = zp.logy = true;
  zp.set("set key bottom right");
  for (std::size_t k = 0; k < laws.size(); ++k)
    zp.add(Curve::of("gas_cooling_rate.csv", "($2)", positive(4 + 2 * k), laws[k], "yerrorlines" + lc(k)));
  zp.add(Curve::of("gas_cooling_rate.csv", "2", "3", "Enskog, frictionless", "lines lc rgb 'black' dt 2"));
  if (ratio) {
    Panel& rp = rate.panel("dsds/csds cooling rate at equal T (paired seeds, mean +- stderr); Fuehrer, Brendel and "
                           "Wolf claim < 1 (dsds-cooling maps it)",
                           "translational temperature T_tr / T0", "zeta_dsds / zeta_csds");
    rp.logx = true;
    rp.set("set key bottom right");
    rp.add(Curve::of("gas_cooling_rate.csv", "2", positive(4 + 2 * laws.size()), "dsds/csds", "yerrorlines lc rgb 'red'"));
    rp.add(Curve::fn("1", "", "lines lc rgb 'black'"));
  }
  render_figure(ctx.out_dir / "gas_cooling_rate.png", rate, ctx.log);
}

void plot_dsds_created(const StudyContext& ctx, const std::string& onsets_file) {
  Figure created{"D-SDS: energy created at the collision onset against the closed form (Fuehrer, Brendel, Wolf eq. 3 "
                 "and 11, dt -> 0)", 1, 1, 1000, 700, {}, {}};
  Panel& cp = created.panel("", "tangential impact speed v_t [m/s]", "energy created per collision [J]");
  cp.logy = true;
  cp.set("set key top left").set("set format y '%.0e'");
  cp.add(Curve::of(onsets_file, "3", "($6 > 0 ? $6 : 1/0)", "measured, single collisions (first seed)", "dots lc rgb '#b0b0b0'"));
  cp.add(Curve::of("gas_dsds_created.csv", "(($1+$2)/2)", "($4 > 0 ? $4 : 1/0)", "measured (bin mean)", "points pt 7"));
  cp.add(Curve::of("gas_dsds_created.csv", "(($1+$2)/2)", "($5 > 0 ? $5 : 1/0)",
                   "(gamma_t m* v_t - mu f_n0)^2/(2 k_t), bin mean", "lines lw 2"));
  render_figure(ctx.out_dir / "gas_dsds_created.png", created, ctx.log);
}

void plot_energy(const StudyContext& ctx, const std::vector<std::string>& laws) {
  // gas_energy.csv: 1 law index, then mean and stderr of created, |scheme error|, normal damping, tangential
  // dissipation, net tangential loss, over K0: bars per law on a linear axis (all lie between 0.05 and 1 K0, so the
  // D-SDS's creation stands beside the scheme's error of the same size).
  Figure en{"", 1, 1, 1000, 650, {}, {}};
  Panel& ep = en.panel("Energy per law over the initial kinetic energy K0 (mean over seeds, +- stderr)",
                       "tangential law", "energy / K0");
  std::string tics = "set xtics (";
  for (std::size_t k = 0; k < laws.size(); ++k) tics += (k ? ", '" : "'") + laws[k] + "' " + std::to_string(k);
  ep.set(tics + ")").set("set xrange [-0.6:" + format_value(laws.size() - 0.4) + "]").set("set yrange [0:*]");
  ep.set("set offsets 0, 0, graph 0.05, 0").set("set boxwidth 0.15").set("set style fill solid 0.8 noborder");
  ep.set("set key outside bottom center horizontal maxrows 2").set("set grid ytics");
  const std::vector<std::tuple<int, double, std::string, std::string>> bars{
      {2, -0.32, "created by the law", "#d62728"},
      {4, -0.16, "|scheme energy error| (velocity Verlet)", "#7f7f7f"},
      {6, 0.0, "normal damping", "#1f77b4"},
      {8, 0.16, "tangential dissipation", "#2ca02c"},
      {10, 0.32, "net tangential loss (dissipation - created)", "#ff7f0e"}};
  for (const auto& [c, dx, title, color] : bars) {
    const std::string x = fmt::format("($1 + {})", dx);
    ep.add(Curve::of("gas_energy.csv", x, std::to_string(c), title, "boxes lc rgb '" + color + "'"));
    ep.add(Curve::of("gas_energy.csv", x, fmt::format("{}:{}", c, c + 1), "", "yerrorbars ps 0 lc rgb 'black'"));
  }
  render_figure(ctx.out_dir / "gas_energy.png", en, ctx.log);
}

}  // namespace

void draw_granular_gas_figures(const StudyContext& ctx, const std::vector<std::string>& laws, double x_min,
                               double x_max, double t0, bool lammps, bool dsds, bool ratio, double cluster_factor,
                               const std::string& onsets_file) {
  // The time axis ends where the runs end (a log axis would otherwise run on to the next decade).
  const std::string t_range = "set xrange [" + format_value(x_min) + ":" + format_value(x_max) + "]";
  plot_temperature(ctx, laws, t_range, t0, lammps);
  plot_homogeneity(ctx, laws, t_range, cluster_factor);
  plot_cooling_rate(ctx, laws, ratio);
  if (dsds) plot_dsds_created(ctx, onsets_file);
  plot_energy(ctx, laws);
}

}  // namespace stickslip
