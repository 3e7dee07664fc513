// studies/papers/stochastic_friction_study.cpp — `stickslip run stochastic-friction`: spheres thermalised only by the
// Markovian friction noise of seed 003 (models/markovian_friction.hpp, models/stochastic_spheres.hpp).
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
// limit 1, for em and sde-heun: their weak orders (studies/experiment/converge.hpp labels noise-level errors "statistical").
// Outputs (out dir): results.csv (one row per grid point), runs/<label>_{hist,acf,ledger}.csv,
//   noise_strength.csv, dt_sweep.csv, dt_sweep_fit.csv and
//   equipartition.png   raw ratio, ratio at dt/2 and extrapolated ratio +- stderr of every grid point
//   u_histograms.png    tangential components of u_perp / sqrt(kT nu) against the unit Gaussian (fixed geometry)
//   particle_histograms.png  v and omega of sphere 0 scaled by their predicted standard deviation
//   acf.png             autocorrelation of u_perp for linear f against the linear-response prediction
//   dt_sweep.png        ratio against dt for Euler-Maruyama (Ito) and Heun (Stratonovich), with the
//                       weighted linear fits and their dt -> 0 intercepts
//   noise_strength.png  D(u) by quadrature/table against the closed forms
//   ledger.png          -W_f and W_R (top), E_kin + U_bond and the core EnergyLedger balance
//                       d(E_kin + U_bond) - dW_f - dW_R (bottom) of the first grid run. EM's balance: the Ito
//                       heating 2 kT nu D dt is the mean of the kick energy nu |F^R dt|^2 / 2, so it drifts by
//                       nu f^2 dt / 2 per unit time and random-walks by ~nu D kT sqrt(t dt)
#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <fmt/format.h>
#include <fstream>
#include <iomanip>

#include "core/errors.hpp"
#include "core/line_fit.hpp"
#include "models/contact/registry.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/stochastic_runs.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

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
  j["limit_ratio_dt_to_0"] = json_number(r.limit_ratio);
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
  j["ledger_max_abs_balance"] = json_number(r.ledger_max_abs_balance);
  j["noise_work"] = json_number(r.noise_work);
  if (s.geometry == ContactGeometry::bonded) j["max_bond_stretch"] = json_number(r.max_overlap);
  j["seed"] = s.seed;
  j["seconds"] = json_number(r.seconds);
  return j;
}

// The numbers of a run that the study's tables need, read back from its row (studies/experiment/run_store.hpp: a resumed study
// gets the row of a finished run, not the run; the histograms, ACF and ledger are in its runs/<label>_*.csv).
StochasticRunResult scalars_of(const nlohmann::json& row) {
  const auto num = [&](const char* key) { return row[key].is_number() ? row[key].get<double>() : std::nan(""); };
  StochasticRunResult r;
  r.ratio = num("equipartition_ratio");
  r.stderr_ratio = num("stderr");
  r.samples = row["samples"].get<std::size_t>();
  r.predicted_ratio = num("predicted_ratio");
  r.limit_ratio = num("limit_ratio_dt_to_0");
  r.momentum_drift = num("momentum_drift_max");
  r.angular_momentum_drift = num("angular_momentum_drift_max");
  r.ledger_residual = num("ledger_residual");
  r.ledger_max_abs_balance = num("ledger_max_abs_balance");
  r.noise_work = num("noise_work");
  r.seconds = num("seconds");
  return r;
}

// The run settings every run of the study shares, validated (InputError names the key).
StochasticRunSpec base_spec(const Parameters& params) {
  StochasticRunSpec base;
  base.dt = params.positive("dt");
  base.t_end = params.positive("t_end");
  base.t_equil = params.nonnegative("t_equil");
  base.seed = static_cast<std::uint64_t>(params.integer("seed", 0, 1000000000L));
  // Magnitudes within 1e+-100: beyond, D(u) (models/markovian_friction.cpp: friction x thermal speed, 2 kT nu)
  // overflows a double, which only the first quadrature would find (a dry run builds no model).
  base.gamma = params.in_range("gamma", 1e-100, 1e100);
  base.mu = params.in_range("mu", 1e-100, 1e100);
  base.normal_force = params.in_range("normal_force", 1e-100, 1e100);
  base.u_scale = params.in_range("u_scale", 1e-100, 1e100);
  base.law_values = all_law_values(params, stochastic_law_names(), "law");  // the other laws' own keys
  base.radius_i = params.in_range("radius_i", 1e-100, 1e100);  // the pair mobility overflows beyond
  base.radius_j = params.in_range("radius_j", 1e-100, 1e100);
  base.mass_i = params.in_range("mass_i", 1e-100, 1e100);
  base.mass_j = params.in_range("mass_j", 1e-100, 1e100);
  base.inertia_factor = params.positive("inertia_factor");
  if (base.inertia_factor > 1) throw_input("inertia_factor", params.raw("inertia_factor"), "must be in (0, 1]");
  base.cluster_size = static_cast<std::size_t>(params.integer("cluster_size", 2, 4));
  base.bond_stiffness = params.positive("bond_stiffness");
  base.sample_interval = params.positive("sample_interval");
  base.acf_max_lag = params.positive("acf_max_lag");
  if (!(base.t_end > base.t_equil) && params.raw("t_equil") != params.entries().at("t_equil").default_value)
    throw_input("t_equil", params.raw("t_equil"), "must be < t_end=" + params.raw("t_end"));  // the key the user set
  if (!(base.t_end > base.t_equil))
    throw_input("t_end", params.raw("t_end"), "must exceed t_equil=" + params.raw("t_equil"));
  return base;
}

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
      StochasticRunSpec s = base_spec(prm);
      s.law = prm.choice("law", stochastic_law_names(), stochastic_law_renames());
      s.kT = prm.in_range("kT", 1e-100, 1e100);
      s.system = prm.choice("system", {"pair"});
      s.geometry = prm.choice("geometry", {"fixed"}) == "fixed" ? ContactGeometry::fixed : ContactGeometry::bonded;
      s.scheme = spec.scheme == "em" ? SdeScheme::euler_maruyama : SdeScheme::heun;
      if (s.scheme == SdeScheme::heun && s.law != "linear")
        throw_input("law", s.law, "sde-heun converges to the Stratonovich ratio, not to 1, for a state-dependent "
                                  "noise; allowed with sde-heun: linear (use em for " + s.law + ")");
      s.dt = h;
      s.seed = s.seed * 1000003ULL ^ std::bit_cast<std::uint64_t>(h);
      (void)stochastic_run_counts(s, "t_end", "dt", &prm);
      const StochasticRunResult r = run_stochastic(s);
      const long steps = std::lround(s.t_end / h);
      return ObservableValue{r.ratio, steps * (s.scheme == SdeScheme::heun ? 2 : 1), steps, r.stderr_ratio};
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
    for (const auto& n : scheme_names) (void)parse_sde_scheme("scheme", n);  // also the spec names em, sde-heun
    const StochasticRunSpec base = base_spec(params);
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
    for (const auto& n : sweep_schemes) (void)parse_sde_scheme("sweep_scheme", n);  // also the spec names em, sde-heun
    const auto sweep_kTs = params.in_range_list("sweep_kT", 1e-100, 1e100);

    struct Job {
      std::string part;  // grid, grid-dt2 (the dt/2 partner of the grid job before it), dt-sweep
      StochasticRunSpec spec;
    };
    std::vector<Job> jobs;
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
    // Build every model once up front so that bad combinations fail before any long run.
    // (Once per distinct model: dt, t_end and the seed do not change it.)
    std::set<std::string> built;
    for (const auto& job : jobs) {
      const StochasticRunSpec& sp = job.spec;
      // Step counts in range, checked before any run (also by --dry-run), naming the key that set them.
      const bool sweep_job = job.part == "dt-sweep";
      (void)stochastic_run_counts(sp, sweep_job ? "sweep_t_end" : sp.system == "cluster" ? "cluster_t_end" : "t_end",
                                  sweep_job ? "sweep_dt" : "dt", &params);
      const std::string model_key = sp.system + (sp.geometry == ContactGeometry::fixed ? "/fixed/" : "/bonded/") + sp.law +
                                    "/" + format_value(sp.kT) + "/" + to_string(sp.scheme);
      if (!built.insert(model_key).second) continue;
      std::vector<Vec3> pos;
      (void)make_stochastic_spheres(sp, pos);
    }

    const auto dir = ctx.out_dir;
    double steps_per_run = 0;
    std::size_t particles = 2;
    for (const auto& job : jobs) {
      steps_per_run = std::max(steps_per_run, std::ceil(job.spec.t_end / job.spec.dt));
      if (job.spec.system == "cluster") particles = std::max(particles, job.spec.cluster_size);
    }
    ctx.plan({{"runs", jobs.size()}, {"steps_per_run", json_number(steps_per_run)}, {"particles", particles}});
    std::filesystem::create_directories(dir / "runs");
    nlohmann::json results = nlohmann::json::array();
    std::vector<std::string> table_columns{
        "index", "system", "geometry", "law", "scheme", "kT [n.u.]", "dt [n.u.]", "equipartition_ratio", "stderr",
        "predicted_ratio", "limit_ratio", "samples", "momentum_drift [n.u.]", "angular_momentum_drift [n.u.]",
        "ledger_residual [n.u.]", "ledger_max_abs_balance [n.u.]", "noise_work [n.u.]"};
    if (extrapolate)
      for (const char* c : {"dt2 [n.u.]", "equipartition_ratio_dt2", "stderr_dt2", "equipartition_ratio_extrapolated",
                            "stderr_extrapolated"})
        table_columns.push_back(c);
    CsvWriter table(dir / "results.csv", table_columns);
    CsvWriter sweep(dir / "dt_sweep.csv",
                    {"law", "scheme", "dt [n.u.]", "equipartition_ratio", "stderr", "predicted_ratio", "kT [n.u.]"});
    std::vector<std::string> grid_labels;
    StochasticRunResult grid_result;  // the grid run whose dt/2 partner comes next
    nlohmann::json grid_row;
    std::string grid_label;
    std::size_t grid_rows = 0;
    nlohmann::json failures = nlohmann::json::array();
    std::size_t checked = 0;
    auto table_row = [&](const StochasticRunSpec& spec, const StochasticRunResult& r) {
      return std::vector<CsvCell>{grid_rows++, spec.system, spec.geometry == ContactGeometry::fixed ? "fixed" : "bonded",
                                  spec.law, to_string(spec.scheme), spec.kT, spec.dt, r.ratio, r.stderr_ratio,
                                  r.predicted_ratio, r.limit_ratio, r.samples, r.momentum_drift,
                                  r.angular_momentum_drift, r.ledger_residual, r.ledger_max_abs_balance, r.noise_work};
    };
    // Sweep runs get their own prefix: a sweep dt equal to the grid dt must not overwrite the grid's files.
    const auto job_label = [](const Job& j) { return (j.part == "dt-sweep" ? "sweep_" : "") + label_of(j.spec); };
    // Through the run store (a resumed study gets a finished run's row back without running it); everything below
    // reads the rows (the figures read the runs' files in runs/).
    const nlohmann::json rows = run_each(ctx, name(), jobs, job_label, [&](const Job& j) {
      const StochasticRunResult full = run_stochastic(j.spec);
      write_stochastic_run_files(dir / "runs", job_label(j), full);
      ctx.log << fmt::format("{}: {} ratio {:.4f} +- {:.4f} (predicted {:.4f}) {:.1f}s\n", name(), job_label(j),
                             full.ratio, full.stderr_ratio, full.predicted_ratio, full.seconds);
      return to_json(j.part, j.spec, full);
    });
    for (std::size_t k = 0; k < jobs.size(); ++k) {
      const auto& [part, spec] = jobs[k];
      const std::string label = job_label(jobs[k]);
      const nlohmann::json& row = rows[k];
      const StochasticRunResult r = scalars_of(row);
      if (part == "dt-sweep") {
        results.push_back(row);
        sweep.row({spec.law, to_string(spec.scheme), spec.dt, r.ratio, r.stderr_ratio, r.predicted_ratio, spec.kT});
      } else if (part == "grid") {
        grid_labels.push_back(label);
        if (extrapolate) {
          grid_result = r;
          grid_row = row;
          grid_label = label;
        } else {
          results.push_back(row);
          table.row(table_row(spec, r));
        }
      } else {  // grid-dt2: complete the grid row before it
        const StochasticRunSpec& coarse = jobs[k - 1].spec;
        nlohmann::json j = grid_row;
        const Estimate ex = talay_tubaro_extrapolation({grid_result.ratio, grid_result.stderr_ratio},
                                                       {r.ratio, r.stderr_ratio});
        const double limit = grid_result.limit_ratio;
        j["dt2"] = spec.dt;
        j["equipartition_ratio_dt2"] = json_number(r.ratio);
        j["stderr_dt2"] = json_number(r.stderr_ratio);
        j["samples_dt2"] = r.samples;
        j["seed_dt2"] = spec.seed;
        j["seconds_dt2"] = json_number(r.seconds);
        j["ledger_max_abs_balance_dt2"] = json_number(r.ledger_max_abs_balance);
        j["equipartition_ratio_extrapolated"] = json_number(ex.value);
        j["stderr_extrapolated"] = json_number(ex.stderr_value);
        const bool in3 = std::abs(ex.value - limit) < 0.03 * limit;
        const bool in3se = std::abs(ex.value - limit) < 3 * ex.stderr_value;
        j["extrapolated_within_3_percent_of_limit"] = in3;
        j["extrapolated_within_3_stderr_of_limit"] = in3se;
        j["extrapolated_deviation_in_stderr"] = json_number((ex.value - limit) / ex.stderr_value);
        results.push_back(j);
        std::vector<CsvCell> cells = table_row(coarse, grid_result);
        cells.insert(cells.end(), {spec.dt, r.ratio, r.stderr_ratio, CsvCell::if_finite(ex.value),
                                   CsvCell::if_finite(ex.stderr_value)});
        table.row(cells);
        if (coarse.law == "linear" || coarse.law == "coulomb-sign") {
          ++checked;
          if (!(in3 && in3se)) failures.push_back(grid_label);
        }
        ctx.log << fmt::format("{}: {} extrapolated {:.4f} +- {:.4f} (limit {:.4f}, {:+.1f} se)\n", name(), grid_label,
                               ex.value, ex.stderr_value, limit, (ex.value - limit) / ex.stderr_value);
      }
    }
    table.close();
    sweep.close();
    const nlohmann::json fits = write_sweep_fits(dir, jobs, results);

    write_noise_strength_table(dir / "noise_strength.csv", base, kTs.front());
    plot(dir, jobs, grid_labels, fits, extrapolate, ctx);

    nlohmann::json out;
    out["study"] = name();
    out["results"] = results;
    out["dt_sweep_fits"] = fits;
    out["cluster_t_end"] = cluster_t_end;
    if (extrapolate) {
      out["extrapolated_check"] = {
          {"rule", "linear and coulomb grid rows: |R_extrap - limit| < 3 % of limit and < 3 stderr_extrapolated"},
          {"rows_checked", checked},
          {"rows_failing", failures}};
      ctx.log << name() << ": extrapolated ratios of " << checked - failures.size() << "/" << checked
              << " linear/coulomb grid rows within 3 % and 3 stderr of the dt -> 0 limit\n";
    }
    out["equipartition_value"] = "<|u_perp|^2> = 2 kT nu, nu = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j";
    return out;
  }

 private:
  // Weighted least-squares fit R = a + b dt of every (kT, law, scheme) of the sweep with >= 2 distinct dt.
  template <class Jobs>
  static nlohmann::json write_sweep_fits(const std::filesystem::path& dir, const Jobs& jobs,
                                         const nlohmann::json& results) {
    struct Group {
      double kT;
      std::string law, scheme;
      double limit;
      std::vector<double> dt, ratio, se;
    };
    std::vector<Group> groups;
    for (std::size_t k = 0, row = 0; k < jobs.size(); ++k) {
      if (jobs[k].part == "grid-dt2") continue;
      const nlohmann::json& res = results[row++];
      if (jobs[k].part != "dt-sweep") continue;
      const auto& s = jobs[k].spec;
      auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
        return g.kT == s.kT && g.law == s.law && g.scheme == to_string(s.scheme);
      });
      if (it == groups.end()) {
        groups.push_back({s.kT, s.law, to_string(s.scheme), res["limit_ratio_dt_to_0"].get<double>(), {}, {}, {}});
        it = groups.end() - 1;
      }
      it->dt.push_back(s.dt);
      it->ratio.push_back(res["equipartition_ratio"].get<double>());
      it->se.push_back(res["stderr"].get<double>());
    }
    CsvWriter csv(dir / "dt_sweep_fit.csv",
                  {"law", "scheme", "kT [n.u.]", "points", "intercept (dt -> 0)", "stderr_intercept", "slope [1/n.u.]",
                   "stderr_slope [1/n.u.]", "chi2_per_dof", "limit_ratio", "intercept_deviation_in_stderr"});
    nlohmann::json fits = nlohmann::json::array();
    for (const auto& g : groups) {
      std::vector<double> distinct = g.dt;
      std::sort(distinct.begin(), distinct.end());
      if (std::unique(distinct.begin(), distinct.end()) - distinct.begin() < 2) continue;
      const WeightedLineFit f = fit_weighted_line(g.dt, g.ratio, g.se);
      const double dev = (f.intercept - g.limit) / f.stderr_intercept;
      using C = CsvCell;
      csv.row({g.law, g.scheme, g.kT, f.points, C::if_finite(f.intercept), C::if_finite(f.stderr_intercept),
               C::if_finite(f.slope), C::if_finite(f.stderr_slope), C::if_finite(f.chi2_per_dof), g.limit,
               C::if_finite(dev)});
      fits.push_back({{"law", g.law},
                      {"scheme", g.scheme},
                      {"kT", g.kT},
                      {"points", f.points},
                      {"intercept", json_number(f.intercept)},
                      {"stderr_intercept", json_number(f.stderr_intercept)},
                      {"slope", json_number(f.slope)},
                      {"stderr_slope", json_number(f.stderr_slope)},
                      {"chi2_per_dof", json_number(f.chi2_per_dof)},
                      {"limit_ratio_dt_to_0", json_number(g.limit)},
                      {"intercept_deviation_in_stderr", json_number(dev)}});
    }
    csv.close();
    return fits;
  }

  // The figures (studies/experiment/figure.hpp). results.csv: 1 index, 8 ratio, 9 stderr, 11 dt -> 0 limit, 19/20 ratio/stderr
  // at dt/2, 21/22 extrapolated; dt_sweep.csv: 1 law, 2 scheme, 3 dt, 4 ratio, 5 stderr, 6 predicted, 7 kT.
  template <class Jobs>
  static void plot(const std::filesystem::path& dir, const Jobs& jobs, const std::vector<std::string>& grid_labels,
                   const nlohmann::json& fits, bool extrapolate, const StudyContext& ctx) {
    // A multiplot keeps its layout when some panels have nothing to show: blank panels fill it.
    const auto fill_layout = [](Figure& f) {
      while (!f.panels.empty() && f.panels.size() < static_cast<std::size_t>(f.rows * f.columns)) f.panels.emplace_back();
    };
    const auto histogram_panel = [](Figure& f, const std::string& title, const std::string& xlabel,
                                    const std::string& ylabel) -> Panel& {
      Panel& p = f.panel(title, xlabel, ylabel);
      p.logy = true;
      return p.set("set yrange [1e-5:1]").set("set xrange [-5:5]").set("set format y '%.0e'");
    };
    const Curve gauss = Curve::fn("exp(-x*x/2)/sqrt(2*pi)", "unit Gaussian", "l lw 2 lc rgb 'black'");
    // 1. Summary of the grid.
    Figure eq{"", 1, 1, 1100, 600, {}, {}};
    Panel& e = eq.panel("Markovian friction (Hofmann et al. 2025): equipartition ratio <|u_perp|^2>/(2 kT nu) of every "
                        "grid point,\n1 when the noise obeys the fluctuation-dissipation relation (error bars: 1 stderr)",
                        "grid point [index in results.csv]", "ratio [1]");
    e.set("set yrange [0.8:1.1]").set("set key bottom right");
    e.add(Curve::fn("0.97", "1 +- 3 %", "l dt 2 lc rgb 'gray'")).add(Curve::fn("1.03", "", "l dt 2 lc rgb 'gray'"));
    e.add(Curve::fn("1", "", "l lc rgb 'black'"));
    e.add(Curve::of("results.csv", "($1-0.2)", "8:9", "raw, at dt", "yerr pt 7 lc rgb '#1f77b4'"));
    e.add(Curve::of("results.csv", "1", "11", "dt -> 0 limit of the scheme", "p pt 4 ps 1.5 lc rgb 'black'"));
    if (extrapolate) {
      e.add(Curve::of("results.csv", "1", "19:20", "at dt/2", "yerr pt 5 lc rgb '#2ca02c'"));
      e.add(Curve::of("results.csv", "($1+0.2)", "21:22", "Talay-Tubaro 2 R(dt/2) - R(dt)", "yerr pt 9 ps 1.3 lc rgb '#d62728'"));
    }
    render_figure(dir / "equipartition.png", eq, ctx.log);
    // 2. u histograms, particle histograms, autocorrelation (fixed-geometry grid runs).
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
        Panel& p = histogram_panel(u, sys + " (fixed geometry): relative surface velocity u_perp", "u_perp component / sqrt(kT nu) [1]",
                                   "probability density [1]");
        p.set("set key bottom center font ',8'").curves = uc;
        p.add(gauss);
        histogram_panel(part, sys + ": v of sphere 0 / predicted sd", "v component / sd [1]", "probability density [1]")
            .set("set key bottom center font ',8'")
            .curves = vc;
        part.panels.back().add(gauss);
        histogram_panel(part, sys + ": omega of sphere 0 / predicted sd", "omega component / sd [1]", "probability density [1]")
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
    u.title = part.title = acf.title = "Markovian friction (Hofmann et al. 2025), spheres thermalised by the friction noise";
    for (auto* fig : {&u, &part, &acf}) fig->multiplot = true;
    for (auto [png, fig] : {std::pair{"u_histograms.png", &u}, {"particle_histograms.png", &part}, {"acf.png", &acf}}) {
      fill_layout(*fig);
      render_figure(dir / png, *fig, ctx.log);
    }
    // 3. dt sweep: ratio against dt per kT; one colour per (law, scheme): measured points, prediction (dashed,
    // open circles), weighted fit (thin line).
    std::vector<std::string> sweep_laws;
    std::vector<double> sweep_kTs;
    double dt_lo = INFINITY, dt_hi = 0;
    for (const auto& j : jobs) {
      if (j.part != "dt-sweep") continue;
      dt_lo = std::min(dt_lo, j.spec.dt), dt_hi = std::max(dt_hi, j.spec.dt);
      if (std::find(sweep_laws.begin(), sweep_laws.end(), j.spec.law) == sweep_laws.end()) sweep_laws.push_back(j.spec.law);
      if (std::find(sweep_kTs.begin(), sweep_kTs.end(), j.spec.kT) == sweep_kTs.end()) sweep_kTs.push_back(j.spec.kT);
    }
    Figure sweep{"Markovian friction (Hofmann et al. 2025): equipartition ratio against dt; the scheme's predicted "
                 "ratio (open circles) and a weighted straight-line fit extrapolated to dt -> 0",
                 1, static_cast<int>(sweep_kTs.size()), 1500, 650, {}, {}};
    sweep.multiplot = true;
    for (double kT : sweep_kTs) {
      Panel& p = sweep.panel("pair, fixed: ratio vs dt at kT=" + fmt_g(kT) + " (EM: Ito, Heun: Stratonovich)", "dt [n.u.]",
                             "<|u_perp|^2>/(2 kT nu) [1]");
      p.logx = true;
      p.set("set key top left font ',8'").set("set yrange [0.82:1.22]");
      int colour = 0;
      for (const std::string& law : sweep_laws)
        for (const std::string sch : {"euler-maruyama", "heun"}) {
          const std::string lc = " lc " + std::to_string(++colour);
          const std::string cond = "(stringcolumn(1) eq '" + law + "' && stringcolumn(2) eq '" + sch + "' && abs($7 - " +
                                   fmt_g(kT) + ") < 1e-12)";
          p.add(Curve::of("dt_sweep.csv", "3", "(" + cond + " ? $4 : 1/0):5", law + " " + sch, "yerr pt 7" + lc));
          p.add(Curve::of("dt_sweep.csv", "3", "(" + cond + " ? $6 : 1/0)", "predicted", "lp dt 2 pt 6" + lc));
          for (const auto& f : fits) {
            if (std::abs(f["kT"].get<double>() - kT) > 1e-12 || f["law"] != law || f["scheme"] != sch) continue;
            const double a = f["intercept"].get<double>(), b = f["slope"].get<double>();
            p.add(Curve::fn(fmt::format("[{:g}:{:g}] {:.10g} + {:.10g} * x", dt_lo / 1.3, dt_hi * 1.3, a, b),
                            fmt::format("weighted fit, dt -> 0: {:.4f} +- {:.4f}", a, f["stderr_intercept"].get<double>()),
                            "l lw 1" + lc));
          }
        }
      p.add(Curve::fn("1", "", "l lc rgb 'black'"));
    }
    render_figure(dir / "dt_sweep.png", sweep, ctx.log);
    // 4. D(u).
    Figure noise;
    Panel& n = noise.panel("Markovian friction (Hofmann et al. 2025): noise strength D(u) from the fluctuation-dissipation "
                           "integral (quadrature + Hermite table) against the closed forms",
                           "u / sqrt(2 kT nu) [1]", "D(u) / scale [1]");
    n.logx = n.logy = true;
    n.add(Curve::of("noise_strength.csv", "1", "2", "linear: D/gamma (closed form 1)", "l lw 2"));
    n.add(Curve::of("noise_strength.csv", "1", "3", "coulomb: D/(mu F_n)", "l lw 5"));
    n.add(Curve::of("noise_strength.csv", "1", "4", "closed form sqrt(pi/(2kT nu)) erfcx", "l dt 2 lw 2 lc rgb 'black'"));
    n.add(Curve::of("noise_strength.csv", "1", "5", "tanh: D/(mu F_n)", "l lw 2"));
    render_figure(dir / "noise_strength.png", noise, ctx.log);
    // 5. Ledger of the first grid run. Top: the large terms (W_R and -W_f grow ~linearly and nearly cancel); bottom:
    // the small ones, E_kin + U_bond and the balance, on their own scale.
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
    render_figure(dir / "ledger.png", ledger, ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_stochastic_friction_study() { return std::make_unique<StochasticFrictionStudy>(); }

}  // namespace stickslip
