// studies/papers/hofmann/stochastic_friction_study.cpp — `stickslip run stochastic-friction`: spheres thermalised only
// by the Markovian friction noise of Hofmann et al. (models/markovian_friction.hpp), on the particle engine's SDE form
// (models/particles/engine_sde.hpp).
//
// Grid: every system (pair, cluster) x geometry (fixed, bonded) x law x kT x scheme runs from rest at step dt
// to t_end (the cluster to cluster_t_end: it has 6 contacts, so 6x the pair's samples per unit time, and
// costs ~5x the pair per step; statistics after t_equil); dt sweep: the pair (fixed geometry) at sweep_kT
// for every sweep law, scheme and dt, to sweep_t_end. equipartition_ratio = <|u_perp|^2> / (2 kT nu): nu of (S8) is the
// inverse effective mass of u_perp (d u_perp / dt = -nu F for fixed geometry), so at temperature kT each of
// the two tangential components of u_perp has variance kT nu.
// Bias removal (extrapolate=on): both schemes have weak order 1, so the measured ratio is
// R(dt) = R(0) + c dt + O(dt^2). Every grid row is run again at dt/2 (another seed) and reported with the
// Talay-Tubaro value 2 R(dt/2) - R(dt) (O(dt^2) bias, stderr sqrt(4 se(dt/2)^2 + se(dt)^2)); its verdicts
// compare it with the scheme's dt -> 0 limit (1 for Euler-Maruyama / Ito; the Stratonovich value of a
// sqrt(D) x Gaussian density for Heun with a nonlinear law, which stays a physical difference, not a bias).
// The dt sweep is fitted by weighted least squares, R = a + b dt, and its intercept a +- se reported.
// (fit_weighted_line of core/line_fit.hpp.)
// Observable `ratio` (stickslip converge): the fixed pair's ratio with its standard error against the dt -> 0
// limit 1, for em and sde-heun: their weak orders (studies/experiment/converge.hpp labels noise-level errors
// "statistical"). Outputs (out dir): results.csv (one row per grid point), runs/<label>_{hist,acf,ledger}.csv,
// noise_strength.csv,
//   dt_sweep.csv, dt_sweep_fit.csv (studies/papers/hofmann/stochastic_tables.hpp) and the figures equipartition.png,
//   u_histograms.png, particle_histograms.png, acf.png, dt_sweep.png, noise_strength.png, ledger.png
//   (studies/papers/hofmann/stochastic_figures.hpp).
#include <algorithm>
#include <bit>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/hofmann/stochastic_figures.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"
#include "studies/papers/hofmann/stochastic_tables.hpp"

namespace stickslip {
namespace {

class StochasticFrictionStudy final : public Study {
 public:
  std::string name() const override { return "stochastic-friction"; }
  std::string summary() const override {
    return "spheres thermalised only by Markovian friction noise (Hofmann et al.): equipartition of u_perp, dt sweep, "
           "Ito vs Stratonovich";
  }

  Parameters parameters() const override {
    Parameters p("stochastic-friction");
    p.declare("law", "linear,coulomb-sign,tanh",
              "friction laws f(u) (list): linear (gamma u), coulomb-sign (mu F_n; old name coulomb), tanh, or any "
              "law of the registry with a slip force: " + join(stochastic_law_names()))
        .declare("kT", "0.1,1", "temperatures (list, > 0)")
        .declare("system", "pair,cluster", "systems (list): pair (spheres i, j), cluster (cluster_size spheres i)")
        .declare("geometry", "fixed,bonded",
                 "contact geometry (list): fixed (positions held) or bonded (free, harmonic normal bond)")
        .declare("scheme", "euler-maruyama", "SDE schemes of the grid (list): euler-maruyama, heun")
        .declare("dt", "0.002", "time step of the grid [n.u.]")
        .declare("extrapolate", "on",
                 "on: run every grid point again at dt/2 and report the Talay-Tubaro value 2 R(dt/2) - R(dt)")
        .declare("t_end", "20000", "length of every pair run of the grid [n.u.]")
        .declare("cluster_t_end", "4000", "length of every cluster run [n.u.] (6 contacts: 6x the samples)")
        .declare("t_equil", "20", "equilibration time before sampling [n.u.]")
        .declare("seed", "1", "random seed (each run, dt/2 runs included, uses seed * 1000003 + its index)")
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
        .declare("sweep_t_end", "10000", "length of every dt-sweep run [n.u.]")
        .declare("sweep_law", "linear,coulomb-sign", "laws of the dt sweep (list)")
        .declare("sweep_scheme", "euler-maruyama,heun", "schemes of the dt sweep (list)")
        .declare("sweep_kT", "0.1,1", "temperatures of the dt sweep (list)");
    declare_law_parameters(p, stochastic_law_names(), {"gamma", "mu", "u_scale"});
    return p;
  }

  // `stickslip converge stochastic-friction --observable ratio`: the weak error of the equipartition ratio of the
  // fixed pair against its dt -> 0 limit 1 (Gibbs), with its batch-means standard error. Every level runs
  // t_end with its own seed (seed mixed with the bits of dt). Euler-Maruyama: weak order 1 for every law (exact
  // for the linear law: R(dt) = 1 / (1 - gamma nu dt / 2)); Heun on the linear law (additive noise): weak order 2,
  // R(dt) - 1 ~ -(gamma nu dt)^2 / 4. Heun with a state-dependent noise converges to the Stratonovich ratio,
  // not to 1, and is refused there.
  std::vector<Observable> observables() const override {
    Observable o;
    o.name = "ratio", o.unit = "1", o.step_unit = "n.u.";
    o.help = "equipartition ratio <|u_perp|^2> / (2 kT nu) of the fixed pair (stationary average, with stderr)";
    o.integrators = {"em", "sde-heun"};
    o.default_solvers = {"em", "sde-heun"};
    o.work_solvers = o.default_solvers;
    o.default_dt = "0.16:0.0025:7";
    o.default_reference = "exact";
    o.defaults = {{"law", "linear"}, {"kT", "1"}, {"system", "pair"}, {"geometry", "fixed"}, {"t_end", "20000"}};
    o.measure = [](const Parameters& prm, const IntegratorSpec& spec, double h) {
      StochasticRunSpec s = stochastic_base_spec(prm);
      s.law = prm.choice("law", stochastic_law_names(), stochastic_law_renames());
      s.kT = prm.in_range("kT", 1e-100, 1e100);
      s.system = prm.choice("system", {"pair"});
      s.geometry = prm.choice("geometry", {"fixed"}) == "fixed" ? ContactGeometry::fixed : ContactGeometry::bonded;
      s.scheme = parse_sde_scheme("integrator", spec.name());
      if (s.scheme == Scheme::sde_heun && !is_linear_friction(s.law, stochastic_law_values(s)))
        throw_input("law", s.law, "sde-heun converges to the Stratonovich ratio, not to 1, for a state-dependent "
                                  "noise; allowed with sde-heun: linear (use em for " + s.law + ")");
      s.dt = h;
      s.seed = s.seed * 1000003ULL ^ std::bit_cast<std::uint64_t>(h);
      (void)stochastic_run_counts(s, "t_end", "dt", &prm);
      const StochasticRunResult r = run_stochastic(s);
      const long steps = std::lround(s.t_end / h);
      return ObservableValue{r.ratio, steps * (s.scheme == Scheme::sde_heun ? 2 : 1), steps, r.stderr_ratio};
    };
    o.exact = [](const Parameters&) { return std::optional<double>(1.0); };
    return {o};
  }

  // Units of the summary's scalars that are neither parameters nor the observable ("n.u.": the study's units).
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"equipartition_ratio", "stderr", "predicted_ratio", "limit_ratio_dt_to_0",
                          "deviation_from_prediction_in_stderr", "component_ratios",
                          "particle0_variance_ratios_v_xyz_omega_xyz", "equipartition_ratio_dt2", "stderr_dt2",
                          "equipartition_ratio_extrapolated", "stderr_extrapolated", "extrapolated_deviation_in_stderr",
                          "intercept", "stderr_intercept", "chi2_per_dof", "intercept_deviation_in_stderr"})
      u.emplace(k, "1");
    for (const char* k : {"nu", "momentum_drift_max", "angular_momentum_drift_max", "momentum_scale_sqrt_kT_m",
                          "ledger_residual", "ledger_max_abs_balance", "ledger_max_abs_balance_dt2", "noise_work",
                          "max_bond_stretch", "dt2"})
      u.emplace(k, "n.u.");
    u["slope"] = u["stderr_slope"] = "1/n.u.";
    u["seconds"] = u["seconds_dt2"] = "s";
    return u;
  }

  nlohmann::json run(const Parameters& params, const StudyContext& ctx) const override {
    const std::vector<std::string>& laws_allowed = stochastic_law_names();
    const auto laws = params.choice_list("law", laws_allowed, stochastic_law_renames());
    const auto kTs = params.in_range_list("kT", 1e-100, 1e100);  // as base_spec's magnitudes
    const auto systems = params.choice_list("system", {"pair", "cluster"});
    const auto geometries = params.choice_list("geometry", {"fixed", "bonded"});
    const auto scheme_names = split_list(params.raw("scheme"));
    (void)params.each_item("scheme", [](const std::string& n) { return parse_sde_scheme("scheme", n); });  // also em, sde-heun
    const StochasticRunSpec base = stochastic_base_spec(params);
    const double cluster_t_end = params.positive("cluster_t_end");
    if (!(cluster_t_end > base.t_equil))
      throw_input("cluster_t_end", params.raw("cluster_t_end"), "must exceed t_equil=" + params.raw("t_equil"));
    const bool extrapolate = params.flag("extrapolate");
    const double sweep_t_end = params.positive("sweep_t_end");
    if (!(sweep_t_end > base.t_equil))
      throw_input("sweep_t_end", params.raw("sweep_t_end"), "must exceed t_equil=" + params.raw("t_equil"));
    std::vector<double> sweep_dt;
    if (params.raw("sweep_dt") != "none") sweep_dt = params.positive_list("sweep_dt");
    const auto sweep_laws = params.choice_list("sweep_law", laws_allowed, stochastic_law_renames());
    const auto sweep_schemes = split_list(params.raw("sweep_scheme"));
    (void)params.each_item("sweep_scheme", [](const std::string& n) { return parse_sde_scheme("sweep_scheme", n); });
    const auto sweep_kTs = params.in_range_list("sweep_kT", 1e-100, 1e100);

    std::vector<StochasticJob> jobs;
    for_each_product(
        [&](const std::string& sys, const std::string& geo, const std::string& law, double kT, const std::string& sch) {
          StochasticRunSpec s = base;
          s.system = sys;
          s.geometry = geo == "fixed" ? ContactGeometry::fixed : ContactGeometry::bonded;
          s.law = law, s.kT = kT, s.scheme = parse_sde_scheme("scheme", sch);
          if (sys == "cluster") s.t_end = cluster_t_end;
          jobs.push_back({"grid", s});
          if (extrapolate) s.dt = base.dt / 2, jobs.push_back({"grid-dt2", s});
        },
        systems, geometries, laws, kTs, scheme_names);
    for_each_product(
        [&](double kT, const std::string& law, const std::string& sch, double dt) {
          StochasticRunSpec s = base;
          s.system = "pair", s.law = law, s.kT = kT, s.scheme = parse_sde_scheme("sweep_scheme", sch);
          s.dt = dt, s.t_end = sweep_t_end;
          jobs.push_back({"dt-sweep", s});
        },
        sweep_kTs, sweep_laws, sweep_schemes, sweep_dt);
    for (std::size_t k = 0; k < jobs.size(); ++k) jobs[k].spec.seed = base.seed * 1000003ULL + k;
    check_stochastic_jobs(jobs, params);  // before any run (also by --dry-run)

    const auto dir = ctx.out_dir;
    double steps_per_run = 0;
    std::size_t particles = 2;
    for (const auto& job : jobs) {
      steps_per_run = std::max(steps_per_run, std::ceil(job.spec.t_end / job.spec.dt));
      if (job.spec.system == "cluster") particles = std::max(particles, job.spec.cluster_size);
    }
    ctx.plan({{"runs", jobs.size()}, {"steps_per_run", json_number(steps_per_run)}, {"particles", particles}});
    std::filesystem::create_directories(dir / "runs");
    StochasticTables tables(dir, extrapolate);  // results.csv, dt_sweep.csv
    // Through the run store (a resumed study gets a finished run's row back without running it); everything below
    // reads the rows (the figures read the runs' files in runs/).
    const nlohmann::json rows = run_each(ctx, name(), jobs, stochastic_job_label, [&](const StochasticJob& j) {
      const StochasticRunResult full = run_stochastic(j.spec);
      write_stochastic_run_files(dir / "runs", stochastic_job_label(j), full);
      ctx.log << fmt::format("{}: {} ratio {:.4f} +- {:.4f} (predicted {:.4f}) {:.1f}s\n", name(), stochastic_job_label(j),
                             full.ratio, full.stderr_ratio, full.predicted_ratio, full.seconds);
      return stochastic_row(j, full);
    });
    tables.add_rows(jobs, rows, name(), ctx.log);
    const nlohmann::json fits = write_dt_sweep_fits(dir, jobs, tables.results);

    write_noise_strength_table(dir / "noise_strength.csv", base, kTs.front());
    plot_stochastic_figures(dir, jobs, tables.grid_labels, fits, extrapolate, ctx.log);

    nlohmann::json out;
    out["study"] = name();
    out["results"] = tables.results;
    out["dt_sweep_fits"] = fits;
    out["cluster_t_end"] = cluster_t_end;
    if (extrapolate) {
      out["extrapolated_check"] = {
          {"rule", "linear and coulomb grid rows: |R_extrap - limit| < 3 % of limit and < 3 stderr_extrapolated"},
          {"rows_checked", tables.checked},
          {"rows_failing", tables.failures}};
      ctx.log << name() << ": extrapolated ratios of " << tables.checked - tables.failures.size() << "/"
              << tables.checked
              << " linear/coulomb grid rows within 3 % and 3 stderr of the dt -> 0 limit\n";
    }
    out["equipartition_value"] = "<|u_perp|^2> = 2 kT nu, nu = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j";
    return out;
  }
};

}  // namespace

std::unique_ptr<Study> make_stochastic_friction_study() { return std::make_unique<StochasticFrictionStudy>(); }

}  // namespace stickslip
