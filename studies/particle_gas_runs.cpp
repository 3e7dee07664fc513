// studies/particle_gas_runs.cpp — see particle_gas_runs.hpp.
#include "studies/particle_gas_runs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/collision_log.hpp"
#include "models/particles/hard_sphere_gas.hpp"
#include "models/particles/law_registry.hpp"
#include "models/particles/normal_laws.hpp"
#include "models/particles/velocity_verlet.hpp"
#include "studies/lammps_files.hpp"
#include "studies/lammps_run.hpp"
#include "studies/output.hpp"
#include "studies/particle_dumps.hpp"
#include "studies/particle_ledger.hpp"

namespace stickslip {

using nlohmann::json;

namespace {

template <class Normal, class Tangential>
json run_gas_with(const GasConfig& g, const Normal& normal, const Tangential& tangential, const std::string& law,
             std::uint64_t seed, bool scatter, const StudyContext& ctx) {
  const auto wall0 = std::chrono::steady_clock::now();
  CollisionLog log;
  ParticleEngine<Normal, OnsetRecording<Tangential>> e;
  e.normal = normal;
  e.tangential = OnsetRecording<Tangential>(tangential, &log);
  e.skin = g.skin;
  e.threads = g.threads;
  GasSpec spec = g.spec;
  spec.seed = seed;
  GranularState s = make_granular_gas(spec, e.boundaries);
  const std::size_t n = s.bodies.size();
  ParticleLedger ledger;
  verlet_setup(e, s, &ledger);
  const std::string tag = law + "_s" + std::to_string(seed);

  ParticleDumps dumps(g.dump_every, ctx.out_dir / "dumps", "gas_" + tag);
  dumps.write(0, e, s);

  std::vector<double> ts, ttr, trot, dens, velc, coll;
  auto sample = [&] {
    const GasTemperatures t = gas_temperatures(s.bodies);
    const Homogeneity h = gas_homogeneity(s.bodies, e.boundaries.box);
    if (!std::isfinite(t.translational) || !std::isfinite(t.rotational))
      throw SolverError("granular-gas[" + tag + "]: non-finite temperature at t = " + format_value(s.t));
    ts.push_back(s.t);
    ttr.push_back(t.translational);
    trot.push_back(t.rotational);
    dens.push_back(h.density_index);
    velc.push_back(h.velocity_index);
    coll.push_back(static_cast<double>(log.onsets.size()));
  };
  sample();
  VerletStats st;
  const long report = std::max(1L, g.steps / 10);
  for (long k = 1; k <= g.steps; ++k) {
    check_interrupt();
    log.t = s.t;
    verlet_step(e, s, g.dt, st, &ledger);
    if (k % g.sample_every == 0 || k == g.steps) sample();
    dumps.write(k, e, s);
    if (k % report == 0)
      ctx.log << "granular-gas[" << tag << "]: step " << k << "/" << g.steps << ", T_tr/T0 = " << ttr.back() / ttr.front()
              << ", collisions " << log.onsets.size() << "\n";
  }
  dumps.close();
  log.sort();

  // Collision onsets: energy created against v_t, with the D-SDS closed form (dt -> 0).
  const double fn0_per_mv = g.normal == "linear" ? g.gamma_n : 0.0;
  std::vector<double> bin_count(g.vt_bins, 0), bin_created(g.vt_bins, 0), bin_e11(g.vt_bins, 0);
  double created_total = 0, e11_total = 0;
  for (const CollisionOnset& c : log.onsets) {
    const double e11 = dsds_onset_energy(g.kt, g.gamma_t, g.mu, c.m_star, c.vt, fn0_per_mv * c.m_star * c.vn);
    created_total += c.created, e11_total += e11;
    const int b = std::min(g.vt_bins - 1, static_cast<int>(c.vt / g.vt_bin_max * g.vt_bins));
    bin_count[b] += 1, bin_created[b] += c.created, bin_e11[b] += e11;
  }
  json bins = json::array();
  for (int b = 0; b < g.vt_bins; ++b)
    bins.push_back({{"vt_lo", g.vt_bin_max * b / g.vt_bins},
                    {"vt_hi", b + 1 == g.vt_bins ? json_number(INFINITY) : json(g.vt_bin_max * (b + 1) / g.vt_bins)},
                    {"count", bin_count[b]},
                    {"created_mean", json_number(bin_count[b] > 0 ? bin_created[b] / bin_count[b] : NAN)},
                    {"eq11_mean", json_number(bin_count[b] > 0 ? bin_e11[b] / bin_count[b] : NAN)}});
  if (scatter && !log.onsets.empty()) {
    CsvWriter csv(ctx.out_dir / ("gas_onsets_" + tag + ".csv"),
                  {"t [s]", "v_n [m/s]", "v_t [m/s]", "m_star [kg]", "f_n [N]", "created [J]", "eq11 dt->0 [J]"});
    const std::size_t stride = std::max<std::size_t>(1, log.onsets.size() / static_cast<std::size_t>(g.scatter_max));
    for (std::size_t q = 0; q < log.onsets.size(); q += stride) {
      const CollisionOnset& c = log.onsets[q];
      csv.row({c.t, c.vn, c.vt, c.m_star, c.fn, c.created,
               dsds_onset_energy(g.kt, g.gamma_t, g.mu, c.m_star, c.vt, fn0_per_mv * c.m_star * c.vn)});
    }
    csv.close();
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  ctx.log << "granular-gas[" << tag << "]: done in " << wall << " s, " << log.onsets.size() << " collisions, T_tr/T0 = "
          << ttr.back() / ttr.front() << "\n";
  return {{"law", law},
          {"seed", seed},
          {"particles", n},
          {"steps", st.steps},
          {"rebuilds", st.rebuilds},
          {"wall_seconds", json_number(wall)},
          {"t", ts},
          {"T_tr", ttr},
          {"T_rot", trot},
          {"density_index", dens},
          {"velocity_index", velc},
          {"collisions", coll},
          {"onsets", {{"count", log.onsets.size()},
                      {"created_total", json_number(created_total)},
                      {"eq11_total", json_number(e11_total)},
                      {"bins", bins}}},
          {"ledger", ledger_json(ledger)}};
}

template <class Normal>
json run_law(const GasConfig& g, const Normal& normal, const std::string& law, std::uint64_t seed, bool scatter,
             const StudyContext& ctx) {
  return with_tangential_law(law, {g.kt, g.gamma_t, g.mu, g.young, g.poisson}, [&](const auto& tangential) {
    return run_gas_with(g, normal, tangential, law, seed, scatter, ctx);
  });
}

}  // namespace

json run_gas(const GasConfig& g, const std::string& law, std::uint64_t seed, bool scatter, const StudyContext& ctx) {
  if (g.normal == "linear") return run_law(g, LinearSpringDashpot{g.kn, g.gamma_n}, law, seed, scatter, ctx);
  return run_law(g, HertzDamped::material(g.young, g.poisson, xi_from_restitution(g.restitution_target)), law, seed,
                 scatter, ctx);
}

// The hard-sphere limit of the frictionless run of one seed: the same initial state through event-driven hard spheres
// (models/particles/hard_sphere_gas.hpp) at the restitution e, T_tr sampled at the engine row's times.
json run_gas_hard_spheres(const GasConfig& g, std::uint64_t seed, double e, const std::vector<double>& times) {
  const auto wall0 = std::chrono::steady_clock::now();
  GasSpec spec = g.spec;
  spec.seed = seed;
  Boundaries b;
  const GranularState s = make_granular_gas(spec, b);
  HardSphereGas h(s.bodies, b.box, e);
  std::vector<double> ts, ttr;
  auto sample = [&](double t) {
    ts.push_back(t);
    ttr.push_back(h.translational_temperature());
  };
  if (!times.empty() && times.front() <= 0) sample(0.0);
  std::string failed;
  try {
    h.run(times.back(), times, sample);
  } catch (const SolverError& err) {  // inelastic collapse: the samples before it are kept, the comparison uses them
    failed = err.what();
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  json row{{"t", ts}, {"T_tr", ttr}, {"collisions", h.stats().collisions}, {"wall_seconds", json_number(wall)}};
  if (!failed.empty()) row["failed"] = failed;
  return row;
}

json run_gas_lammps(const GasConfig& g, std::uint64_t seed, const StudyContext& ctx) {
  const auto wall0 = std::chrono::steady_clock::now();
  Boundaries b;
  GasSpec spec = g.spec;
  spec.seed = seed;
  const GranularState s = make_granular_gas(spec, b);
  const std::filesystem::path dir = ctx.out_dir / "lammps";
  std::filesystem::create_directories(dir);
  write_lammps_data(dir / "data.lmp", "stickslip granular-gas seed " + std::to_string(seed), s.bodies, b.box.lo, b.box.hi);
  {
    OutputFile in(dir / "in.lmp");
    char dt[40], skin[40];
    std::snprintf(dt, sizeof dt, "%.17g", g.dt);
    std::snprintf(skin, sizeof skin, "%.17g", g.skin);
    in << "# stickslip granular-gas: the dsds run of seed " << seed << " (linear spring-dashpot + D-SDS)\n"
       << "units si\natom_style sphere\ndimension 3\nboundary p p p\ncomm_modify vel yes\nnewton off\n"
       << "read_data data.lmp\npair_style granular\n"
       << "pair_coeff * * " << lammps_hooke_dsds(g.kn, g.gamma_n, g.kt, g.gamma_t, g.mu) << "\n"
       << "neighbor " << skin << " bin\nneigh_modify delay 0 every 1 check yes\nfix 1 all nve/sphere\n"
       << "compute ke all ke\ncompute rot all erotate/sphere\n"
       << "thermo_style custom step time c_ke c_rot\nthermo_modify norm no format float %.12g\n"
       << "thermo " << g.sample_every << "\ntimestep " << dt << "\nrun " << g.steps << "\n";
    in.commit();
  }
  ctx.log << "granular-gas: running lmp on " << (dir / "in.lmp").string() << " (" << g.steps << " steps)\n";
  int status = 0;
  capture("cd '" + dir.string() + "' && OMP_NUM_THREADS=1 lmp -in in.lmp -log log.lmp -screen none > lmp.out 2>&1",
          status);
  const ThermoTable t = lammps_thermo(slurp((dir / "log.lmp").string()));
  const int ct = t.column("Time"), ck = t.column("c_ke"), cr = t.column("c_rot");
  if (status != 0 || ct < 0 || ck < 0 || cr < 0 || t.rows.empty())
    throw SolverError("granular-gas: lmp failed (exit status " + std::to_string(status) + "), see " +
                      (dir / "log.lmp").string());
  std::vector<double> ts, ttr, trot;
  const double dof = 3.0 * static_cast<double>(s.bodies.size());
  for (const auto& row : t.rows) {
    ts.push_back(row[static_cast<std::size_t>(ct)]);
    ttr.push_back(2 * row[static_cast<std::size_t>(ck)] / dof);
    trot.push_back(2 * row[static_cast<std::size_t>(cr)] / dof);
  }
  double loop = 0, cpu = 1, pn = 0;
  lammps_loop(slurp((dir / "log.lmp").string()), loop, cpu, pn);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  return {{"t", ts}, {"T_tr", ttr}, {"T_rot", trot}, {"loop_seconds", json_number(loop)}, {"wall_seconds", json_number(wall)}};
}


}  // namespace stickslip
