// studies/papers/fuhrer_brendel_wolf/granular_gas_setup.cpp — see granular_gas_setup.hpp.
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_setup.hpp"

#include <sys/sysinfo.h>

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "solvers/particles/binary_impact.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/hard_sphere_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "solvers/lammps_run.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp"

namespace stickslip {

namespace {
constexpr double kBytesPerParticle = 1500;  // engine + placement + sampling, generous (measured ~600)
}  // namespace

GranularGasSetup granular_gas_setup(const Parameters& prm) {
  GranularGasSetup s;
  GasConfig& g = s.g;
  g.law_values = engine_law_values(prm, "laws");
  const double vth = read_gas_spec(prm, 2, 100000000, 1e-4, g).v_thermal;
  s.laws = prm.choice_list("laws", particle_law_names());
  g.normal = prm.choice("normal", normal_law_names(normal_spheres));
  g.restitution_target = prm.in_range("restitution", 0.05, 0.999);
  g.kn = prm.in_range("kn", 1e-6, 1e15);
  g.young = prm.in_range("E", 1, 1e15);
  g.poisson = prm.in_range("nu", 0.0, 0.49);
  g.kt = prm.in_range("kt_ratio", 1e-6, 1e3) * g.kn;
  const double gt_ratio = prm.in_range("gamma_t_ratio", 1e-6, 1e3);
  g.mu = prm.in_range("mu", 0, 100);
  const std::vector<double> seed_list = prm.positive_list("seeds");
  for (double seed : seed_list) {
    if (seed != std::floor(seed) || seed > 1e15) throw_input("seeds", prm.raw("seeds"), "positive integers");
    s.seeds.push_back(static_cast<std::uint64_t>(seed));
  }
  s.dt_fraction = prm.in_range("dt_fraction", 5, 1e5);
  const double t_end_tau = prm.in_range("t_end_tau", 1e-3, 1e3);
  const long samples = prm.integer("samples", 10, 100000);
  s.fit_start = prm.in_range("fit_start", 0, 1e6);
  s.cluster_factor = prm.in_range("cluster_factor", 1.0, 1e6);
  g.skin = prm.in_range("skin", 0.01, 5) * g.spec.radius;
  g.threads = static_cast<int>(prm.integer("threads", 1, 64));
  s.lammps = prm.choice("lammps", {"auto", "off"});
  const std::string hard_spheres = prm.choice("hard_spheres", {"auto", "on", "off"});
  g.dump_every = prm.integer("dump_every", 0, 1000000000);
  if (s.laws.empty()) throw_input("laws", prm.raw("laws"), "at least one of " + particle_law_list());
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
  const double nd = g.spec.number_density();
  require_box_fits(prm, g);

  // Normal law (the registry's, from the material), its contact time and restitution at the typical impact speed (a
  // resolved head-on impact, solvers/particles/binary_impact.hpp), dt. The tangential dashpot scale
  // gamma_n is the linear law's at k_n and e, whichever normal law runs.
  g.gamma_n = LinearSpringDashpot::from_material(g.material(m_star)).gamma_n;
  g.gamma_t = gt_ratio * g.gamma_n;
  const double v_impact = std::sqrt(M_PI * g.spec.t0 / m);
  with_sphere_normal_law("normal", g.normal, g.material(m_star), [&](const auto& normal) {
    const BinaryImpact fine = resolved_impact(normal, r, m, v_impact);
    s.contact_time = fine.contact_time;
    s.restitution_continuous = fine.restitution;
    g.dt = s.contact_time / s.dt_fraction;
    s.restitution_measured = binary_impact(normal, r, m, v_impact, g.dt).restitution;
    s.lammps_coeff = lammps_dsds_coeff(normal, Dsds{g.kt, g.gamma_t, g.mu});
  });
  s.tau_kt = haff_tau(s.restitution_measured, nd, sigma, g.spec.phi, g.spec.t0, m);
  s.t_free0 = 1 / enskog_collision_frequency(nd, sigma, g.spec.phi, g.spec.t0, m);
  const double t_end = t_end_tau * s.tau_kt;
  // t_end_tau tau_KT / dt grows without bound as e -> 1 (tau_KT ~ 1/(1 - e^2)): refused past the shared limit.
  require_count("t_end_tau", prm.raw("t_end_tau"), step_count(t_end, g.dt), kMaxSteps,
                "t_end_tau tau_KT / dt = " + format_value(t_end) + " / " + format_value(g.dt) + " s", "steps per run",
                "lower t_end_tau or dt_fraction, or a less elastic contact");
  g.steps = std::max(1L, std::lround(t_end / g.dt));
  g.sample_every = std::max(1L, g.steps / samples);
  g.vt_bin_max = 12 * vth;

  const auto has = [&](const char* law) { return std::find(s.laws.begin(), s.laws.end(), law) != s.laws.end(); };
  s.want_lammps = s.lammps == "auto" && !s.lammps_coeff.empty() && has("dsds");
  s.have_lmp = s.want_lammps && on_path("lmp");
  s.want_hard_spheres = has("none") && (hard_spheres == "on" || (hard_spheres == "auto" && g.spec.n <= 3000));
  if (s.want_hard_spheres && !(g.spec.phi < HardSphereGas::max_packing(static_cast<std::size_t>(g.spec.n))))
    throw_input("phi", prm.raw("phi"),
                "the hard-sphere reference needs a box longer than two diameters: phi < n pi/48 = " +
                    format_value(HardSphereGas::max_packing(static_cast<std::size_t>(g.spec.n))) +
                    " for n = " + std::to_string(g.spec.n) + " (or hard_spheres=off)");
  return s;
}

}  // namespace stickslip
