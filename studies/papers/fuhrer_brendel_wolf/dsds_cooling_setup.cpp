// studies/papers/fuhrer_brendel_wolf/dsds_cooling_setup.cpp — see dsds_cooling_setup.hpp.
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_setup.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/errors.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "solvers/lammps_run.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp"

namespace stickslip {

DsdsCoolingSetup dsds_cooling_setup(const Parameters& prm) {
  DsdsCoolingSetup d;
  GasConfig& g = d.g;
  const auto normals = prm.choice_list("normal", normal_law_names(normal_spheres));
  const auto dampings = prm.choice_list("tangential_damping", {"constant", "normal"});
  const auto list_in = [&](const char* key, double lo, double hi) {
    std::vector<double> v = prm.real_list(key);
    if (v.empty()) throw_input(key, prm.raw(key), "give at least one value");
    for (double x : v)
      if (!(x >= lo && x <= hi))
        throw_input(key, prm.raw(key), "every value must lie in [" + format_value(lo) + ", " + format_value(hi) + "]");
    return v;
  };
  if (normals.empty()) throw_input("normal", prm.raw("normal"), "at least one of " + join(normal_law_names(normal_spheres)));
  if (dampings.empty()) throw_input("tangential_damping", prm.raw("tangential_damping"), "constant and/or normal");
  const auto gammas = list_in("gamma_t_ratio", 0, 100);
  const auto kts = list_in("kt_ratio", 1e-3, 100);
  const auto mus = list_in("mu", 0, 100);
  const auto es = list_in("restitution", 0.05, 0.999);
  const std::string csds_update = prm.choice("csds_update", {"implicit", "explicit"});
  const GasStart start = read_gas_spec(prm, 50, 10000000, 1e-3, g);
  d.rot_ratio = start.rot_ratio;
  const double kn = prm.in_range("kn", 1e-6, 1e15);
  const double young = prm.in_range("E", 1, 1e15), poisson = prm.in_range("nu", 0, 0.49);
  d.seeds = prm.integer("seeds", 0, 1000000), d.seed0 = prm.integer("seed", 1, 1000000000000L);
  const double dt_fraction = prm.in_range("dt_fraction", 5, 1e5);
  const double T_end = d.T_end = prm.in_range("T_end", 1e-4, 0.9);
  d.bins = static_cast<int>(prm.integer("bins", 1, 100));
  const double cluster_factor = d.cluster_factor = prm.in_range("cluster_factor", 1.0, 1e6);
  g.skin = prm.in_range("skin", 0.01, 5) * g.spec.radius;
  d.draws = prm.integer("draws", 0, 100000000);
  d.batches = static_cast<int>(prm.integer("batches", 2, 1000));
  d.dt_levels = static_cast<int>(prm.integer("dt_levels", 1, 12));
  d.angles = static_cast<int>(prm.integer("angles", 0, 10000));
  d.lammps = prm.choice("lammps", {"auto", "off"});
  d.lammps_seeds = prm.integer("lammps_seeds", 0, 1000000);
  d.ref_factor = prm.in_range("reference_dt_factor", 1, 1000);
  d.precision = prm.in_range("precision", 1e-6, 1);
  d.jobs = static_cast<int>(prm.integer("jobs", 1, 256));
  if (d.draws > 0 && d.draws < d.batches) throw_input("draws", prm.raw("draws"), "at least one per batch (>= batches) or 0");

  const double m = g.spec.mass(), sigma = 2 * g.spec.radius;
  g.threads = 1;
  g.vt_bin_max = 12 * start.v_thermal;  // the onset records' v_t bins (granular-gas's)
  require_box_fits(prm, g);
  const double T0 = g.spec.t0, nd = g.spec.number_density();

  // ---- parameter sets ----
  std::vector<CoolingSet>& sets = d.sets;
  std::set<std::string> seen;
  for_each_product(
      [&](const std::string& normal, const std::string& damping, double gt, double kr, double mu, double e) {
        CoolingSet s;
        s.normal = normal;
        classify_normal(s);
        s.damping = s.dashpot_varies ? damping : "constant";  // a constant normal dashpot: the two are the same
        s.csds_update = csds_update;
        s.gamma_t_ratio = gt, s.kt_ratio = kr, s.mu = mu, s.restitution = e;
        s.r = g.spec.radius, s.m = m, s.young = young, s.poisson = poisson, s.kn_linear = kn;
        if (seen.insert(s.label()).second) sets.push_back(s);
      },
      normals, dampings, gammas, kts, mus, es);
  for (CoolingSet& s : sets) {
    resolve_cooling_set(s, T0, dt_fraction);
    if (s.csds_update == "explicit") {
      if (s.dashpot_follows_normal())
        throw_input("csds_update", prm.raw("csds_update"),
                    "explicit is unstable with tangential_damping=normal and normal=" + s.normal +
                        " (the dashpot vanishes at first touch); use implicit");
      if (!(s.kt * s.dt < s.gamma_t * 0.5 * s.m))
        throw_input("gamma_t_ratio", format_value(s.gamma_t_ratio),
                    "the explicit C-SDS needs k_t dt < gamma_t m* (here k_t dt/(gamma_t m*) = " +
                        format_value(s.kt * s.dt / (s.gamma_t * 0.5 * s.m)) +
                        "): a larger gamma_t_ratio, a larger dt_fraction, or csds_update=implicit");
    }
  }

  // ---- the gas's time scales ----
  d.t_free0 = 1 / enskog_collision_frequency(nd, sigma, g.spec.phi, T0, m);
  d.tau_kt_min = [&] {
    double tau = INFINITY;
    for (const CoolingSet& s : sets) tau = std::min(tau, haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m));
    return tau;
  }();
  d.edges = cooling_edges(T_end, d.bins);
  // The density index of a homogeneous gas scatters by ~sqrt(2/(cells - 1)) (cells: gas_homogeneity's grid of ~20
  // spheres each): its limit is cluster_factor S_CS(0), raised to 5 such standard deviations above S_CS(0) where the
  // grid is coarse (small gases: N = 1000 has 64 cells, scatter 18 %), so that sampling noise does not end it.
  const double cells = std::pow(static_cast<double>(std::max(2L, std::lround(std::cbrt(static_cast<double>(g.spec.n) / 20)))), 3);
  d.density_limit =
      std::max(cluster_factor, 1 + 5 * std::sqrt(2 / (cells - 1))) * carnahan_starling_s0(g.spec.phi);
  d.have_lmp = d.lammps == "auto" && d.lammps_seeds > 0 && d.seeds > 0 && on_path("lmp");
  for (const CoolingSet& s : sets) {
    // Haff's frictionless time to T_end, x 1.5 (friction only cools faster).
    const double tau = haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m);
    d.planned_steps = std::max(d.planned_steps, 1.5 * tau * (1 / std::sqrt(T_end) - 1) / s.dt);
  }
  d.lammps_seeds_run = d.have_lmp ? std::min(d.lammps_seeds, d.seeds) : 0;
  return d;
}

GasConfig cooling_set_gas(const DsdsCoolingSetup& d, const CoolingSet& s, const std::string& key) {
  const GasConfig& g = d.g;
  const double m = g.spec.mass(), sigma = 2 * g.spec.radius, T0 = g.spec.t0, nd = g.spec.number_density();
  GasConfig gs = g;
  gs.normal = s.normal, gs.kn = s.kn, gs.gamma_n = s.gamma_n, gs.young = s.young, gs.poisson = s.poisson;
  gs.restitution_target = s.restitution, gs.kt = s.kt, gs.gamma_t = s.gamma_t, gs.mu = s.mu;
  gs.dt = s.dt;
  const double tau = haff_tau(s.restitution, nd, sigma, g.spec.phi, T0, m);
  gs.steps = std::max(10L, std::lround(1.5 * tau * (1 / std::sqrt(d.T_end) - 1) / s.dt));
  gs.sample_every = std::max(1L, std::lround(0.15 * d.t_free0 / s.dt));
  gs.stop_temperature = 0.98 * d.T_end * T0;
  gs.stop_density_index = d.density_limit, gs.stop_velocity_index = d.cluster_factor;
  gs.stop_persist_collisions = 2.5 * static_cast<double>(g.spec.n);  // 5 collisions per sphere
  gs.tag_prefix = key + "_";
  return gs;
}

}  // namespace stickslip
