// studies/stochastic_friction_study.cpp — `stickslip run stochastic-friction`: spheres thermalised only by the
// Markovian friction noise of seed 003 (models/markovian_friction.hpp, models/stochastic_spheres.hpp).
//
// Grid: every system (pair, cluster) x geometry (fixed, bonded) x law x kT x scheme runs from rest at step dt
// to t_end (statistics after t_equil); dt sweep: the pair (fixed geometry) at sweep_kT for every sweep law,
// scheme and dt. equipartition_ratio = <|u_perp|^2> / (2 kT nu): nu of (S8) is the inverse effective mass of
// u_perp (d u_perp / dt = -nu F for fixed geometry), so at temperature kT each of the two tangential
// components of u_perp has variance kT nu.
// Outputs (out dir): results.csv, runs/<label>_{hist,acf,ledger}.csv, noise_strength.csv, dt_sweep.csv and
//   equipartition.png   ratio +- stderr of every grid run against the 3 % band
//   u_histograms.png    tangential components of u_perp / sqrt(kT nu) against the unit Gaussian (fixed geometry)
//   particle_histograms.png  v and omega of sphere 0 scaled by their predicted standard deviation
//   acf.png             autocorrelation of u_perp for linear f against the linear-response prediction
//   dt_sweep.png        ratio against dt for Euler-Maruyama (Ito) and Heun (Stratonovich)
//   noise_strength.png  D(u) by quadrature/table against the closed forms
//   ledger.png          E_kin + U, W_f, W_R and the balance E - W_f - W_R - E(0) of one run
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <iomanip>

#include "core/errors.hpp"
#include "studies/output.hpp"
#include "studies/stochastic_runs.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

std::string fmt_g(double v) { return fmt::format("{:g}", v); }

std::string label_of(const StochasticRunSpec& s) {
  return fmt::format("{}_{}_{}_kT{}_{}_dt{}", s.system, s.geometry == ContactGeometry::fixed ? "fixed" : "bonded",
                     s.law, fmt_g(s.kT), s.scheme == SdeScheme::heun ? "heun" : "em", fmt_g(s.dt));
}

nlohmann::json to_json(const std::string& part, const StochasticRunSpec& s, const StochasticRunResult& r) {
  nlohmann::json j;
  j["part"] = part;
  j["system"] = s.system;
  j["geometry"] = s.geometry == ContactGeometry::fixed ? "fixed" : "bonded";
  j["law"] = s.law;
  j["scheme"] = to_string(s.scheme);
  j["kT"] = s.kT;
  j["dt"] = s.dt;
  j["equipartition_ratio"] = json_number(r.ratio);
  j["samples"] = r.samples;
  j["stderr"] = json_number(r.stderr_ratio);
  j["within_3_percent"] = std::abs(r.ratio - 1) < 0.03;
  j["within_3_stderr"] = std::abs(r.ratio - 1) < 3 * r.stderr_ratio;
  j["predicted_ratio"] = json_number(r.predicted_ratio);
  j["prediction"] = r.prediction;
  j["deviation_from_prediction_in_stderr"] = json_number((r.ratio - r.predicted_ratio) / r.stderr_ratio);
  j["contacts"] = r.contacts;
  j["nu"] = json_number(r.nu_mean);
  nlohmann::json comps = nlohmann::json::array(), parts = nlohmann::json::array();
  for (double v : r.component_ratio) comps.push_back(json_number(v));
  for (double v : r.particle_variance_ratio) parts.push_back(json_number(v));
  j["component_ratios"] = comps;
  j["particle0_variance_ratios_v_xyz_omega_xyz"] = parts;
  j["momentum_drift_max"] = json_number(r.momentum_drift);
  j["angular_momentum_drift_max"] = json_number(r.angular_momentum_drift);
  j["momentum_scale_sqrt_kT_m"] = json_number(r.momentum_scale);
  j["ledger_residual"] = json_number(r.ledger_residual);
  j["noise_work"] = json_number(r.noise_work);
  if (s.geometry == ContactGeometry::bonded) j["max_bond_stretch"] = json_number(r.max_overlap);
  j["seed"] = s.seed;
  j["seconds"] = json_number(r.seconds);
  return j;
}

void write_run_files(const std::filesystem::path& dir, const std::string& label, const StochasticRunResult& r) {
  {
    CsvWriter csv(dir / (label + "_hist.csv"),
                  {"z [std. dev.]", "p(u_perp component / sqrt(kT nu))", "p(v0 component / predicted sd)",
                   "p(omega0 component / predicted sd)", "unit Gaussian"});
    for (std::size_t b = 0; b < r.hist_centre.size(); ++b) {
      const double z = r.hist_centre[b];
      csv.row({z, r.hist_u[b], r.hist_v[b], r.hist_w[b], std::exp(-z * z / 2) / std::sqrt(2 * M_PI)});
    }
  }
  {
    CsvWriter csv(dir / (label + "_acf.csv"), {"lag [n.u.]", "C(lag)/C(0) measured", "C(lag)/C(0) linear response"});
    for (std::size_t k = 0; k < r.acf_lag.size(); ++k)
      csv.row({r.acf_lag[k], r.acf[k], r.acf_predicted.empty() ? 0.0 : r.acf_predicted[k]});
  }
  {
    CsvWriter csv(dir / (label + "_ledger.csv"),
                  {"t [n.u.]", "E_kin [n.u.]", "U_bond [n.u.]", "W_f [n.u.]", "W_R [n.u.]",
                   "E - W_f - W_R - E(0) [n.u.]", "|P - P0| [n.u.]", "|L - L0| [n.u.]"});
    for (const auto& p : r.ledger)
      csv.row({p.t, p.kinetic, p.potential, p.friction_work, p.noise_work, p.balance, p.dP, p.dL});
  }
}

class StochasticFrictionStudy final : public Study {
 public:
  std::string name() const override { return "stochastic-friction"; }
  std::string summary() const override {
    return "spheres thermalised only by Markovian friction noise (seed 003): equipartition of u_perp, dt sweep, "
           "Ito vs Stratonovich";
  }

  Parameters parameters() const override {
    Parameters p("stochastic-friction");
    p.declare("law", "linear,coulomb,tanh", "friction laws f(u) (list): linear (gamma u), coulomb (mu F_n), tanh")
        .declare("kT", "0.1,1", "temperatures (list, > 0)")
        .declare("system", "pair,cluster", "systems (list): pair (spheres i, j), cluster (cluster_size spheres i)")
        .declare("geometry", "fixed,bonded",
                 "contact geometry (list): fixed (positions held) or bonded (free, harmonic normal bond)")
        .declare("scheme", "euler-maruyama", "SDE schemes of the grid (list): euler-maruyama, heun")
        .declare("dt", "0.001", "time step of the grid [n.u.]")
        .declare("t_end", "10000", "length of every run [n.u.]")
        .declare("t_equil", "20", "equilibration time before sampling [n.u.]")
        .declare("seed", "1", "random seed (each run uses seed * 1000003 + its index)")
        .declare("gamma", "1", "linear friction coefficient gamma")
        .declare("mu", "0.5", "friction coefficient of coulomb and tanh")
        .declare("normal_force", "4", "normal load F_n of coulomb and tanh")
        .declare("u_scale", "0.1", "velocity scale u_s of tanh: f = mu F_n tanh(u / u_s)")
        .declare("radius_i", "0.5", "radius of sphere i (and of every cluster sphere)")
        .declare("radius_j", "0.8", "radius of sphere j of the pair")
        .declare("mass_i", "1", "mass of sphere i (and of every cluster sphere)")
        .declare("mass_j", "3", "mass of sphere j of the pair")
        .declare("inertia_factor", "0.4", "I = factor m R^2 (0.4 solid sphere), in (0, 1]")
        .declare("cluster_size", "4", "spheres in the cluster, all touching: 2, 3 (triangle), 4 (tetrahedron)")
        .declare("bond_stiffness", "1000", "harmonic normal bond of the bonded geometry")
        .declare("sample_interval", "0.01", "time between samples [n.u.] (at least one step)")
        .declare("acf_max_lag", "1.5", "largest lag of the autocorrelation [n.u.]")
        .declare("sweep_dt", "0.02,0.01,0.005,0.002", "dt sweep of the pair (list; 'none' to skip)")
        .declare("sweep_law", "linear,coulomb", "laws of the dt sweep (list)")
        .declare("sweep_scheme", "euler-maruyama,heun", "schemes of the dt sweep (list)")
        .declare("sweep_kT", "0.1,1", "temperatures of the dt sweep (list)");
    return p;
  }

  nlohmann::json run(const Parameters& params, const StudyContext& ctx) const override {
    const std::vector<std::string> laws_allowed{"linear", "coulomb", "tanh"};
    const auto laws = params.choice_list("law", laws_allowed);
    const auto kTs = params.positive_list("kT");
    const auto systems = params.choice_list("system", {"pair", "cluster"});
    const auto geometries = params.choice_list("geometry", {"fixed", "bonded"});
    const auto scheme_names = params.choice_list("scheme", sde_scheme_names());
    StochasticRunSpec base;
    base.dt = params.positive("dt");
    base.t_end = params.positive("t_end");
    base.t_equil = params.nonnegative("t_equil");
    base.seed = static_cast<std::uint64_t>(params.integer("seed", 0, 1000000000L));
    base.gamma = params.positive("gamma");
    base.mu = params.positive("mu");
    base.normal_force = params.positive("normal_force");
    base.u_scale = params.positive("u_scale");
    base.radius_i = params.positive("radius_i");
    base.radius_j = params.positive("radius_j");
    base.mass_i = params.positive("mass_i");
    base.mass_j = params.positive("mass_j");
    base.inertia_factor = params.positive("inertia_factor");
    if (base.inertia_factor > 1) throw_input("inertia_factor", params.raw("inertia_factor"), "must be in (0, 1]");
    base.cluster_size = static_cast<std::size_t>(params.integer("cluster_size", 2, 4));
    base.bond_stiffness = params.positive("bond_stiffness");
    base.sample_interval = params.positive("sample_interval");
    base.acf_max_lag = params.positive("acf_max_lag");
    if (!(base.t_end > base.t_equil))
      throw_input("t_end", params.raw("t_end"), "must exceed t_equil=" + params.raw("t_equil"));
    std::vector<double> sweep_dt;
    if (params.raw("sweep_dt") != "none") sweep_dt = params.positive_list("sweep_dt");
    const auto sweep_laws = params.choice_list("sweep_law", laws_allowed);
    const auto sweep_schemes = params.choice_list("sweep_scheme", sde_scheme_names());
    const auto sweep_kTs = params.positive_list("sweep_kT");

    struct Job {
      std::string part;
      StochasticRunSpec spec;
    };
    std::vector<Job> jobs;
    for (const auto& sys : systems)
      for (const auto& geo : geometries)
        for (const auto& law : laws)
          for (double kT : kTs)
            for (const auto& sch : scheme_names) {
              StochasticRunSpec s = base;
              s.system = sys;
              s.geometry = geo == "fixed" ? ContactGeometry::fixed : ContactGeometry::bonded;
              s.law = law;
              s.kT = kT;
              s.scheme = parse_sde_scheme("scheme", sch);
              jobs.push_back({"grid", s});
            }
    for (double sweep_kT : sweep_kTs)
    for (const auto& law : sweep_laws)
      for (const auto& sch : sweep_schemes)
        for (double dt : sweep_dt) {
          StochasticRunSpec s = base;
          s.system = "pair";
          s.law = law;
          s.kT = sweep_kT;
          s.scheme = parse_sde_scheme("sweep_scheme", sch);
          s.dt = dt;
          jobs.push_back({"dt-sweep", s});
        }
    for (std::size_t k = 0; k < jobs.size(); ++k) jobs[k].spec.seed = base.seed * 1000003ULL + k;
    // Build every model once up front so that bad combinations fail before any long run.
    for (const auto& job : jobs) {
      std::vector<Vec3> pos;
      (void)make_stochastic_spheres(job.spec, pos);
    }

    const auto dir = ctx.out_dir;
    std::filesystem::create_directories(dir / "runs");
    Progress progress(ctx.log, name(), jobs.size());
    nlohmann::json results = nlohmann::json::array();
    std::ofstream table(dir / "results.csv");
    table << std::setprecision(10);
    table << "index,part,system,geometry,law,scheme,kT [n.u.],dt [n.u.],equipartition_ratio,stderr,predicted_ratio,"
             "samples,momentum_drift [n.u.],angular_momentum_drift [n.u.],ledger_residual [n.u.],noise_work [n.u.]\n";
    std::ofstream sweep(dir / "dt_sweep.csv");
    sweep << std::setprecision(10) << "law,scheme,dt [n.u.],equipartition_ratio,stderr,predicted_ratio,kT [n.u.]\n";
    std::vector<std::string> grid_labels;
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      const auto& [part, spec] = jobs[k];
      const StochasticRunResult r = run_stochastic(spec);
      const std::string label = label_of(spec);
      write_run_files(dir / "runs", label, r);
      results.push_back(to_json(part, spec, r));
      table << k << ',' << part << ',' << spec.system << ',' << results.back()["geometry"].get<std::string>() << ','
            << spec.law << ',' << to_string(spec.scheme) << ',' << spec.kT << ',' << spec.dt << ',' << r.ratio << ','
            << r.stderr_ratio << ',' << r.predicted_ratio << ',' << r.samples << ',' << r.momentum_drift << ','
            << r.angular_momentum_drift << ',' << r.ledger_residual << ',' << r.noise_work << '\n';
      if (part == "dt-sweep")
        sweep << spec.law << ',' << to_string(spec.scheme) << ',' << spec.dt << ',' << r.ratio << ','
              << r.stderr_ratio << ',' << r.predicted_ratio << ',' << spec.kT << '\n';
      else
        grid_labels.push_back(label);
      progress.tick(fmt::format("{} ratio {:.4f} +- {:.4f} (predicted {:.4f}) {:.1f}s", label, r.ratio,
                                r.stderr_ratio, r.predicted_ratio, r.seconds));
    }
    table.close();
    sweep.close();

    write_noise_strength(dir, base, kTs.front());
    plot(dir, jobs, grid_labels, ctx);

    nlohmann::json out;
    out["study"] = name();
    out["results"] = results;
    out["equipartition_value"] = "<|u_perp|^2> = 2 kT nu, nu = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j";
    return out;
  }

 private:
  static void write_noise_strength(const std::filesystem::path& dir, const StochasticRunSpec& base, double kT) {
    const double nu = pair_mobility(base.mass_i, base.mass_j, base.radius_i, base.radius_j,
                                    base.inertia_factor * base.mass_i * base.radius_i * base.radius_i,
                                    base.inertia_factor * base.mass_j * base.radius_j * base.radius_j);
    const NoiseStrength lin(FrictionLaw::linear(base.gamma), kT, nu);
    const NoiseStrength cou(FrictionLaw::coulomb(base.mu, base.normal_force), kT, nu);
    const NoiseStrength th(FrictionLaw::tanh_coulomb(base.mu, base.normal_force, base.u_scale), kT, nu);
    const double s = lin.thermal_velocity(), c = base.mu * base.normal_force;
    CsvWriter csv(dir / "noise_strength.csv",
                  {"u/sqrt(2 kT nu)", "D_linear/gamma", "D_coulomb/(mu F_n)", "closed form erfcx/(mu F_n)",
                   "D_tanh/(mu F_n)", "f/u asymptote/(mu F_n)"});
    for (int k = 1; k <= 400; ++k) {
      const double x = std::pow(10.0, -2 + 5.0 * k / 400);  // 1e-2 .. 1e3
      const double u = x * s;
      csv.row({x, lin(u, 0) / base.gamma, cou(u, 0) / c, coulomb_noise_strength_closed_form(c, kT, nu, u) / c,
               th(u, 0) / c, 1 / u});
    }
  }

  template <class Jobs>
  static void plot(const std::filesystem::path& dir, const Jobs& jobs, const std::vector<std::string>& grid_labels,
                   const StudyContext& ctx) {
    const std::string common = "set datafile separator ','\nset grid\n";
    // 1. Summary of the grid.
    render_png(dir / "equipartition.png",
               common +
                   "set title 'equipartition ratio <|u_perp|^2>/(2 kT nu) of every grid run (error bars: 1 stderr)'\n"
                   "set xlabel 'run index (see results.csv)'\nset ylabel 'ratio'\nset yrange [0.8:1.1]\n"
                   "plot 0.97 w l dt 2 lc rgb 'gray' t '1 +- 3 %', 1.03 w l dt 2 lc rgb 'gray' notitle, "
                   "1 w l lc rgb 'black' notitle, "
                   "'results.csv' every ::1 u 1:(stringcolumn(2) eq 'grid' ? $9 : 1/0):10 w yerr pt 7 t 'measured', "
                   "'' every ::1 u 1:(stringcolumn(2) eq 'grid' ? $11 : 1/0) w p pt 6 ps 1.5 t 'prediction'\n",
               ctx.log, 1100, 600);
    // 2. u histograms (fixed geometry grid runs).
    std::string u_plot = common + "set multiplot layout 1,2\nset logscale y\nset yrange [1e-5:1]\nset xrange [-5:5]\n"
                                  "set xlabel 'u_perp component / sqrt(kT nu)'\nset ylabel 'probability density'\n"
                                  "set key bottom center font ',8'\n";
    std::string p_plot = common + "set multiplot layout 2,2\nset logscale y\nset yrange [1e-5:1]\nset xrange [-5:5]\n";
    std::string acf_plot = common + "set multiplot layout 1,2\nset logscale y\nset yrange [1e-3:1.1]\n"
                                    "set xlabel 'lag [n.u.]'\nset ylabel 'C(lag)/C(0)'\n";
    for (const std::string sys : {"pair", "cluster"}) {
      std::string u_cmds, v_cmds, w_cmds, a_cmds;
      for (const auto& label : grid_labels) {
        if (label.rfind(sys + "_fixed_", 0) != 0) continue;
        const std::string f = "'runs/" + label + "_hist.csv'";
        const std::string title = label.substr(sys.size() + 7);
        u_cmds += (u_cmds.empty() ? "" : ", ") + f + " every ::1 u 1:($2>0?$2:1/0) w p t '" + title + "'";
        v_cmds += (v_cmds.empty() ? "" : ", ") + f + " every ::1 u 1:($3>0?$3:1/0) w p t '" + title + "'";
        w_cmds += (w_cmds.empty() ? "" : ", ") + f + " every ::1 u 1:($4>0?$4:1/0) w p t '" + title + "'";
        if (label.find("_linear_") != std::string::npos) {
          const std::string a = "'runs/" + label + "_acf.csv'";
          a_cmds += (a_cmds.empty() ? "" : ", ") + a + " every 5::1 u 1:2 w p t '" + title + "', " + a +
                    " every ::1 u 1:3 w l lw 2 t 'linear response'";
        }
      }
      const std::string gauss = "exp(-x*x/2)/sqrt(2*pi) w l lw 2 lc rgb 'black' t 'unit Gaussian'";
      if (!u_cmds.empty()) u_plot += "set title '" + sys + " (fixed geometry)'\nplot " + u_cmds + ", " + gauss + "\n";
      if (!v_cmds.empty()) {
        p_plot += "set title '" + sys + ": v of sphere 0 / predicted sd'\nset xlabel 'v component / sd'\nplot " + v_cmds +
                  ", " + gauss + "\n";
        p_plot += "set title '" + sys + ": omega of sphere 0 / predicted sd'\nset xlabel 'omega component / sd'\nplot " +
                  w_cmds + ", " + gauss + "\n";
      }
      if (!a_cmds.empty())
        acf_plot += "set title '" + sys + ": autocorrelation of u_perp, linear f'\nplot " + a_cmds + "\n";
    }
    render_png(dir / "u_histograms.png", u_plot + "unset multiplot\n", ctx.log, 1400, 600);
    render_png(dir / "particle_histograms.png", p_plot + "unset multiplot\n", ctx.log, 1400, 1000);
    render_png(dir / "acf.png", acf_plot + "unset multiplot\n", ctx.log, 1400, 600);
    // 4. dt sweep.
    bool any_sweep = false;
    for (const auto& j : jobs) any_sweep = any_sweep || j.part == "dt-sweep";
    if (any_sweep) {
      std::vector<std::string> sweep_laws;
      std::vector<double> sweep_kTs;
      for (const auto& j : jobs) {
        if (j.part != "dt-sweep") continue;
        if (std::find(sweep_laws.begin(), sweep_laws.end(), j.spec.law) == sweep_laws.end())
          sweep_laws.push_back(j.spec.law);
        if (std::find(sweep_kTs.begin(), sweep_kTs.end(), j.spec.kT) == sweep_kTs.end()) sweep_kTs.push_back(j.spec.kT);
      }
      std::string script = common + "set multiplot layout 1," + std::to_string(sweep_kTs.size()) +
                           "\nset logscale x\nset xlabel 'dt [n.u.]'\nset ylabel '<|u_perp|^2>/(2 kT nu)'\n"
                           "set key bottom left font ',8'\n";
      for (double kT : sweep_kTs) {
      std::string cmds;
      for (const std::string& law : sweep_laws)
        for (const std::string sch : {"euler-maruyama", "heun"}) {
          const std::string cond = "(stringcolumn(1) eq '" + law + "' && stringcolumn(2) eq '" + sch +
                                   "' && abs($7 - " + fmt_g(kT) + ") < 1e-12)";
          cmds += (cmds.empty() ? "" : ", ") + std::string("'dt_sweep.csv' every ::1 u 3:(") + cond +
                  " ? $4 : 1/0):5 w yerr pt 7 t '" + law + " " + sch + "', '' every ::1 u 3:(" + cond +
                  " ? $6 : 1/0) w lp dt 2 pt 6 t '" + law + " " + sch + " predicted'";
        }
      script += "set title 'pair, fixed: ratio vs dt at kT=" + fmt_g(kT) + " (EM: Ito, Heun: Stratonovich)'\nplot " +
                cmds + ", 1 w l lc rgb 'black' notitle\n";
      }
      render_png(dir / "dt_sweep.png", script + "unset multiplot\n", ctx.log, 1500, 650);
    }
    // 5. D(u).
    render_png(dir / "noise_strength.png",
               common + "set logscale xy\nset xlabel 'u / sqrt(2 kT nu)'\nset ylabel 'D(u) (scaled)'\n"
                        "set title 'noise strength D(u): quadrature + Hermite table vs closed forms'\n"
                        "plot 'noise_strength.csv' every ::1 u 1:2 w l lw 2 t 'linear: D/gamma (closed form 1)', "
                        "'' every ::1 u 1:3 w l lw 4 t 'coulomb: D/(mu F_n)', "
                        "'' every ::1 u 1:4 w l dt 2 lw 2 lc rgb 'black' t 'closed form sqrt(pi/(2kT nu)) erfcx', "
                        "'' every ::1 u 1:5 w l lw 2 t 'tanh: D/(mu F_n)'\n",
               ctx.log);
    // 6. Ledger of the first grid run.
    if (!grid_labels.empty())
      render_png(dir / "ledger.png",
                 common + "set xlabel 't [n.u.]'\nset ylabel 'energy [n.u.]'\nset title 'energy ledger, " +
                     grid_labels.front() + "'\nset key left top\nplot 'runs/" + grid_labels.front() +
                     "_ledger.csv' every ::1 u 1:($2+$3) w l t 'E_kin + U_bond', '' every ::1 u 1:(-$4) w l t '-W_f "
                     "(friction)', '' every ::1 u 1:5 w l t 'W_R (noise)', '' every ::1 u 1:6 w l lw 2 t 'E - W_f - W_R - E(0)'\n",
                 ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_stochastic_friction_study() { return std::make_unique<StochasticFrictionStudy>(); }

}  // namespace stickslip
