// studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp — does the D-SDS's created energy change the cooling of a
// granular gas? Fuehrer, Brendel, Wolf ("Correction of the spring-dashpot-slider model", Granular Matter 2024) end with
// the claim that the D-SDS creates energy in every non-central collision, so that "measured cooling rates ... will have
// a temperature dependent error, underestimating the correct value": zeta_D(T) < zeta_C(T). This study maps
// zeta_D(T)/zeta_C(T), the D-SDS's over the C-SDS's cooling rate at equal translational temperature, per parameter
// set (the product of the lists normal x tangential_damping x gamma_t_ratio x kt_ratio x mu x restitution;
// studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp defines a set), three ways:
//   gas        N spheres in a periodic box (models/particles/granular_gas.hpp, the granular-gas study's runs) cool
//              from a Maxwellian with spins (T_rot = rot_ratio T0) to T_end T0, once per law from the same initial
//              state (paired seeds); bins of equal width in ln T: the ratio over a bin is the ratio of the times the
//              two laws take to cool through it, sum over seeds of dt_C / sum of dt_D (a paired ratio estimate,
//              standard error by the delta method over seeds). A bin counts for a seed while both runs are
//              homogeneous (the indices of granular-gas, models/particles/cooling_statistics.hpp: density index >
//              cluster_factor S_CS(0) or velocity index > cluster_factor, here for as long as every sphere collides 5
//              times (homogeneous_end_collisions: a small gas's indices fluctuate for a few collisions, a cluster lives
//              on), the density limit raised to 5 standard deviations of its sampling noise on coarse grids); runs stop
//              below T_end or once clustering has set in. From the measured spread the seeds needed for a standard
//              error `precision` in every bin (and their CPU time) are reported.
//   kinetic    the same ratio predicted from binary collisions of the real laws at the gas's dt
//              (models/particles/collision_kinetics.hpp: molecular chaos, Maxwellian velocities and
//              spins, T_rot(T) integrated per law), in independent batches; with the ratio at T0 for dt/2^k (time-step
//              error).
//   mechanism  per binary collision against the impact angle: the energy the D-SDS creates (at the onset, against
//              eq. 11's closed form, and in all), the extra dissipation it then does in the same collision, and the
//              net, at dt -> 0 and at the gas's dt.
//   LAMMPS     LAMMPS' own D-SDS (gran/hooke/history; pair granular hertz/material + linear_history, damping tsuji,
//              for Hertz with tangential_damping = normal) from the first lammps_seeds initial states, against our
//              D-SDS, and our C-SDS at dt/reference_dt_factor as the dt -> 0 reference.
// Outputs: dsds_cooling_ratio.csv/png (the ratio against T per set: gas bins with error bars, kinetic band, the
// paper's claimed side shaded), dsds_cooling_mechanism.csv + dsds_cooling_mechanism_<set>.png,
// dsds_cooling_kinetic.csv, dsds_cooling_rotation.png (T_rot/T_tr), dsds_cooling_lammps.csv, summary.json with "answer"
// (one sentence per set) and results[] per set.
// Parameters, sets and the gas: studies/papers/fuhrer_brendel_wolf/dsds_cooling_setup.hpp; the runs:
// studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp; the paired ratios: models/particles/paired_crossings.hpp;
// analysis of a set, tables and answers: studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.hpp; figures:
// studies/papers/fuhrer_brendel_wolf/dsds_cooling_figures.hpp.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "solvers/lammps_run.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_figures.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_setup.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

class DsdsCoolingStudy : public Study {
 public:
  std::string name() const override { return "dsds-cooling"; }
  std::string summary() const override {
    return "D-SDS over C-SDS cooling rate of a granular gas against T per contact parameter set: paired gas runs, "
           "kinetic prediction from binary collisions, per-collision mechanism, LAMMPS check (Fuehrer, Brendel, Wolf)";
  }
  std::map<std::string, std::string> result_units() const override { return dsds_cooling_result_units(); }

  Parameters parameters() const override {
    Parameters p("dsds-cooling");
    declare_gas_parameters(p);  // r, rho, rot_ratio, skin (as granular-gas's)
    p.declare("normal", "linear,hertz", "normal laws (list): linear (spring-dashpot), hertz (with the damping of Campello's DEM paper)")
        .declare("tangential_damping", "normal",
                 "tangential dashpot (list): constant (gamma_t m*, the paper's model) or normal (proportional to the "
                 "normal dashpot, LAMMPS pair granular; the same for the linear law)")
        .declare("gamma_t_ratio", "1", "gamma_t/gamma_n (list; >= 0, 0 = no dashpot: both laws are Cundall-Strack)")
        .declare("kt_ratio", "0.2857142857142857", "k_t/k_n (list; 2/7: tangential and normal periods equal)")
        .declare("mu", "0.5", "friction coefficient (list)")
        .declare("restitution", "0.8", "normal restitution e (list)")
        .declare("csds_update", "implicit",
                 "C-SDS spring update: implicit (backward Euler, a return mapping, any gamma_t) or explicit (the "
                 "engine's csds; needs k_t dt < gamma_t m*)")
        .declare("n", "1000", "spheres per gas")
        .declare("phi", "0.05", "solid fraction")
        .declare("v_thermal", "1", "initial thermal speed sqrt(T0/m) (m/s)")
        .declare("kn", "2e4", "linear normal stiffness (N/m)")
        .declare("E", "5e7", "Young's modulus (Pa), Hertz")
        .declare("nu", "0.3", "Poisson's ratio, Hertz")
        .declare("seeds", "24", "paired gas runs per set (seeds seed..seed+seeds-1; 0: no gas)")
        .declare("seed", "1", "first seed")
        .declare("dt_fraction", "50", "dt = t_c/dt_fraction (t_c: contact time at sqrt(pi T0/m))")
        .declare("T_end", "0.01", "lowest temperature T/T0")
        .declare("bins", "9", "bins of equal width in ln T between 1 and T_end")
        .declare("cluster_factor", "1.5", "homogeneous cooling ends when density index > factor S_CS(0) or velocity index > factor")
        .declare("draws", "40000", "collisions per evaluation of the kinetic prediction (0: none)")
        .declare("batches", "10", "independent batches of the kinetic prediction")
        .declare("dt_levels", "4", "the kinetic ratio at T0 for dt/2^k, k < dt_levels")
        .declare("angles", "24", "impact angles of the mechanism map (0 .. 87 deg; 0: none)")
        .declare("lammps", "auto", "auto: LAMMPS' own D-SDS (lmp) on the first lammps_seeds seeds when lmp is on PATH; off")
        .declare("lammps_seeds", "2", "seeds of the LAMMPS check")
        .declare("reference_dt_factor", "4", "the C-SDS reference of the LAMMPS check runs at dt/factor")
        .declare("precision", "0.001", "target standard error of the ratio per bin (seeds needed are reported)")
        .declare("jobs", "2", "runs at a time (threads; in a sweep give --fix jobs=1 and --jobs N)");
    return p;
  }

  json run(const Parameters& prm, const StudyContext& ctx) const override {
    const DsdsCoolingSetup d = dsds_cooling_setup(prm);
    const std::vector<CoolingSet>& sets = d.sets;
    const std::vector<double>& edges = d.edges;
    const GasConfig& g = d.g;
    ctx.plan({{"runs", sets.size() * (2 + 2 * d.seeds + 2 * d.lammps_seeds_run)},
              {"steps_per_run_at_most", static_cast<long>(d.planned_steps)},
              {"particles", g.spec.n},
              {"sets", sets.size()}});
    ctx.log << "dsds-cooling: " << sets.size() << " parameter sets, N = " << g.spec.n << ", " << d.seeds
            << " paired seeds each, T/T0 from 1 to " << d.T_end << " in " << d.bins << " bins; t_free0 = " << d.t_free0
            << " s, tau_KT >= " << d.tau_kt_min << " s\n";

    json results = json::array(), answers = json::array();
    CoolingTables tables;
    for (std::size_t si = 0; si < sets.size(); ++si) {
      const CoolingSet& s = sets[si];
      const std::string key = "set" + std::to_string(si);
      const CoolingSetRuns runs = run_cooling_set(d, si, ctx);
      json res = analyse_cooling_set(si, s, runs, edges, d.seeds, d.precision, d.ref_factor, tables);
      answers.push_back(res["answer"]);
      ctx.log << "dsds-cooling[" << key << "]: " << res["answer"].get<std::string>() << "\n";
      results.push_back(res);
    }

    write_cooling_tables(ctx.out_dir, tables);
    draw_dsds_cooling_figures(ctx, sets, !tables.ratio.empty(), !tables.kinetic.empty(), !tables.mechanism.empty(),
                              !tables.rotation.empty(), d.T_end);

    std::string answer;
    for (const json& a : answers) answer += (answer.empty() ? "" : " ") + a.get<std::string>();
    return json{{"study", name()},
                {"answer", answer},
                {"results", results},
                {"T0", json_number(g.spec.t0)},
                {"t_free0", json_number(d.t_free0)},
                {"bin_edges_T_over_T0", edges},
                {"homogeneity_thresholds",
                 {{"density_index", json_number(d.density_limit)}, {"velocity_index", d.cluster_factor}}}};
  }

 private:
  // One parameter set's runs, each through the run store: the collision mechanism and the kinetic prediction, the
  // paired C-SDS / D-SDS gas runs per seed, and the LAMMPS check (its D-SDS and our C-SDS at dt/ref_factor) where
  // lmp can run it.
  CoolingSetRuns run_cooling_set(const DsdsCoolingSetup& d, std::size_t si, const StudyContext& ctx) const {
    const CoolingSet& s = d.sets[si];
    const std::vector<double>& edges = d.edges;
    const std::string key = "set" + std::to_string(si);
    ctx.log << "dsds-cooling[" << key << "]: " << s.label() << ": t_c = " << s.t_c << " s, dt = " << s.dt
            << " s, k_t = " << s.kt << " N/m, gamma_t = " << s.gamma_t << " 1/s\n";
    const GasConfig gs = cooling_set_gas(d, s, key);
    CoolingSetRuns runs;

    // Mechanism and kinetic prediction.
    if (d.angles > 0)
      runs.mechanism = ctx.run(key + "/mechanism", [&] {
        MechanismOptions o;
        o.angles = d.angles, o.T_end = d.T_end;
        return run_mechanism(s, o);
      });
    if (d.draws > 0)
      runs.kinetic = ctx.run(key + "/kinetic", [&] {
        KineticOptions o;
        o.draws = d.draws, o.batches = d.batches, o.steps = 2 * d.bins, o.T_end = d.T_end, o.rot_ratio = d.rot_ratio;
        o.edges = edges, o.dt_levels = d.dt_levels, o.dt_level_draws = std::max(1000L, d.draws / 2), o.jobs = d.jobs;
        return run_kinetic(s, o);
      });

    // Paired gas runs.
    struct GasItem {
      PairSide side;
      std::uint64_t seed;
      double dt_factor;
      bool lammps;
    };
    std::vector<GasItem> items;
    for (long k = 0; k < d.seeds; ++k)
      for (PairSide side : {PairSide::csds, PairSide::dsds})
        items.push_back({side, static_cast<std::uint64_t>(d.seed0 + k), 1.0, false});
    const auto label = [&](const GasItem& it) {
      if (it.lammps) return key + "/lammps-dsds/seed=" + std::to_string(it.seed);
      return key + "/" + to_string(it.side) + (it.dt_factor > 1 ? "-reference" : "") + "/seed=" + std::to_string(it.seed);
    };
    const auto run_item = [&](const GasItem& it) -> json {
      GasConfig gi = gs;
      if (it.dt_factor > 1) {
        gi.dt = gs.dt / it.dt_factor;
        gi.steps = std::lround(static_cast<double>(gs.steps) * it.dt_factor);
        gi.sample_every = std::max(1L, std::lround(static_cast<double>(gs.sample_every) * it.dt_factor));
        gi.tag_prefix = key + "_reference_";
      }
      return run_cooling_gas(s, gi, it.side, it.seed, edges, d.density_limit, d.cluster_factor, ctx);
    };
    const json gas = run_each_parallel(ctx, name(), items, label, run_item, d.jobs);
    for (std::size_t k = 0; k < items.size(); ++k)
      (items[k].side == PairSide::csds ? runs.csds : runs.dsds)[items[k].seed] = gas[k];

    // LAMMPS check: its D-SDS and our C-SDS at dt/ref_factor on the first seeds.
    const std::string no_lammps = lammps_cannot(s);
    runs.lammps_note = d.lammps == "off" ? "lammps=off"
                       : !no_lammps.empty() ? no_lammps
                       : d.seeds == 0 ? "no gas runs (seeds=0)"
                       : !d.have_lmp ? "lmp is not on PATH (Debian package lammps): LAMMPS not run"
                                     : "";
    if (runs.lammps_note.empty()) {
      std::vector<GasItem> litems;
      for (long k = 0; k < d.lammps_seeds_run; ++k) {
        litems.push_back({PairSide::dsds, static_cast<std::uint64_t>(d.seed0 + k), 1.0, true});
        litems.push_back({PairSide::csds, static_cast<std::uint64_t>(d.seed0 + k), d.ref_factor, false});
      }
      const json lrows = run_each_parallel(ctx, name(), litems, label, [&](const GasItem& it) -> json {
        if (!it.lammps) return run_item(it);
        const long steps = runs.dsds.at(it.seed)["steps"].get<long>();
        return run_lammps_gas(s, gs, it.seed, steps, edges, "lammps/" + key + "_s" + std::to_string(it.seed), ctx);
      }, d.jobs);
      for (std::size_t k = 0; k < litems.size(); ++k)
        (litems[k].lammps ? runs.lammps : runs.reference)[litems[k].seed] = lrows[k];
    } else {
      ctx.log << "dsds-cooling[" << key << "]: LAMMPS check skipped: " << runs.lammps_note << "\n";
    }
    return runs;
  }

};

}  // namespace

std::unique_ptr<Study> make_dsds_cooling_study() { return std::make_unique<DsdsCoolingStudy>(); }

}  // namespace stickslip
