// studies/checks/property_checks_particles.cpp — randomized property checks of the newest particle code:
//
// container/engine x verlet: a few spheres poured from the vessel into the container of seed 004 ex. 5.3
//   (models/particles/container_scene.hpp, as the container study builds it: HertzDamped with the scene's E, nu, xi,
//   a drawn tangential law of models/particles/engine_laws.hpp with mu against particles and mu_wall against walls;
//   csds/dsds/cundall-strack with the study's k_t = Mindlin's stiffness at the resting overlap,
//   gamma_t = 2 xi sqrt(k_t/m*)), under velocity Verlet at t_c/50 (eq. 50 at the impact speed from the vessel top). Measures the ledger (studies/checks/property_checks_ledger.hpp).
//
// hard-spheres x event-driven: the event-driven inelastic hard spheres (models/particles/hard_sphere_gas.hpp) from a
//   drawn granular gas (N from 2, phi log-uniform from 1e-3: boxes down to 2.2 diameters, dilute gases whose flights
//   cross the box many times), run for 8 collisions per sphere (or 32 collision times). Reference: the collision rule's
//   conservation laws, computed from the velocities alone:
//     energy     the kinetic energy lost, K_0 - K_end, equals the sum over collisions of (1 - e^2)/4 m (u.n)^2
//                (the run's book, HardSphereStats::dissipated); round-off: 16 eps per collision of K_0/N-sized
//                terms, relative to K_0: 16 eps (collisions/N + 1);
//     momentum   sum m v stays what it was: |P_end - P_0| / (m sum |v_0|) <= 16 eps (collisions/N + 1) (each
//                collision adds and subtracts one impulse of a typical particle's momentum);
//     overlap    at 64 times in every piece of the run (up to 8) no pair is closer than sigma (1 - 1e-9): the flights
//                are exact up to round-off of positions ~ 1e-16 L (a missed collision leaves an overlap that lasts
//                about sigma/u, a sizeable part of a piece in the dilute gases where collisions were missed).
//   A wrong impulse ((1 + e)/2 scaled, or applied to one sphere only) breaks the first two by far more than the
//   round-off; a missed or late collision breaks the third.
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/container_scene.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/hard_sphere_gas.hpp"
#include "studies/checks/property_checks_ledger.hpp"

namespace stickslip {
namespace {

std::vector<Measurement> run_container(const Draw& d) {
  ContainerSpec spec;
  spec.particles = static_cast<std::size_t>(std::lround(d["n"]));
  spec.seed = static_cast<std::uint64_t>(std::lround(d["seed"]));
  spec.vessel_height = 1.0;
  spec.vessel_gap = d["vessel_gap"];
  spec.young = d["E"];
  const ContainerSetup setup = build_container(spec);
  const double xi = d["xi"], m = setup.mass(), r = spec.radius;
  for (const auto& [key, value] : {std::pair<const char*, double>{"xi", xi}, {"mu_s", d["mu_s"]}, {"mu_s_wall", d["mu_s_wall"]}})
    if (!(value >= 0)) throw_input(key, format_value(value), "must be >= 0");
  const ContactPair hertz_pair = sphere_sphere_pair(r, m, spec.young, spec.poisson, r, m, spec.young, spec.poisson);
  const ContactPair hertz_wall = sphere_wall_pair(r, m, spec.young, spec.poisson);
  const double h_rest = hertz_static_overlap(hertz_wall, m * 9.81);
  TangentialParameters pair;
  pair.kt = mindlin_stiffness(hertz_pair, h_rest);
  pair.gamma_t = 2 * xi * std::sqrt(pair.kt / (0.5 * m));
  pair.mu = d["mu_s"];
  pair.young = spec.young;
  pair.poisson = spec.poisson;
  TangentialParameters wall = pair;
  wall.mu = d["mu_s_wall"];
  const double v_impact = std::sqrt(2 * 9.81 * setup.vessel_top);
  const double t_c = std::min(hertz_collision_duration(hertz_pair, v_impact), hertz_collision_duration(hertz_wall, v_impact));
  const double dt = t_c / 50;
  const long steps = std::lround(d["t_end"] / dt);
  return with_tangential_law(drawn_law(d), pair, wall, [&](auto law) {
    ParticleEngine<HertzDamped, decltype(law)> e;
    e.normal = HertzDamped::material(spec.young, spec.poisson, xi);
    e.tangential = law;
    e.boundaries = setup.boundaries;
    e.skin = 0.2 * spec.radius;
    GranularState s;
    s.bodies = container_bodies(setup, /*rotations=*/true);
    return verlet_ledger_measurements(e, s, dt, steps, t_c, [](const GranularState&) {});
  });
}

double min_distance(const std::vector<Vec3>& x, const PeriodicBox& box) {
  double d2 = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) d2 = std::min(d2, box.minimal_image_any(x[j] - x[i]).squaredNorm());
  return std::sqrt(d2);
}

std::vector<Measurement> run_hard_spheres(const Draw& d) {
  GasSpec spec;
  spec.n = std::lround(d["n"]);
  spec.phi = d["phi"];
  spec.t0 = 1e-3;
  spec.seed = static_cast<std::uint64_t>(std::lround(d["seed"]));
  Boundaries b;
  const GranularState gas = make_granular_gas(spec, b);
  HardSphereGas hs(gas.bodies, b.box, d["restitution"]);
  const double m = hs.mass(), sigma = 2 * spec.radius, k0 = hs.kinetic_energy();
  Vec3 p0 = Vec3::Zero();
  double speeds = 0;
  for (const Vec3& v : hs.velocities()) p0 += m * v, speeds += v.norm();
  // Enskog's collision time at phi (models/particles/homogeneous_cooling.hpp) t_coll: a sphere collides about once
  // per t_coll; run in pieces of 4 t_coll until 4 N collisions (8 per sphere) or 8 pieces (the gas cools).
  const double v_th = std::sqrt(spec.t0 / m), n_density = spec.number_density();
  const double chi = (1 - 0.5 * spec.phi) / std::pow(1 - spec.phi, 3);
  const double t_coll = 1 / (4 * std::sqrt(M_PI) * n_density * sigma * sigma * chi * v_th);
  double closest = std::numeric_limits<double>::infinity();
  const auto sample = [&](double) { closest = std::min(closest, min_distance(hs.positions(), b.box)); };
  // A few spheres in a dilute box can fly on a nearly periodic line that meets nobody for many collision times (two
  // spheres: their relative motion is one straight line on the torus): up to 64 pieces until each has collided once.
  for (int piece = 1; piece <= 64 && (hs.stats().collisions < (piece <= 8 ? 4 : 1) * spec.n); ++piece) {
    const double t0 = hs.now(), t_end = t0 + 4 * t_coll;
    std::vector<double> times;
    for (int k = 1; k <= 64; ++k) times.push_back(t0 + (t_end - t0) * k / 64);
    hs.run(t_end, times, sample);
  }
  const double collisions = static_cast<double>(hs.stats().collisions);
  Vec3 p1 = Vec3::Zero();
  for (const Vec3& v : hs.velocities()) p1 += m * v;
  const double eps = std::numeric_limits<double>::epsilon();
  const double round_off = 16 * eps * (collisions / static_cast<double>(spec.n) + 1);
  return {{"|K_0 - K_end - sum (1 - e^2)/4 m (u.n)^2| / K_0", std::abs(k0 - hs.kinetic_energy() - hs.stats().dissipated) / k0,
           round_off},
          {"|P_end - P_0| / (m sum |v_0|)", (p1 - p0).norm() / (m * speeds), round_off},
          {"max(0, 1 - closest distance / sigma)", std::max(0.0, 1 - closest / sigma), 1e-9},
          {"collisions per sphere below 1 (the run tested nothing)", collisions < static_cast<double>(spec.n) ? 1.0 : 0.0, 0.0}};
}

}  // namespace

std::vector<PropertyCheck> particle_property_checks() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {{"container/engine", "verlet",
           "a few spheres poured into the container on the particle engine with a drawn tangential law (index into "
           "none..coulomb): ledger balance to round-off, scheme work and normal damping >= 0 within dt/t_c",
           {{"law", 0, 6.999},
            {"n", 2, 6},
            {"seed", 0, 1000},
            {"E", 3e7, 3e8, true},
            {"xi", 0.05, 0.9, false, {-1, nan}},
            {"mu_s", 0.05, 0.6, false, {-0.5}},
            {"mu_s_wall", 0.05, 0.6, false, {-0.5, nan}},
            {"vessel_gap", 0.05, 0.3, false, {-0.1}},
            {"t_end", 0.35, 0.6}},
           run_container,
           8},
          {"hard-spheres/inelastic", "event-driven",
           "event-driven inelastic hard spheres from a random gas (boxes from 2.2 diameters, dilute gases with long "
           "flights), ~8 collisions per sphere: kinetic energy lost = "
           "sum (1 - e^2)/4 m (u.n)^2, momentum conserved, both to round-off; no pair closer than sigma",
           {{"n", 2, 150},
            {"phi", 1e-3, 0.3, true},
            {"restitution", 0.6, 1.0, false, {0, 1.5, nan}},
            {"seed", 0, 1000}},
           run_hard_spheres,
           8,
           // A box of at least 2.2 diameters (the reference refuses 2: a sphere would meet its own image).
           [](const Draw& d) { return d["phi"] < 0.73 * HardSphereGas::max_packing(static_cast<std::size_t>(std::lround(d["n"]))); }}};
}

}  // namespace stickslip
