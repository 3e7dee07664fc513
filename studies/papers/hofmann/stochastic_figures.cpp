// studies/papers/hofmann/stochastic_figures.cpp — see stochastic_figures.hpp.
#include "studies/papers/hofmann/stochastic_figures.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "studies/experiment/figure.hpp"

namespace stickslip {

namespace {

// A multiplot keeps its layout when some panels have nothing to show: blank panels fill it.
void fill_layout(Figure& f) {
  while (!f.panels.empty() && f.panels.size() < static_cast<std::size_t>(f.rows * f.columns)) f.panels.emplace_back();
}

Panel& histogram_panel(Figure& f, const std::string& title, const std::string& xlabel, const std::string& ylabel) {
  Panel& p = f.panel(title, xlabel, ylabel);
  p.logy = true;
  return p.set("set yrange [1e-5:1]").set("set xrange [-5:5]").set("set format y '%.0e'");
}

// 1. Summary of the grid.
void plot_equipartition(const std::filesystem::path& dir, const std::vector<std::string>& grid_labels, bool extrapolate,
                        std::ostream& log) {
  Figure eq{"", 1, 1, 1100, 600, {}, {}};
  Panel& e = eq.panel("Markovian friction (Hofmann et al. 2025): equipartition ratio <|u_perp|^2>/(2 kT nu) of every "
                      "grid point,\n1 when the noise obeys the fluctuation-dissipation relation (error bars: 1 stderr)",
                      "grid point [index in results.csv]", "ratio [1]");
  // x: the grid points' indices, half a step of room either side (one grid point alone would leave gnuplot an empty
  // range to widen as it likes)
  const double n_grid = static_cast<double>(std::max<std::size_t>(grid_labels.size(), 1));
  e.set("set yrange [0.8:1.1]").set("set key bottom right");
  e.set(fmt::format("set xrange [-0.5:{:g}]", n_grid - 0.5)).set("set xtics 1");
  e.add(Curve::fn("0.97", "1 +- 3 %", "l dt 2 lc rgb 'gray'")).add(Curve::fn("1.03", "", "l dt 2 lc rgb 'gray'"));
  e.add(Curve::fn("1", "", "l lc rgb 'black'"));
  e.add(Curve::of("results.csv", "($1-0.2)", "8:9", "raw, at dt", "yerr pt 7 lc rgb '#1f77b4'"));
  e.add(Curve::of("results.csv", "1", "11", "dt -> 0 limit of the scheme", "p pt 4 ps 1.5 lc rgb 'black'"));
  if (extrapolate) {
    e.add(Curve::of("results.csv", "1", "19:20", "at dt/2", "yerr pt 5 lc rgb '#2ca02c'"));
    e.add(Curve::of("results.csv", "($1+0.2)", "21:22", "Talay-Tubaro 2 R(dt/2) - R(dt)",
                    "yerr pt 9 ps 1.3 lc rgb '#d62728'"));
  }
  render_figure(dir / "equipartition.png", eq, log);
}

// 2. u histograms, particle histograms, autocorrelation (fixed-geometry grid runs).
void plot_distributions(const std::filesystem::path& dir, const std::vector<std::string>& grid_labels, std::ostream& log) {
  const Curve gauss = Curve::fn("exp(-x*x/2)/sqrt(2*pi)", "unit Gaussian", "l lw 2 lc rgb 'black'");
  Figure u{"", 1, 2, 1400, 600, {}, {}}, part{"", 2, 2, 1400, 1000, {}, {}}, acf{"", 1, 2, 1400, 600, {}, {}};
  for (const std::string sys : {"pair", "cluster"}) {
    std::vector<Curve> uc, vc, wc, ac;
    for (const auto& label : grid_labels) {
      if (label.rfind(sys + "_fixed_", 0) != 0) continue;
      const std::string f = "runs/" + label + "_hist.csv", title = label.substr(sys.size() + 7);
      uc.push_back(Curve::of(f, "1", "($2>0?$2:1/0)", title, "p"));
      vc.push_back(Curve::of(f, "1", "($3>0?$3:1/0)", title, "p"));
      wc.push_back(Curve::of(f, "1", "($4>0?$4:1/0)", title, "p"));
      if (label.find("_linear_") != std::string::npos) {
        const std::string a = "runs/" + label + "_acf.csv";
        ac.push_back(Curve::of(a, "1", "((int($0)%5)==0?$2:1/0)", title, "p ps 1.2"));  // every 5th lag
        // The normalised linear response does not depend on kT: drawn once, for the first run.
        if (ac.size() == 1) ac.push_back(Curve::of(a, "1", "3", "linear response (every kT)", "l lw 2 lc rgb 'black'"));
      }
    }
    if (!uc.empty()) {
      Panel& p = histogram_panel(u, sys + " (fixed geometry): relative surface velocity u_perp",
                                 "u_perp component / sqrt(kT nu) [1]",
                                 "probability density [1]");
      p.set("set key bottom center font ',8'").curves = uc;
      p.add(gauss);
      histogram_panel(part, sys + ": v of sphere 0 / predicted sd", "v component / sd [1]", "probability density [1]")
          .set("set key bottom center font ',8'")
          .curves = vc;
      part.panels.back().add(gauss);
      histogram_panel(part, sys + ": omega of sphere 0 / predicted sd", "omega component / sd [1]",
                      "probability density [1]")
          .set("set key bottom center font ',8'")
          .curves = wc;
      part.panels.back().add(gauss);
    }
    if (!ac.empty()) {
      Panel& p = acf.panel(sys + ": autocorrelation of u_perp, linear f", "lag [n.u.]", "C(lag)/C(0) [1]");
      p.logy = true;
      p.set("set yrange [1e-3:1.1]").curves = ac;
    }
  }
  u.title = part.title = acf.title =
      "Markovian friction (Hofmann et al. 2025), spheres thermalised by the friction noise";
  for (auto* fig : {&u, &part, &acf}) fig->multiplot = true;
  for (auto [png, fig] : {std::pair{"u_histograms.png", &u}, {"particle_histograms.png", &part}, {"acf.png", &acf}}) {
    fill_layout(*fig);
    render_figure(dir / png, *fig, log);
  }
}

// 3. dt sweep: ratio against dt per kT; one colour per (law, scheme): measured points, prediction (dashed, open
// circles), weighted fit (thin line).
void plot_dt_sweep(const std::filesystem::path& dir, const std::vector<StochasticJob>& jobs, const nlohmann::json& fits,
                   std::ostream& log) {
  std::vector<std::string> sweep_laws;
  std::vector<double> sweep_kTs;
  double dt_lo = INFINITY, dt_hi = 0;
  for (const auto& j : jobs) {
    if (j.part != "dt-sweep") continue;
    dt_lo = std::min(dt_lo, j.spec.dt), dt_hi = std::max(dt_hi, j.spec.dt);
    if (std::find(sweep_laws.begin(), sweep_laws.end(), j.spec.law) == sweep_laws.end())
      sweep_laws.push_back(j.spec.law);
    if (std::find(sweep_kTs.begin(), sweep_kTs.end(), j.spec.kT) == sweep_kTs.end()) sweep_kTs.push_back(j.spec.kT);
  }
  Figure sweep{"Markovian friction (Hofmann et al. 2025): equipartition ratio against dt; the scheme's predicted "
               "ratio (open circles) and a weighted straight-line fit extrapolated to dt -> 0",
               1, static_cast<int>(sweep_kTs.size()), 1500, 650, {}, {}};
  sweep.multiplot = true;
  for (double kT : sweep_kTs) {
    Panel& p = sweep.panel("pair, fixed: ratio vs dt at kT=" + fmt::format("{:g}", kT) +
                               " (EM: Ito, Heun: Stratonovich)",
                           "dt [n.u.]",
                           "<|u_perp|^2>/(2 kT nu) [1]");
    p.logx = true;
    p.set("set key top left font ',8'").set("set yrange [0.82:1.22]");
    int colour = 0;
    for (const std::string& law : sweep_laws)
      for (const std::string sch : {"euler-maruyama", "heun"}) {
        const std::string lc = " lc " + std::to_string(++colour);
        const std::string cond = "(stringcolumn(1) eq '" + law + "' && stringcolumn(2) eq '" + sch + "' && abs($7 - " +
                                 fmt::format("{:g}", kT) + ") < 1e-12)";
        p.add(Curve::of("dt_sweep.csv", "3", "(" + cond + " ? $4 : 1/0):5", law + " " + sch, "yerr pt 7" + lc));
        p.add(Curve::of("dt_sweep.csv", "3", "(" + cond + " ? $6 : 1/0)", "predicted", "lp dt 2 pt 6" + lc));
        for (const auto& f : fits) {
          if (std::abs(f["kT"].get<double>() - kT) > 1e-12 || f["law"] != law || f["scheme"] != sch) continue;
          const double a = f["intercept"].get<double>(), b = f["slope"].get<double>();
          p.add(Curve::fn(fmt::format("[{:g}:{:g}] {:.10g} + {:.10g} * x", dt_lo / 1.3, dt_hi * 1.3, a, b),
                          fmt::format("weighted fit, dt -> 0: {:.4f} +- {:.4f}", a,
                                      f["stderr_intercept"].get<double>()),
                          "l lw 1" + lc));
        }
      }
    p.add(Curve::fn("1", "", "l lc rgb 'black'"));
  }
  render_figure(dir / "dt_sweep.png", sweep, log);
}

// 4. D(u).
void plot_noise_strength(const std::filesystem::path& dir, std::ostream& log) {
  Figure noise;
  Panel& n = noise.panel("Markovian friction (Hofmann et al. 2025): noise strength D(u) from the "
                         "fluctuation-dissipation "
                         "integral (quadrature + Hermite table) against the closed forms",
                         "u / sqrt(2 kT nu) [1]", "D(u) / scale [1]");
  n.logx = n.logy = true;
  n.add(Curve::of("noise_strength.csv", "1", "2", "linear: D/gamma (closed form 1)", "l lw 2"));
  n.add(Curve::of("noise_strength.csv", "1", "3", "coulomb: D/(mu F_n)", "l lw 5"));
  n.add(Curve::of("noise_strength.csv", "1", "4", "closed form sqrt(pi/(2kT nu)) erfcx", "l dt 2 lw 2 lc rgb 'black'"));
  n.add(Curve::of("noise_strength.csv", "1", "5", "tanh: D/(mu F_n)", "l lw 2"));
  render_figure(dir / "noise_strength.png", noise, log);
}

// 5. Ledger of the first grid run. Top: the large terms (W_R and -W_f grow ~linearly and nearly cancel); bottom: the
// small ones, E_kin + U_bond and the balance, on their own scale.
void plot_ledger(const std::filesystem::path& dir, const std::vector<std::string>& grid_labels, std::ostream& log) {
  if (grid_labels.empty()) return;
  const std::string f = "runs/" + grid_labels.front() + "_ledger.csv";
  Figure ledger{"Markovian friction (Hofmann et al. 2025): energy ledger (core EnergyLedger) of " + grid_labels.front(),
                3, 1, 1050, 1100, {"set key left top"}, {}};
  ledger.panel("work of friction and noise: they grow about linearly and nearly cancel", "t [n.u.]", "energy [n.u.]")
      .add(Curve::of(f, "1", "(-$4)", "-W_f (friction)", "l lw 4 lc rgb '#1f77b4'"))
      .add(Curve::of(f, "1", "5", "W_R (noise)", "l lw 1.5 dt 2 lc rgb '#d62728'"));
  ledger.panel("the energy of the spheres", "t [n.u.]", "energy [n.u.]")
      .add(Curve::of(f, "1", "($2+$3)", "E_kin + U_bond", "l lc rgb '#2ca02c'"));
  ledger.panel("balance d(E_kin + U_bond) - dW_f - dW_R (EM: drift O(dt) per unit time + random walk O(sqrt(t dt)))",
               "t [n.u.]", "energy [n.u.]")
      .add(Curve::of(f, "1", "6", "balance", "l lw 2 lc rgb '#9467bd'"));
  render_figure(dir / "ledger.png", ledger, log);
}

}  // namespace

void plot_stochastic_figures(const std::filesystem::path& dir, const std::vector<StochasticJob>& jobs,
                             const std::vector<std::string>& grid_labels, const nlohmann::json& fits, bool extrapolate,
                             std::ostream& log) {
  plot_equipartition(dir, grid_labels, extrapolate, log);
  plot_distributions(dir, grid_labels, log);
  plot_dt_sweep(dir, jobs, fits, log);
  plot_noise_strength(dir, log);
  plot_ledger(dir, grid_labels, log);
}

}  // namespace stickslip
