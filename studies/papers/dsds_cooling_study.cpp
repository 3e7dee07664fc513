// studies/papers/dsds_cooling_study.cpp — does the D-SDS's created energy change the cooling of a granular gas?
// Fuehrer, Brendel, Wolf ("Correction of the spring-dashpot-slider model", Granular Matter 2024) end with the claim
// that the D-SDS creates energy in every non-central collision, so that "measured cooling rates ... will have a
// temperature dependent error, underestimating the correct value": zeta_D(T) < zeta_C(T). This study maps
// zeta_D(T)/zeta_C(T), the D-SDS's over the C-SDS's cooling rate at equal translational temperature, per parameter
// set (the product of the lists normal x tangential_damping x gamma_t_ratio x kt_ratio x mu x restitution;
// studies/papers/dsds_cooling_runs.hpp defines a set), three ways:
//   gas        N spheres in a periodic box (models/particles/granular_gas.hpp, the granular-gas study's runs) cool
//              from a Maxwellian with spins (T_rot = rot_ratio T0) to T_end T0, once per law from the same initial
//              state (paired seeds); bins of equal width in ln T: the ratio over a bin is the ratio of the times the
//              two laws take to cool through it, sum over seeds of dt_C / sum of dt_D (a paired ratio estimate,
//              standard error by the delta method over seeds). A bin counts for a seed while both runs are
//              homogeneous (the indices of granular-gas, models/particles/cooling_statistics.hpp: density index > cluster_factor
//              S_CS(0) or velocity index > cluster_factor, here for as long as every sphere collides 5 times
//              (homogeneous_end_collisions: a small gas's indices fluctuate for a few collisions, a cluster lives on),
//              the density limit raised to 5 standard deviations of its sampling noise on coarse grids); runs stop
//              below T_end or once clustering has set in. From the measured spread the seeds needed for a standard
//              error `precision` in every bin (and their CPU time) are reported.
//   kinetic    the same ratio predicted from binary collisions of the real laws at the gas's dt
//              (models/particles/collision_kinetics.hpp: molecular chaos, Maxwellian velocities and spins,
//              T_rot(T) integrated per law), in independent batches; with the ratio at T0 for dt/2^k (time-step
//              error).
//   mechanism  per binary collision against the impact angle: the energy the D-SDS creates (at the onset, against
//              eq. 11's closed form, and in all), the extra dissipation it then does in the same collision, and the
//              net, at dt -> 0 and at the gas's dt.
//   LAMMPS     LAMMPS' own D-SDS (gran/hooke/history; pair granular hertz/material + linear_history, damping tsuji,
//              for Hertz with tangential_damping = normal) from the first lammps_seeds initial states, against our
//              D-SDS, and our C-SDS at dt/reference_dt_factor as the dt -> 0 reference.
// Outputs: dsds_cooling_ratio.csv/png (the ratio against T per set: gas bins with error bars, kinetic band, the
// paper's claimed side shaded), dsds_cooling_mechanism.csv + dsds_cooling_mechanism_<set>.png, dsds_cooling_kinetic.csv,
// dsds_cooling_rotation.png (T_rot/T_tr), dsds_cooling_lammps.csv, summary.json with "answer" (one sentence per set)
// and results[] per set.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/errors.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "studies/papers/dsds_cooling_runs.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/lammps_run.hpp"
#include "studies/experiment/output.hpp"
#include "models/particles/cooling_statistics.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

std::vector<double> numbers(const json& a) {
  std::vector<double> v;
  for (const json& x : a) v.push_back(x.is_number() ? x.get<double>() : NAN);
  return v;
}

// sum(a)/sum(b) over paired samples and its standard error by the delta method: var = var(a - R b)/(n mean(b)^2).
struct PairedRatio {
  double ratio = NAN, stderr_ = NAN;
  std::size_t n = 0;
};
PairedRatio paired_ratio(const std::vector<double>& a, const std::vector<double>& b) {
  PairedRatio r;
  r.n = a.size();
  if (a.empty()) return r;
  const double ma = mean_of(a), mb = mean_of(b);
  r.ratio = ma / mb;
  std::vector<double> resid;
  for (std::size_t k = 0; k < a.size(); ++k) resid.push_back(a[k] - r.ratio * b[k]);
  r.stderr_ = a.size() > 1 ? stderr_of(resid) / std::abs(mb) : NAN;
  return r;
}

std::string pm(double v, double se, int digits = 4) {
  if (!std::isfinite(v)) return "n/a";
  if (!std::isfinite(se)) return fmt::format("{:.{}f}", v, digits);
  return fmt::format("{:.{}f} +- {:.{}f}", v, digits, se, digits);
}

class DsdsCoolingStudy : public Study {
 public:
  std::string name() const override { return "dsds-cooling"; }
  std::string summary() const override {
    return "D-SDS over C-SDS cooling rate of a granular gas against T per contact parameter set: paired gas runs, "
           "kinetic prediction from binary collisions, per-collision mechanism, LAMMPS check (Fuehrer, Brendel, Wolf)";
  }
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"ratio", "ratio_stderr", "kinetic_ratio", "kinetic_ratio_stderr", "z_gas_vs_kinetic", "T_hi",
                          "T_lo", "seeds_used", "seeds_needed", "effect_in_sigma", "lammps_over_ours",
                          "lammps_over_ours_stderr", "z", "csds_dt_over_reference", "csds_dt_over_reference_stderr",
                          "dsds_over_reference_csds", "dsds_over_reference_csds_stderr", "net_over_loss_max",
                          "net_over_loss_min", "onset_over_eq11", "psi_deg", "gamma_t_ratio", "kt_ratio", "mu",
                          "restitution", "time_step_error"})
      u.emplace(k, "-");
    for (const char* k : {"cpu_seconds_per_seed_pair", "cpu_hours_needed", "dt", "t_c"}) u.emplace(k, "s");
    u["cpu_hours_needed"] = "h";
    return u;
  }

  Parameters parameters() const override {
    Parameters p("dsds-cooling");
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
        .declare("r", "0.01", "radius (m)")
        .declare("rho", "2500", "density (kg/m^3)")
        .declare("v_thermal", "1", "initial thermal speed sqrt(T0/m) (m/s)")
        .declare("rot_ratio", "1", "initial T_rot/T_tr")
        .declare("kn", "2e4", "linear normal stiffness (N/m)")
        .declare("E", "5e7", "Young's modulus (Pa), Hertz")
        .declare("nu", "0.3", "Poisson's ratio, Hertz")
        .declare("seeds", "24", "paired gas runs per set (seeds seed..seed+seeds-1; 0: no gas)")
        .declare("seed", "1", "first seed")
        .declare("dt_fraction", "50", "dt = t_c/dt_fraction (t_c: contact time at sqrt(pi T0/m))")
        .declare("T_end", "0.01", "lowest temperature T/T0")
        .declare("bins", "9", "bins of equal width in ln T between 1 and T_end")
        .declare("cluster_factor", "1.5", "homogeneous cooling ends when density index > factor S_CS(0) or velocity index > factor")
        .declare("skin", "0.3", "Verlet skin in radii")
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
    // ---- parameters ----
    const auto normals = prm.choice_list("normal", {"linear", "hertz"});
    const auto dampings = prm.choice_list("tangential_damping", {"constant", "normal"});
    const auto list_in = [&](const char* key, double lo, double hi) {
      std::vector<double> v = prm.real_list(key);
      if (v.empty()) throw_input(key, prm.raw(key), "give at least one value");
      for (double x : v)
        if (!(x >= lo && x <= hi))
          throw_input(key, prm.raw(key), "every value must lie in [" + format_value(lo) + ", " + format_value(hi) + "]");
      return v;
    };
    if (normals.empty()) throw_input("normal", prm.raw("normal"), "linear and/or hertz");
    if (dampings.empty()) throw_input("tangential_damping", prm.raw("tangential_damping"), "constant and/or normal");
    const auto gammas = list_in("gamma_t_ratio", 0, 100);
    const auto kts = list_in("kt_ratio", 1e-3, 100);
    const auto mus = list_in("mu", 0, 100);
    const auto es = list_in("restitution", 0.05, 0.999);
    const std::string csds_update = prm.choice("csds_update", {"implicit", "explicit"});
    GasConfig g;
    g.spec.n = prm.integer("n", 50, 10000000);
    g.spec.phi = prm.in_range("phi", 1e-3, 0.3);
    g.spec.radius = prm.in_range("r", 1e-6, 10);
    g.spec.density = prm.in_range("rho", 1e-3, 1e6);
    const double vth = prm.in_range("v_thermal", 1e-6, 1e6);
    const double rot_ratio = prm.in_range("rot_ratio", 0, 1e3);
    const double kn = prm.in_range("kn", 1e-6, 1e15);
    const double young = prm.in_range("E", 1, 1e15), poisson = prm.in_range("nu", 0, 0.49);
    const long seeds = prm.integer("seeds", 0, 1000000), seed0 = prm.integer("seed", 1, 1000000000000L);
    const double dt_fraction = prm.in_range("dt_fraction", 5, 1e5);
    const double T_end = prm.in_range("T_end", 1e-4, 0.9);
    const int bins = static_cast<int>(prm.integer("bins", 1, 100));
    const double cluster_factor = prm.in_range("cluster_factor", 1.0, 1e6);
    g.skin = prm.in_range("skin", 0.01, 5) * g.spec.radius;
    const long draws = prm.integer("draws", 0, 100000000);
    const int batches = static_cast<int>(prm.integer("batches", 2, 1000));
    const int dt_levels = static_cast<int>(prm.integer("dt_levels", 1, 12));
    const int angles = static_cast<int>(prm.integer("angles", 0, 10000));
    const std::string lammps = prm.choice("lammps", {"auto", "off"});
    const long lammps_seeds = prm.integer("lammps_seeds", 0, 1000000);
    const double ref_factor = prm.in_range("reference_dt_factor", 1, 1000);
    const double precision = prm.in_range("precision", 1e-6, 1);
    const int jobs = static_cast<int>(prm.integer("jobs", 1, 256));
    if (draws > 0 && draws < batches) throw_input("draws", prm.raw("draws"), "at least one per batch (>= batches) or 0");

    const double m = g.spec.mass(), sigma = 2 * g.spec.radius;
    g.spec.t0 = m * vth * vth;
    g.spec.t_rot0 = rot_ratio * g.spec.t0;
    g.threads = 1;
    g.vt_bin_max = 12 * vth;  // the onset records' v_t bins (granular-gas's)
    if (g.spec.box_edge() <= 2 * (2 * g.spec.radius + g.skin))
      throw_input("n", prm.raw("n"), "the periodic box must be longer than 2 (2r + skin): more spheres or lower phi");
    const double T0 = g.spec.t0, nd = g.spec.number_density();

    // ---- parameter sets ----
    std::vector<CoolingSet> sets;
    std::set<std::string> seen;
    for_each_product(
        [&](const std::string& normal, const std::string& damping, double gt, double kr, double mu, double e) {
          CoolingSet s;
          s.normal = normal;
          s.damping = normal == "linear" ? "constant" : damping;  // the linear law's dashpot is constant either way
          s.csds_update = csds_update;
          s.gamma_t_ratio = gt, s.kt_ratio = kr, s.mu = mu, s.restitution = e;
          s.r = g.spec.radius, s.m = m, s.young = young, s.poisson = poisson, s.kn_linear = kn;
          if (seen.insert(s.label()).second) sets.push_back(s);
        },
        normals, dampings, gammas, kts, mus, es);
    for (CoolingSet& s : sets) {
      resolve_cooling_set(s, T0, dt_fraction);
      if (s.csds_update == "explicit") {
        if (s.normal == "hertz" && s.damping == "normal")
          throw_input("csds_update", prm.raw("csds_update"),
                      "explicit is unstable with tangential_damping=normal and Hertz (the dashpot vanishes at first "
                      "touch); use implicit");
        if (!(s.kt * s.dt < s.gamma_t * 0.5 * s.m))
          throw_input("gamma_t_ratio", format_value(s.gamma_t_ratio),
                      "the explicit C-SDS needs k_t dt < gamma_t m* (here k_t dt/(gamma_t m*) = " +
                          format_value(s.kt * s.dt / (s.gamma_t * 0.5 * s.m)) +
                          "): a larger gamma_t_ratio, a larger dt_fraction, or csds_update=implicit");
      }
    }

    // ---- the gas's time scales ----
    const double t_free0 = 1 / enskog_collision_frequency(nd, sigma, g.spec.phi, T0, m);
    const double tau_kt_min = [&] {
      double tau = INFINITY;
      for (const CoolingSet& s : sets) tau = std::min(tau, haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m));
      return tau;
    }();
    const std::vector<double> edges = cooling_edges(T_end, bins);
    // The density index of a homogeneous gas scatters by ~sqrt(2/(cells - 1)) (cells: gas_homogeneity's grid of ~20
    // spheres each): its limit is cluster_factor S_CS(0), raised to 5 such standard deviations above S_CS(0) where the
    // grid is coarse (small gases: N = 1000 has 64 cells, scatter 18 %), so that sampling noise does not end it.
    const double cells = std::pow(static_cast<double>(std::max(2L, std::lround(std::cbrt(static_cast<double>(g.spec.n) / 20)))), 3);
    const double density_limit =
        std::max(cluster_factor, 1 + 5 * std::sqrt(2 / (cells - 1))) * carnahan_starling_s0(g.spec.phi);
    const bool have_lmp = lammps == "auto" && lammps_seeds > 0 && seeds > 0 && on_path("lmp");
    double planned_steps = 0;
    for (const CoolingSet& s : sets) {
      // Haff's frictionless time to T_end, x 1.5 (friction only cools faster).
      const double tau = haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m);
      planned_steps = std::max(planned_steps, 1.5 * tau * (1 / std::sqrt(T_end) - 1) / s.dt);
    }
    const long lseeds = have_lmp ? std::min(lammps_seeds, seeds) : 0;
    ctx.plan({{"runs", sets.size() * (2 + 2 * seeds + 2 * lseeds)},
              {"steps_per_run_at_most", static_cast<long>(planned_steps)},
              {"particles", g.spec.n},
              {"sets", sets.size()}});
    ctx.log << "dsds-cooling: " << sets.size() << " parameter sets, N = " << g.spec.n << ", " << seeds
            << " paired seeds each, T/T0 from 1 to " << T_end << " in " << bins << " bins; t_free0 = " << t_free0
            << " s, tau_KT >= " << tau_kt_min << " s\n";

    json results = json::array(), answers = json::array();
    std::vector<std::vector<double>> ratio_rows, kin_rows, mech_rows, rot_rows, lmp_rows;
    for (std::size_t si = 0; si < sets.size(); ++si) {
      const CoolingSet& s = sets[si];
      const std::string key = "set" + std::to_string(si);
      ctx.log << "dsds-cooling[" << key << "]: " << s.label() << ": t_c = " << s.t_c << " s, dt = " << s.dt
              << " s, k_t = " << s.kt << " N/m, gamma_t = " << s.gamma_t << " 1/s\n";
      GasConfig gs = g;
      gs.normal = s.normal, gs.kn = s.kn, gs.gamma_n = s.gamma_n, gs.young = s.young, gs.poisson = s.poisson;
      gs.restitution_target = s.restitution, gs.kt = s.kt, gs.gamma_t = s.gamma_t, gs.mu = s.mu;
      gs.dt = s.dt;
      const double tau = haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m);
      gs.steps = std::max(10L, std::lround(1.5 * tau * (1 / std::sqrt(T_end) - 1) / s.dt));
      gs.sample_every = std::max(1L, std::lround(0.15 * t_free0 / s.dt));
      gs.stop_temperature = 0.98 * T_end * T0;
      gs.stop_density_index = density_limit, gs.stop_velocity_index = cluster_factor;
      gs.stop_persist_collisions = 2.5 * static_cast<double>(g.spec.n);  // 5 collisions per sphere
      gs.tag_prefix = key + "_";

      // Mechanism and kinetic prediction.
      json mech, kin;
      if (angles > 0)
        mech = ctx.run(key + "/mechanism", [&] {
          MechanismOptions o;
          o.angles = angles, o.T_end = T_end;
          return run_mechanism(s, o);
        });
      if (draws > 0)
        kin = ctx.run(key + "/kinetic", [&] {
          KineticOptions o;
          o.draws = draws, o.batches = batches, o.steps = 2 * bins, o.T_end = T_end, o.rot_ratio = rot_ratio;
          o.edges = edges, o.dt_levels = dt_levels, o.dt_level_draws = std::max(1000L, draws / 2), o.jobs = jobs;
          return run_kinetic(s, o);
        });

      // Paired gas runs.
      struct GasItem {
        std::string law;
        std::uint64_t seed;
        double dt_factor;
        bool lammps;
      };
      std::vector<GasItem> items;
      for (long k = 0; k < seeds; ++k)
        for (const char* law : {"csds", "dsds"}) items.push_back({law, static_cast<std::uint64_t>(seed0 + k), 1.0, false});
      const auto label = [&](const GasItem& it) {
        if (it.lammps) return key + "/lammps-dsds/seed=" + std::to_string(it.seed);
        return key + "/" + it.law + (it.dt_factor > 1 ? "-reference" : "") + "/seed=" + std::to_string(it.seed);
      };
      const auto run_item = [&](const GasItem& it) -> json {
        GasConfig gi = gs;
        if (it.dt_factor > 1) {
          gi.dt = gs.dt / it.dt_factor;
          gi.steps = std::lround(static_cast<double>(gs.steps) * it.dt_factor);
          gi.sample_every = std::max(1L, std::lround(static_cast<double>(gs.sample_every) * it.dt_factor));
          gi.tag_prefix = key + "_reference_";
        }
        return run_cooling_gas(s, gi, it.law, it.seed, edges, density_limit, cluster_factor, ctx);
      };
      const json gas = run_each_parallel(ctx, name(), items, label, run_item, jobs);
      std::map<std::uint64_t, json> csds_of, dsds_of;
      for (std::size_t k = 0; k < items.size(); ++k) (items[k].law == "csds" ? csds_of : dsds_of)[items[k].seed] = gas[k];

      // LAMMPS check: its D-SDS and our C-SDS at dt/ref_factor on the first seeds.
      const std::string no_lammps = lammps_cannot(s);
      std::map<std::uint64_t, json> lmp_of, ref_of;
      std::string lammps_note = lammps == "off" ? "lammps=off"
                                : !no_lammps.empty() ? no_lammps
                                : seeds == 0 ? "no gas runs (seeds=0)"
                                : !have_lmp ? "lmp is not on PATH (Debian package lammps): LAMMPS not run"
                                            : "";
      if (lammps_note.empty()) {
        std::vector<GasItem> litems;
        for (long k = 0; k < lseeds; ++k) {
          litems.push_back({"dsds", static_cast<std::uint64_t>(seed0 + k), 1.0, true});
          litems.push_back({"csds", static_cast<std::uint64_t>(seed0 + k), ref_factor, false});
        }
        const json lrows = run_each_parallel(ctx, name(), litems, label, [&](const GasItem& it) -> json {
          if (!it.lammps) return run_item(it);
          const long steps = dsds_of.at(it.seed)["steps"].get<long>();
          return run_lammps_gas(s, gs, it.seed, steps, edges, "lammps/" + key + "_s" + std::to_string(it.seed), ctx);
        }, jobs);
        for (std::size_t k = 0; k < litems.size(); ++k) (litems[k].lammps ? lmp_of : ref_of)[litems[k].seed] = lrows[k];
      } else {
        ctx.log << "dsds-cooling[" << key << "]: LAMMPS check skipped: " << lammps_note << "\n";
      }

      // ---- analysis of the set ----
      json res{{"set", si},
               {"label", s.label()},
               {"normal", s.normal},
               {"tangential_damping", s.damping},
               {"gamma_t_ratio", s.gamma_t_ratio},
               {"kt_ratio", s.kt_ratio},
               {"mu", s.mu},
               {"restitution", s.restitution},
               {"csds_update", s.csds_update},
               {"t_c", json_number(s.t_c)},
               {"dt", json_number(s.dt)},
               {"kt", json_number(s.kt)},
               {"gamma_t", json_number(s.gamma_t)},
               {"kn", json_number(s.kn)},
               {"gamma_n", json_number(s.gamma_n)}};
      // Gas bins.
      json gbins = json::array();
      std::vector<double> cpu;
      for (const auto& [sd, row] : csds_of)
        if (dsds_of.count(sd)) cpu.push_back(row["wall_seconds"].get<double>() + dsds_of[sd]["wall_seconds"].get<double>());
      const double cpu_pair = cpu.empty() ? NAN : mean_of(cpu);
      double worst_needed = 0;
      const auto valid_until = [&](const json& c, const json& d, std::size_t edge) {
        const auto tc = numbers(c["crossing_t"]), td = numbers(d["crossing_t"]);
        return std::isfinite(tc[edge]) && std::isfinite(td[edge]) && tc[edge] <= c["t_homogeneous_end"].get<double>() &&
               td[edge] <= d["t_homogeneous_end"].get<double>();
      };
      const json* kbins = kin.is_object() ? &kin["bins"] : nullptr;
      // The whole range ends at the deepest edge that at least 90 % of the seeds (and 2) reached homogeneously.
      std::size_t deepest = 0;
      {
        std::vector<std::size_t> reach;
        for (const auto& [sd, c] : csds_of) {
          if (!dsds_of.count(sd)) continue;
          std::size_t e = 0;
          while (e + 1 < edges.size() && valid_until(c, dsds_of[sd], e + 1)) ++e;
          reach.push_back(e);
        }
        std::sort(reach.begin(), reach.end(), std::greater<>());
        const std::size_t need = std::max<std::size_t>(2, static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(reach.size()))));
        if (reach.size() >= need) deepest = reach[need - 1];
      }
      for (std::size_t b = 0; b + 1 < edges.size(); ++b) {
        std::vector<double> dc, dd;
        for (const auto& [sd, c] : csds_of) {
          if (!dsds_of.count(sd) || !valid_until(c, dsds_of[sd], b + 1)) continue;
          const auto tc = numbers(c["crossing_t"]), td = numbers(dsds_of[sd]["crossing_t"]);
          dc.push_back(tc[b + 1] - tc[b]);
          dd.push_back(td[b + 1] - td[b]);
        }
        const PairedRatio r = paired_ratio(dc, dd);
        const double needed = std::isfinite(r.stderr_) ? std::ceil(static_cast<double>(r.n) * std::pow(r.stderr_ / precision, 2)) : NAN;
        if (std::isfinite(needed)) worst_needed = std::max(worst_needed, needed);
        json bin{{"T_hi", edges[b]}, {"T_lo", edges[b + 1]}, {"ratio", json_number(r.ratio)},
                 {"ratio_stderr", json_number(r.stderr_)}, {"seeds_used", r.n}, {"seeds_needed", json_number(needed)},
                 {"effect_in_sigma", json_number(std::abs(r.ratio - 1) / r.stderr_)}};
        if (kbins) {
          const json& kb = (*kbins)[b];
          bin["kinetic_ratio"] = kb["ratio"];
          bin["kinetic_ratio_stderr"] = kb["ratio_stderr"];
          const double kr = kb["ratio"].is_number() ? kb["ratio"].get<double>() : NAN;
          const double ks = kb["ratio_stderr"].is_number() ? kb["ratio_stderr"].get<double>() : NAN;
          bin["z_gas_vs_kinetic"] = json_number((r.ratio - kr) / std::sqrt(r.stderr_ * r.stderr_ + ks * ks));
        }
        gbins.push_back(bin);
        ratio_rows.push_back({static_cast<double>(si), edges[b], edges[b + 1], std::sqrt(edges[b] * edges[b + 1]),
                              std::isfinite(r.ratio) ? r.ratio : -1, std::isfinite(r.stderr_) ? r.stderr_ : -1,
                              static_cast<double>(r.n),
                              kbins && (*kbins)[b]["ratio"].is_number() ? (*kbins)[b]["ratio"].get<double>() : -1,
                              kbins && (*kbins)[b]["ratio_stderr"].is_number() ? (*kbins)[b]["ratio_stderr"].get<double>() : -1});
      }
      res["bins"] = gbins;
      // Whole range: T0 down to the deepest edge every seed reached homogeneously.
      std::vector<double> wc, wd;
      for (const auto& [sd, c] : csds_of) {
        if (!dsds_of.count(sd) || deepest == 0 || !valid_until(c, dsds_of[sd], deepest)) continue;
        wc.push_back(numbers(c["crossing_t"])[deepest]);
        wd.push_back(numbers(dsds_of[sd]["crossing_t"])[deepest]);
      }
      const PairedRatio whole = paired_ratio(wc, wd);
      res["whole_range"] = {{"T_lo", edges[deepest]}, {"ratio", json_number(whole.ratio)},
                            {"ratio_stderr", json_number(whole.stderr_)}, {"seeds_used", whole.n}};
      res["seeds"] = seeds;
      res["seeds_needed_for_precision"] = json_number(worst_needed > 0 ? worst_needed : NAN);
      res["precision"] = precision;
      res["cpu_seconds_per_seed_pair"] = json_number(cpu_pair);
      res["cpu_hours_needed"] = json_number(worst_needed > 0 ? worst_needed * cpu_pair / 3600 : NAN);
      res["homogeneous_to"] = edges[deepest];
      if (kin.is_object()) {
        res["kinetic_whole_range"] = kin["whole_range"];
        res["kinetic_dt_levels"] = kin["dt_levels"];
        const json& lv = kin["dt_levels"];
        if (lv.size() >= 2 && lv.back()["ratio"].is_number() && lv[lv.size() - 2]["ratio"].is_number()) {
          // first order in dt: R(0) ~ 2 R(dt/2^K) - R(dt/2^(K-1)); the gas's time-step error R(dt) - R(0)
          const double r0 = 2 * lv.back()["ratio"].get<double>() - lv[lv.size() - 2]["ratio"].get<double>();
          res["kinetic_ratio_dt0"] = json_number(r0);
          res["time_step_error"] = json_number(lv.front()["ratio"].get<double>() - r0);
        }
        for (const json& nd_ : kin["nodes"])
          kin_rows.push_back({static_cast<double>(si), nd_["T_over_T0"].get<double>(), nd_["ratio"].get<double>(),
                              nd_["ratio_stderr"].is_number() ? nd_["ratio_stderr"].get<double>() : 0.0,
                              nd_["loss_csds"].get<double>(), nd_["loss_dsds"].get<double>(), nd_["rot_csds"].get<double>(),
                              nd_["rot_dsds"].get<double>(), nd_["created_dsds"].get<double>()});
      }
      // T_rot/T_tr of the gas at the edges (mean over seeds), per law.
      for (std::size_t k = 0; k < edges.size(); ++k) {
        std::vector<double> rc, rd;
        for (const auto& [sd, c] : csds_of) {
          if (!dsds_of.count(sd) || !valid_until(c, dsds_of[sd], k)) continue;
          rc.push_back(numbers(c["crossing_T_rot"])[k] / edges[k]);
          rd.push_back(numbers(dsds_of[sd]["crossing_T_rot"])[k] / edges[k]);
        }
        if (!rc.empty()) rot_rows.push_back({static_cast<double>(si), edges[k], mean_of(rc), mean_of(rd)});
      }
      // Mechanism: CSV rows and the extremes of net/loss at dt -> 0.
      if (mech.is_object()) {
        double lo = INFINITY, hi = -INFINITY, psi_lo = NAN, psi_hi = NAN, onset_ratio = NAN, identity = 0;
        for (const json& lv : mech["levels"]) {
          const double e_normal = lv["pair_energy_normal"].get<double>();
          for (const json& pt : lv["points"]) {
            // energies per collision over the impact energy E = m* (v_n^2 + v_t^2)/2
            const double en = e_normal * (1 + std::pow(pt["vt_over_vn"].get<double>(), 2));
            const json &z = pt["dt0"], &gd = pt["gas_dt"];
            const double loss = z["loss_csds"].get<double>(), rel = z["net"].get<double>() / loss;
            identity = std::max({identity, z["identity_residual"].get<double>() / loss, gd["identity_residual"].get<double>() / loss});
            if (lv["T_over_T0"].get<double>() == 1.0) {
              if (rel < lo) lo = rel, psi_lo = pt["psi_deg"].get<double>();
              if (rel > hi) hi = rel, psi_hi = pt["psi_deg"].get<double>();
              if (pt["kind"] == "translation" && pt["eq11_closed_form"].get<double>() > 0 && !std::isfinite(onset_ratio) &&
                  pt["psi_deg"].get<double>() > 60)
                onset_ratio = z["created_onset"].get<double>() / pt["eq11_closed_form"].get<double>();
            }
            mech_rows.push_back({static_cast<double>(si), lv["T_over_T0"].get<double>(),
                                 pt["kind"] == "translation" ? 0.0 : 1.0, pt["psi_deg"].get<double>(),
                                 pt["vt_over_vn"].get<double>(), pt["eq11_closed_form"].get<double>() / en,
                                 z["created_onset"].get<double>() / en, z["created"].get<double>() / en,
                                 z["extra_dissipation"].get<double>() / en, z["net"].get<double>() / en,
                                 100 * rel, gd["created_onset"].get<double>() / en, gd["created"].get<double>() / en,
                                 100 * gd["net"].get<double>() / gd["loss_csds"].get<double>(),
                                 z["normal_damping_difference"].get<double>() / en, z["beta_csds"].get<double>(),
                                 z["beta_dsds"].get<double>()});
          }
        }
        res["mechanism"] = {{"net_over_loss_min", json_number(lo)}, {"psi_deg_at_min", json_number(psi_lo)},
                            {"net_over_loss_max", json_number(hi)}, {"psi_deg_at_max", json_number(psi_hi)},
                            {"onset_over_eq11", json_number(onset_ratio)},
                            {"identity_residual_over_loss", json_number(identity)}};
      }
      // LAMMPS check.
      json lj{{"ran", !lmp_of.empty()}, {"note", lammps_note}};
      if (!lmp_of.empty()) {
        // Whole range to the deepest edge all of them reached (LAMMPS' homogeneity: that of our dsds run).
        std::size_t e = deepest;
        for (const auto& [sd, l] : lmp_of)
          while (e > 0 && !std::isfinite(numbers(l["crossing_t"])[e])) --e;
        for (const auto& [sd, r] : ref_of)
          while (e > 0 && !std::isfinite(numbers(r["crossing_t"])[e])) --e;
        std::vector<double> tl, to, tc, tr, diff;
        for (const auto& [sd, l] : lmp_of) {
          if (!valid_until(csds_of[sd], dsds_of[sd], e)) continue;
          tl.push_back(numbers(l["crossing_t"])[e]);
          to.push_back(numbers(dsds_of[sd]["crossing_t"])[e]);
          tc.push_back(numbers(csds_of[sd]["crossing_t"])[e]);
          tr.push_back(numbers(ref_of[sd]["crossing_t"])[e]);
          diff.push_back(tl.back() - to.back());
          lmp_rows.push_back({static_cast<double>(si), static_cast<double>(sd), edges[e], tl.back(), to.back(), tc.back(), tr.back()});
        }
        // The same law from the same state: the trajectories part (chaos), so the times differ like two seeds'; the
        // scale is the seed-to-seed standard deviation of our D-SDS's time, x sqrt(2/n).
        std::vector<double> all_d;
        for (const auto& [sd, d] : dsds_of)
          if (std::isfinite(numbers(d["crossing_t"])[e])) all_d.push_back(numbers(d["crossing_t"])[e]);
        const double sd_seed = all_d.size() > 1 ? stderr_of(all_d) * std::sqrt(static_cast<double>(all_d.size())) : NAN;
        const double scale = sd_seed * std::sqrt(2.0 / static_cast<double>(tl.size()));
        const PairedRatio lo_ratio = paired_ratio(tl, to), cref = paired_ratio(tc, tr);
        const PairedRatio d_ref = paired_ratio(tr, tl), o_ref = paired_ratio(tr, to);
        lj.update({{"T_lo", edges[e]},
                   {"seeds", tl.size()},
                   {"lammps_over_ours", json_number(lo_ratio.ratio)},
                   {"lammps_over_ours_stderr", json_number(lo_ratio.stderr_)},
                   {"z", json_number(mean_of(diff) / scale)},
                   {"agrees", std::abs(mean_of(diff)) <= 3 * scale},
                   {"csds_dt_over_reference", json_number(cref.ratio)},
                   {"csds_dt_over_reference_stderr", json_number(cref.stderr_)},
                   {"dsds_over_reference_csds", json_number(o_ref.ratio)},
                   {"dsds_over_reference_csds_stderr", json_number(o_ref.stderr_)},
                   {"lammps_dsds_over_reference_csds", json_number(d_ref.ratio)},
                   {"lammps_dsds_over_reference_csds_stderr", json_number(d_ref.stderr_)},
                   {"reference_dt_factor", ref_factor}});
      }
      res["lammps"] = lj;
      res["answer"] = answer_of(s, res);
      answers.push_back(res["answer"]);
      ctx.log << "dsds-cooling[" << key << "]: " << res["answer"].get<std::string>() << "\n";
      results.push_back(res);
    }

    // ---- tables and figures ----
    write_rows(ctx.out_dir / "dsds_cooling_ratio.csv",
               {"set [-]", "T_hi/T0 [-]", "T_lo/T0 [-]", "T_mid/T0 [-]", "gas zeta_D/zeta_C [-]",
                "gas stderr (-1: none) [-]", "seeds [-]", "kinetic zeta_D/zeta_C [-]", "kinetic stderr [-]"},
               ratio_rows);
    write_rows(ctx.out_dir / "dsds_cooling_kinetic.csv",
               {"set [-]", "T/T0 [-]", "zeta_D/zeta_C [-]", "stderr [-]", "csds -<dK_tr>/T [-]", "dsds -<dK_tr>/T [-]",
                "csds T_rot/T_tr [-]", "dsds T_rot/T_tr [-]", "dsds created per collision/T [-]"},
               kin_rows);
    write_rows(ctx.out_dir / "dsds_cooling_rotation.csv",
               {"set [-]", "T/T0 [-]", "csds T_rot/T_tr (gas) [-]", "dsds T_rot/T_tr (gas) [-]"}, rot_rows);
    write_rows(ctx.out_dir / "dsds_cooling_mechanism.csv",
               {"set [-]", "T/T0 [-]", "kind (0 centres' v_t, 1 spins) [-]", "psi [deg]", "v_t/v_n [-]",
                "eq. 11 onset closed form/E [-]", "created at onset dt->0/E [-]", "created dt->0/E [-]",
                "extra dissipation dt->0/E [-]", "net dK_D - dK_C dt->0/E [-]", "net/C-SDS loss dt->0 [%]",
                "created at onset gas dt/E [-]", "created gas dt/E [-]", "net/C-SDS loss gas dt [%]",
                "normal damping difference dt->0/E [-]", "beta C-SDS [-]", "beta D-SDS [-]"},
               mech_rows);
    write_rows(ctx.out_dir / "dsds_cooling_lammps.csv",
               {"set [-]", "seed [-]", "T_lo/T0 [-]", "LAMMPS D-SDS time to T_lo [s]", "our D-SDS [s]", "our C-SDS [s]",
                "our C-SDS at dt/reference_dt_factor [s]"},
               lmp_rows);
    draw(ctx, sets, results, !ratio_rows.empty(), !kin_rows.empty(), !mech_rows.empty(), !rot_rows.empty(), T_end);

    std::string answer;
    for (const json& a : answers) answer += (answer.empty() ? "" : " ") + a.get<std::string>();
    return json{{"study", name()},
                {"answer", answer},
                {"results", results},
                {"T0", json_number(T0)},
                {"t_free0", json_number(t_free0)},
                {"bin_edges_T_over_T0", edges},
                {"homogeneity_thresholds", {{"density_index", json_number(density_limit)}, {"velocity_index", cluster_factor}}}};
  }

 private:
  static void write_rows(const std::filesystem::path& path, const std::vector<std::string>& cols,
                         const std::vector<std::vector<double>>& rows) {
    if (rows.empty()) return;
    CsvWriter csv(path, cols);
    for (const auto& r : rows) {
      std::vector<double> v = r;
      for (double& x : v)
        if (!std::isfinite(x)) x = -1;
      csv.row(v);
    }
    csv.close();
  }

  // One sentence: the whole-range ratio with its error, the kinetic prediction, the direction against the paper's.
  static std::string answer_of(const CoolingSet& s, const json& res) {
    const json& w = res["whole_range"];
    const double r = w["ratio"].is_number() ? w["ratio"].get<double>() : NAN;
    const double se = w["ratio_stderr"].is_number() ? w["ratio_stderr"].get<double>() : NAN;
    double kr = NAN, ks = NAN;
    if (res.contains("kinetic_whole_range")) {
      const json& k = res["kinetic_whole_range"];
      if (k["ratio"].is_number()) kr = k["ratio"].get<double>();
      if (k["ratio_stderr"].is_number()) ks = k["ratio_stderr"].get<double>();
    }
    // The best estimate for the verdict: the gas where it has an error bar, else the kinetic prediction.
    const bool gas = std::isfinite(r) && std::isfinite(se);
    const auto verdict_of = [](double v, double e) -> std::string {
      const double sig = std::abs(v - 1) / e;
      const std::string size = fmt::format("{:.2f} %", 100 * std::abs(v - 1));
      if (sig >= 5 && v > 1)
        return fmt::format("the D-SDS cools {} faster than the C-SDS ({:.1f} sigma), against the paper's claim", size, sig);
      if (sig >= 5 && v < 1)
        return fmt::format("the D-SDS cools {} slower than the C-SDS ({:.1f} sigma), the paper's claimed direction", size, sig);
      if (5 * e <= 0.005) return fmt::format("indistinguishable: |ratio - 1| below 5 sigma = {:.2f} %", 500 * e);
      return fmt::format("undecided at this precision ({:.1f} sigma from 1; the 0.5 % level needs sigma <= 0.001)", sig);
    };
    std::string verdict;
    if (!gas && !std::isfinite(kr)) {
      verdict = "no estimate (no gas runs and no kinetic prediction)";
    } else if (!gas) {
      verdict = "kinetic prediction: " + verdict_of(kr, ks);
    } else {
      verdict = "gas: " + verdict_of(r, se);
      // the gas undecided: say what the (much more precise) kinetic prediction decides, and whether the gas agrees
      if (std::abs(r - 1) < 5 * se && std::isfinite(kr) && std::abs(kr - 1) >= 5 * ks)
        verdict += fmt::format("; kinetic prediction: {} (the gas is {:.1f} sigma from it)", verdict_of(kr, ks),
                               std::abs(r - kr) / std::sqrt(se * se + ks * ks));
    }
    std::string text = s.label() + ": zeta_D/zeta_C = " + pm(r, se) + " over T/T0 = 1.." +
                       format_value(res["whole_range"]["T_lo"].get<double>()) + " (gas, " +
                       std::to_string(w["seeds_used"].get<std::size_t>()) + " paired seeds";
    if (std::isfinite(kr)) text += "; kinetic prediction " + pm(kr, ks);
    text += "): " + verdict + ".";
    return text;
  }

  static void draw(const StudyContext& ctx, const std::vector<CoolingSet>& sets, const json& results, bool gas,
                   bool kinetic, bool mechanism, bool rotation, double T_end) {
    const auto lc = [](std::size_t k) { return " lc rgb '" + curve_color(k) + "'"; };
    std::string xr = "set xrange [" + format_value(0.8 * T_end) + ":1.25]\nset xtics (";
    for (double t : {1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0})
      if (t >= 0.8 * T_end) xr += (xr.back() == '(' ? "" : ", ") + format_value(t);
    xr += ")";
    // The ratio against T, per set: gas bins (points, error bars over the bin), kinetic prediction (line and band).
    if (gas || kinetic) {
      Figure f{"", 1, 1, 1100, 750, {}, {}};
      Panel& p = f.panel("D-SDS over C-SDS cooling rate at equal temperature (gas: paired seeds, +-1 stderr; "
                         "line and band: kinetic prediction +-2 stderr)",
                         "translational temperature T_tr/T0 [1]", "zeta_D / zeta_C [1]");
      p.logx = true;
      p.set(xr).set("set key outside bottom center horizontal maxrows 3 font ',9'");
      p.set("set object 1 rect from graph 0, graph 0 to graph 1, first 1 fc rgb '#f2e6e6' fs solid 1.0 noborder behind");
      p.set("set label 1 \"the paper's claim: zeta_D < zeta_C (the D-SDS cools slower)\" at graph 0.02, graph 0.05 "
            "tc rgb '#a04040'");
      for (std::size_t k = 0; k < sets.size(); ++k) {
        const std::string sel = fmt::format("($1 == {} ? ", k);
        if (kinetic) {
          p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "($3-2*$4):($3+2*$4)", "",
                          "filledcurves fs transparent solid 0.2 noborder" + lc(k)));
          p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "3", sets[k].label() + " (kinetic)",
                          "lines lw 2" + lc(k)));
        }
        // the sets' points side by side within a bin (a few percent in T), so that their error bars do not hide
        const double shift = std::pow(1.06, static_cast<double>(k) - 0.5 * static_cast<double>(sets.size() - 1));
        if (gas)  // x:y:xlow:xhigh:ylow:yhigh, the bin and +-1 stderr
          p.add(Curve::of("dsds_cooling_ratio.csv", sel + fmt::format("$4 * {} : 1/0)", shift),
                          "($5 > 0 ? $5 : 1/0):3:2:($5 - ($6 > 0 ? $6 : 0)):($5 + ($6 > 0 ? $6 : 0))",
                          sets[k].label() + " (gas)", "xyerrorbars pt 7 ps 1.2" + lc(k)));
      }
      p.add(Curve::fn("1", "", "lines lc rgb 'black' lw 1"));
      render_figure(ctx.out_dir / "dsds_cooling_ratio.png", f, ctx.log);
    }
    if (rotation || kinetic) {
      Figure f{"", 1, 1, 1000, 650, {}, {}};
      Panel& p = f.panel("Rotational over translational temperature (gas: points at the bin edges; kinetic: lines)",
                         "translational temperature T_tr/T0 [1]", "T_rot / T_tr [1]");
      p.logx = true;
      p.set(xr).set("set key outside bottom center horizontal maxrows 4 font ',9'");
      for (std::size_t k = 0; k < sets.size(); ++k) {
        const std::string sel = fmt::format("($1 == {} ? ", k);
        if (kinetic) {
          p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "7", sets[k].label() + " C-SDS", "lines lw 2" + lc(k)));
          p.add(Curve::of("dsds_cooling_kinetic.csv", sel + "$2 : 1/0)", "8", "D-SDS", "lines dt 2 lw 2" + lc(k)));
        }
        if (rotation) {
          p.add(Curve::of("dsds_cooling_rotation.csv", sel + "$2 : 1/0)", "3", "", "points pt 6" + lc(k)));
          p.add(Curve::of("dsds_cooling_rotation.csv", sel + "$2 : 1/0)", "4", "", "points pt 2" + lc(k)));
        }
      }
      render_figure(ctx.out_dir / "dsds_cooling_rotation.png", f, ctx.log);
    }
    if (mechanism)
      for (std::size_t k = 0; k < sets.size(); ++k) {
        Figure f{"Binary collisions, " + sets[k].label() + " (v_n = sqrt(pi T/m); E = m* (v_n^2 + v_t^2)/2)", 2, 1, 1000, 1000, {}, {}};
        f.multiplot = true;
        Panel& a = f.panel("D-SDS: energy created and dissipated again, dt -> 0 (lines: v_t from the centres' motion; "
                           "points: from spins)",
                           "impact angle psi, tan psi = v_t/v_n at the contact point [deg]", "energy per collision / E [1]");
        a.set("set key top left font ',9'").set("set xrange [0:90]");
        const std::string base = fmt::format("(($1 == {}) && ($2 == 1) && ", k);
        const auto sel = [&](int kind) { return base + fmt::format("($3 == {}) ? $4 : 1/0)", kind); };
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "7", "created at the onset step", "lines lw 2 lc rgb '#1f77b4'"));
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "8", "created in all", "lines lw 2 lc rgb '#d62728'"));
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "9", "extra dissipation D_t(D) - D_t(C)", "lines dt 2 lw 2 lc rgb '#2ca02c'"));
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(1), "8", "", "points pt 7 ps 0.7 lc rgb '#d62728'"));
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(1), "9", "", "points pt 6 ps 0.9 lc rgb '#2ca02c'"));
        a.add(Curve::of("dsds_cooling_mechanism.csv", sel(0), "6", "eq. 11 closed form at the onset (dt -> 0)",
                        "points pt 4 ps 1.3 lw 1.5 lc rgb 'black'"));
        Panel& b = f.panel("Net: what the D-SDS leaves in the pair beyond the C-SDS, over the C-SDS's loss "
                           "(> 0: the D-SDS cools slower, the paper's claim)",
                           "impact angle psi [deg]", "(dK_D - dK_C) / |dK_C| [%]");
        b.set("set key bottom left font ',9'").set("set xrange [0:90]");
        const std::string any = fmt::format("(($1 == {}) && ", k);
        const auto level = [&](double tt, int kind) {
          return any + fmt::format("(abs($2 - {}) < 1e-9) && ($3 == {}) ? $4 : 1/0)", format_value(tt), kind);
        };
        b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 0), "11", "dt -> 0, T0", "lines lw 2 lc rgb '#d62728'"));
        b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 0), "14", "gas dt, T0 (onset phases averaged)",
                        "lines dt 2 lw 2 lc rgb '#1f77b4'"));
        b.add(Curve::of("dsds_cooling_mechanism.csv", level(1, 1), "11", "dt -> 0, T0, v_t from spins", "points pt 7 ps 0.7 lc rgb '#d62728'"));
        if (sets[k].normal == "hertz")
          b.add(Curve::of("dsds_cooling_mechanism.csv", level(T_end, 0), "11", "dt -> 0, T = T_end", "lines lw 2 lc rgb '#2ca02c'"));
        b.add(Curve::fn("0", "", "lines lc rgb 'black' lw 1"));
        render_figure(ctx.out_dir / ("dsds_cooling_mechanism_" + std::to_string(k) + ".png"), f, ctx.log);
      }
    (void)results;
  }
};

}  // namespace

std::unique_ptr<Study> make_dsds_cooling_study() { return std::make_unique<DsdsCoolingStudy>(); }

}  // namespace stickslip
