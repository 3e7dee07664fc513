// studies/slope_drift_study.cpp — `stickslip run slope-drift`: seed 002, §4, Figs. 2-5 generalised.
//
// A block of size l on a slope at angle_deg (models/incline_block.hpp, Table 1 parameters), released from
// static normal equilibrium with speed v0 down the slope, for every combination of the listed friction
// laws, solvers, time steps, angles, sizes and damping switches:
//   friction  coulomb (Filippov driver), coulomb-dae (IDA), cundall-strack, csds, dsds
//   solver    heun, rk4 (fixed step dt), dopri5 (rtol/atol; dt = output interval),
//             bdf2, bdf5 (CVODE BDF, or IDA for coulomb-dae, with maximum order 2 / 5; rtol/atol)
// Combinations that do not exist are skipped and listed (coulomb-dae needs a BDF solver; dsds is a
// time-stepping rule for heun/rk4 only; csds needs damping on).
// Drift = |s(t_end) - s(t_rest)| along the slope, t_rest = the first time the block is at rest (0 if v0 = 0;
// otherwise the first time s' <= 0, i.e. the stick event for the Coulomb laws).
// Outputs: runs/<label>.csv (t, s, v, y, F_t, x_h - x_h(0): horizontal displacement), results.csv, and
//   position.png        x_h(t) - x_h(0) per angle for the first dt and size (Figs. 2, 3)
//   drift_vs_dt.png     drift against dt for the last angle and first size (Fig. 4), if dt is a list
//   drift_vs_size.png   drift against l for the last angle and first dt (Fig. 5), if size is a list
// JSON: {"study":"slope-drift","results":[{"friction","solver","dt","angle_deg","size","damping","drift",
//        "t_rest", ...}], "skipped":[...]}.
#include <cmath>
#include <algorithm>
#include <fmt/format.h>
#include <map>

#include "core/errors.hpp"
#include "models/incline_block.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

constexpr double kDeg = 3.14159265358979323846 / 180;
const std::vector<std::string> kSolvers{"heun", "rk4", "dopri5", "bdf2", "bdf5"};

struct Config {
  BlockLaw law;
  std::string solver;
  double dt, angle_deg, size;
  bool damping;
  std::string label() const {
    return fmt::format("{}_{}_dt{:g}_a{:g}_l{:g}_{}", to_string(law), solver, dt, angle_deg, size,
                       damping ? "damped" : "undamped");
  }
};

struct Common {
  BlockParameters base;
  double t_end, v0, rtol, atol, output_interval;
};

struct Outcome {
  double t_rest = std::nan(""), s_rest = 0, s_end = 0, drift = 0;
  long steps = 0, events = 0;
};

// Why a combination does not exist ("" if it does).
std::string unsupported(const Config& c) {
  const bool bdf = c.solver == "bdf2" || c.solver == "bdf5";
  if (c.law == BlockLaw::coulomb_dae && !bdf) return "coulomb-dae is a DAE: only bdf2/bdf5 (IDA)";
  if (c.law == BlockLaw::dsds && (c.solver != "heun" && c.solver != "rk4")) return "dsds resets after steps: heun/rk4 only";
  if (c.law == BlockLaw::csds && !c.damping) return "csds needs gamma_t > 0 (damping on)";
  return "";
}

SolverOptions solver_options(const Config& c, const Common& k) {
  SolverOptions o;
  o.dt = c.dt;
  o.rtol = k.rtol;
  o.atol = k.atol;
  if (c.solver == "heun") o.kind = SolverKind::heun;
  else if (c.solver == "rk4") o.kind = SolverKind::rk4;
  else if (c.solver == "dopri5") o.kind = SolverKind::dopri5;
  else {
    o.kind = c.law == BlockLaw::coulomb_dae ? SolverKind::ida : SolverKind::cvode;
    o.max_order = c.solver == "bdf2" ? 2 : 5;
  }
  return o;
}

BlockParameters block_of(const Config& c, const Common& k) {
  BlockParameters p = k.base;
  p.alpha = c.angle_deg * kDeg;
  p.size = c.size;
  p.damping = c.damping;
  p.validate();
  return p;
}

Outcome run_one(const Config& c, const Common& k, CsvWriter& csv) {
  const BlockParameters p = block_of(c, k);
  const SolverOptions so = solver_options(c, k);
  Outcome out;
  if (k.v0 == 0) out.t_rest = 0;
  double next_out = 0;
  const double ca = std::cos(p.alpha), sa = std::sin(p.alpha);
  const double xh0 = -p.static_overlap() * sa;  // horizontal position of the start
  auto observe = [&](double t, double s, double v, double y, double ft) {
    if (std::isnan(out.t_rest) && v <= 0) {
      out.t_rest = t;
      out.s_rest = s;
    }
    if (t >= next_out || t >= k.t_end) {
      csv.row({t, s, v, y, ft, s * ca + y * sa - xh0});
      next_out = t + k.output_interval;
    }
  };
  RunStats st;
  if (c.law == BlockLaw::coulomb) {
    const InclineBlockFilippov sys(p);
    FilippovOptions fo;
    fo.solver = so;
    const FilippovModel model(sys);
    Vec x(4);
    x << 0, k.v0, -p.static_overlap(), 0;
    Mode mode;
    st = integrate_filippov(sys, 0, k.t_end, x, mode, fo, [&](double t, VecCRef y, const Mode& md) {
      const double sigma = model.side_values(t, y, md)[0];
      observe(t, y[0], y[1], y[2], -sigma * p.mu * p.normal_force(y[2], y[3]));
    });
    out.s_end = x[0];
  } else {
    const InclineBlock blk(p, c.law);
    Vec x(5);
    x << 0, k.v0, -p.static_overlap(), 0, 0;
    Mode mode = blk.initial_mode(0, x);
    blk.project(0, x, mode);
    st = integrate(blk, 0, k.t_end, x, mode, so, [&](double t, VecCRef y, const Mode& md) {
      observe(t, y[0], y[1], y[2], blk.tangential_force(y, md));
    });
    out.s_end = x[0];
  }
  out.steps = st.steps;
  out.events = static_cast<long>(st.events.size());
  out.drift = std::isnan(out.t_rest) ? std::nan("") : std::abs(out.s_end - out.s_rest);
  return out;
}

class SlopeDriftStudy final : public Study {
 public:
  std::string name() const override { return "slope-drift"; }
  std::string summary() const override {
    return "block on a slope (seed 002 §4, Figs. 2-5): creep of Coulomb (Filippov/DAE) vs Cundall-Strack, C-SDS, D-SDS";
  }

  Parameters parameters() const override {
    Parameters p("slope-drift");
    p.declare("friction", "coulomb,coulomb-dae,cundall-strack,csds,dsds", "friction laws (list): " + join(block_law_names()))
        .declare("solver", "rk4,bdf2", "solvers (list): " + join(kSolvers))
        .declare("dt", "5e-6", "time steps (list) [s]; output interval of dopri5/bdf")
        .declare("angle_deg", "15,30", "slope angles (list) [deg]")
        .declare("size", "0.01", "block sizes l (list) [m]")
        .declare("damping", "on,off", "normal damping D and tangential gamma_t (list of on/off)")
        .declare("t_end", "1", "end time [s]")
        .declare("v0", "0", "initial speed down the slope [m/s]")
        .declare("mu", "0.6", "friction coefficient")
        .declare("rho", "5000", "density [kg/m^3] (Table 1)")
        .declare("Y", "5e7", "Young's modulus [kg/(m s^2)] (Table 1)")
        .declare("gamma", "1.5", "normal damping prefactor D of eq. 18 (Table 1)")
        .declare("rtol", "1e-10", "relative tolerance of dopri5/bdf")
        .declare("atol", "1e-16", "absolute tolerance of dopri5/bdf (overlaps are ~1e-8 m at l = 1 cm)")
        .declare("output_interval", "1e-3", "time between CSV rows [s]");
    return p;
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    Common k;
    k.base.mu = prm.nonnegative("mu");
    k.base.rho = prm.positive("rho");
    k.base.young = prm.positive("Y");
    k.base.normal_damping = prm.nonnegative("gamma");
    k.t_end = prm.positive("t_end");
    k.v0 = prm.nonnegative("v0");
    k.rtol = prm.positive("rtol");
    k.atol = prm.positive("atol");
    k.output_interval = prm.positive("output_interval");
    const auto laws = prm.choice_list("friction", block_law_names());
    const auto solvers = prm.choice_list("solver", kSolvers);
    const auto dts = prm.positive_list("dt");
    const auto angles = prm.real_list("angle_deg");
    const auto sizes = prm.positive_list("size");
    const auto dampings = prm.flag_list("damping");
    for (double a : angles)
      if (!(a >= 0 && a < 90)) throw_input("angle_deg", prm.raw("angle_deg"), "every angle must lie in [0, 90)");

    std::vector<Config> configs;
    nlohmann::json skipped = nlohmann::json::array();
    for (const auto& ln : laws)
      for (const auto& sv : solvers)
        for (double dt : dts)
          for (double a : angles)
            for (double l : sizes)
              for (bool d : dampings) {
                Config c{parse_block_law("friction", ln), sv, dt, a, l, d};
                const std::string why = unsupported(c);
                if (!why.empty()) {
                  skipped.push_back({{"friction", ln}, {"solver", sv}, {"damping", d}, {"reason", why}});
                  continue;
                }
                const BlockParameters p = block_of(c, k);
                const SolverOptions so = solver_options(c, k);
                if (c.law == BlockLaw::coulomb)
                  validate_solver_options(FilippovModel(InclineBlockFilippov(p)), so, 0, k.t_end);
                else
                  validate_solver_options(InclineBlock(p, c.law), so, 0, k.t_end);
                configs.push_back(c);
              }
    if (configs.empty()) throw_input("friction", prm.raw("friction"), "no supported friction/solver/damping combination");

    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    Progress progress(ctx.log, name(), configs.size());
    nlohmann::json results = nlohmann::json::array();
    CsvWriter table(out / "results.csv", {"friction_index", "solver_index", "dt [s]", "angle [deg]", "size [m]",
                                          "damping", "drift [m]", "t_rest [s]", "steps"});
    std::vector<std::pair<Config, Outcome>> done;
    for (const auto& c : configs) {
      Outcome o;
      {
        CsvWriter csv(out / "runs" / (c.label() + ".csv"),
                      {"t [s]", "s [m]", "v [m/s]", "y [m]", "F_t [N/m]", "x_h - x_h(0) [m]"});
        o = run_one(c, k, csv);
      }
      progress.tick(c.label() + fmt::format(" drift={:.3g}", o.drift));
      results.push_back({{"friction", to_string(c.law)}, {"solver", c.solver}, {"dt", c.dt}, {"angle_deg", c.angle_deg},
                         {"size", c.size}, {"damping", c.damping}, {"drift", json_number(o.drift)},
                         {"t_rest", json_number(o.t_rest)}, {"s_rest", json_number(o.s_rest)},
                         {"s_end", json_number(o.s_end)}, {"steps", o.steps}, {"events", o.events}});
      const double li = static_cast<double>(static_cast<int>(c.law));
      const double si = static_cast<double>(std::find(kSolvers.begin(), kSolvers.end(), c.solver) - kSolvers.begin());
      table.row({li, si, c.dt, c.angle_deg, c.size, c.damping ? 1.0 : 0.0, std::isnan(o.drift) ? -1.0 : o.drift,
                 std::isnan(o.t_rest) ? -1.0 : o.t_rest, static_cast<double>(o.steps)});
      done.emplace_back(c, o);
    }
    table.close();
    plot(out, done, dts, angles, sizes, ctx.log);
    return {{"study", name()}, {"results", results}, {"skipped", skipped}};
  }

 private:
  static std::string series_key(const Config& c) {
    return fmt::format("{} {} {}", to_string(c.law), c.solver, c.damping ? "damped" : "undamped");
  }

  static void plot(const std::filesystem::path& out, const std::vector<std::pair<Config, Outcome>>& done,
                   const std::vector<double>& dts, const std::vector<double>& angles, const std::vector<double>& sizes,
                   std::ostream& log) {
    const std::string head = "set datafile separator ','\nset datafile columnheaders\nset grid\nset key outside right\n";
    // Figs. 2-3: horizontal position against t.
    std::string script = head + fmt::format("set multiplot layout {},1 title 'Block of l = {:g} m, dt = {:g} s: horizontal "
                                            "position x_h(t) - x_h(0) (seed 002, Figs. 2-3)'\n",
                                            angles.size(), sizes.front(), dts.front());
    for (std::size_t a = 0; a < angles.size(); ++a) {
      std::string p;
      for (const auto& [c, o] : done)
        if (c.angle_deg == angles[a] && c.dt == dts.front() && c.size == sizes.front())
          p += fmt::format("'runs/{}.csv' using 1:6 with lines lw 1.5 title '{}', ", c.label(), series_key(c));
      if (p.empty()) continue;
      script += fmt::format("set title '{:g} deg'\nset ylabel 'x_h - x_h(0) [m]'\n", angles[a]);
      if (a + 1 == angles.size()) script += "set xlabel 't [s]'\n";
      script += "plot " + p.substr(0, p.size() - 2) + "\n";
    }
    script += "unset multiplot\n";
    render_png(out / "position.png", script, log, 1300, 450 * static_cast<int>(angles.size()) + 100);

    auto sweep_plot = [&](const std::string& file, const std::string& xlabel, bool by_dt) {
      const std::vector<double>& xs = by_dt ? dts : sizes;
      if (xs.size() < 2) return;
      std::map<std::string, std::vector<std::pair<double, double>>> series;
      for (const auto& [c, o] : done) {
        if (c.angle_deg != angles.back()) continue;
        if (by_dt && c.size != sizes.front()) continue;
        if (!by_dt && c.dt != dts.front()) continue;
        if (std::isnan(o.drift)) continue;
        series[series_key(c)].emplace_back(by_dt ? c.dt : c.size, std::max(o.drift, 1e-18));
      }
      const std::filesystem::path data = out / (file + ".csv");
      {
        CsvWriter csv(data, {by_dt ? "dt [s]" : "size [m]", "drift [m] (floor 1e-18)", "series"});
        int idx = 0;
        for (const auto& [key, pts] : series) {
          for (const auto& [xv, dv] : pts) csv.row({xv, dv, static_cast<double>(idx)});
          ++idx;
        }
      }
      std::string p;
      int idx = 0;
      for (const auto& [key, pts] : series)
        p += fmt::format("'{}.csv' using 1:($3 == {} ? $2 : 1/0) with linespoints lw 1.5 pt 7 title '{}', ", file, idx++, key);
      render_png(out / (file + ".png"),
                 head + fmt::format("set logscale xy\nset title 'Drift |s(t_end) - s(t_rest)| at {:g} deg (seed 002, Fig. {}); "
                                    "1e-18 = no drift'\nset xlabel '{}'\nset ylabel 'drift [m]'\n",
                                    angles.back(), by_dt ? 4 : 5, xlabel) +
                     "plot " + p.substr(0, p.size() - 2),
                 log, 1300, 750);
    };
    sweep_plot("drift_vs_dt", "dt [s]", true);
    sweep_plot("drift_vs_size", "l [m]", false);
  }
};

}  // namespace

std::unique_ptr<Study> make_slope_drift_study() { return std::make_unique<SlopeDriftStudy>(); }

}  // namespace stickslip
