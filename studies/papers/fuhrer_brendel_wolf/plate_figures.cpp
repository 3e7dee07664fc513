// studies/papers/fuhrer_brendel_wolf/plate_figures.cpp — see plate_figures.hpp.
#include "studies/papers/fuhrer_brendel_wolf/plate_figures.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <fmt/format.h>
#include <map>
#include <string>

#include "models/contact/registry.hpp"
#include "core/interrupt.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

namespace {

// "D-SDS, Euler, dt = 0.1" for a figure's key.
std::string run_title(const PlateRunConfig& c) {
  static const std::map<std::string, std::string> law{{"csds", "C-SDS"}, {"dsds", "D-SDS"},
                                                      {"dsds-stage", "D-SDS per stage"}, {"dsds-dae", "D-SDS DAE"}};
  const auto named = law.find(c.law);
  return fmt::format("{}, {}, dt = {:g}{}", named == law.end() ? c.law : named->second, to_string(c.solver.kind),
                     c.solver.dt, c.solver.events ? ", events" : "");
}
// One curve per run of column `column` of runs/<label>.csv: the D-SDS-type runs solid, the C-SDS (a law that creates
// no energy) dashed; within
// a law the larger dt thicker and drawn first, so a smaller-dt run on top of an equal one leaves it visible.
void add_runs(Panel& panel, const std::vector<PlateRunConfig>& runs, int column) {
  std::vector<std::size_t> order(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return runs[a].law != runs[b].law ? runs[a].law > runs[b].law : runs[a].solver.dt > runs[b].solver.dt;
  });
  std::map<std::string, int> seen;
  for (std::size_t i : order) {
    const PlateRunConfig& c = runs[i];
    const int k = seen[c.law]++;
    panel.add(Curve::of("runs/" + run_label(c) + ".csv", "1", std::to_string(column), run_title(c),
                        fmt::format("lines lw {:.1f} dt {} lc rgb '{}'", std::max(1.0, 3.5 - 1.5 * k),
                                    law_creates_no_energy(c.law) ? 2 : 1, curve_color(i))));
  }
}

// (t, E_kin) of runs/<label>.csv (columns 1 and 6, as write_plate_csv writes them), one row at a time.
class KineticEnergyRows {
 public:
  explicit KineticEnergyRows(const std::filesystem::path& path) : in_(path), name_(path.string()) {
    if (!in_) throw std::runtime_error("cannot read " + name_);
    std::getline(in_, line_);  // the header
  }
  bool next(double& t, double& e_kin) {
    check_interrupt();
    if (!std::getline(in_, line_)) return false;
    const char* p = line_.c_str();
    t = std::strtod(p, nullptr);
    for (int column = 1; column < 6; ++column) {
      p = std::strchr(p, ',');
      if (!p) throw std::runtime_error(name_ + ": a row with fewer than 6 columns");
      ++p;
    }
    e_kin = std::strtod(p, nullptr);
    return true;
  }

 private:
  std::ifstream in_;
  std::string name_, line_;
};

// kinetic_energy_difference(read_plate_csv(a), read_plate_csv(b)) written to `out` row by row, without holding
// either series: both are in time order, so E_kin(b, t) at each time of a is the interpolation between the last row of
// b at or before t and the next (clamped to b's ends).
void write_kinetic_energy_difference(const std::filesystem::path& a, const std::filesystem::path& b, CsvWriter& out) {
  KineticEnergyRows ra(a), rb(b);
  double lo_t, lo_e, hi_t, hi_e;
  if (!rb.next(lo_t, lo_e)) throw std::runtime_error(b.string() + ": no rows");
  bool has_hi = rb.next(hi_t, hi_e);
  for (double t, e; ra.next(t, e);) {
    while (has_hi && hi_t <= t) {
      lo_t = hi_t, lo_e = hi_e;
      has_hi = rb.next(hi_t, hi_e);
    }
    double eb;
    if (!has_hi || t <= lo_t) eb = lo_e;  // past b's end, or before its start (lo is then its first row)
    else {
      const double w = (t - lo_t) / (hi_t - lo_t);
      eb = (1 - w) * lo_e + w * hi_e;
    }
    out.row({t, e - eb});
  }
}

}  // namespace

// Fig. 1: xi, v and F of every run against t, with the exact solutions drawn thin on top.
Figure dynamics_figure(const std::vector<PlateRunConfig>& runs, bool csds_exact) {
  Figure fig{"Fuehrer, Brendel & Wolf, Fig. 1: sliding plates, m = k = F_max = 1, gamma = 2, v(0) = 4 at the defaults "
             "(thin black: exact solutions)",
             3, 1, 1150, 1050, {"set key outside right font ',9'"}, {}};
  const char* names[3] = {"spring elongation xi", "relative velocity v", "tangential force F"};
  const int columns[3] = {3, 2, 4};
  for (int p = 0; p < 3; ++p) {
    Panel& panel = fig.panel("", p == 2 ? "t [n.u.]" : "", fmt::format("{} [n.u.]", names[p]));
    add_runs(panel, runs, columns[p]);
    const std::string column = std::to_string(columns[p]);
    if (csds_exact)
      panel.add(Curve::of("exact_csds.csv", "1", column, "exact C-SDS", "lines dt 2 lw 1 lc rgb 'black'"));
    panel.add(Curve::of("exact_dsds.csv", "1", column, "exact D-SDS (DAE)", "lines dt 3 lw 1.5 lc rgb 'black'"));
  }
  return fig;
}

// Fig. 2: every D-SDS-type run paired with the C-SDS run of the same solver and dt; the series are read from
// runs/<label>.csv, also for runs a --resume did not rerun. Writes runs/dEkin_<label>.csv; pairs: how many pairs.
Figure kinetic_difference_figure(const std::filesystem::path& out, const std::vector<PlateRunConfig>& runs,
                                        std::size_t& pairs) {
  Figure fig{"Fuehrer, Brendel & Wolf, Fig. 2: kinetic energy difference D-SDS - C-SDS (the paper draws dt = 0.1)\n"
             "> 0: energy the D-SDS created ends up as kinetic energy",
             1, 1, 1050, 700, {"set key top right"}, {}};
  Panel& panel = fig.panel("", "t [n.u.]", "E_kin(D-SDS) - E_kin(C-SDS) [n.u.]");
  std::size_t k = 0;
  for_each_product(
      [&](const PlateRunConfig& cd, const PlateRunConfig& cc) {
        if (law_creates_no_energy(cd.law) || !law_creates_no_energy(cc.law) || cc.solver.kind != cd.solver.kind || cc.solver.dt != cd.solver.dt ||
            cd.filippov != cc.filippov)
          return;
        const std::string file = "dEkin_" + run_label(cd) + ".csv";
        CsvWriter csv(out / "runs" / file, {"t [n.u.]", "dE_kin [n.u.]"});
        write_kinetic_energy_difference(out / "runs" / (run_label(cd) + ".csv"), out / "runs" / (run_label(cc) + ".csv"),
                                        csv);
        csv.close();
        panel.add(Curve::of("runs/" + file, "1", "2", run_title(cd) + " minus C-SDS",
                            fmt::format("lines lw 2 lc rgb '{}'", curve_color(k++))));
      },
      runs, runs);
  pairs = k;
  panel.add(Curve::fn("0", "", "lines lc rgb 'black'"));
  return fig;
}

Figure dissipation_figure(const std::vector<PlateRunConfig>& runs) {
  Figure fig{"Sliding plates: cumulative dissipation D(t) = -W - (U - U_0)\nnegative: the friction law created "
             "energy (the D-SDS at the start)",
             1, 1, 1150, 600, {"set key outside right font ',9'"}, {}};
  Panel& panel = fig.panel("", "t [n.u.]", "D(t) [n.u.]");
  add_runs(panel, runs, 8);
  panel.add(Curve::fn("0", "", "lines lc rgb 'black'"));
  return fig;
}

// Fig. 4: the steps u^n, the auxiliary states u_1 at t + dt/2 and the exact D-SDS.
Figure fig4_figure(double dt) {
  Figure fig{fmt::format("Fuehrer, Brendel & Wolf, Fig. 4: D-SDS, midpoint rule with the reset in every stage, dt = {}",
                         dt),
             3, 1, 1150, 1050, {"set key outside right font ',9'"}, {}};
  const char* names[3] = {"spring elongation xi", "relative velocity v", "tangential force F"};
  const int columns[3] = {3, 2, 4};
  for (int p = 0; p < 3; ++p) {
    const std::string column = std::to_string(columns[p]);
    fig.panel("", p == 2 ? "t [n.u.]" : "", fmt::format("{} [n.u.]", names[p]))
        .add(Curve::of("runs/fig4_midpoint.csv", "1", column, "steps u^n", "linespoints pt 7 ps 0.5 lc rgb '#1f77b4'"))
        .add(Curve::of("runs/fig4_auxiliary.csv", "1", column, "auxiliary states u_1 (t + dt/2)",
                       "points pt 6 ps 0.7 lc rgb '#d62728'"))
        .add(Curve::of("exact_dsds.csv", "1", column, "exact D-SDS (DAE)", "lines dt 3 lw 1.5 lc rgb 'black'"));
  }
  return fig;
}

}  // namespace stickslip
