// studies/papers/campello/container_runs.cpp — see container_runs.hpp.
#include "studies/papers/campello/container_runs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "core/work_limits.hpp"
#include "models/particles/container_packing.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/wall_friction.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "studies/experiment/output.hpp"
#include "solvers/particles/particle_dumps.hpp"
#include "studies/experiment/particle_ledger.hpp"
#include "solvers/rest_detector.hpp"

namespace stickslip {

namespace {

// Calls f(law) with the engine's tangential law named cfg.tangential, particle-particle and particle-wall
// coefficients apart (models/particles/engine_laws.hpp, wall_friction.hpp).
template <class F>
auto with_pour_law(const ContainerPourConfig& c, F&& f) {
  const TangentialParameters pair{c.kt, c.gamma_t, c.mu, c.young, c.poisson, c.law_values};
  TangentialParameters wall = pair;
  wall.mu = c.mu_wall;
  return with_tangential_law(c.tangential, pair, wall, std::forward<F>(f));
}

// What is recorded along a pour, whatever integrates it: the kinetic-energy series (CSV), its peak, the time to
// rest, the out-of-plane error and the snapshots.
class PourMonitor {
 public:
  PourMonitor(const std::filesystem::path& dir, const std::string& tag, bool files, const ContainerPourConfig& c)
      : rest(c.rest_hold), dir_(dir), tag_(tag), files_(files), c_(c),
        csv_(dir / ("container_ke_" + tag + ".csv"),
             {"t [s]", "kinetic_translational [J]", "kinetic_rotational [J]", "kinetic_total [J]", "contacts [-]",
              "max_z_abs [m]"}) {}

  void observe(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<Vec3>& omega,
               const std::vector<double>& radius, double et, double er, std::size_t contacts) {
    const double e = et + er;
    if (!std::isfinite(e))
      throw SolverError("container[" + tag_ + "]: non-finite kinetic energy at t = " + format_value(t));
    if (e > peak) {
      peak = e;
      t_peak = t;
      rest.reset();
    }
    rest.update(t, peak > 0 && e < c_.rest_ratio * peak);
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
  bool rested(double t) const { return rest.at_rest(t); }
  // The final state is always drawn.
  void finish(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<double>& radius) {
    if (files_ && (snap_times.empty() || snap_times.back() < t - 1e-9)) snapshot(t, x, v, radius);
    csv_.close();
  }

  double peak = 0, t_peak = 0;
  RestDetector rest;  // below rest_ratio of the peak for rest_hold
  double max_planar_error = 0;  // |z| and |omega_x|, |omega_y|: exactly zero in this 2-D slice
  std::vector<double> snap_times;

 private:
  void snapshot(double t, const std::vector<Vec3>& x, const std::vector<Vec3>& v, const std::vector<double>& radius) {
    CsvWriter f(dir_ / ("container_snap_" + tag_ + "_" + container_time(t) + ".csv"),
                {"x [m]", "y [m]", "r [m]", "speed [m/s]"});
    for (std::size_t p = 0; p < x.size(); ++p) f.row({x[p][0], x[p][1], radius[p], v[p].norm()});
    f.close();
    snap_times.push_back(t);
  }
  std::filesystem::path dir_;
  std::string tag_;
  bool files_;
  const ContainerPourConfig& c_;
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
    for (std::uint32_t q = wfirst[i]; q < wfirst[i + 1]; ++q)
      k += e.boundaries.wall(wall[q], p.x[i]).distance < p.radius[i];
  }
  return k;
}

// The pour on the particle engine under velocity Verlet or the trapezoid fixed point (models/particles/
// particle_trapezoid.hpp, every step one trapezoid_run of dt with the workspace kept, so the predictor carries over),
// drag split off as its exact decay over dt/2 before and after each step. Sets x to the final positions.
template <class Tangential>
nlohmann::json engine_pour(const ContainerSetup& setup, bool with_rot, const Tangential& law,
                           const ContainerPourConfig& c, PourMonitor& mon, std::vector<Vec3>& x, const std::string& tag,
                           const StudyContext& ctx) {
  ParticleEngine<HertzDamped, Tangential> e;
  e.normal = HertzDamped::material(c.young, c.poisson, c.xi);
  e.tangential = law;
  e.boundaries = setup.boundaries;  // the container's segments, gravity and bounding box
  e.skin = c.skin;
  e.threads = c.threads;
  GranularState s;
  s.bodies = container_bodies(setup, with_rot);
  ParticleArrays& p = s.bodies;
  ParticleLedger ledger;
  engine_setup(e, s, &ledger);
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
    et = translational_kinetic_energy(p);
    er = rotational_kinetic_energy(p);
  };
  double et, er;
  energies(et, er);
  mon.observe(0.0, p.x, p.v, p.omega, p.radius, et, er, touching(e, s));
  const double dt = c.topt.dt;
  const long max_steps = static_cast<long>(step_count(c.t_end, dt));  // <= kMaxSteps: checked before the runs
  const long report = std::max(1L, static_cast<long>(std::min(0.5 / dt, 1e15)));
  EngineStepper stepper;
  stepper.scheme = c.scheme;
  stepper.trapezoid = c.topt;
  double t = 0;
  const RunSpan span(0, c.t_end);
  const auto observe = [&](const GranularState&, long k) {
    if (c.drag > 0) ledger.now.kinetic = kinetic_energy(p);
    t = static_cast<double>(k) * dt;
    progress_at(t);
    energies(et, er);
    mon.observe(t, p.x, p.v, p.omega, p.radius, et, er, touching(e, s));
    dumps.write(k, e, s);
    if (k % report == 0)
      ctx.log << "container[" << tag << "]: t = " << container_time(t) << " s, KE = " << et + er << " J (peak "
              << mon.peak << "), contacts " << touching(e, s) << '\n' << std::flush;
    return mon.rested(t) ? Flow::stop : Flow::go_on;
  };
  const EngineRun run{.dt = dt, .steps = max_steps, .ledger = &ledger};
  if (c.drag > 0) simulate(e, s, stepper, run, observe, drag);  // the drag split around every step
  else simulate(e, s, stepper, run, observe);
  mon.finish(t, p.x, p.v, p.radius);
  dumps.close();
  x = p.x;
  nlohmann::json j{{"t_stop", json_number(t)},
                   {"final_kinetic_energy", json_number(et + er)},
                   {"steps", stepper.steps()},
                   {"neighbor_rebuilds", stepper.rebuilds()},
                   {"ledger", ledger_json(ledger, drag_loss)}};
  if (stepper.scheme == Scheme::trapezoid) {
    const ParticleTrapezoidStats& ts = stepper.trapezoid_stats;
    j["iterations"] = {{"mean", json_number(ts.mean_iterations())}, {"max", ts.max_iterations},
                       {"relaxed_steps", ts.relaxed_steps}};
    j["rejected_steps"] = {{"count", ts.rejected_steps}, {"smallest_dt", json_number(ts.min_dt)}};
    j["force_evaluations"] = ts.force_evaluations;
  }
  return j;
}

nlohmann::json packing_json(const ContainerPacking& pk) {
  return {{"particles_inside", pk.particles_inside},
          {"centroid_y", json_number(pk.centroid_y)},
          {"top_y", json_number(pk.top_y)},
          {"area_fraction", json_number(pk.area_fraction)},
          {"contacts_per_particle", json_number(pk.contacts_per_particle)},
          {"wall_contacts", json_number(pk.wall_contacts)},
          {"psi6", json_number(pk.psi6)},
          {"six_neighbour_fraction", json_number(pk.six_neighbour_fraction)}};
}

}  // namespace

ContainerPourConfig container_run_settings(const Parameters& prm) {
  ContainerPourConfig cfg;
  cfg.law_values = engine_law_values(prm, "tangential");
  cfg.integrator = prm.raw("integrator");
  cfg.tangential = prm.choice("tangential", particle_law_names());
  const IntegratorSpec spec = parse_integrator("integrator", cfg.integrator);
  cfg.scheme = engine_stepper("integrator", spec).scheme;  // verlet or trapezoid
  (void)engine_driver("integrator", spec, "tangential", cfg.tangential);  // the law has that driver's form
  cfg.t_end = prm.positive("t_end");
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
  return cfg;
}

std::string container_time(double t) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", t);
  return b;
}

std::string container_pour_tag(bool rotations, std::size_t k, const std::vector<std::uint64_t>& seeds) {
  return std::string(rotations ? "rot" : "norot") + (k == 0 ? "" : "_s" + std::to_string(seeds[k]));
}

nlohmann::json run_container_pour(const ContainerSetup& setup, const ContainerSpec& spec, bool with_rot,
                                  const std::string& tag, bool files, const ContainerPourConfig& cfg,
                                  const StudyContext& ctx) {
  PourMonitor mon(ctx.out_dir, tag, files, cfg);
  std::vector<Vec3> x;
  const auto wall0 = std::chrono::steady_clock::now();
  nlohmann::json j =
      with_pour_law(cfg, [&](const auto& law) { return engine_pour(setup, with_rot, law, cfg, mon, x, tag, ctx); });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const double e_end = j["final_kinetic_energy"].get<double>();
  ctx.log << "container[" << tag << "]: "
          << (mon.rest.quiet() ? "at rest at t = " + container_time(mon.rest.t_rest()) + " s" : std::string("not at rest"))
          << ", " << j["steps"] << " steps, wall " << wall << " s\n";
  j["integrator"] = cfg.integrator;
  j["tangential"] = cfg.tangential;
  j["rotations"] = with_rot;
  j["seed"] = spec.seed;
  j["placement"] = setup.placement;  // random sequential addition, or the jittered-lattice fallback
  j["time_to_rest"] = json_number(mon.rest.quiet() ? mon.rest.t_rest() : NAN);
  j["settled"] = mon.rest.quiet();
  j["peak_kinetic_energy"] = json_number(mon.peak);
  j["time_of_peak"] = json_number(mon.t_peak);
  j["final_to_peak"] = json_number(mon.peak > 0 ? e_end / mon.peak : NAN);
  j["wall_seconds"] = json_number(wall);
  j["max_out_of_plane"] = json_number(mon.max_planar_error);
  j["snapshot_times"] = mon.snap_times;
  j["final"] = packing_json(container_packing(setup, spec, x));
  return j;
}

}  // namespace stickslip
