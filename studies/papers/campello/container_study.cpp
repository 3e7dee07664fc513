// studies/papers/campello/container_study.cpp — seed 004 example 5.3 (Fig. 8-12): 230 particles poured from a tall
// vessel onto the inclined face of a container (2-D slice), once with rotational degrees of freedom and once with the
// spins held at zero. The scene (models/particles/container_scene.hpp: placement, walls, gravity), with Hertz contact
// and the damping of eq. 19-23, runs on the particle engine under integrator=verlet (default; dt = t_c/100 of eq. 50 at
// the impact speed) or integrator=trapezoid (seed 004 Algorithm 1, eq. 40-49; dt = t_c/20), with any tangential law,
// the drag of eq. 15 split off each step and the energy ledger (one pour: studies/papers/campello/container_runs.hpp).
// Reports per run: peak kinetic energy, the time to rest (total kinetic energy below rest_ratio times its
// peak from then on), iteration counts, and the final packing (models/particles/container_packing.hpp): centroid and
// top height, area fraction in a reference window on the floor, contacts per particle, and the hexagonal
// bond-orientational order <|psi_6|> (1 for a perfect hexagonal lattice). The pour is chaotic (one placement can
// reverse a small difference), so it is repeated for several placement seeds and the paired differences rotations -
// no rotations are reported with their standard errors and the number of seeds in which the rotating pour is higher
// (figures, results and ensemble: studies/papers/campello/container_report.hpp).
// The seed: "A more ordered final configuration, resembling the hexagonal lattice of the highest density pack for two
// dimensions, is attained when rotations are considered"; rest at t ~ 4.0 s with rotations.
// The container geometry of Fig. 8 is not given in numbers: see models/particles/container_scene.hpp ContainerSpec.
#include <algorithm>
#include <cmath>
#include <map>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "core/work_limits.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/container_scene.hpp"
#include "models/particles/engine_laws.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/campello/container_report.hpp"
#include "studies/papers/campello/container_runs.hpp"

namespace stickslip {

namespace {

// The scene's keys (InputError naming the key): particles, material, the container's and the vessel's geometry.
ContainerSpec read_container_spec(const Parameters& prm) {
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
  // The placement grid (models/particles/container_scene.cpp) has cells of 2 r over the vessel: at most 1e8 of them.
  const double cells = (std::ceil(spec.vessel_width / (2 * spec.radius)) + 1) *
                       (std::ceil(spec.vessel_height / (2 * spec.radius)) + 1);
  prm.require_relation(cells <= 1e8, {"r", "vessel_width", "vessel_height"},
                       "the vessel (vessel_width=" + prm.raw("vessel_width") + ", vessel_height=" +
                           prm.raw("vessel_height") + ") spans more than 1e8 cells of 2 r (r=" + prm.raw("r") +
                           "); at most about 1e4 r on each side");
  return spec;
}

// The placement seeds: seeds=a,b,... (integers in [0, 1e9], 1 to 50 of them).
std::vector<std::uint64_t> container_seeds(const Parameters& prm) {
  std::vector<std::uint64_t> seeds;
  for (double v : prm.real_list("seeds")) {
    if (!(v >= 0 && v <= 1e9 && v == std::floor(v))) throw_input("seeds", prm.raw("seeds"), "integers in [0, 1e9]");
    seeds.push_back(static_cast<std::uint64_t>(v));
  }
  if (seeds.empty() || seeds.size() > 50) throw_input("seeds", prm.raw("seeds"), "1 to 50 seeds");
  return seeds;
}

// What the pour's contacts and step follow from (Campello's eq. 23, 37, 50).
struct ContainerTimes {
  double particle_mass = 0, v_impact = 0, tc = 0, dt_fraction = 0;
};

// The contact parameters and the step of cfg from the keys and the scene: the tangential spring and dashpot of a
// particle resting on the floor (auto), the skin, dt = t_c/100 (Verlet) or t_c/20 (trapezoid) with t_c of eq. 50 at
// the impact speed from the vessel top; the count of steps checked.
ContainerTimes configure_container_contacts(const Parameters& prm, const ContainerSpec& spec,
                                            const ContainerSetup& setup, ContainerPourConfig& cfg) {
  cfg.xi = prm.nonnegative("xi");
  cfg.mu_wall = prm.nonnegative("mu_wall");
  cfg.mu = prm.nonnegative("mu");
  cfg.drag = prm.nonnegative("drag");
  // Hertz's pair values (eq. 23) of two particles and of a particle and a wall.
  ContainerTimes t;
  const double m = t.particle_mass = setup.mass(), r = spec.radius;
  const ContactPair pair = sphere_sphere_pair(r, m, spec.young, spec.poisson, r, m, spec.young, spec.poisson);
  const ContactPair wall = sphere_wall_pair(r, m, spec.young, spec.poisson);
  // csds/dsds/cundall-strack: the Mindlin stiffness of a pair at the overlap of a particle resting on the floor
  // under its weight (eq. 37, 23), damping xi of critical for the pair's effective mass.
  const double h_rest = hertz_static_overlap(wall, m * 9.81);
  cfg.kt = prm.raw("kt") == "auto" ? mindlin_stiffness(pair, h_rest) : prm.positive("kt");
  cfg.gamma_t = prm.raw("gamma_t") == "auto" ? 2 * cfg.xi * std::sqrt(cfg.kt / (0.5 * m)) : prm.nonnegative("gamma_t");
  // A law that divides by its dashpot (the C-SDS, eq. 10) refuses gamma_t = 0, here under the study's key.
  for (const Param& p : law_parameter_list("tangential", cfg.tangential))
    if (std::string(p.name) == "gamma_t" && p.lo == 0 && p.lo_open && !(cfg.gamma_t > 0))
      throw_input("gamma_t", prm.raw("gamma_t") == "auto" ? "auto (xi = 0)" : prm.raw("gamma_t"),
                  cfg.tangential + " needs gamma_t > 0" + (*p.why ? std::string(" (") + p.why + ")" : std::string()));
  cfg.skin = prm.raw("skin") == "auto" ? 0.2 * spec.radius : prm.nonnegative("skin");
  // eq. 50 at the speed of a particle falling from the vessel top to the floor.
  const double v_impact = t.v_impact = std::sqrt(2 * 9.81 * setup.vessel_top);
  const double tc = t.tc = std::min(hertz_collision_duration(pair, v_impact), hertz_collision_duration(wall, v_impact));
  // Campello: t_c/20 for the trapezoid
  const double dt_fraction = t.dt_fraction = cfg.scheme == Scheme::verlet ? 100 : 20;
  if (prm.raw("dt") == "auto") {
    cfg.topt.dt = tc / dt_fraction;
    if (!(cfg.topt.dt > 0 && std::isfinite(cfg.topt.dt))) {  // name what the user gave, not dt
      const std::string k = prm.culprit({"r", "E", "rho", "nu", "vessel_height", "incline_rise", "vessel_gap", "floor_width"});
      throw_input(k, prm.raw(k), "gives no usable auto dt (eq. 50 collision time " + format_value(tc) +
                                     " s at the impact speed from the vessel top); give dt=, or a physical value");
    }
  } else {
    cfg.topt.dt = prm.positive("dt");
  }
  prm.require_relation(cfg.topt.dt < cfg.t_end, {"dt", "t_end"},
                       "needs dt < t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
  (void)checked_count(prm, "dt", cfg.topt.dt, "t_end", cfg.t_end, kMaxSteps, "steps per run");
  validate_trapezoid_options(cfg.topt);
  return t;
}

// summary.json: the set-up, every pour's row, the results table, the ensemble over seeds and the paper's statement.
nlohmann::json container_summary(const Parameters& prm, const ContainerSpec& spec, const ContainerSetup& setup,
                                 const ContainerPourConfig& cfg, const ContainerTimes& t, const nlohmann::json& runs,
                                 const std::vector<bool>& modes, const std::vector<std::uint64_t>& seeds) {
  nlohmann::json j;
  j["study"] = "container";
  j["particles"] = spec.particles;
  j["particle_mass"] = json_number(t.particle_mass);
  j["integrator"] = cfg.integrator;
  j["tangential"] = cfg.tangential;
  j["dt"] = json_number(cfg.topt.dt);
  j["dt_rule"] = prm.raw("dt") == "auto" ? "t_c/" + std::to_string(static_cast<int>(t.dt_fraction)) + " (eq. 50)" : "given";
  if (law_declares(cfg.tangential, "kt") && law_declares(cfg.tangential, "gamma_t"))
    j["tangential_spring"] = {{"kt", json_number(cfg.kt)}, {"gamma_t", json_number(cfg.gamma_t)}};
  j["collision_duration_eq50"] = json_number(t.tc);
  j["impact_speed"] = json_number(t.v_impact);
  j["geometry"] = {{"floor_width", spec.floor_width},      {"incline_deg", spec.incline_deg},
                   {"incline_rise", spec.incline_rise},    {"x_right", json_number(setup.x_right)},
                   {"vessel_bottom", json_number(setup.vessel_bottom)}, {"vessel_top", json_number(setup.vessel_top)},
                   {"vessel_area_fraction", json_number(setup.vessel_packing)}};
  j["runs"] = runs;
  j["results"] = container_results(runs, cfg);    // one row per pour
  j["ensemble"] = container_ensemble(runs, modes, seeds);  // over seeds: per mode and rot - norot
  j["paper"] = {{"time_to_rest_with_rotations", 4.0},
                {"statement", "rotations give a more ordered final configuration, close to the hexagonal lattice"}};
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
    ContainerSpec spec = read_container_spec(prm);
    const std::vector<std::uint64_t> seeds = container_seeds(prm);
    spec.seed = seeds[0];
    const std::string rot = prm.choice("rotations", {"both", "on", "off"});
    ContainerPourConfig cfg = container_run_settings(prm);  // integrator, law, trapezoid options, stopping, files
    const double t_end = cfg.t_end;
    TrapezoidOptions& topt = cfg.topt;

    const ContainerSetup setup = build_container(spec);
    cfg.young = spec.young, cfg.poisson = spec.poisson, cfg.threads = topt.threads;
    const ContainerTimes t = configure_container_contacts(prm, spec, setup, cfg);
    ctx.log << "container: " << spec.particles << " particles, vessel y in [" << setup.vessel_bottom << ", "
            << setup.vessel_top << "] m, impact speed " << t.v_impact << " m/s, t_c " << t.tc << " s, " << cfg.integrator
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
    }
    struct Pour {
      std::size_t seed;  // index into seeds
      bool rotations;
    };
    std::vector<Pour> pours;
    std::vector<std::size_t> seed_index(seeds.size());
    for (std::size_t k = 0; k < seeds.size(); ++k) seed_index[k] = k;
    for_each_product([&](std::size_t k, bool r) { pours.push_back({k, r}); }, seed_index, modes);
    const auto pour_tag = [&](const Pour& q) { return container_pour_tag(q.rotations, q.seed, seeds); };
    const nlohmann::json rows = run_each(ctx, name(), pours, pour_tag, [&](const Pour& q) {
      return run_container_pour(setups[q.seed], specs[q.seed], q.rotations, pour_tag(q), q.seed == 0, cfg, ctx);
    });
    nlohmann::json runs = nlohmann::json::object();
    for (std::size_t i = 0; i < pours.size(); ++i) runs[pour_tag(pours[i])] = rows[i];
    std::vector<std::string> tags;
    std::vector<std::vector<double>> snap_done;
    for (bool with_rot : modes) {
      tags.push_back(container_pour_tag(with_rot, 0, seeds));
      snap_done.push_back(runs[tags.back()]["snapshot_times"].get<std::vector<double>>());
    }

    plot_container_figures(ctx.out_dir, cfg, spec, setup, tags, snap_done, ctx.log);

    return container_summary(prm, spec, setup, cfg, t, runs, modes, seeds);
  }
};

}  // namespace

std::unique_ptr<Study> make_container_study() { return std::make_unique<ContainerStudy>(); }

}  // namespace stickslip
