// studies/papers/granular_gas_study.cpp — homogeneous cooling of a granular gas (issue 11, seed 001's claim at scale).
//
// N spheres in a periodic cube at solid fraction phi start from a Maxwellian with random spins
// (models/particles/granular_gas.hpp) and cool freely under velocity Verlet (models/particles/velocity_verlet.hpp),
// once per tangential law (none = frictionless reference, csds, dsds = LAMMPS linear_history, mindlin by default; any
// name of models/particles/engine_laws.hpp) and per seed
// of the ensemble; normal law linear spring-dashpot or Hertz with damping (models/contact/normal_laws.hpp).
// Time step dt = t_c/dt_fraction, t_c the contact time of a binary impact at the typical normal impact speed
// sqrt(pi T0/m) (models/particles/binary_impact.hpp, which also gives the law's restitution e at that dt);
// t_end = t_end_tau x tau_KT, tau_KT = 2/zeta_E(T0) the Enskog-Haff time of the frictionless gas
// (models/particles/homogeneous_cooling.hpp: zeta_E = (1 - e^2)/3 4 sqrt(pi) n sigma^2 chi_CS(phi) sqrt(T/m)).
// Measured per run: T_tr(t), T_rot(t), the homogeneity indices (density variance and velocity correlation on a
// grid; gas_homogeneity.csv/png) and t_homogeneous_end = the first sample from which, for 5 samples, density_index >
// cluster_factor S_CS(0) (1.5 S_CS(0) = 1.01 at phi 0.05: fluctuations beyond an ideal gas's) or velocity_index >
// cluster_factor; the energy ledger (models/particles/energy.hpp); every collision's onset (v_n, v_t, energy created
// in it; models/particles/collision_log.hpp). Haff fits (fixed exponent 2: tau; free exponent) on
// [fit_start t_free0, t_homogeneous_end], t_free0 = 1/omega_E(T0). Cooling rate zeta = -dlnT_tr/dt (centred
// differences over +-2 samples) against T_tr, and the dsds/csds ratio at equal T (paired seeds: both laws start from
// the same state), mean +- standard error over seeds. D-SDS energy created at the collision onsets against v_t,
// with the closed form of Fuehrer, Brendel, Wolf eq. 3/11 (dsds_onset_energy), and the net tangential loss D_t - C (what the
// tangential law takes from the gas after what it created: a reset's energy may be dissipated again in the collision). Frictionless: tau against tau_KT, the error bar the
// standard error of tau over the seeds; and the local cooling rate zeta(T)/zeta_E(T) averaged over the T grid
// (cooling_rate_over_kinetic_theory, not anchored at one sample) with t_c/t_free0, the distance from the hard-sphere
// limit (measured, 3 seeds: 0.944 +- 0.005 at t_c/t_free0 = 0.062 with N = 2000; 0.974 +- 0.007 at 0.0078, N = 1e4;
// 12 seeds, N = 2000, 0.0078: 0.979 +- 0.004).
// Hard spheres (hard_spheres = auto: n <= 3000): each frictionless seed's initial state also runs through event-driven
// hard spheres (models/particles/hard_sphere_gas.hpp) at the measured restitution, the exact t_c -> 0 dynamics, no
// molecular chaos assumed: cooling_rate_over_hard_spheres (engine over hard spheres, paired by seed),
// hard_spheres_cooling_rate_over_kinetic_theory, hard_spheres_tau. Measured (12 seeds, N = 2000, kn = 1.28e6):
// engine/hard spheres 0.995 +- 0.004, hard spheres/Enskog 0.986 +- 0.003: Enskog itself is 1.4 % off at phi 0.05,
// e = 0.8, and the engine agrees with the exact hard-sphere dynamics.
// LAMMPS: with the linear normal law and dsds among the laws, the first seed's initial state is written as a data
// file + input script (pair_style granular hooke + linear_history, fix nve/sphere, the same dt and skin) and run with
// `lmp` when it is on PATH; its T(t) is overlaid and its tau compared with the dsds ensemble (|tau_lmp - mean| within
// 2 standard deviations of one run).
// Dumps: dump_every = k > 0 writes a LAMMPS text dump (studies/experiment/lammps_files.hpp) and a contact-force dump every k
// steps per run, under dumps/.
#include <sys/sysinfo.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <limits>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "core/interrupt.hpp"
#include "models/particles/binary_impact.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/hard_sphere_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "models/particles/engine_laws.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/lammps_run.hpp"
#include "studies/experiment/output.hpp"
#include "models/particles/cooling_statistics.hpp"
#include "studies/papers/particle_gas_runs.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

const std::vector<std::string>& kLaws = particle_law_names();  // models/particles/engine_laws.hpp
constexpr double kBytesPerParticle = 1500;  // engine + placement + sampling, generous (measured ~600)

json stat(const std::vector<double>& v) {
  return {{"mean", json_number(mean_of(v))}, {"stderr", json_number(stderr_of(v))}, {"n", v.size()}};
}

std::vector<double> numbers(const json& a) { return a.get<std::vector<double>>(); }

class GranularGasStudy : public Study {
 public:
  std::string name() const override { return "granular-gas"; }
  std::string summary() const override {
    return "homogeneous cooling of a 3-D granular gas per tangential law: Haff's law, kinetic theory, D-SDS energy creation (Führer, Brendel & Wolf), LAMMPS";
  }
  // Units of the summary's results for `stickslip sweep` ("-": dimensionless; mean/stderr/n of the ensembles: mixed).
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"T0", "balance", "created", "elastic_normal", "elastic_tangential", "energy_created",
                          "energy_created_per_collision", "eq11_closed_form_total", "external_dissipation",
                          "gravity_work", "kinetic_end", "kinetic_start", "ledger_created_per_collision",
                          "ledger_created_total", "normal_damping", "onset_created_total", "reset_jump",
                          "scheme_work", "tangential_dissipation", "verlet_kick"}) u.emplace(k, "J");
    for (const char* k : {"contact_time", "dsds_tau_mean", "dsds_tau_sd_one_run", "dt", "fit_window_start",
                          "hard_spheres_tau", "hard_spheres_tau_stderr", "loop_seconds", "t_end", "t_free0",
                          "t_homogeneous_end", "t_homogeneous_end_per_seed", "tau", "tau_kinetic_theory",
                          "tau_per_seed", "tau_stderr"}) u.emplace(k, "s");
    for (const char* k : {"T_over_T0", "chi_carnahan_starling", "collisions", "collisions_over_enskog",
                          "contact_time_over_free_time", "cooling_rate_over_hard_spheres",
                          "cooling_rate_over_hard_spheres_stderr", "cooling_rate_over_kinetic_theory",
                          "cooling_rate_over_kinetic_theory_stderr", "cooling_rate_ratio_to_csds", "density_index",
                          "energy_balance_error", "energy_created_over_initial_kinetic", "haff_exponent",
                          "haff_exponent_stderr", "haff_exponent_seeds",
                          "hard_spheres_cooling_rate_over_kinetic_theory",
                          "hard_spheres_cooling_rate_over_kinetic_theory_stderr",
                          "max_relative_T_difference_same_seed", "net_tangential_loss_over_initial_kinetic",
                          "net_tangential_loss_stderr", "onset_over_eq11", "onset_share_of_ledger_created", "ratio",
                          "restitution_continuous", "restitution_measured", "scheme_energy_error",
                          "scheme_work_relative", "seed_to_seed_relative_sd_there", "steps_per_run",
                          "tau_deviation_in_stderr", "tau_difference_in_sd", "tau_over_kinetic_theory",
                          "velocity_index"}) u.emplace(k, "-");
    return u;
  }

  Parameters parameters() const override {
    Parameters p("granular-gas");
    p.declare("n", "10000", "number of spheres (checked against the free memory)")
        .declare("phi", "0.05", "solid fraction (0 < phi <= 0.3)")
        .declare("r", "0.01", "radius (m)")
        .declare("rho", "2500", "density (kg/m^3)")
        .declare("v_thermal", "1", "initial thermal speed sqrt(T0/m) per component (m/s)")
        .declare("rot_ratio", "1", "initial T_rot/T_tr")
        .declare("laws", "none,csds,dsds,mindlin", "tangential laws, any of " + particle_law_list())
        .declare("normal", "linear", "normal law: linear (spring-dashpot) or hertz (Campello's damping)")
        .declare("restitution", "0.8", "normal restitution e (sets gamma_n of the linear law, xi of Hertz)")
        .declare("kn", "2e4", "linear normal stiffness (N/m); also sets k_t = kt_ratio kn of csds/dsds")
        .declare("E", "5e7", "Young's modulus (Pa): Hertz normal law and Mindlin's G*")
        .declare("nu", "0.3", "Poisson's ratio (Hertz, Mindlin)")
        .declare("kt_ratio", "0.2857142857142857", "k_t/k_n of the spring laws: csds, dsds, cundall-strack (2/7)")
        .declare("gamma_t_ratio", "1", "gamma_t/gamma_n of csds, dsds, cundall-strack (LAMMPS x_gamma_t)")
        .declare("mu", "0.5", "friction coefficient")
        .declare("seeds", "1,2,3", "ensemble: one run per law and seed (the same initial state for every law)")
        .declare("dt_fraction", "50", "dt = t_c/dt_fraction (t_c: binary contact time at sqrt(pi T0/m))")
        .declare("t_end_tau", "2", "simulated time in units of the frictionless gas's tau_KT")
        .declare("samples", "200", "temperature samples per run")
        .declare("fit_start", "2", "Haff fits start at fit_start mean free times t_free0 = 1/omega_E(T0)")
        .declare("cluster_factor", "1.5", "homogeneity ends when density_index > factor S_CS(0) or velocity_index > factor")
        .declare("skin", "0.3", "Verlet skin in radii")
        .declare("threads", "2", "threads of the force evaluation (results identical for every count >= 2)")
        .declare("lammps", "auto", "auto: run lmp on the dsds reference when on PATH; off")
        .declare("hard_spheres", "auto",
                 "event-driven hard spheres from each frictionless run's initial state (the t_c -> 0 limit; O(N) per "
                 "collision): auto (when n <= 3000), on, off")
        .declare("dump_every", "0", "k > 0: LAMMPS text dump + contact-force dump every k steps (dumps/)");
    declare_engine_law_parameters(p);  // the other parameters of the engine laws (Stribeck's mu_s, ...)
    return p;
  }

  json run(const Parameters& prm, const StudyContext& ctx) const override {
    GasConfig g;
    g.law_values = engine_law_values(prm, "laws");
    g.spec.n = prm.integer("n", 2, 100000000);
    g.spec.phi = prm.in_range("phi", 1e-4, 0.3);
    g.spec.radius = prm.in_range("r", 1e-6, 10);
    g.spec.density = prm.in_range("rho", 1e-3, 1e6);
    const double vth = prm.in_range("v_thermal", 1e-6, 1e6);
    const double rot_ratio = prm.in_range("rot_ratio", 0, 1e3);
    const std::vector<std::string> laws = prm.choice_list("laws", kLaws);
    g.normal = prm.choice("normal", {"linear", "hertz"});
    const double e_target = g.restitution_target = prm.in_range("restitution", 0.05, 0.999);
    g.kn = prm.in_range("kn", 1e-6, 1e15);
    g.young = prm.in_range("E", 1, 1e15);
    g.poisson = prm.in_range("nu", 0.0, 0.49);
    g.kt = prm.in_range("kt_ratio", 1e-6, 1e3) * g.kn;
    const double gt_ratio = prm.in_range("gamma_t_ratio", 1e-6, 1e3);
    g.mu = prm.in_range("mu", 0, 100);
    const std::vector<double> seed_list = prm.positive_list("seeds");
    std::vector<std::uint64_t> seeds;
    for (double s : seed_list) {
      if (s != std::floor(s) || s > 1e15) throw_input("seeds", prm.raw("seeds"), "positive integers");
      seeds.push_back(static_cast<std::uint64_t>(s));
    }
    const double dt_fraction = prm.in_range("dt_fraction", 5, 1e5);
    const double t_end_tau = prm.in_range("t_end_tau", 1e-3, 1e3);
    const long samples = prm.integer("samples", 10, 100000);
    const double fit_start = prm.in_range("fit_start", 0, 1e6);
    const double cluster_factor = prm.in_range("cluster_factor", 1.0, 1e6);
    g.skin = prm.in_range("skin", 0.01, 5) * g.spec.radius;
    g.threads = static_cast<int>(prm.integer("threads", 1, 64));
    const std::string lammps = prm.choice("lammps", {"auto", "off"});
    const std::string hard_spheres = prm.choice("hard_spheres", {"auto", "on", "off"});
    g.dump_every = prm.integer("dump_every", 0, 1000000000);
    if (laws.empty()) throw_input("laws", prm.raw("laws"), "at least one of " + particle_law_list());
    {  // memory
      struct sysinfo si {};
      if (sysinfo(&si) == 0) {
        const double avail = (static_cast<double>(si.freeram) + static_cast<double>(si.bufferram)) * si.mem_unit;
        const double need = kBytesPerParticle * static_cast<double>(g.spec.n);
        if (need > 0.8 * avail)
          throw_input("n", prm.raw("n"),
                      "at most " + format_value(std::floor(0.8 * avail / kBytesPerParticle)) + " spheres fit in the free memory (" +
                          format_value(std::round(avail / 1e6)) + " MB free, ~" + format_value(kBytesPerParticle) + " B per sphere)");
      }
    }
    const double m = g.spec.mass(), r = g.spec.radius, sigma = 2 * r, m_star = 0.5 * m;
    g.spec.t0 = m * vth * vth;
    g.spec.t_rot0 = rot_ratio * g.spec.t0;
    const double nd = g.spec.number_density();
    if (g.spec.box_edge() <= 2 * (2 * r + g.skin))
      throw_input("n", prm.raw("n"), "the periodic box must be longer than 2 (2r + skin): more spheres or lower phi");

    // Normal law, its contact time and restitution at the typical impact speed, dt.
    const double zeta = -std::log(e_target) / std::sqrt(M_PI * M_PI + std::log(e_target) * std::log(e_target));
    g.gamma_n = 2 * zeta * std::sqrt(g.kn / m_star);
    g.gamma_t = gt_ratio * g.gamma_n;
    const LinearSpringDashpot linear{g.kn, g.gamma_n};
    const HertzDamped hertz = HertzDamped::material(g.young, g.poisson, xi_from_restitution(e_target));
    const double v_impact = std::sqrt(M_PI * g.spec.t0 / m);
    auto impact = [&](double dt) {
      return g.normal == "linear" ? binary_impact(linear, r, m, v_impact, dt) : binary_impact(hertz, r, m, v_impact, dt);
    };
    // Contact time: exact for the linear law; Hertz's undamped 2.87 (m*^2/(r* E*^2 v))^(1/5) as the first guess.
    const double e_star = g.young / (2 * (1 - g.poisson * g.poisson));
    const double tc_guess = g.normal == "linear"
                                ? M_PI / std::sqrt(g.kn / m_star)
                                : 2.87 * std::pow(m_star * m_star / (0.5 * r * e_star * e_star * v_impact), 0.2);
    BinaryImpact fine = impact(tc_guess / 2000);
    if (g.normal == "hertz") fine = impact(fine.contact_time / 2000);
    const double tc = fine.contact_time;
    g.dt = tc / dt_fraction;
    const BinaryImpact at_dt = impact(g.dt);
    const double e_meas = at_dt.restitution;
    const double tau_kt = haff_tau(e_meas, nd, sigma, g.spec.phi, g.spec.t0, m);
    const double t_free0 = 1 / enskog_collision_frequency(nd, sigma, g.spec.phi, g.spec.t0, m);
    const double t_end = t_end_tau * tau_kt;
    // t_end_tau tau_KT / dt grows without bound as e -> 1 (tau_KT ~ 1/(1 - e^2)): refused past the shared limit.
    require_count("t_end_tau", prm.raw("t_end_tau"), step_count(t_end, g.dt), kMaxSteps,
                  "t_end_tau tau_KT / dt = " + format_value(t_end) + " / " + format_value(g.dt) + " s", "steps per run",
                  "lower t_end_tau or dt_fraction, or a less elastic contact");
    g.steps = std::max(1L, std::lround(t_end / g.dt));
    g.sample_every = std::max(1L, g.steps / samples);
    g.vt_bin_max = 12 * vth;
    if (tc > 0.2 * t_free0)
      ctx.log << "granular-gas: warning: contact time " << tc << " s is " << tc / t_free0
              << " mean free times: not a dilute gas of binary collisions (stiffer kn or E)\n";
    ctx.log << "granular-gas: N = " << g.spec.n << ", box " << g.spec.box_edge() << " m, e = " << e_meas << " (at dt), t_c = "
            << tc << " s, dt = " << g.dt << " s, tau_KT = " << tau_kt << " s, t_free0 = " << t_free0 << " s, "
            << g.steps << " steps per run\n";
    const bool want_lammps = lammps == "auto" && g.normal == "linear" &&
                             std::find(laws.begin(), laws.end(), "dsds") != laws.end();
    const bool have_lmp = want_lammps && on_path("lmp");
    const bool want_hs = std::find(laws.begin(), laws.end(), "none") != laws.end() &&
                         (hard_spheres == "on" || (hard_spheres == "auto" && g.spec.n <= 3000));
    if (want_hs && !(g.spec.phi < HardSphereGas::max_packing(static_cast<std::size_t>(g.spec.n))))
      throw_input("phi", prm.raw("phi"),
                  "the hard-sphere reference needs a box longer than two diameters: phi < n pi/48 = " +
                      format_value(HardSphereGas::max_packing(static_cast<std::size_t>(g.spec.n))) +
                      " for n = " + std::to_string(g.spec.n) + " (or hard_spheres=off)");
    ctx.plan({{"runs", laws.size() * seeds.size() + (have_lmp ? 1 : 0) + (want_hs ? seeds.size() : 0)},
              {"steps_per_run", g.steps},
              {"particles", g.spec.n},
              {"dt", json_number(g.dt)}});

    // One run per law and seed (every law from the same initial states); the first seed's write the onsets.
    std::vector<std::pair<std::string, std::uint64_t>> configs;
    for_each_product([&](const std::string& law, std::uint64_t seed) { configs.emplace_back(law, seed); }, laws, seeds);
    const json all = run_each(
        ctx, name(), configs, [](const auto& c) { return c.first + "/seed=" + std::to_string(c.second); },
        [&](const auto& c) {
          const bool scatter = c.second == seeds.front();
          return run_gas(g, c.first, c.second, scatter, ctx);
        });
    std::map<std::string, std::vector<json>> rows;
    for (std::size_t k = 0; k < configs.size(); ++k) rows[configs[k].first].push_back(all[k]);

    // LAMMPS reference: dsds, first seed.
    json lammps_row;
    std::string lammps_note;
    if (!want_lammps) lammps_note = lammps == "off" ? "lammps=off" : "LAMMPS reference needs normal=linear and dsds in laws";
    else if (!have_lmp) lammps_note = "lmp is not on PATH (Debian package lammps): LAMMPS not run";
    else
      lammps_row = ctx.run("lammps/seed=" + std::to_string(seeds.front()), [&] {
        return run_gas_lammps(g, seeds.front(), ctx);
      });
    if (!lammps_note.empty()) ctx.log << "granular-gas: " << lammps_note << "\n";
    // Hard-sphere reference: the frictionless runs' initial states, event-driven.
    std::vector<json> hs_rows;
    if (want_hs)
      for (std::size_t k = 0; k < seeds.size(); ++k)
        hs_rows.push_back(ctx.run("hard-spheres/seed=" + std::to_string(seeds[k]), [&] {
          return run_gas_hard_spheres(g, seeds[k], e_meas, numbers(rows["none"][k]["t"]));
        }));
    for (const json& h : hs_rows)
      if (h.contains("failed")) ctx.log << "granular-gas: " << h["failed"].get<std::string>() << " (samples before it kept)\n";

    // ---- Analysis ----
    const double density_limit = cluster_factor * carnahan_starling_s0(g.spec.phi);
    const double t_a = fit_start * t_free0;
    json results = json::array();
    std::map<std::string, std::vector<double>> t_hom, taus;
    const std::vector<double> t_grid = numbers(rows.begin()->second.front()["t"]);
    // Ensemble-mean series.
    std::map<std::string, std::vector<double>> mean_tr, mean_rot, se_tr;
    for (const std::string& law : laws) {
      const auto& rs = rows[law];
      std::vector<double> mt(t_grid.size(), 0), mr(t_grid.size(), 0), se(t_grid.size(), 0);
      for (std::size_t k = 0; k < t_grid.size(); ++k) {
        std::vector<double> v;
        for (const json& row : rs) {
          v.push_back(row["T_tr"][k].get<double>());
          mr[k] += row["T_rot"][k].get<double>() / static_cast<double>(rs.size());
        }
        mt[k] = mean_of(v);
        se[k] = rs.size() > 1 ? stderr_of(v) : 0.0;
      }
      mean_tr[law] = mt, mean_rot[law] = mr, se_tr[law] = se;
    }
    // Cooling rate against T; the temperature grid spans what every law reaches while homogeneous.
    double t_low = 0;
    std::map<std::string, std::vector<std::vector<double>>> zetas;
    std::map<std::string, double> hom_mean;
    for (const std::string& law : laws) {
      for (const json& row : rows[law]) {
        const double th = homogeneous_end(numbers(row["t"]), numbers(row["density_index"]),
                                          numbers(row["velocity_index"]), density_limit, cluster_factor);
        t_hom[law].push_back(th);
        const auto t = numbers(row["t"]), T = numbers(row["T_tr"]);
        const HaffFit f = fit_haff(t, T, t_a, th);
        taus[law].push_back(f.tau - t_a);
        zetas[law].push_back(cooling_rate(t, T));
        double tmin = T.front();
        for (std::size_t k = 0; k < t.size() && t[k] <= th; ++k) tmin = std::min(tmin, T[k]);
        t_low = std::max(t_low, tmin);
      }
      hom_mean[law] = mean_of(t_hom[law]);
    }
    const int n_grid = 12;
    std::vector<double> T_grid;
    for (int q = 0; q < n_grid; ++q)
      T_grid.push_back(g.spec.t0 * 0.9 * std::pow(t_low / (0.9 * g.spec.t0) * 1.02, static_cast<double>(q) / (n_grid - 1)));
    std::map<std::string, std::vector<json>> zeta_at;  // per law: per grid point stat
    std::vector<json> ratio_at;
    for (std::size_t q = 0; q < T_grid.size(); ++q) {
      std::map<std::string, std::vector<double>> per;
      for (const std::string& law : laws)
        for (std::size_t s = 0; s < rows[law].size(); ++s) {
          const double z = rate_at(numbers(rows[law][s]["T_tr"]), zetas[law][s], T_grid[q]);
          if (std::isfinite(z)) per[law].push_back(z);
        }
      for (const std::string& law : laws) zeta_at[law].push_back(stat(per[law]));
      if (rows.count("dsds") && rows.count("csds")) {
        std::vector<double> ratio;
        for (std::size_t s = 0; s < std::min(rows["dsds"].size(), rows["csds"].size()); ++s) {
          const double zd = rate_at(numbers(rows["dsds"][s]["T_tr"]), zetas["dsds"][s], T_grid[q]);
          const double zc = rate_at(numbers(rows["csds"][s]["T_tr"]), zetas["csds"][s], T_grid[q]);
          if (std::isfinite(zd) && std::isfinite(zc) && zc > 0) ratio.push_back(zd / zc);
        }
        ratio_at.push_back(stat(ratio));
      }
    }
    // The ratio per law to csds, averaged over the temperature grid (mean over T of the per-T ensemble means).
    auto ratio_to_csds = [&](const std::string& law) {
      if (!rows.count("csds")) return static_cast<double>(NAN);
      std::vector<double> v;
      for (std::size_t q = 0; q < T_grid.size(); ++q) {
        const json& a = zeta_at[law][q];
        const json& c = zeta_at["csds"][q];
        if (a["mean"].is_number() && c["mean"].is_number() && c["mean"].get<double>() > 0)
          v.push_back(a["mean"].get<double>() / c["mean"].get<double>());
      }
      return mean_of(v);
    };

    // CSVs.
    {
      std::vector<std::string> cols{"t [s]", "t/tau_KT [-]"};
      for (const std::string& law : laws)
        for (const char* c : {"T_tr [J]", "T_tr stderr [J]", "T_rot [J]"}) cols.push_back(law + " " + c);
      const bool lmp_series = lammps_row.is_object() && lammps_row.contains("T_tr");
      if (lmp_series) cols.insert(cols.end(), {"lammps dsds T_tr [J]", "lammps dsds T_rot [J]"});
      CsvWriter csv(ctx.out_dir / "gas_temperatures.csv", cols);
      for (std::size_t k = 0; k < t_grid.size(); ++k) {
        std::vector<double> v{t_grid[k], t_grid[k] / tau_kt};
        for (const std::string& law : laws) v.insert(v.end(), {mean_tr[law][k], se_tr[law][k], mean_rot[law][k]});
        if (lmp_series) {
          // LAMMPS samples on the same step grid; nearest sample by time.
          const auto lt = numbers(lammps_row["t"]), ltr = numbers(lammps_row["T_tr"]), lrot = numbers(lammps_row["T_rot"]);
          std::size_t best = 0;
          for (std::size_t q = 0; q < lt.size(); ++q)
            if (std::abs(lt[q] - t_grid[k]) < std::abs(lt[best] - t_grid[k])) best = q;
          v.insert(v.end(), {ltr[best], lrot[best]});
        }
        csv.row(v);
      }
      csv.close();
      std::vector<std::string> hcols{"t [s]", "t/tau_KT [-]"};
      for (const std::string& law : laws)
        hcols.insert(hcols.end(), {law + " density_index/S_CS(0) [-]", law + " velocity_index [-]"});
      CsvWriter h(ctx.out_dir / "gas_homogeneity.csv", hcols);
      for (std::size_t k = 0; k < t_grid.size(); ++k) {
        std::vector<double> v{t_grid[k], t_grid[k] / tau_kt};
        for (const std::string& law : laws) {
          double d = 0, c = 0;
          for (const json& row : rows[law]) {
            d += row["density_index"][k].get<double>() / static_cast<double>(rows[law].size());
            c += row["velocity_index"][k].get<double>() / static_cast<double>(rows[law].size());
          }
          v.insert(v.end(), {d / carnahan_starling_s0(g.spec.phi), c});
        }
        h.row(v);
      }
      h.close();
      CsvWriter z(ctx.out_dir / "gas_cooling_rate.csv", [&] {
        std::vector<std::string> c{"T_tr [J]", "T_tr/T0 [-]", "kinetic theory zeta (none) [1/s]"};
        for (const std::string& law : laws) c.insert(c.end(), {law + " zeta [1/s]", law + " zeta stderr [1/s]"});
        if (!ratio_at.empty()) c.insert(c.end(), {"dsds/csds [-]", "dsds/csds stderr [-]"});
        return c;
      }());
      for (std::size_t q = 0; q < T_grid.size(); ++q) {
        std::vector<double> v{T_grid[q], T_grid[q] / g.spec.t0,
                              enskog_cooling_rate(e_meas, nd, sigma, g.spec.phi, T_grid[q], m)};
        auto num = [](const json& j) { return j.is_number() ? j.get<double>() : NAN; };
        for (const std::string& law : laws) v.insert(v.end(), {num(zeta_at[law][q]["mean"]), num(zeta_at[law][q]["stderr"])});
        if (!ratio_at.empty()) v.insert(v.end(), {num(ratio_at[q]["mean"]), num(ratio_at[q]["stderr"])});
        for (double& x : v)
          if (!std::isfinite(x)) x = -1;  // never NaN in a CSV: -1 marks "not reached" (documented in the header)
        z.row(v);
      }
      z.close();
    }
    json created_json = json::object();
    if (rows.count("dsds")) {
      CsvWriter c(ctx.out_dir / "gas_dsds_created.csv",
                  {"v_t bin low [m/s]", "v_t bin high [m/s]", "collisions [-]", "created per collision [J]",
                   "eq. 11 closed form per collision [J]"});
      const json& bins0 = rows["dsds"].front()["onsets"]["bins"];
      double measured = 0, predicted = 0;
      for (std::size_t b = 0; b < bins0.size(); ++b) {
        double cnt = 0, cr = 0, e11 = 0;
        for (const json& row : rows["dsds"]) {
          const json& bin = row["onsets"]["bins"][b];
          const double k = bin["count"].get<double>();
          if (k <= 0) continue;
          cnt += k, cr += k * bin["created_mean"].get<double>(), e11 += k * bin["eq11_mean"].get<double>();
        }
        if (cnt <= 0) continue;
        const double hi = bins0[b]["vt_hi"].is_number() ? bins0[b]["vt_hi"].get<double>() : g.vt_bin_max * 1.5;
        c.row({bins0[b]["vt_lo"].get<double>(), hi, cnt, cr / cnt, e11 / cnt});
      }
      c.close();
      double ledger_created = 0, collisions = 0;
      for (const json& row : rows["dsds"]) {
        measured += row["onsets"]["created_total"].get<double>();
        predicted += row["onsets"]["eq11_total"].get<double>();
        ledger_created += row["ledger"]["created"].get<double>();
        collisions += row["onsets"]["count"].get<double>();
      }
      created_json = {{"onset_created_total", json_number(measured)},
                      {"eq11_closed_form_total", json_number(predicted)},
                      {"onset_over_eq11", json_number(predicted > 0 ? measured / predicted : NAN)},
                      {"ledger_created_total", json_number(ledger_created)},
                      {"onset_share_of_ledger_created", json_number(ledger_created > 0 ? measured / ledger_created : NAN)},
                      {"collisions", collisions},
                      {"ledger_created_per_collision", json_number(collisions > 0 ? ledger_created / collisions : NAN)}};
    }

    // Results rows.
    for (const std::string& law : laws) {
      std::vector<double> expo, created, per_coll, bal_err, scheme_err, freq_ratio, net_t;
      json terms = json::object();
      for (std::size_t s = 0; s < rows[law].size(); ++s) {
        const json& row = rows[law][s];
        const auto t = numbers(row["t"]), T = numbers(row["T_tr"]), cc = numbers(row["collisions"]);
        const HaffFit f = fit_haff(t, T, t_a, t_hom[law][s]);
        if (std::isfinite(f.exponent)) expo.push_back(f.exponent);
        created.push_back(row["ledger"]["created"].get<double>());
        net_t.push_back((row["ledger"]["tangential_dissipation"].get<double>() - row["ledger"]["created"].get<double>()) /
                        row["ledger"]["kinetic_start"].get<double>());
        const double ncoll = row["onsets"]["count"].get<double>();
        per_coll.push_back(ncoll > 0 ? row["ledger"]["created"].get<double>() / ncoll : 0.0);
        bal_err.push_back(row["ledger"]["energy_balance_error"].get<double>());
        scheme_err.push_back(std::abs(row["ledger"]["scheme_work_relative"].get<double>()));
        // Collision count against Enskog's frequency integrated over the homogeneous phase.
        double predicted = 0, counted = 0;
        for (std::size_t k = 1; k < t.size() && t[k] <= t_hom[law][s]; ++k) {
          predicted += 0.5 * static_cast<double>(g.spec.n) * 0.5 *
                       (enskog_collision_frequency(nd, sigma, g.spec.phi, T[k - 1], m) +
                        enskog_collision_frequency(nd, sigma, g.spec.phi, T[k], m)) * (t[k] - t[k - 1]);
          counted = cc[k];
        }
        freq_ratio.push_back(predicted > 0 ? counted / predicted : NAN);
        if (s == 0) terms = row["ledger"];
      }
      json r{{"law", law},
             {"normal", g.normal},
             {"tau", json_number(mean_of(taus[law]))},
             {"tau_stderr", json_number(stderr_of(taus[law]))},
             {"tau_per_seed", taus[law]},
             {"haff_exponent", json_number(mean_of(expo))},
             {"haff_exponent_stderr", json_number(stderr_of(expo))},
             {"haff_exponent_seeds", expo.size()},
             {"energy_created", json_number(mean_of(created))},
             {"energy_created_per_collision", json_number(mean_of(per_coll))},
             {"energy_created_over_initial_kinetic", json_number(mean_of(created) / terms["kinetic_start"].get<double>())},
             {"net_tangential_loss_over_initial_kinetic", json_number(mean_of(net_t))},
             {"net_tangential_loss_stderr", json_number(stderr_of(net_t))},
             {"cooling_rate_ratio_to_csds", json_number(ratio_to_csds(law))},
             {"t_homogeneous_end", json_number(hom_mean[law])},
             {"t_homogeneous_end_per_seed", t_hom[law]},
             {"homogeneous_throughout", *std::min_element(t_hom[law].begin(), t_hom[law].end()) >= t_grid.back()},
             {"collisions_over_enskog", json_number(mean_of(freq_ratio))},
             {"energy_balance_error", json_number(*std::max_element(bal_err.begin(), bal_err.end()))},
             {"scheme_energy_error", json_number(*std::max_element(scheme_err.begin(), scheme_err.end()))},
             {"energy_terms_first_seed", terms},
             {"wall_seconds", json_number(rows[law].front()["wall_seconds"].get<double>())}};
      if (law == "none") {
        const double tau = mean_of(taus[law]), se = stderr_of(taus[law]);
        r["tau_kinetic_theory"] = json_number(tau_kt);
        r["tau_over_kinetic_theory"] = json_number(tau / tau_kt);
        r["tau_deviation_in_stderr"] = json_number(se > 0 ? (tau - tau_kt) / se : NAN);
        // The local cooling rate against Enskog's at the same T, averaged over the temperature grid per seed (free of
        // the Haff fit's anchoring at t_a), then mean and standard error over the seeds; t_c/t_free0 says how far the
        // gas is from the hard-sphere limit.
        const auto enskog = [&](double Tq) { return enskog_cooling_rate(e_meas, nd, sigma, g.spec.phi, Tq, m); };
        std::vector<double> per_seed;
        for (std::size_t s = 0; s < rows[law].size(); ++s) {
          const auto T = numbers(rows[law][s]["T_tr"]);
          const auto engine = [&](double Tq) { return rate_at(T, zetas[law][s], Tq); };
          if (const auto q = mean_rate_ratio(T_grid, engine, enskog)) per_seed.push_back(*q);
        }
        r["cooling_rate_over_kinetic_theory"] = json_number(mean_of(per_seed));
        r["cooling_rate_over_kinetic_theory_stderr"] = json_number(stderr_of(per_seed));
        // Against event-driven hard spheres from the same initial states (paired by seed), and theirs against Enskog.
        if (!hs_rows.empty()) {
          std::vector<double> hs_kt, engine_hs, hs_tau;
          for (std::size_t s = 0; s < hs_rows.size() && s < rows[law].size(); ++s) {
            const auto th = numbers(hs_rows[s]["t"]), Th = numbers(hs_rows[s]["T_tr"]);
            const auto zh = cooling_rate(th, Th);
            const auto Te = numbers(rows[law][s]["T_tr"]);
            const auto hard = [&](double Tq) { return rate_at(Th, zh, Tq); };
            const auto engine = [&](double Tq) { return rate_at(Te, zetas[law][s], Tq); };
            if (const auto a = mean_rate_ratio(T_grid, hard, enskog)) hs_kt.push_back(*a);
            if (const auto b = mean_rate_ratio(T_grid, engine, hard)) engine_hs.push_back(*b);
            hs_tau.push_back(fit_haff(th, Th, t_a, t_hom[law][s]).tau - t_a);
          }
          r["hard_spheres_cooling_rate_over_kinetic_theory"] = json_number(mean_of(hs_kt));
          r["hard_spheres_cooling_rate_over_kinetic_theory_stderr"] = json_number(stderr_of(hs_kt));
          r["cooling_rate_over_hard_spheres"] = json_number(mean_of(engine_hs));
          r["cooling_rate_over_hard_spheres_stderr"] = json_number(stderr_of(engine_hs));
          r["hard_spheres_tau"] = json_number(mean_of(hs_tau));
          r["hard_spheres_tau_stderr"] = json_number(stderr_of(hs_tau));
        }
        r["contact_time_over_free_time"] = json_number(tc / t_free0);
      }
      results.push_back(r);
    }
    // LAMMPS comparison.
    json lammps_json{{"ran", lammps_row.is_object() && lammps_row.contains("T_tr")}, {"note", lammps_note}};
    if (lammps_json["ran"].get<bool>()) {
      const auto lt = numbers(lammps_row["t"]), lT = numbers(lammps_row["T_tr"]);
      const HaffFit f = fit_haff(lt, lT, t_a, hom_mean["dsds"]);
      const double tau_l = f.tau - t_a, m_d = mean_of(taus["dsds"]), se_d = stderr_of(taus["dsds"]);
      const double sd_run = se_d * std::sqrt(static_cast<double>(taus["dsds"].size()));
      // T(t) difference against the dsds run of the same seed, relative, over the homogeneous phase.
      const auto ours = numbers(rows["dsds"].front()["T_tr"]);
      // For scale: the seed-to-seed relative standard deviation of T_tr at the same time (one run's spread).
      double max_rel = 0, rel_sd_at_max = 0;
      for (std::size_t k = 0; k < std::min(lT.size(), ours.size()) && t_grid[k] <= hom_mean["dsds"]; ++k) {
        const double rel = std::abs(lT[k] / ours[k] - 1);
        if (rel > max_rel) {
          max_rel = rel;
          rel_sd_at_max = se_tr["dsds"][k] * std::sqrt(static_cast<double>(taus["dsds"].size())) / mean_tr["dsds"][k];
        }
      }
      lammps_json.update({{"tau", json_number(tau_l)},
                          {"haff_exponent", json_number(f.exponent)},
                          {"dsds_tau_mean", json_number(m_d)},
                          {"dsds_tau_sd_one_run", json_number(sd_run)},
                          {"tau_difference_in_sd", json_number(sd_run > 0 ? (tau_l - m_d) / sd_run : NAN)},
                          {"agrees", sd_run > 0 && std::abs(tau_l - m_d) <= 2 * sd_run * std::sqrt(1 + 1.0 / static_cast<double>(taus["dsds"].size()))},
                          {"max_relative_T_difference_same_seed", json_number(max_rel)},
                          {"seed_to_seed_relative_sd_there", json_number(rel_sd_at_max)},
                          {"wall_seconds", lammps_row["wall_seconds"]}});
    }

    // The answer in energies: per law, what it created, what the scheme itself did wrong (velocity Verlet's energy
    // error), and what was dissipated, as fractions of the initial kinetic energy K0 (mean +- stderr over seeds).
    json energy = json::array();
    std::string energy_answer;
    {
      CsvWriter csv(ctx.out_dir / "gas_energy.csv",
                    {"law index [-]", "created/K0 [-]", "created stderr [-]", "|scheme energy error|/K0 [-]",
                     "scheme stderr [-]", "normal damping/K0 [-]", "normal stderr [-]", "tangential dissipation/K0 [-]",
                     "tangential stderr [-]", "net tangential loss (D_t - C)/K0 [-]", "net stderr [-]"});
      ctx.log << "granular-gas: energy per law, fractions of the initial kinetic energy K0 (mean +- stderr over "
              << seeds.size() << " seeds):\n"
              << fmt::format("  {:<15} {:>17} {:>22} {:>17} {:>22} {:>20}\n", "law", "created",
                             "|scheme energy error|", "normal damping", "tangential dissipation", "net tangential");
      for (std::size_t k = 0; k < laws.size(); ++k) {
        std::vector<double> cr, sc, dn, dtg, net;
        for (const json& row : rows[laws[k]]) {
          const json& l = row["ledger"];
          const double k0 = l["kinetic_start"].get<double>();
          cr.push_back(l["created"].get<double>() / k0);
          sc.push_back(std::abs(l["scheme_work"].get<double>()) / k0);
          dn.push_back(l["normal_damping"].get<double>() / k0);
          dtg.push_back(l["tangential_dissipation"].get<double>() / k0);
          net.push_back(dtg.back() - cr.back());
        }
        const auto se = [](const std::vector<double>& v) { return v.size() > 1 ? stderr_of(v) : 0.0; };
        csv.row({static_cast<double>(k), mean_of(cr), se(cr), mean_of(sc), se(sc), mean_of(dn), se(dn), mean_of(dtg),
                 se(dtg), mean_of(net), se(net)});
        const auto f = [&](const std::vector<double>& v) { return fmt::format("{:.4f} +- {:.4f}", mean_of(v), se(v)); };
        ctx.log << fmt::format("  {:<15} {:>17} {:>22} {:>17} {:>22} {:>20}\n", laws[k], f(cr), f(sc), f(dn), f(dtg), f(net));
        energy.push_back({{"law", laws[k]}, {"created", stat(cr)}, {"scheme_energy_error", stat(sc)},
                          {"normal_damping", stat(dn)}, {"tangential_dissipation", stat(dtg)},
                          {"net_tangential_loss", stat(net)}});
      }
      csv.close();
      // One sentence: the D-SDS's creation beside the scheme's own error and the net loss of both laws.
      const auto frac = [&](const std::string& law, const char* what) {
        for (const json& e : energy)
          if (e["law"] == law) return e[what]["mean"].is_number() ? e[what]["mean"].get<double>() : NAN;
        return static_cast<double>(NAN);
      };
      double scheme_max = 0;
      for (const json& e : energy)
        if (e["scheme_energy_error"]["mean"].is_number())
          scheme_max = std::max(scheme_max, e["scheme_energy_error"]["mean"].get<double>());
      if (rows.count("dsds")) {
        energy_answer = fmt::format(
            "The D-SDS creates {:.3f} K0 in the collisions, beside velocity Verlet's own energy error of up to {:.3f} K0 "
            "(dt = t_c/{}) and a normal damping of {:.3f} K0; it dissipates {:.3f} K0 tangentially, so its net tangential "
            "loss is {:.3f} K0",
            frac("dsds", "created"), scheme_max, format_value(dt_fraction), frac("dsds", "normal_damping"),
            frac("dsds", "tangential_dissipation"), frac("dsds", "net_tangential_loss"));
        if (rows.count("csds"))
          energy_answer += fmt::format(" against the C-SDS's {:.3f} K0 (which creates {:.3f} K0); the D-SDS/C-SDS cooling "
                                       "rate at equal T is {:.4f} (mean over the T grid).",
                                       frac("csds", "net_tangential_loss"), frac("csds", "created"), ratio_to_csds("dsds"));
        else
          energy_answer += ".";
      } else {
        energy_answer = fmt::format("No D-SDS run (laws without dsds); velocity Verlet's energy error is up to {:.3f} K0.",
                                    scheme_max);
      }
      ctx.log << "granular-gas: " << energy_answer << "\n";
    }

    draw_figures(ctx, laws, t_grid.size() > 1 ? t_grid[1] / tau_kt : 1e-3, t_grid.back() / tau_kt, g.spec.t0,
                 lammps_json["ran"].get<bool>(), rows.count("dsds") > 0, !ratio_at.empty(), cluster_factor,
                 "gas_onsets_dsds_s" + std::to_string(seeds.front()) + ".csv");

    json out{{"study", name()},
             {"answer", energy_answer},
             {"energy_over_initial_kinetic", energy},
             {"results", results},
             {"kinetic_theory", {{"restitution_measured", json_number(e_meas)},
                                 {"restitution_continuous", json_number(fine.restitution)},
                                 {"contact_time", json_number(tc)},
                                 {"chi_carnahan_starling", json_number(carnahan_starling_chi(g.spec.phi))},
                                 {"tau", json_number(tau_kt)},
                                 {"t_free0", json_number(t_free0)},
                                 {"formula", "tau = 2/zeta(T0), zeta = (1-e^2)/3 * 4 sqrt(pi) n sigma^2 chi(phi) sqrt(T/m), chi = (1-phi/2)/(1-phi)^3"}}},
             {"dt", json_number(g.dt)},
             {"steps_per_run", g.steps},
             {"t_end", json_number(static_cast<double>(g.steps) * g.dt)},
             {"T0", json_number(g.spec.t0)},
             {"fit_window_start", json_number(t_a)},
             {"homogeneity_thresholds", {{"density_index", json_number(density_limit)}, {"velocity_index", cluster_factor}}},
             {"dsds_energy_created", created_json},
             {"dsds_over_csds_cooling_rate", [&] {
                json a = json::array();
                for (std::size_t q = 0; q < ratio_at.size(); ++q)
                  a.push_back({{"T_over_T0", json_number(T_grid[q] / g.spec.t0)}, {"ratio", ratio_at[q]}});
                return a;
              }()},
             {"lammps", lammps_json}};
    return out;
  }

 private:
  static void draw_figures(const StudyContext& ctx, const std::vector<std::string>& laws, double x_min, double x_max,
                           double t0, bool lammps, bool dsds, bool ratio, double cluster_factor,
                           const std::string& onsets_file) {
    const auto col = [](std::size_t c) { return fmt::format("${}", c); };
    const auto lc = [](std::size_t k) { return fmt::format(" lc {}", k + 1); };
    const auto per_t0 = [&](std::size_t c) { return fmt::format("(${}/{})", c, format_value(t0)); };
    // The time axis ends where the runs end (a log axis would otherwise run on to the next decade).
    const std::string t_range = "set xrange [" + format_value(x_min) + ":" + format_value(x_max) + "]";
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

    if (dsds) {
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
};

}  // namespace

std::unique_ptr<Study> make_granular_gas_study() { return std::make_unique<GranularGasStudy>(); }

}  // namespace stickslip
