#include "studies/papers/hofmann/stochastic_runs.hpp"

#include <Eigen/Dense>
#include <chrono>
#include <cmath>
#include <set>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "core/sample_statistics.hpp"
#include "models/contact/registry.hpp"
#include "models/particles/sde_equipartition.hpp"
#include "models/particles/sde_slip_statistics.hpp"
#include "solvers/sde_integrator.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

const std::vector<std::string>& stochastic_law_names() {
  // The registry's laws with a dissipative slip force (models/contact/registry.hpp: f(u) > 0 for u > 0).
  static const std::vector<std::string> names = laws_running(RelationKind::stochastic_pair, {Driver::sde});
  return names;
}

const Renames& stochastic_law_renames() {
  static const Renames r{{"coulomb", {"coulomb-sign"}}};  // Coulomb's form on the SDE pair is its sign form
  return r;
}

LawValues stochastic_law_values(const StochasticRunSpec& s) {
  LawValues v = s.law_values;
  v.law_key = "law";
  v.set("gamma", s.gamma).set("mu", s.mu).set("u_scale", s.u_scale);
  return v;
}

std::unique_ptr<EngineSde> make_stochastic_model(const StochasticRunSpec& s) {
  const std::string law = renamed("law", s.law, stochastic_law_renames());
  const auto& names = stochastic_law_names();
  if (std::find(names.begin(), names.end(), law) == names.end()) throw_input("law", s.law, "allowed: " + join(names));
  EngineSdeSetup setup;
  ParticleArrays& b = setup.bodies;
  auto body = [&](const Vec3& x, double m, double R) {
    const std::size_t p = b.add(x, Vec3::Zero(), R, m);
    b.inv_inertia[p] = 1 / (s.inertia_factor * m * R * R);
  };
  if (s.system == "pair") {
    body(Vec3::Zero(), s.mass_i, s.radius_i);
    body(Vec3(s.radius_i + s.radius_j, 0, 0), s.mass_j, s.radius_j);
  } else if (s.system == "cluster") {
    for (const Vec3& x : touching_cluster(s.cluster_size, s.radius_i)) body(x, s.mass_i, s.radius_i);
  } else {
    throw_input("system", s.system, "allowed: pair, cluster");
  }
  setup.contacts = all_pairs(b.size());
  setup.geometry = s.geometry;
  setup.bond_stiffness = s.bond_stiffness;
  setup.normal_force = s.normal_force;
  setup.kT = s.kT;
  setup.calculus = s.scheme == Scheme::sde_heun ? NoiseCalculus::stratonovich : NoiseCalculus::ito;
  return make_engine_sde(std::move(setup), "law", law, stochastic_law_values(s));
}

StochasticRunCounts stochastic_run_counts(const StochasticRunSpec& spec, const char* t_end_key, const char* dt_key,
                                          const Parameters* given) {
  // Of a ratio value / dt out of range, the key to name: the value's unless only dt was set by the user.
  const auto blames_dt = [&](const char* key) { return given && given->culprit({key, dt_key}) == dt_key; };
  if (!(spec.dt < spec.t_end)) {
    if (!blames_dt(t_end_key))
      throw_input(t_end_key, format_value(spec.t_end), std::string("must be > ") + dt_key + " = " + format_value(spec.dt));
    throw_input(dt_key, format_value(spec.dt), std::string("must be < ") + t_end_key + " = " + format_value(spec.t_end));
  }
  // Checked step counts: a ratio beyond 1e12 steps cannot run (and would overflow a long when converted).
  const auto steps_of = [&](const char* key, double value) {
    const double k = std::round(value / spec.dt);
    if (k >= 0 && k <= 1e12) return static_cast<long>(k);
    if (blames_dt(key))
      throw_input(dt_key, format_value(spec.dt), "gives " + format_value(k) + " steps for " + key + " = " +
                                                     format_value(value) + "; at most 1e12");
    throw_input(key, format_value(value), "gives " + format_value(k) + " steps of " + dt_key + " = " +
                                              format_value(spec.dt) + "; at most 1e12");
  };
  StochasticRunCounts c;
  c.sample_every = std::max(1L, steps_of("sample_interval", spec.sample_interval));
  c.equil_steps = steps_of("t_equil", spec.t_equil);
  c.total_steps = steps_of(t_end_key, spec.t_end);
  c.samples = (c.total_steps - c.equil_steps) / c.sample_every;
  if (c.samples < 40)
    throw_input(t_end_key, format_value(spec.t_end),
                "too short: fewer than 40 samples after t_equil at this dt and sample interval");
  const double lags_wanted = std::max(1.0, spec.acf_max_lag / (static_cast<double>(c.sample_every) * spec.dt));
  if (!(lags_wanted <= 1e6))
    throw_input("acf_max_lag", format_value(spec.acf_max_lag), "gives " + format_value(lags_wanted) + " lags; at most 1e6");
  c.lags = static_cast<std::size_t>(lags_wanted);
  return c;
}

namespace {

// What the ratio <|u_perp|^2>/(2 kT nu) of a run should be. The linear law on fixed contacts: du = -gamma A u dt +
// noise, an OU process in every eigenmode of A, with each scheme's exact discrete stationary variance factor and
// per-step autocorrelation (solvers/sde_integrator.hpp ou_step); otherwise the scheme's dt -> 0 limit.
struct RatioPrediction {
  bool linear_fixed = false;
  std::vector<double> mode_weight, mode_factor;  // lambda_k * variance factor, per-step correlation (linear_fixed)
  double ratio = 1, limit = 1;
  std::string text;
};

RatioPrediction predict_ratio(const StochasticRunSpec& spec, const EngineSde& model,
                              const EquipartitionPrediction& pred) {
  RatioPrediction r;
  const std::string law = renamed("law", spec.law, stochastic_law_renames());
  r.linear_fixed = is_linear_friction(law, stochastic_law_values(spec)) && spec.geometry == ContactGeometry::fixed;
  if (r.linear_fixed) {
    double num = 0, den = 0;
    for (Eigen::Index k = 0; k < pred.modes.size(); ++k) {
      if (!pred.active(k)) continue;
      const double lambda = pred.modes[k];
      const OuStep mode = ou_step(spec.scheme, spec.gamma * lambda * spec.dt);
      r.mode_weight.push_back(lambda * mode.variance_factor);
      r.mode_factor.push_back(mode.correlation);
      num += lambda * mode.variance_factor;
      den += lambda;
    }
    r.ratio = num / den;
    r.text = "exact stationary variance of " + sde_scheme_name(spec.scheme) + " (linear OU modes)";
  } else if (spec.scheme == Scheme::sde_heun) {
    r.ratio = r.limit = stratonovich_ratio(*model.noise_strength(0));
    r.text = spec.system == "pair" && spec.geometry == ContactGeometry::fixed
                 ? "dt->0 Stratonovich limit, sqrt(D) x Gaussian"
                 : "dt->0 Stratonovich limit of a single contact (approximate here)";
  } else {
    r.text = "dt->0 Ito limit (Gibbs)";
  }
  return r;
}

// The measured statistics of a run's samples into r (models/particles/sde_slip_statistics.hpp); the
// autocorrelation's lags in time (sample_every steps of dt apart) and, for the linear law on fixed contacts, its
// prediction sum_k w_k c_k^(lag steps) / sum_k w_k.
void record_statistics(const SlipStatistics& st, long sample_every, double dt, std::size_t contacts,
                       const RatioPrediction& pred, StochasticRunResult& r) {
  r.samples = static_cast<std::size_t>(st.count()) * contacts;
  r.ratio = st.ratio();
  r.stderr_ratio = st.ratio_stderr();
  r.component_ratio = st.component_ratios();
  r.particle_variance_ratio = st.particle_variance_ratios();
  const DensityHistogram &hu = st.slip_histogram(), &hv = st.velocity_histogram(), &hw = st.spin_histogram();
  for (int b = 0; b < hu.bins(); ++b) {
    r.hist_centre.push_back(hu.centre(b));
    r.hist_u.push_back(hu.density(b));
    r.hist_v.push_back(hv.density(b));
    r.hist_w.push_back(hw.density(b));
  }
  const LagAutocorrelation<Vec3>& acf = st.autocorrelation();
  for (std::size_t k = 0; k < acf.lags_with_data(); ++k) {
    r.acf_lag.push_back(k * sample_every * dt);
    r.acf.push_back(acf.correlation(k));
    if (!pred.linear_fixed) continue;
    double num = 0, den = 0;
    for (std::size_t m = 0; m < pred.mode_weight.size(); ++m) {
      num += pred.mode_weight[m] * std::pow(pred.mode_factor[m], static_cast<double>(k * sample_every));
      den += pred.mode_weight[m];
    }
    r.acf_predicted.push_back(num / den);
  }
}

}  // namespace

StochasticRunResult run_stochastic(const StochasticRunSpec& spec) {
  const auto start = std::chrono::steady_clock::now();
  const std::unique_ptr<EngineSde> owner = make_stochastic_model(spec);
  const EngineSde& model = *owner;
  const std::size_t C = model.contacts();
  Vec x = model.initial_state();
  const Vec3 P0 = model.momentum(x), L0 = model.angular_momentum(x);

  StochasticRunResult r;
  r.ledger.add(0, model.energy(x));
  r.ledger_dP.push_back(0);
  r.ledger_dL.push_back(0);
  r.contacts = C;
  for (std::size_t c = 0; c < C; ++c) r.nu_mean += model.nu(c) / C;

  // Predictions from the contact Jacobian at the initial configuration (models/particles/sde_equipartition.hpp).
  const EquipartitionPrediction equipartition = equipartition_prediction(model, x, spec.geometry, spec.kT);
  const RatioPrediction pred = predict_ratio(spec, model, equipartition);
  r.predicted_ratio = pred.ratio;
  r.limit_ratio = pred.limit;
  r.prediction = pred.text;

  const StochasticRunCounts counts = stochastic_run_counts(spec);
  const long ledger_every = std::max(1L, counts.total_steps / static_cast<long>(spec.ledger_points));
  const SlipStatisticsSpec statistics{spec.kT, spec.geometry, spec.histogram_bins, spec.histogram_range, counts.samples,
                                      counts.lags};
  SlipStatistics sampler(statistics, model, equipartition.variance, x);

  double t = 0;
  const RunSpan span(0, static_cast<double>(counts.total_steps) * spec.dt);  // the progress line (core/progress.hpp)
  const SdeRun run{spec.scheme, spec.dt, spec.seed, counts.total_steps};
  simulate(model, run, t, x, [&](double now, VecCRef state, long step) {
    if (step % ledger_every == 0 || step == counts.total_steps) {
      r.ledger.add(now, model.energy(state));
      r.ledger_dP.push_back((model.momentum(state) - P0).norm());
      r.ledger_dL.push_back((model.angular_momentum(state) - L0).norm());
    }
    if (step % counts.sample_every != 0) return;
    r.momentum_drift = std::max(r.momentum_drift, (model.momentum(state) - P0).norm());
    r.angular_momentum_drift = std::max(r.angular_momentum_drift, (model.angular_momentum(state) - L0).norm());
    if (spec.geometry == ContactGeometry::bonded) {
      for (std::size_t c = 0; c < C; ++c)
        r.max_overlap = std::max(r.max_overlap, std::abs(model.kinematics(state, c).h));
    }
    if (step > counts.equil_steps && sampler.count() < counts.samples) sampler.sample(state);
  });
  record_statistics(sampler, counts.sample_every, spec.dt, C, pred, r);

  double m_max = 0;
  for (double m : model.setup().bodies.mass) m_max = std::max(m_max, m);
  r.momentum_scale = std::sqrt(spec.kT * m_max);
  r.ledger_residual = std::abs(r.ledger.balance(r.ledger.size() - 1));
  r.ledger_max_abs_balance = r.ledger.max_abs_balance();
  r.noise_work = r.ledger.at(r.ledger.size() - 1).noise_work;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

StochasticRunSpec stochastic_base_spec(const Parameters& params) {
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

void check_stochastic_jobs(const std::vector<StochasticJob>& jobs, const Parameters& params) {
  std::set<std::string> built;
  for (const auto& job : jobs) {
    const StochasticRunSpec& sp = job.spec;
    // Step counts in range, checked before any run (also by --dry-run), naming the key that set them.
    const bool sweep_job = job.part == "dt-sweep";
    (void)stochastic_run_counts(sp, sweep_job ? "sweep_t_end" : sp.system == "cluster" ? "cluster_t_end" : "t_end",
                                sweep_job ? "sweep_dt" : "dt", &params);
    const std::string model_key = sp.system + (sp.geometry == ContactGeometry::fixed ? "/fixed/" : "/bonded/") +
                                  sp.law + "/" + format_value(sp.kT) + "/" + sde_scheme_name(sp.scheme);
    if (!built.insert(model_key).second) continue;
    (void)make_stochastic_model(sp);
  }
}

void write_stochastic_run_files(const std::filesystem::path& dir, const std::string& label, const StochasticRunResult& r) {
  {
    CsvWriter csv(dir / (label + "_hist.csv"),
                  {"z [std. dev.]", "p(u_perp component / sqrt(kT nu))", "p(v0 component / predicted sd)",
                   "p(omega0 component / predicted sd)", "unit Gaussian"});
    for (std::size_t b = 0; b < r.hist_centre.size(); ++b) {
      const double z = r.hist_centre[b];
      csv.row({z, r.hist_u[b], r.hist_v[b], r.hist_w[b], std::exp(-z * z / 2) / std::sqrt(2 * M_PI)});
    }
    csv.close();
  }
  {
    CsvWriter csv(dir / (label + "_acf.csv"), {"lag [n.u.]", "C(lag)/C(0) measured", "C(lag)/C(0) linear response"});
    for (std::size_t k = 0; k < r.acf_lag.size(); ++k)
      csv.row({r.acf_lag[k], r.acf[k], r.acf_predicted.empty() ? 0.0 : r.acf_predicted[k]});
    csv.close();
  }
  {
    CsvWriter csv(dir / (label + "_ledger.csv"),
                  {"t [n.u.]", "E_kin [n.u.]", "U_bond [n.u.]", "W_f [n.u.]", "W_R [n.u.]",
                   "balance d(E_kin + U_bond) - dW_f - dW_R [n.u.]", "|P - P0| [n.u.]", "|L - L0| [n.u.]"});
    const EnergyLedger& L = r.ledger;
    for (std::size_t i = 0; i < L.size(); ++i)
      csv.row({L.time(i), L.at(i).kinetic, L.at(i).external, L.at(i).work, L.at(i).noise_work, L.balance(i),
               r.ledger_dP[i], r.ledger_dL[i]});
    csv.close();
  }
}

void write_noise_strength_table(const std::filesystem::path& csv_path, const StochasticRunSpec& base, double kT) {
  const double nu = pair_mobility(base.mass_i, base.mass_j, base.radius_i, base.radius_j,
                                  base.inertia_factor * base.mass_i * base.radius_i * base.radius_i,
                                  base.inertia_factor * base.mass_j * base.radius_j * base.radius_j);
  const NoiseStrength lin(FrictionLaw::linear(base.gamma), kT, nu);
  const NoiseStrength cou(FrictionLaw::coulomb(base.mu, base.normal_force), kT, nu);
  const NoiseStrength th(FrictionLaw::tanh_coulomb(base.mu, base.normal_force, base.u_scale), kT, nu);
  const double s = lin.thermal_velocity(), c = base.mu * base.normal_force;
  CsvWriter csv(csv_path,
                {"u/sqrt(2 kT nu)", "D_linear/gamma", "D_coulomb/(mu F_n)", "closed form erfcx/(mu F_n)",
                 "D_tanh/(mu F_n)", "f/u asymptote/(mu F_n)"});
  for (int k = 1; k <= 400; ++k) {
    const double x = std::pow(10.0, -2 + 5.0 * k / 400);  // 1e-2 .. 1e3
    const double u = x * s;
    csv.row({x, lin(u, 0) / base.gamma, cou(u, 0) / c, coulomb_noise_strength_closed_form(c, kT, nu, u) / c,
             th(u, 0) / c, 1 / u});
  }
  csv.close();
}

}  // namespace stickslip
