// studies/papers/fuhrer_brendel_wolf/particle_gas_runs.cpp — see particle_gas_runs.hpp.
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"

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
#include "models/particles/engine_laws.hpp"
#include "models/contact/normal_registry.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "solvers/lammps_run.hpp"
#include "studies/experiment/output.hpp"
#include "solvers/particles/particle_dumps.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp"
#include "studies/experiment/particle_ledger.hpp"

namespace stickslip {

using nlohmann::json;

namespace {

template <class Normal>
json run_law(const GasConfig& g, const Normal& normal, const std::string& law, std::uint64_t seed, bool scatter,
             const StudyContext& ctx) {
  return with_tangential_law(law, {g.kt, g.gamma_t, g.mu, g.young, g.poisson, g.law_values}, [&](const auto& tangential) {
    return run_gas_with(g, normal, tangential, law, seed, scatter, ctx);
  });
}

}  // namespace

json run_gas(const GasConfig& g, const std::string& law, std::uint64_t seed, bool scatter, const StudyContext& ctx) {
  return with_sphere_normal_law("normal", g.normal, g.material(0.5 * g.spec.mass()), [&](const auto& normal) {
    return run_law(g, normal, law, seed, scatter, ctx);
  });
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

json run_gas_lammps(const GasConfig& g, std::uint64_t seed, const StudyContext& ctx, const LammpsGasRun& run) {
  const auto wall0 = std::chrono::steady_clock::now();
  Boundaries b;
  GasSpec spec = g.spec;
  spec.seed = seed;
  const GranularState s = make_granular_gas(spec, b);
  const std::filesystem::path dir = ctx.out_dir / run.folder;
  std::filesystem::create_directories(dir);
  write_lammps_data(dir / "data.lmp", "stickslip granular-gas seed " + std::to_string(seed), s.bodies, b.box.lo, b.box.hi);
  const long steps = run.steps > 0 ? run.steps : g.steps;
  {
    OutputFile in(dir / "in.lmp");
    char dt[40], skin[40];
    std::snprintf(dt, sizeof dt, "%.17g", g.dt);
    std::snprintf(skin, sizeof skin, "%.17g", g.skin);
    const std::string& style = run.pair_style;
    const std::string& coeff = run.pair_coeff;
    in << "# stickslip granular gas, seed " << seed << ": " << style << " " << coeff << "\n"
       << "units si\natom_style sphere\ndimension 3\nboundary p p p\ncomm_modify vel yes\nnewton off\n"
       << "read_data data.lmp\npair_style " << style << "\n"
       << "pair_coeff * * " << coeff << "\n"
       << "neighbor " << skin << " bin\nneigh_modify delay 0 every 1 check yes\nfix 1 all nve/sphere\n"
       << "compute ke all ke\ncompute rot all erotate/sphere\n"
       << "thermo_style custom step time c_ke c_rot\nthermo_modify norm no format float %.12g\n"
       << "thermo " << g.sample_every << "\ntimestep " << dt << "\nrun " << steps << "\n";
    in.commit();
  }
  ctx.log << "granular-gas: running lmp on " << (dir / "in.lmp").string() << " (" << steps << " steps)\n";
  std::string lmp_said;
  const int status = run_lmp(dir, lmp_said);
  const ThermoTable t = lammps_thermo(slurp((dir / "log.lmp").string()));
  const int ct = t.column("Time"), ck = t.column("c_ke"), cr = t.column("c_rot");
  if (status != 0 || ct < 0 || ck < 0 || cr < 0 || t.rows.empty())
    throw SolverError("granular-gas: lmp failed (exit status " + std::to_string(status) + ")" +
                      (lmp_said.empty() ? "" : ": " + lmp_said) + "; see " + (dir / "lmp.out").string() + " and " +
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
