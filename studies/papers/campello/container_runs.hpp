// studies/papers/campello/container_runs.hpp — one pour of the container study (seed 004 example 5.3,
// studies/papers/campello/container_study.cpp): the scene of models/particles/container_scene.hpp (placement, walls,
// gravity) with Hertz contact and the damping of eq. 19-23 on the particle engine under one of two integrators:
//   integrator=verlet (default): (models/particles/: velocity Verlet, HertzDamped normal law,
//     any tangential law by --set tangential=none|csds|dsds|cundall-strack|mindlin, each with mu against particles
//     and mu_wall against the container, models/particles/wall_friction.hpp), dt = t_c/100 (eq. 50 at the impact
//     speed; at t_c/50 the final contact count of the rotating pour was 3 % below the trapezoid's, 2.8 standard
//     errors over 16 seeds, at t_c/100 every packing statistic agrees within 1), drag (eq. 15) as its exact decay
//     v <- v exp(-c h/m) over half steps around each Verlet step (Strang splitting, second order); the energy ledger
//     (models/particles/energy.hpp) with the drag's dissipation, and --set dump_every=k LAMMPS text dumps
//     (solvers/particles/particle_dumps.hpp).
//   integrator=trapezoid: the generalized trapezoidal rule of seed 004 (Algorithm 1, eq. 40-49) on the same engine
//     (solvers/particles/particle_trapezoid.hpp: fixed-point sweeps, step rejection), every law with a trapezoid form
//     (not coulomb), dt = t_c/20, the same drag splitting and energy ledger.
// State: positions, velocities, spins of the spheres (I = 2/5 m r^2) in the plane z = 0; contact springs per
// candidate pair. A pour runs until t_end or until at rest (total kinetic energy below rest_ratio times its peak for
// rest_hold) and reports: peak kinetic energy, the time to rest, iteration counts, the energy ledger and the final
// packing (models/particles/container_packing.hpp). Files: container_ke_<tag>.csv (kinetic energies, contacts,
// out-of-plane error every `sample`) and, for the pours that draw figures, container_snap_<tag>_<t>.csv at the snapshot
// times and the final time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/parameters.hpp"
#include "core/trapezoid_options.hpp"
#include "models/contact/registry.hpp"
#include "models/contact/law.hpp"
#include "models/particles/container_scene.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

// Everything one pour needs besides its placement.
struct ContainerPourConfig {
  std::string integrator, tangential;  // verlet or trapezoid; a law of models/particles/engine_laws.hpp
  Scheme scheme = Scheme::verlet;      // the integrator: verlet or trapezoid (solvers/particles/engine_drivers.hpp)
  TrapezoidOptions topt;  // trapezoid; topt.dt is the step of both integrators
  double young = 0, poisson = 0, xi = 0, mu = 0, mu_wall = 0, drag = 0;
  double kt = 0, gamma_t = 0;  // csds, dsds, cundall-strack (N/m, 1/s per effective mass)
  LawValues law_values;        // the engine laws' other parameters (models/particles/engine_laws.hpp)
  double skin = 0;
  int threads = 1;
  long dump_every = 0;
  double t_end = 0, rest_ratio = 0, rest_hold = 0, sample = 0;
  std::vector<double> snaps;
};

// The settings of the study's parameters that do not depend on the scene, validated (InputError names the key):
// integrator, tangential law (and the other engine laws' values), trapezoid options (phi, tol, max_iterations,
// threads), t_end, rest_ratio, rest_hold, sample, snapshots (sorted), dump_every. The caller sets the material,
// friction, drag, kt, gamma_t, skin and topt.dt from the scene.
ContainerPourConfig container_run_settings(const Parameters& prm);

// "0.25": snapshot times in file names, titles and the log.
std::string container_time(double t);

// The tag of the pour of placement seed seeds[k] with or without rotations: rot, norot (the first seed), rot_s<seed>,
// norot_s<seed> (the others).
std::string container_pour_tag(bool rotations, std::size_t k, const std::vector<std::uint64_t>& seeds);

// One pour of `setup` (placed from spec.seed) with or without rotations; `files`: also write the snapshots. Returns
// the run's row (summary.json "runs"): the engine's counts and ledger, time to rest, peak, the final packing.
nlohmann::json run_container_pour(const ContainerSetup& setup, const ContainerSpec& spec, bool with_rot,
                                  const std::string& tag, bool files, const ContainerPourConfig& cfg,
                                  const StudyContext& ctx);

}  // namespace stickslip
