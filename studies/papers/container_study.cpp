// studies/papers/container_study.cpp — seed 004 example 5.3 (Fig. 8-12): 230 particles poured from a tall vessel onto the
// inclined face of a container (2-D slice), once with rotational degrees of freedom and once with the spins held at
// zero. The scene (models/sphere_scene.hpp build_container: placement, walls, Hertz contact with the damping of
// eq. 19-23) runs on the particle engine under one of two integrators:
//   integrator=verlet (default): (models/particles/: velocity Verlet, HertzDamped normal law,
//     any tangential law by --set tangential=none|csds|dsds|cundall-strack|mindlin, each with mu against particles
//     and mu_wall against the container, models/particles/wall_friction.hpp), dt = t_c/100 (eq. 50 at the impact
//     speed; at t_c/50 the final contact count of the rotating pour was 3 % below the trapezoid's, 2.8 standard
//     errors over 16 seeds, at t_c/100 every packing statistic agrees within 1), drag (eq. 15) as its exact decay v <- v exp(-c h/m) over half steps around each Verlet step (Strang
//     splitting, second order); the energy ledger (models/particles/energy.hpp) with the drag's dissipation, and
//     --set dump_every=k LAMMPS text dumps (studies/papers/particle_dumps.hpp).
//   integrator=trapezoid: the generalized trapezoidal rule of seed 004 (Algorithm 1, eq. 40-49) on the same engine
//     (models/particles/particle_trapezoid.hpp: fixed-point sweeps, step rejection), every law with a trapezoid form
//     (not coulomb), dt = t_c/20, the same drag splitting and energy ledger.
// State: positions, velocities, spins of the spheres (I = 2/5 m r^2) in the plane z = 0; contact springs per
// candidate pair. Reports per run: peak kinetic energy, the time to rest (total kinetic energy below rest_ratio times its
// peak from then on), iteration counts, and the final packing: centroid and top height, area fraction in a
// reference window on the floor, contacts per particle, and the hexagonal bond-orientational order
// <|psi_6|> (1 for a perfect hexagonal lattice). The pour is chaotic (one placement can reverse a small difference),
// so it is repeated for several placement seeds and the paired differences rotations - no rotations are reported
// with their standard errors and the number of seeds in which the rotating pour is higher.
// The seed: "A more ordered final configuration, resembling the hexagonal lattice of the highest density pack for two
// dimensions, is attained when rotations are considered"; rest at t ~ 4.0 s with rotations.
// The container geometry of Fig. 8 is not given in numbers: see models/sphere_scene.hpp ContainerSpec.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <complex>
#include <cstdio>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/particle_trapezoid.hpp"
#include "models/particles/scene_bodies.hpp"
#include "models/particles/velocity_verlet.hpp"
#include "models/particles/wall_friction.hpp"
#include "models/sphere_scene.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/particle_dumps.hpp"
#include "studies/papers/particle_packing.hpp"
#include "studies/papers/particle_ledger.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

namespace {

std::string fmt_time(double t) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", t);
  return b;
}

const std::vector<std::string> kIntegrators = {"verlet", "trapezoid"};
// Everything one pour needs besides its placement.
struct PourConfig {
  std::string integrator, tangential;
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

// Calls f(law) with the engine's tangential law named cfg.tangential, particle-particle and particle-wall
// coefficients apart (models/particles/engine_laws.hpp, wall_friction.hpp).
template <class F>
auto with_pour_law(const PourConfig& c, F&& f) {
  const TangentialParameters pair{c.kt, c.gamma_t, c.mu, c.young, c.poisson, c.law_values};
  TangentialParameters wall = pair;
  wall.mu = c.mu_wall;
  return with_tangential_law(c.tangential, pair, wall, std::forward<F>(f));
}

// What is recorded along a pour, whatever integrates it: the kinetic-energy series (CSV), its peak, the time to
// rest, the out-of-plane error and the snapshots.
class PourMonitor {
 public:
  PourMonitor(const std::filesystem::path& dir, const std::string& tag, bool files, const PourConfig& c)
      : dir_(dir), tag_(tag), files_(files), c_(c),
        csv_(dir / ("container_ke_" + tag + ".csv"),
             {"t [s]", "kinetic_translational [J]", "kinetic_rotational [J]", "kinetic_total [J]", "contacts [-]",
              "max_z_abs [m]"}) {}

  void observe(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<Vec3>& omega,
               const std::vector<double>& radius, double et, double er, std::size_t contacts) {
    const double e = et + er;
    if (!std::isfinite(e)) throw SolverError("container[" + tag_ + "]: non-finite kinetic energy at t = " + format_value(t));
    if (e > peak) {
      peak = e;
      t_peak = t;
      t_rest = -1;
    }
    if (peak > 0 && e < c_.rest_ratio * peak) {
      if (t_rest < 0) t_rest = t;
    } else {
      t_rest = -1;
    }
    for (std::size_t p = 0; p < x.size(); ++p)
      max_planar_error = std::max({max_planar_error, std::abs(x[p][2]), std::abs(omega[p][0]), std::abs(omega[p][1])});
    if (t >= next_sample_ - 1e-12) {
      csv_.row({t, et, er, e, static_cast<double>(contacts), max_planar_error});
      next_sample_ += c_.sample;
    }
    if (files_ && next_snap_ < c_.snaps.size() && t >= c_.snaps[next_snap_] - 1e-12) {
      snapshot(c_.snaps[next_snap_], x, v, radius);
      ++next_snap_;
    }
  }
  bool rested(double t) const { return t_rest >= 0 && t - t_rest >= c_.rest_hold; }
  // The final state is always drawn.
  void finish(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<double>& radius) {
    if (files_ && (snap_times.empty() || snap_times.back() < t - 1e-9)) snapshot(t, x, v, radius);
    csv_.close();
  }

  double peak = 0, t_peak = 0, t_rest = -1;
  double max_planar_error = 0;  // |z| and |omega_x|, |omega_y|: exactly zero in this 2-D slice
  std::vector<double> snap_times;

 private:
  void snapshot(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<double>& radius) {
    CsvWriter f(dir_ / ("container_snap_" + tag_ + "_" + fmt_time(t) + ".csv"), {"x [m]", "y [m]", "r [m]", "speed [m/s]"});
    for (std::size_t p = 0; p < x.size(); ++p) f.row({x[p][0], x[p][1], radius[p], v[p].norm()});
    f.close();
    snap_times.push_back(t);
  }
  std::filesystem::path dir_;
  std::string tag_;
  bool files_;
  const PourConfig& c_;
  CsvWriter csv_;
  double next_sample_ = 0;
  std::size_t next_snap_ = 0;
};

// Touching pairs and wall contacts of the engine's state.
template <class Engine>
std::size_t touching(const Engine& e, const GranularState& s) {
  const ParticleArrays& p = s.bodies;
  const auto& first = s.neighbors.first();
  const auto& nbr = s.neighbors.neighbors();
  const auto& wfirst = s.neighbors.wall_first();
  const auto& wall = s.neighbors.walls();
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::uint32_t q = first[i]; q < first[i + 1]; ++q) {
      const double rs = p.radius[i] + p.radius[nbr[q]];
      k += (p.x[nbr[q]] - p.x[i]).squaredNorm() < rs * rs;
    }
    for (std::uint32_t q = wfirst[i]; q < wfirst[i + 1]; ++q) k += e.boundaries.wall(wall[q], p.x[i]).distance < p.radius[i];
  }
  return k;
}

// The pour on the particle engine under velocity Verlet or the trapezoid fixed point (models/particles/
// particle_trapezoid.hpp, every step one trapezoid_run of dt with the workspace kept, so the predictor carries over),
// drag split off as its exact decay over dt/2 before and after each step. Sets x to the final positions.
template <class Tangential>
nlohmann::json engine_pour(const ContainerSetup& setup, bool with_rot, const Tangential& law, const PourConfig& c,
                           PourMonitor& mon, std::vector<Vec3>& x, const std::string& tag, const StudyContext& ctx) {
  ParticleEngine<HertzDamped, Tangential> e;
  e.normal = HertzDamped::material(c.young, c.poisson, c.xi);
  e.tangential = law;
  e.boundaries = scene_boundaries(setup.scene);
  // the container's bounding box (open axes: only the dumps' BOX BOUNDS read it)
  const double r = setup.scene.max_radius();
  e.boundaries.box.lo = Vec3(-r, -r, -r);
  e.boundaries.box.hi = Vec3(setup.x_right + r, setup.wall_top + r, r);
  e.skin = c.skin;
  e.threads = c.threads;
  GranularState s;
  s.bodies = scene_bodies(setup.scene, setup.initial, with_rot);
  ParticleArrays& p = s.bodies;
  ParticleLedger ledger;
  verlet_setup(e, s, &ledger);
  ParticleDumps dumps(c.dump_every, ctx.out_dir / "dumps", "container_" + tag);
  dumps.write(0, e, s);
  double drag_loss = 0;  // J, the drag's dissipation (outside the engine's ledger)
  const auto drag = [&](double h) {
    for (std::size_t i = 0; i < p.size(); ++i) {
      const double before = p.v[i].squaredNorm();
      p.v[i] *= std::exp(-c.drag * h * p.inv_mass[i]);
      drag_loss += 0.5 * p.mass[i] * (before - p.v[i].squaredNorm());
    }
  };
  const auto energies = [&](double& et, double& er) {
    et = er = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      et += 0.5 * p.mass[i] * p.v[i].squaredNorm();
      er += 0.5 * p.inertia(i) * p.omega[i].squaredNorm();
    }
  };
  double et, er;
  energies(et, er);
  mon.observe(0.0, p.x, p.v, p.omega, p.radius, et, er, touching(e, s));
  const double dt = c.topt.dt;
  const long max_steps = static_cast<long>(step_count(c.t_end, dt));  // <= kMaxSteps: checked before the runs
  const long report = std::max(1L, static_cast<long>(std::min(0.5 / dt, 1e15)));
  const bool trapezoid = c.integrator == "trapezoid";
  VerletStats st;
  ParticleTrapezoidStats ts;
  ParticleTrapezoidWork work;
  double t = 0;
  const RunSpan span(0, c.t_end);
  for (long k = 1; k <= max_steps; ++k) {
    check_interrupt();
    if (c.drag > 0) drag(0.5 * dt);
    if (!trapezoid) {
      verlet_step(e, s, dt, st, &ledger);
    } else if constexpr (!is_exact_static<Tangential>) {  // coulomb: refused with integrator=trapezoid (run())
      const ParticleTrapezoidStats one = trapezoid_run(e, s, dt, c.topt, &ledger, [](const GranularState&) {}, work);
      ts.add(one);
      ts.rebuilds += one.rebuilds;
    }
    if (c.drag > 0) {
      drag(0.5 * dt);
      ledger.now.kinetic = kinetic_energy(p);
    }
    t = static_cast<double>(k) * dt;
    progress_at(t);
    energies(et, er);
    mon.observe(t, p.x, p.v, p.omega, p.radius, et, er, touching(e, s));
    dumps.write(k, e, s);
    if (k % report == 0)
      ctx.log << "container[" << tag << "]: t = " << fmt_time(t) << " s, KE = " << et + er << " J (peak " << mon.peak
              << "), contacts " << touching(e, s) << '\n' << std::flush;
    if (mon.rested(t)) break;
  }
  mon.finish(t, p.x, p.v, p.radius);
  dumps.close();
  x = p.x;
  nlohmann::json j{{"t_stop", json_number(t)},
                   {"final_kinetic_energy", json_number(et + er)},
                   {"steps", trapezoid ? ts.steps : st.steps},
                   {"neighbor_rebuilds", trapezoid ? ts.rebuilds : st.rebuilds},
                   {"ledger", ledger_json(ledger, drag_loss)}};
  if (trapezoid) {
    j["iterations"] = {{"mean", json_number(ts.mean_iterations())}, {"max", ts.max_iterations},
                       {"relaxed_steps", ts.relaxed_steps}};
    j["rejected_steps"] = {{"count", ts.rejected_steps}, {"smallest_dt", json_number(ts.min_dt)}};
    j["force_evaluations"] = ts.force_evaluations;
  }
  return j;
}

class ContainerStudy : public Study {
 public:
  std::string name() const override { return "container"; }
  std::string summary() const override {
    return "Campello ex. 5.3: 230 particles poured into a container with an inclined face, with/without rotations (Fig. 9-12)";
  }
  // Units of the summary's results for `stickslip sweep` ("-": dimensionless; mean/stderr/n of the ensembles: mixed).
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"balance", "created", "elastic_normal", "elastic_tangential", "external_dissipation",
                          "final_kinetic_energy", "gravity_work", "kinetic_end", "kinetic_start", "normal_damping",
                          "peak_kinetic_energy", "reset_jump", "scheme_work", "tangential_dissipation", "verlet_kick"}) u.emplace(k, "J");
    for (const char* k : {"centroid_y", "top_y", "vessel_bottom", "vessel_top", "x_right"}) u.emplace(k, "m");
    for (const char* k : {"collision_duration_eq50", "dt", "smallest_dt", "snapshot_times", "t_stop", "time_of_peak",
                          "time_to_rest", "time_to_rest_with_rotations"}) u.emplace(k, "s");
    for (const char* k : {"impact_speed"}) u.emplace(k, "m/s");
    for (const char* k : {"particle_mass"}) u.emplace(k, "kg");
    for (const char* k : {"kt"}) u.emplace(k, "N/m");
    for (const char* k : {"gamma_t"}) u.emplace(k, "1/s");
    for (const char* k : {"area_fraction", "contacts_per_particle", "count", "energy_balance_error", "final_to_peak",
                          "force_evaluations", "max", "neighbor_rebuilds", "particles", "particles_inside", "psi6",
                          "relaxed_steps", "scheme_work_relative", "seeds_rot_higher", "six_neighbour_fraction",
                          "steps", "vessel_area_fraction", "wall_contacts"}) u.emplace(k, "-");
    return u;
  }

  Parameters parameters() const override {
    Parameters p("container");
    p.declare("n", "230", "number of particles")
        .declare("r", "0.1", "radius (m)")
        .declare("rho", "2500", "density (kg/m^3)")
        .declare("E", "1e8", "Young's modulus (Pa)")
        .declare("nu", "0.25", "Poisson's ratio")
        .declare("xi", "0.9", "normal damping ratio (eq. 22)")
        .declare("mu_wall", "0.25", "friction particle-container (mu_s = mu_d)")
        .declare("mu", "0.1", "friction particle-particle (mu_s = mu_d)")
        .declare("drag", "0.005", "drag c_fluid (N s/m, eq. 15), v_fluid = 0")
        .declare("floor_width", "2.0", "container floor width (m)")
        .declare("incline_deg", "45", "inclination of the right face (deg)")
        .declare("incline_rise", "3.0", "height of the inclined face (m)")
        .declare("vessel_width", "0.75", "vessel width (m)")
        .declare("vessel_height", "20", "vessel height (m); particles placed in it by random sequential addition")
        .declare("vessel_gap", "0.825", "vessel bottom above the inclined face below the vessel's right edge (m)")
        .declare("seeds", "1,2,3", "random seeds of the placement: one pour per seed and mode (figures: the first)")
        .declare("rotations", "both", "both, on, off (off: spins held at zero)")
        .declare("t_end", "8", "longest simulated time (s); a run stops once at rest for rest_hold")
        .declare("rest_ratio", "1e-6", "at rest: total kinetic energy below rest_ratio * its peak")
        .declare("rest_hold", "0.25", "time the energy must stay below the threshold before a run stops (s)")
        .declare("integrator", "verlet", "the particle engine under verlet (velocity Verlet) or trapezoid (Campello's fixed point, Algorithm 1); both keep the energy ledger")
        .declare("tangential", "mindlin", "tangential law: none, csds, dsds, dsds-stage, cundall-strack, mindlin, coulomb (not with trapezoid)")
        .declare("kt", "auto", "tangential stiffness of csds, dsds, cundall-strack (N/m); auto: Mindlin's 8 G* sqrt(r* h) at the overlap h of a particle resting on the floor")
        .declare("gamma_t", "auto", "tangential damping of csds, dsds, cundall-strack per effective mass (1/s); auto: 2 xi sqrt(kt/m*), m* = m/2")
        .declare("skin", "auto", "Verlet neighbor skin (m); auto: 0.2 r")
        .declare("dump_every", "0", "k > 0: LAMMPS text dump + contact-force dump every k steps under dumps/")
        .declare("dt", "auto", "time step (s); auto: eq. 50 t_c at the impact speed from the vessel top, t_c/100 (verlet) or t_c/20 (trapezoid)")
        .declare("phi", "0.5", "trapezoid parameter")
        .declare("tol", "1e-4", "fixed-point tolerance (eq. 48)")
        .declare("max_iterations", "500", "fixed-point iterations per step before SolverError")
        .declare("threads", "1", "threads of the engine's force pass (results independent of the count >= 2)")
        .declare("snapshots", "0.5,1,1.5,2.25,2.75,4", "snapshot times (s); the final state is always drawn")
        .declare("sample", "0.005", "kinetic-energy sampling interval (s)");
    declare_engine_law_parameters(p);  // the other parameters of the engine laws (Stribeck's mu_s, ...)
    return p;
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    ContainerSpec spec;
    spec.particles = static_cast<std::size_t>(prm.integer("n", 1, 100000));
    spec.radius = prm.positive("r");
    spec.density = prm.in_range("rho", 1e-3, 1e5);  // eq. 50 gives no usable dt beyond (no material is denser)
    spec.young = prm.in_range("E", 1e-3, 1e13);     // (or stiffer)
    spec.poisson = prm.in_range("nu", -0.99, 0.49);
    // Lengths up to 10 km: beyond, the impact speed from the vessel top makes eq. 50's auto dt vanish (the error then
    // named dt, which the user never set).
    spec.floor_width = prm.in_range("floor_width", 1e-9, 1e4);
    spec.incline_deg = prm.in_range("incline_deg", 10, 80);
    spec.incline_rise = prm.in_range("incline_rise", 1e-9, 1e4);
    spec.vessel_width = prm.in_range("vessel_width", 1e-9, 1e4);
    spec.vessel_height = prm.in_range("vessel_height", 1e-9, 1e4);
    spec.vessel_gap = prm.in_range("vessel_gap", 0, 1e4);
    // The placement grid (models/sphere_scene.cpp) has cells of 2 r over the vessel: at most 1e8 of them.
    const double cells = (std::ceil(spec.vessel_width / (2 * spec.radius)) + 1) *
                         (std::ceil(spec.vessel_height / (2 * spec.radius)) + 1);
    prm.require_relation(cells <= 1e8, {"r", "vessel_width", "vessel_height"},
                         "the vessel (vessel_width=" + prm.raw("vessel_width") + ", vessel_height=" +
                             prm.raw("vessel_height") + ") spans more than 1e8 cells of 2 r (r=" + prm.raw("r") +
                             "); at most about 1e4 r on each side");
    std::vector<std::uint64_t> seeds;
    for (double v : prm.real_list("seeds")) {
      if (!(v >= 0 && v <= 1e9 && v == std::floor(v))) throw_input("seeds", prm.raw("seeds"), "integers in [0, 1e9]");
      seeds.push_back(static_cast<std::uint64_t>(v));
    }
    if (seeds.empty() || seeds.size() > 50) throw_input("seeds", prm.raw("seeds"), "1 to 50 seeds");
    spec.seed = seeds[0];
    const std::string rot = prm.choice("rotations", {"both", "on", "off"});
    PourConfig cfg;
    cfg.law_values = engine_law_values(prm, "tangential");
    cfg.integrator = prm.choice("integrator", kIntegrators);
    cfg.tangential = prm.choice("tangential", particle_law_names());
    if (cfg.integrator == "trapezoid" && cfg.tangential == "coulomb")
      throw_input("tangential", cfg.tangential,
                  "a law with a trapezoid form with integrator=trapezoid (the engine trapezoid has no form of the "
                  "exact-static coulomb law); integrator=verlet runs coulomb");
    const double t_end = cfg.t_end = prm.positive("t_end");
    cfg.rest_ratio = prm.in_range("rest_ratio", 1e-12, 0.1);
    cfg.rest_hold = prm.nonnegative("rest_hold");
    cfg.sample = prm.positive("sample");
    cfg.snaps = prm.positive_list("snapshots");
    std::sort(cfg.snaps.begin(), cfg.snaps.end());
    cfg.dump_every = prm.integer("dump_every", 0, 1000000000);
    TrapezoidOptions& topt = cfg.topt;
    topt.phi = prm.in_range("phi", 0, 1);
    topt.tol = prm.in_range("tol", 1e-12, 0.5);
    topt.max_iterations = static_cast<int>(prm.integer("max_iterations", 1, 100000));
    topt.threads = static_cast<int>(prm.integer("threads", 1, 64));

    ContainerSetup setup = build_container(spec);
    SphereParams& sp = setup.scene.params;
    sp.gravity = Vec3(0, -9.81, 0);
    sp.xi = prm.nonnegative("xi");
    sp.mu_s_pw = sp.mu_d_pw = prm.nonnegative("mu_wall");
    sp.mu_s_pp = sp.mu_d_pp = prm.nonnegative("mu");
    sp.drag = prm.nonnegative("drag");
    setup.scene.validate();
    cfg.young = spec.young;
    cfg.poisson = spec.poisson;
    cfg.xi = sp.xi;
    cfg.mu = sp.mu_d_pp;
    cfg.mu_wall = sp.mu_d_pw;
    cfg.drag = sp.drag;
    cfg.threads = topt.threads;
    // csds/dsds/cundall-strack: the Mindlin stiffness of a pair at the overlap of a particle resting on the floor
    // under its weight (eq. 37, 23), damping xi of critical for the pair's effective mass.
    const double h_rest = hertz_static_overlap(setup.scene.wall_pair(0), setup.scene.mass(0) * 9.81);
    cfg.kt = prm.raw("kt") == "auto" ? mindlin_stiffness(setup.scene.pair(0, 0), h_rest) : prm.positive("kt");
    cfg.gamma_t = prm.raw("gamma_t") == "auto" ? 2 * sp.xi * std::sqrt(cfg.kt / (0.5 * setup.scene.mass(0)))
                                                : prm.nonnegative("gamma_t");
    if (cfg.tangential == "csds" && !(cfg.gamma_t > 0))
      throw_input("gamma_t", prm.raw("gamma_t") == "auto" ? "auto (xi = 0)" : prm.raw("gamma_t"),
                  "csds needs gamma_t > 0 (eq. 10 divides by it)");
    cfg.skin = prm.raw("skin") == "auto" ? 0.2 * spec.radius : prm.nonnegative("skin");
    // eq. 50 at the speed of a particle falling from the vessel top to the floor.
    const double v_impact = std::sqrt(2 * 9.81 * setup.vessel_top);
    const double tc = std::min(hertz_collision_duration(setup.scene.pair(0, 0), v_impact),
                               hertz_collision_duration(setup.scene.wall_pair(0), v_impact));
    const double dt_fraction = cfg.integrator == "verlet" ? 100 : 20;
    if (prm.raw("dt") == "auto") {
      topt.dt = tc / dt_fraction;
      if (!(topt.dt > 0 && std::isfinite(topt.dt))) {  // name what the user gave, not dt
        const std::string k = prm.culprit({"r", "E", "rho", "nu", "vessel_height", "incline_rise", "vessel_gap", "floor_width"});
        throw_input(k, prm.raw(k), "gives no usable auto dt (eq. 50 collision time " + format_value(tc) +
                                       " s at the impact speed from the vessel top); give dt=, or a physical value");
      }
    } else {
      topt.dt = prm.positive("dt");
    }
    prm.require_relation(topt.dt < t_end, {"dt", "t_end"},
                         "needs dt < t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
    (void)checked_count(prm, "dt", topt.dt, "t_end", t_end, kMaxSteps, "steps per run");
    validate_trapezoid_options(topt);
    ctx.log << "container: " << spec.particles << " particles, vessel y in [" << setup.vessel_bottom << ", "
            << setup.vessel_top << "] m, impact speed " << v_impact << " m/s, t_c " << tc << " s, " << cfg.integrator
            << " + " << cfg.tangential << ", dt " << topt.dt << " s\n";

    std::vector<bool> modes;
    if (rot != "off") modes.push_back(true);
    if (rot != "on") modes.push_back(false);
    ctx.plan({{"runs", seeds.size() * modes.size()}, {"particles", spec.particles},
              {"integrator", cfg.integrator}, {"tangential", cfg.tangential},
              {"steps_per_run_at_most", step_count(t_end, topt.dt)}, {"dt", json_number(topt.dt)},
              {"placement_of_first_seed", setup.placement}});
    // One pour per placement seed and mode (the first seed's write the series, snapshots and figures); the further
    // placements (same geometry and dt) give the spread of a chaotic pour's packing.
    std::vector<ContainerSpec> specs{spec};
    std::vector<ContainerSetup> setups{setup};
    for (std::size_t k = 1; k < seeds.size(); ++k) {
      specs.push_back(spec);
      specs.back().seed = seeds[k];
      setups.push_back(build_container(specs.back()));
      setups.back().scene.params = setup.scene.params;
    }
    const auto tag_of = [&](bool rot_mode, std::size_t k) {
      return std::string(rot_mode ? "rot" : "norot") + (k == 0 ? "" : "_s" + std::to_string(seeds[k]));
    };
    struct Pour {
      std::size_t seed;  // index into seeds
      bool rotations;
    };
    std::vector<Pour> pours;
    std::vector<std::size_t> seed_index(seeds.size());
    for (std::size_t k = 0; k < seeds.size(); ++k) seed_index[k] = k;
    for_each_product([&](std::size_t k, bool r) { pours.push_back({k, r}); }, seed_index, modes);
    const auto pour_tag = [&](const Pour& q) { return tag_of(q.rotations, q.seed); };
    const nlohmann::json rows = run_each(ctx, name(), pours, pour_tag, [&](const Pour& q) {
      return run_one(setups[q.seed], q.rotations, pour_tag(q), q.seed == 0, cfg, specs[q.seed], ctx);
    });
    nlohmann::json runs = nlohmann::json::object();
    for (std::size_t i = 0; i < pours.size(); ++i) runs[pour_tag(pours[i])] = rows[i];
    std::vector<std::string> tags;
    std::vector<std::vector<double>> snap_done;
    for (bool with_rot : modes) {
      tags.push_back(tag_of(with_rot, 0));
      snap_done.push_back(runs[tags.back()]["snapshot_times"].get<std::vector<double>>());
    }

    // Figures 10/12: kinetic energies, log scale, with the times the paper reads off its own Figs. 10 and 12.
    Figure energy{"", 1, 1, 1000, 650, {}, {}};
    Panel& ke = energy.panel(
        "Campello, Example 5.3, Figs. 10 and 12 (" + cfg.integrator + " + " + cfg.tangential +
            ")\ndotted lines and grey band: the paper's times (first hits on the inclined face 0.5 s;\nrise of the "
            "translational energy 2.6-3.4 s with rotations; rest at about 4.0 s)",
        "t [s]", "kinetic energy [J]");
    ke.logy = true;
    ke.set("set format y '%.0e'").set("set key top right");
    ke.set("set style rect fc rgb '#e0e0e0' fs solid 0.5 noborder");
    ke.set("set object 1 rect from 2.6, graph 0 to 3.4, graph 1 behind");
    for (const double t : {0.5, 4.0})
      ke.set(fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lc rgb 'gray30'", t));
    ke.set("set label 'paper: rise 2.6-3.4 s' at 2.62, graph 0.04 font ',9'");
    ke.set("set label 'paper: at rest ~4.0 s' at 4.02, graph 0.04 font ',9'");
    ke.set("set label 'paper: face hit 0.5 s' at 0.52, graph 0.04 font ',9'");
    for (const auto& tag : tags) {
      const std::string f = "container_ke_" + tag + ".csv";
      ke.add(Curve::of(f, "1", "2", "translational, " + std::string(tag == "rot" ? "with" : "without") + " rotations", "l lw 2"));
      if (tag == "rot") ke.add(Curve::of(f, "1", "3", "rotational, with rotations", "l lw 2"));
    }
    render_figure(ctx.out_dir / "fig10_12_container_energy.png", energy, ctx.log);
    // Figures 9/11: snapshots, coloured by speed, with the container's walls and the vessel the particles start in
    // (not a wall in the run: they all fall from rest together), drawn as data lines so that they are clipped.
    const double r = spec.radius, x_mid = 0.5 * (spec.floor_width + setup.x_right);
    const double vx0 = x_mid - 0.5 * spec.vessel_width, vx1 = x_mid + 0.5 * spec.vessel_width;
    const double vy0 = setup.vessel_bottom - r, vy1 = setup.vessel_top + r;
    const std::vector<std::vector<double>> walls{{0, setup.wall_top}, {0, 0}, {spec.floor_width, 0},
                                                 {setup.x_right, spec.incline_rise}, {setup.x_right, setup.wall_top}};
    const std::vector<std::vector<double>> vessel{{vx0, vy1}, {vx0, vy0}, {}, {vx1, vy0}, {vx1, vy1}};
    const double speed_max = 5;
    for (std::size_t k = 0; k < tags.size(); ++k) {
      const auto& times = snap_done[k];
      const int cols = 4, rows = static_cast<int>((times.size() + cols - 1) / cols);
      const double yt = std::max(spec.incline_rise + 2.5, 4.5);
      Figure snaps{"Campello, Example 5.3, " +
                       std::string(tags[k] == "rot" ? "Fig. 9: with rotations" : "Fig. 11: without rotations") +
                       "\ncolour: speed (colour bar, m/s; faster drawn as " + format_value(speed_max) +
                       "); solid: container walls; dashed: the vessel the particles start in",
                   rows, cols, 1500, 440 * rows,
                   {"set palette defined (0 'blue', 1 'red')", fmt::format("set cbrange [0:{}]", speed_max),
                    "set colorbox vertical user origin graph 1.03, graph 0 size graph 0.04, graph 1",
                    "set cblabel 'speed [m/s]' offset 1.5,0", "set rmargin 9", "set cbtics 1", "set size ratio -1", "unset key",
                    "set xrange [-0.2:" + format_value(setup.x_right + 0.2) + "]",
                    "set yrange [-0.2:" + format_value(yt) + "]", "set style fill solid 0.6 border lc rgb 'black'",
                    "set xtics 1", "set ytics 1", "unset grid"},
                   {}};
      const std::string wall_block = snaps.block("walls", {"x [m]", "y [m]"}, walls);
      const std::string vessel_block = snaps.block("vessel", {"x [m]", "y [m]"}, vessel);
      for (double t : times)
        snaps.panel("t = " + fmt_time(t) + " s", "x [m]", "y [m]")
            .add(Curve::of("container_snap_" + tags[k] + "_" + fmt_time(t) + ".csv", "1", "2:3:4", "", "circles lc palette"))
            .add(Curve::of(wall_block, "1", "2", "", "lines lw 2.5 lc rgb 'black'"))
            .add(Curve::of(vessel_block, "1", "2", "", "lines lw 1.5 dt 2 lc rgb 'gray40'"));
      render_figure(ctx.out_dir / ("fig" + std::string(tags[k] == "rot" ? "9" : "11") + "_container_snapshots_" + tags[k] + ".png"),
                    snaps, ctx.log);
    }

    nlohmann::json j;
    j["study"] = "container";
    j["particles"] = spec.particles;
    j["particle_mass"] = json_number(setup.scene.mass(0));
    j["integrator"] = cfg.integrator;
    j["tangential"] = cfg.tangential;
    j["dt"] = json_number(topt.dt);
    j["dt_rule"] = prm.raw("dt") == "auto" ? "t_c/" + std::to_string(static_cast<int>(dt_fraction)) + " (eq. 50)" : "given";
    if (cfg.tangential == "csds" || cfg.tangential == "dsds" || cfg.tangential == "cundall-strack")
      j["tangential_spring"] = {{"kt", json_number(cfg.kt)}, {"gamma_t", json_number(cfg.gamma_t)}};
    j["collision_duration_eq50"] = json_number(tc);
    j["impact_speed"] = json_number(v_impact);
    j["geometry"] = {{"floor_width", spec.floor_width},      {"incline_deg", spec.incline_deg},
                     {"incline_rise", spec.incline_rise},    {"x_right", json_number(setup.x_right)},
                     {"vessel_bottom", json_number(setup.vessel_bottom)}, {"vessel_top", json_number(setup.vessel_top)},
                     {"vessel_area_fraction", json_number(setup.vessel_packing)}};
    j["runs"] = runs;
    // One row per pour: the packing, the time to rest and the energy ledger (both integrators).
    nlohmann::json results = nlohmann::json::array();
    for (const auto& [tag, r] : runs.items()) {
      nlohmann::json row{{"run", tag},
                         {"integrator", cfg.integrator},
                         {"tangential", cfg.tangential},
                         {"rotations", r["rotations"]},
                         {"seed", r["seed"]},
                         {"time_to_rest", r["time_to_rest"]},
                         {"settled", r["settled"]}};
      for (const auto& [key, v] : r["final"].items()) row[key] = v;
      const nlohmann::json& ledger = r["ledger"];
      row["energy_balance_error"] = ledger.is_object() ? ledger["energy_balance_error"] : nlohmann::json();
      if (ledger.is_object())
        for (const auto& [key, v] : ledger.items()) row[key] = v;
      results.push_back(row);
    }
    j["results"] = results;
    // Ensemble over seeds: mean and standard error per mode, paired differences rot - norot.
    {
      const std::vector<std::string> keys{"time_to_rest", "centroid_y", "top_y", "area_fraction",
                                          "contacts_per_particle", "psi6", "six_neighbour_fraction"};
      const auto value = [&](const std::string& tag, const std::string& key) {
        const auto& r = runs[tag];
        const auto& v = key == "time_to_rest" ? r["time_to_rest"] : r["final"][key];
        return v.is_number() ? v.get<double>() : NAN;
      };
      const auto stats = [](const std::vector<double>& v) {
        double m = 0;
        for (double x : v) m += x / static_cast<double>(v.size());
        double var = 0;
        for (double x : v) var += (x - m) * (x - m);
        const double se = v.size() > 1 ? std::sqrt(var / static_cast<double>(v.size() - 1) / static_cast<double>(v.size())) : NAN;
        return nlohmann::json{{"mean", json_number(m)}, {"stderr", json_number(se)}, {"n", v.size()}};
      };
      nlohmann::json ens;
      for (bool rot_mode : modes) {
        nlohmann::json e;
        for (const auto& key : keys) {
          std::vector<double> v;
          for (std::size_t k = 0; k < seeds.size(); ++k) v.push_back(value(tag_of(rot_mode, k), key));
          e[key] = stats(v);
        }
        ens[rot_mode ? "rot" : "norot"] = e;
      }
      if (modes.size() == 2) {
        nlohmann::json d;
        for (const auto& key : keys) {
          std::vector<double> v;
          long higher = 0;
          for (std::size_t k = 0; k < seeds.size(); ++k) {
            v.push_back(value(tag_of(true, k), key) - value(tag_of(false, k), key));
            higher += v.back() > 0;
          }
          d[key] = stats(v);
          d[key]["seeds_rot_higher"] = higher;
        }
        ens["difference_rot_minus_norot"] = d;
      }
      j["ensemble"] = ens;
    }
    j["paper"] = {{"time_to_rest_with_rotations", 4.0},
                  {"statement", "rotations give a more ordered final configuration, close to the hexagonal lattice"}};
    return j;
  }

 private:
  static nlohmann::json run_one(const ContainerSetup& setup, bool with_rot, const std::string& tag, bool files,
                                const PourConfig& cfg, const ContainerSpec& spec, const StudyContext& ctx) {
    PourMonitor mon(ctx.out_dir, tag, files, cfg);
    std::vector<Vec3> x;
    const auto wall0 = std::chrono::steady_clock::now();
    nlohmann::json j =
        with_pour_law(cfg, [&](const auto& law) { return engine_pour(setup, with_rot, law, cfg, mon, x, tag, ctx); });
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    const double e_end = j["final_kinetic_energy"].get<double>();
    ctx.log << "container[" << tag << "]: "
            << (mon.t_rest >= 0 ? "at rest at t = " + fmt_time(mon.t_rest) + " s" : std::string("not at rest")) << ", "
            << j["steps"] << " steps, wall " << wall << " s\n";
    j["integrator"] = cfg.integrator;
    j["tangential"] = cfg.tangential;
    j["rotations"] = with_rot;
    j["seed"] = spec.seed;
    j["placement"] = setup.placement;  // random sequential addition, or the jittered-lattice fallback
    j["time_to_rest"] = json_number(mon.t_rest >= 0 ? mon.t_rest : NAN);
    j["settled"] = mon.t_rest >= 0;
    j["peak_kinetic_energy"] = json_number(mon.peak);
    j["time_of_peak"] = json_number(mon.t_peak);
    j["final_to_peak"] = json_number(mon.peak > 0 ? e_end / mon.peak : NAN);
    j["wall_seconds"] = json_number(wall);
    j["max_out_of_plane"] = json_number(mon.max_planar_error);
    j["snapshot_times"] = mon.snap_times;
    j["final"] = final_packing(setup, spec, x);
    return j;
  }
};

}  // namespace

std::unique_ptr<Study> make_container_study() { return std::make_unique<ContainerStudy>(); }

}  // namespace stickslip
