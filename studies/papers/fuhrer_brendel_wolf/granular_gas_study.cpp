// studies/papers/fuhrer_brendel_wolf/granular_gas_study.cpp — homogeneous cooling of a granular gas (issue 11, seed
// 001's claim at scale).
//
// N spheres in a periodic cube at solid fraction phi start from a Maxwellian with random spins
// (models/particles/granular_gas.hpp) and cool freely under velocity Verlet (solvers/particles/velocity_verlet.hpp),
// once per tangential law (none = frictionless reference, csds, dsds = LAMMPS linear_history, mindlin by default; any
// name of models/particles/engine_laws.hpp) and per seed
// of the ensemble; normal law linear spring-dashpot or Hertz with damping (models/contact/normal_registry.hpp).
// Time step dt = t_c/dt_fraction, t_c the contact time of a binary impact at the typical normal impact speed
// sqrt(pi T0/m) (solvers/particles/binary_impact.hpp, which also gives the law's restitution e at that
// dt); t_end = t_end_tau x tau_KT, tau_KT = 2/zeta_E(T0) the Enskog-Haff time of the frictionless gas
// (models/particles/homogeneous_cooling.hpp: zeta_E = (1 - e^2)/3 4 sqrt(pi) n sigma^2 chi_CS(phi) sqrt(T/m)).
// Measured per run: T_tr(t), T_rot(t), the homogeneity indices (density variance and velocity correlation on a
// grid; gas_homogeneity.csv/png) and t_homogeneous_end = the first sample from which, for 5 samples, density_index >
// cluster_factor S_CS(0) (1.5 S_CS(0) = 1.01 at phi 0.05: fluctuations beyond an ideal gas's) or velocity_index >
// cluster_factor; the energy ledger (models/particles/energy.hpp); every collision's onset (v_n, v_t, energy created
// in it; models/particles/collision_log.hpp). Haff fits (fixed exponent 2: tau; free exponent) on
// [fit_start t_free0, t_homogeneous_end], t_free0 = 1/omega_E(T0). Cooling rate zeta = -dlnT_tr/dt (centred
// differences over +-2 samples) against T_tr, and the dsds/csds ratio at equal T (paired seeds: both laws start from
// the same state), mean +- standard error over seeds. D-SDS energy created at the collision onsets against v_t,
// with the closed form of Fuehrer, Brendel, Wolf eq. 3/11 (dsds_onset_energy), and the net tangential loss D_t - C
// (what the tangential law takes from the gas after what it created: a reset's energy may be dissipated again in the
// collision). Frictionless: tau against tau_KT, the error bar the standard error of tau over the seeds; and the local
// cooling rate zeta(T)/zeta_E(T) averaged over the T grid (cooling_rate_over_kinetic_theory, not anchored at one
// sample) with t_c/t_free0, the distance from the hard-sphere limit (measured, 3 seeds: 0.944 +- 0.005 at t_c/t_free0 =
// 0.062 with N = 2000; 0.974 +- 0.007 at 0.0078, N = 1e4; 12 seeds, N = 2000, 0.0078: 0.979 +- 0.004).
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
// Dumps: dump_every = k > 0 writes a LAMMPS text dump (solvers/particles/lammps_files.hpp) and a contact-force dump
// every k steps per run, under dumps/.
// Parameters and time scales: studies/papers/fuhrer_brendel_wolf/granular_gas_setup.hpp; the runs:
// studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp; the measures: models/particles/cooling_ensemble.hpp; tables
// and summary: studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp; figures:
// studies/papers/fuhrer_brendel_wolf/granular_gas_figures.hpp.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "models/particles/engine_laws.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_figures.hpp"
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp"
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_setup.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

class GranularGasStudy : public Study {
 public:
  std::string name() const override { return "granular-gas"; }
  std::string summary() const override {
    return "homogeneous cooling of a 3-D granular gas per tangential law: Haff's law, kinetic theory, D-SDS energy creation (Führer, Brendel & Wolf), LAMMPS";
  }
  // Units of the summary's results for `stickslip sweep` ("-": dimensionless; mean/stderr/n of the ensembles: mixed).
  std::map<std::string, std::string> result_units() const override { return granular_gas_result_units(); }

  Parameters parameters() const override {
    Parameters p("granular-gas");
    declare_gas_parameters(p);  // r, rho, rot_ratio, skin (as dsds-cooling's)
    p.declare("n", "10000", "number of spheres (checked against the free memory)")
        .declare("phi", "0.05", "solid fraction (0 < phi <= 0.3)")
        .declare("v_thermal", "1", "initial thermal speed sqrt(T0/m) per component (m/s)")
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
    const GranularGasSetup s = granular_gas_setup(prm);
    const GasConfig& g = s.g;
    const std::vector<std::string>& laws = s.laws;
    const std::vector<std::uint64_t>& seeds = s.seeds;
    const double tc = s.contact_time, t_free0 = s.t_free0;
    if (tc > 0.2 * t_free0)
      ctx.log << "granular-gas: warning: contact time " << tc << " s is " << tc / t_free0
              << " mean free times: not a dilute gas of binary collisions (stiffer kn or E)\n";
    ctx.log << "granular-gas: N = " << g.spec.n << ", box " << g.spec.box_edge() << " m, e = " << s.restitution_measured
            << " (at dt), t_c = " << tc << " s, dt = " << g.dt << " s, tau_KT = " << s.tau_kt << " s, t_free0 = "
            << t_free0 << " s, " << g.steps << " steps per run\n";
    ctx.plan({{"runs", laws.size() * seeds.size() + (s.have_lmp ? 1 : 0) + (s.want_hard_spheres ? seeds.size() : 0)},
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
    GasEnsembleRows rows;
    for (std::size_t k = 0; k < configs.size(); ++k) rows.by_law[configs[k].first].push_back(all[k]);

    // LAMMPS reference: dsds, first seed.
    if (!s.want_lammps)
      rows.lammps_note = s.lammps == "off"           ? "lammps=off"
                         : s.lammps_coeff.empty() ? "LAMMPS has no D-SDS pair style on normal=" + g.normal
                                                  : "LAMMPS reference needs dsds in laws";
    else if (!s.have_lmp)
      rows.lammps_note = "lmp is not on PATH (Debian package lammps): LAMMPS not run";
    else
      rows.lammps = ctx.run("lammps/seed=" + std::to_string(seeds.front()), [&] {
        return run_gas_lammps(g, seeds.front(), ctx, {"granular", s.lammps_coeff});
      });
    if (!rows.lammps_note.empty()) ctx.log << "granular-gas: " << rows.lammps_note << "\n";
    // Hard-sphere reference: the frictionless runs' initial states, event-driven.
    if (s.want_hard_spheres)
      for (std::size_t k = 0; k < seeds.size(); ++k)
        rows.hard_spheres.push_back(ctx.run("hard-spheres/seed=" + std::to_string(seeds[k]), [&] {
          return run_gas_hard_spheres(g, seeds[k], s.restitution_measured, numbers(rows.by_law["none"][k]["t"]));
        }));
    for (const json& h : rows.hard_spheres)
      if (h.contains("failed")) ctx.log << "granular-gas: " << h["failed"].get<std::string>() << " (samples before it kept)\n";

    json out = granular_gas_report(s, rows, ctx);
    const std::vector<double> t_grid = numbers(rows.by_law.begin()->second.front()["t"]);
    draw_granular_gas_figures(ctx, laws, t_grid.size() > 1 ? t_grid[1] / s.tau_kt : 1e-3, t_grid.back() / s.tau_kt,
                              g.spec.t0, out["lammps"]["ran"].get<bool>(), rows.by_law.count("dsds") > 0,
                              !out["dsds_over_csds_cooling_rate"].empty(), s.cluster_factor,
                              "gas_onsets_dsds_s" + std::to_string(seeds.front()) + ".csv");
    out["study"] = name();
    return out;
  }
};

}  // namespace

std::unique_ptr<Study> make_granular_gas_study() { return std::make_unique<GranularGasStudy>(); }

}  // namespace stickslip
