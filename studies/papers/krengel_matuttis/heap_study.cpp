// studies/papers/krengel_matuttis/heap_study.cpp — seed 002 §5 (Figs. 6-7): a 2-D heap poured from a hopper, once per
// tangential law.
//
// Particles (particles=):
//   discs     models/particles/hopper_heap.hpp: mean radius 2.5 mm with a 20 % radius spread, placed in the hopper
//             without overlap; the particle engine (ParticleEngine) with rolling resistance. Material (seed 002 §4,
//             Table 1: rho 5000, Y 5e7, mu 0.6, normal damping 1.5, k_t = 2/7 Y, gamma_t = 1/4 sqrt(k_t m_eff)),
//             mapped onto the linear 2-D contact of discs per metre of depth by models/particles/disc_material.hpp:
//               k_n = Y x 1 m, gamma_n = D sqrt(k_n/m*) (eq. 18; m* = m_mean/2, damping ratio D/2 = 0.75),
//               k_t = kt_ratio k_n (2/7), gamma_t = gamma_t_factor sqrt(k_t/m*) (1/4).
//             Rolling resistance (models/contact/rolling.hpp) on every law: moment cap mu_roll r* |f_n|, spring
//             k_roll = kr_ratio k_n, dashpot gamma_roll = gamma_roll_factor sqrt(k_roll/m*). The seed's polygons
//             resist rolling by their corners; discs without it spread wall to wall in a layer ~10 discs deep.
//             dt = t_c/dt_fraction (auto 30), t_c the damped contact time of two mean discs: 5.0e-6 s.
//   polygons  models/polygon/polygon_hopper.hpp: the paper's particles, convex polygons of min_corners..max_corners
//             corners on ellipses of eccentricity e (mean radius r), in the same hopper; the polygon engine
//             (models/polygon/polygon_engine.hpp): overlap-area force Y A/l with eq. 18's damping on dA/dt, the
//             tangential laws with eq. 21's mass per contact (coulomb: the Gauss-Seidel sweep with the polygons'
//             arms), k_t and gamma_t as for discs, no rolling resistance. dt = t_c/dt_fraction (auto 10), t_c =
//             pi sqrt(m*/k) of two mean polygons face to face, k = 4 Y: 4.5e-6 s at the defaults (the paper: 5e-6 s).
// Laws (by name through models/particles/engine_laws.hpp): coulomb (exact static friction per contact, eq. 21-22,
// models/contact/coulomb.hpp), cundall-strack (eq. 19-20: the spring cut off at mu F_n with the dashpot gamma_t of
// Table 1), csds, dsds (LAMMPS), mindlin (k_t of Hertz-Mindlin from Y, nu: a 3-D law on a 2-D contact).
// Integrator (integrator=): velocity Verlet (default) or the generalized trapezoidal rule of Campello (phi = 1/2,
// fixed-point sweeps; solvers/particles/engine_drivers.hpp), for discs and polygons alike; coulomb's exact static
// friction has no trapezoid form (refused). threads=k: the force evaluation on k threads, the same motion for every k.
// At rest: total kinetic energy below rest_ratio x E_ref, E_ref = N m_mean g d_mean (every particle lifted by one
// mean diameter 2r), held for rest_hold; t_rest is the first sample of that stretch (the run stops at t_max
// otherwise). Angle of repose: models/particles/repose_angle.hpp (flank fits of the free surface; polygons: of their
// corners, models/polygon/polygon_repose.hpp). Drift (Fig. 7): the surface particles of the heap at rest are followed
// for t_drift from the state at rest, once per dt factor (dt x f, the same state restarted): surface_drift(t) = mean
// |x_i(t) - x_i(t_rest)|, the centre-of-mass drift |<x>(t) - <x>(t_rest)|, drift_rate = least-squares slope of
// surface_drift over the second half of the window (models/particles/surface_drift.hpp). A law holds the heap when
// it came to rest and its surface drift over the window is below hold_fraction x d_mean.
// Angle during the feed (Fig. 6 shows particles still falling): every feed_every of the pour, the same fit on the
// heap's bodies (below the outlet, slower than sqrt(2 g d_mean)); the last reading is the one at rest
// (studies/papers/krengel_matuttis/particle_heap_runs.hpp). Seeds: seeds=a,b,... pours once per seed and law (run-store
// entries and files <law>_s<seed>), summary.json "spread" the mean, sample sd, min and max of each angle per law
// (studies/papers/krengel_matuttis/heap_report.hpp). setup=krengel-matuttis (heap_setups below,
// studies/experiment/setup_preset.hpp): the paper's set-up with particles=polygons; a key the user sets to another
// value wins. Outputs: the figures (Fig. 6 snapshots, kinetic energy, Fig. 7 drift, drift against dt, surface profiles)
// of studies/papers/krengel_matuttis/heap_figures.hpp and polygon_heap_figures.hpp; summary.json's results, conclusion
// and setup of studies/papers/krengel_matuttis/heap_report.hpp. Dumps: dump_every = k > 0 writes every k steps of the
// pour, for discs LAMMPS text and contact-force frames (dumps/heap_<law>*.dump, solvers/particles/particle_dumps.hpp),
// for polygons VTK XML PolyData with a ParaView collection (dumps/heap_<law>.pvd, solvers/particles/polygon_vtk.hpp);
// OVITO and ParaView read both.
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/particles/disc_material.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/hopper_heap.hpp"
#include "models/polygon/polygon_hopper.hpp"
#include "solvers/particles/engine_drivers.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/setup_preset.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/papers/krengel_matuttis/heap_figures.hpp"
#include "studies/papers/krengel_matuttis/heap_report.hpp"
#include "studies/papers/krengel_matuttis/particle_heap_runs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

const std::vector<std::string>& kHeapLaws = particle_law_names();  // models/particles/engine_laws.hpp

// setup=krengel-matuttis: Krengel & Matuttis' heap as they computed it (§5 and Table 1; the contact of their ref.,
// Matuttis & Chen ch. 7): their static friction as printed (coulomb-km) beside Cundall-Strack, the book's contact,
// their dt 1e-5 s with Fig. 7's windows at 1e-5 and 5e-6 s, 1625 polygons of 5-10 corners, eccentricity 0.8 read as
// written (e). particles=polygons stays the user's to give. The corners stay stratified: their "distributed
// randomly" (corners=uniform) draws slivers whose contacts are beyond velocity Verlet's bound at 1e-5 s (both laws'
// pours blew up, kinetic energy ~1e29 J/m at 0.4 s; the bound is checked on two mean polygons only).
const std::vector<SetupPreset>& heap_setups() {
  static const std::vector<SetupPreset> presets{
      {"default", "the project's set-up, nothing changed", {}},
      {"krengel-matuttis",
       "Krengel & Matuttis' heap as they computed it, with particles=polygons; stratified corners, since "
       "corners=uniform is unstable at their dt; 1625 polygons take 25 min of CPU (both laws, one thread)",
       {{"laws", "coulomb-km,cundall-strack"},
        {"contact", "book"},
        {"corners", "stratified"},
        {"dt", "1e-5"},
        {"dt_factors", "1,0.5"},
        {"n", "1625"},
        {"min_corners", "5"},
        {"max_corners", "10"},
        {"eccentricity", "0.8"},
        {"eccentricity_reading", "eccentricity"}}}};
  return presets;
}

// The seeds of the pours: seeds=a,b,... (positive, distinct) or auto (the one seed of `seed`).
std::vector<std::uint64_t> heap_seeds(const Parameters& prm) {
  const std::string allowed = "auto or a comma-separated list of distinct positive integer seeds, e.g. 1,2,3";
  if (prm.raw("seeds") == "auto") return {static_cast<std::uint64_t>(prm.integer("seed", 0, 1000000000))};
  if (prm.given("seed")) throw_input("seeds", prm.raw("seeds"), "seeds with seed=" + prm.raw("seed") + ": give the seeds in seeds only");
  std::vector<std::uint64_t> seeds;
  for (const std::string& item : split_list(prm.raw("seeds"))) {
    long v = 0;
    std::size_t used = 0;
    try {
      v = std::stol(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    const bool digits = !item.empty() && item.find_first_not_of("0123456789") == std::string::npos;  // no spaces, signs
    if (!digits || used != item.size() || v < 1 || v > 1000000000) throw_input("seeds", prm.raw("seeds"), allowed);
    if (std::find(seeds.begin(), seeds.end(), static_cast<std::uint64_t>(v)) != seeds.end())
      throw_input("seeds", prm.raw("seeds"), allowed + " (" + item + " twice)");
    seeds.push_back(static_cast<std::uint64_t>(v));
  }
  if (seeds.empty() || seeds.size() > 100) throw_input("seeds", prm.raw("seeds"), allowed + " (1 to 100)");
  return seeds;
}

// One seed's pour set-up: the scene, and what follows from its drawn masses (contact parameters, t_c, dt).
struct HeapSeedSetup {
  HeapConfig c;
  Boundaries walls;
  HopperHeapScene disc_scene;
  PolygonHopperScene polygon_scene;
  double tc = 0, zeta = 0, fill_top = 0;
};

// What the keys give before any scene is drawn: the configuration every seed starts from, the material, the laws and
// seeds, and the two keys each seed's set-up reads again.
struct HeapInputs {
  HeapConfig c;
  DiscMaterial material;
  std::vector<std::string> laws;
  std::vector<std::uint64_t> seeds;
  double dt_fraction = 0, bin_d = 0;
};

// The polygons' shapes (particles=polygons): corners, eccentricity and its reading, corner placement.
RandomPolygonSpec read_heap_shape(const Parameters& prm, double mean_radius) {
  RandomPolygonSpec shape;
  shape.mean_radius = mean_radius;
  shape.min_corners = static_cast<int>(prm.integer("min_corners", 3, kMaxPolygonCorners));
  shape.max_corners = static_cast<int>(prm.integer("max_corners", 3, kMaxPolygonCorners));
  if (shape.max_corners < shape.min_corners)
    throw_input("max_corners", prm.raw("max_corners"), "at least min_corners = " + prm.raw("min_corners"));
  shape.eccentricity = prm.real("eccentricity");
  shape.reading = prm.choice("eccentricity_reading", {"eccentricity", "axis-ratio"}) == "axis-ratio"
                        ? EccentricityReading::axis_ratio
                        : EccentricityReading::eccentricity;
  if (shape.reading == EccentricityReading::axis_ratio) {
    if (!(shape.eccentricity > 0 && shape.eccentricity <= 1))
      throw_input("eccentricity", prm.raw("eccentricity"), "an axis ratio b/a in (0, 1] with eccentricity_reading=axis-ratio");
  } else if (!(shape.eccentricity >= 0 && shape.eccentricity < 1)) {
    throw_input("eccentricity", prm.raw("eccentricity"), "a number in [0, 1)");
  }
  shape.corners = prm.choice("corners", {"stratified", "uniform"}) == "uniform" ? CornerPlacement::uniform
                                                                               : CornerPlacement::stratified;
  return shape;
}

// The disc scene's widths must nest (models/particles/hopper_heap.cpp refuses them too): an error names the key the
// user gave, not the one at its default.
void check_heap_widths(const Parameters& prm, const HopperHeapSpec& sp) {
  const double disc = 2 * sp.radius * (1 + sp.spread), pitch = disc + 0.1 * sp.radius;
  const auto refuse = [&](std::initializer_list<std::string> keys, const std::string& relation) {
    const std::string k = prm.culprit(keys);
    throw_input(k, prm.raw(k), relation);
  };
  if (!(sp.outlet > disc))
    refuse({"outlet", "r", "spread"}, fmt::format("the outlet ({:g} m) must be wider than the largest disc, 2 r (1 + "
                                                  "spread) = {:g} m", sp.outlet, disc));
  if (!(sp.hopper_width > sp.outlet + pitch))
    refuse({"hopper_width", "outlet", "r", "spread"},
           fmt::format("the hopper ({:g} m) must be wider than the outlet plus one disc and a gap ({:g} m)",
                       sp.hopper_width, sp.outlet + pitch));
  if (!(sp.floor_width > sp.hopper_width))
    refuse({"hopper_width", "floor_width"},
           fmt::format("the floor ({:g} m) must be wider than the hopper ({:g} m)", sp.floor_width, sp.hopper_width));
}

// The keys read into the configuration every seed starts from (InputError naming the key): the particles and their
// shapes, the material, the laws and integrator, the hopper, the rest and drift criteria, the outputs.
HeapInputs read_heap_inputs(const Parameters& prm, const json& setup) {
  HeapInputs in;
  HeapConfig& c = in.c;
  c.law_values = engine_law_values(prm, "laws");
  HopperHeapSpec& sp = c.spec;
  c.polygons = prm.choice("particles", {"discs", "polygons"}) == "polygons";
  if (setup["name"] != "default" && !c.polygons)
    throw_input("setup", prm.raw("setup"), "with particles=polygons (Krengel & Matuttis' particles; the preset leaves "
                                           "the particles to you)");
  sp.n = prm.integer("n", 1, 1000000);
  sp.radius = prm.in_range("r", 1e-5, 1);
  sp.spread = prm.in_range("spread", 0, 0.5);
  c.shape = read_heap_shape(prm, sp.radius);
  c.book_contact = prm.choice("contact", {"equal-area", "book"}) == "book";
  sp.density = prm.in_range("rho", 1, 1e5);
  DiscMaterial& material = in.material;  // models/particles/disc_material.hpp
  c.young = material.young = prm.in_range("Y", 1e3, 1e12);
  c.damping = material.damping = prm.in_range("damping", 0, 1e3);
  c.mu = prm.in_range("mu", 0, 100);
  material.kt_ratio = prm.in_range("kt_ratio", 1e-3, 10);
  material.gamma_t_factor = prm.in_range("gamma_t_factor", 1e-6, 1e3);
  c.poisson = prm.in_range("nu", 0, 0.49);
  std::vector<std::string>& laws = in.laws;
  laws = prm.choice_list("laws", kHeapLaws);
  if (laws.empty()) throw_input("laws", prm.raw("laws"), "at least one of " + particle_law_list());
  const IntegratorSpec integrator = parse_integrator("integrator", prm.raw("integrator"));
  c.scheme = engine_stepper("integrator", integrator).scheme;  // verlet or trapezoid
  for (const std::string& law : laws) (void)engine_driver("integrator", integrator, "laws", law);  // its form
  c.rolling.mu_roll = prm.raw("mu_roll") == "auto" ? (c.polygons ? 0.0 : 0.2) : prm.in_range("mu_roll", 0, 10);
  if (c.polygons && c.rolling.mu_roll != 0)
    throw_input("mu_roll", prm.raw("mu_roll"), "0 or auto with particles=polygons (their corners resist rolling)");
  material.kr_ratio = prm.in_range("kr_ratio", 1e-6, 10);
  material.gamma_roll_factor = prm.in_range("gamma_roll_factor", 1e-6, 1e3);
  sp.floor_width = prm.in_range("floor_width", 1e-3, 1e3);
  sp.side_height = prm.in_range("side_height", 0, 1e3);
  sp.hopper_width = prm.in_range("hopper_width", 1e-3, 1e3);
  sp.outlet = prm.in_range("outlet", 1e-4, 1e3);
  sp.outlet_height = prm.in_range("outlet_height", 1e-3, 1e3);
  sp.hopper_angle_deg = prm.in_range("hopper_angle_deg", 20, 85);
  if (!c.polygons) check_heap_widths(prm, sp);
  in.seeds = heap_seeds(prm);
  c.feed_every = prm.in_range("feed_every", 0, 1e3);
  in.dt_fraction =
      prm.raw("dt_fraction") == "auto" ? (c.polygons ? 10.0 : 30.0) : prm.in_range("dt_fraction", 5, 1e4);
  c.dt_factors = prm.raw("dt_factors") == "auto" ? (c.polygons ? std::vector<double>{1, 0.5} : std::vector<double>{1, 2})
                                                 : prm.positive_list("dt_factors");
  if (c.dt_factors.empty() || c.dt_factors.size() > 10)
    throw_input("dt_factors", prm.raw("dt_factors"), "1 to 10 positive factors");
  for (double f : c.dt_factors)
    if (f > 4) throw_input("dt_factors", prm.raw("dt_factors"), "factors <= 4 (beyond, velocity Verlet nears its stability limit)");
  c.t_max = prm.in_range("t_max", 1e-3, 1e3);
  c.rest_ratio = prm.in_range("rest_ratio", 1e-15, 1);
  c.rest_hold = prm.in_range("rest_hold", 0, 1e3);
  c.t_drift = prm.in_range("t_drift", 1e-4, 1e3);
  c.hold_fraction = prm.in_range("hold_fraction", 1e-9, 1e3);
  in.bin_d = prm.in_range("bin", 0.5, 100);
  c.sample = prm.in_range("sample", 1e-6, 10);
  c.snapshots = prm.positive_list("snapshots");
  std::sort(c.snapshots.begin(), c.snapshots.end());
  c.skin = prm.in_range("skin", 0.01, 5) * sp.radius;
  c.threads = static_cast<int>(prm.integer("threads", 1, 64));
  c.dump_every = prm.integer("dump_every", 0, 1000000000);

  c.v_fall = std::sqrt(2 * sp.g * 2 * sp.radius);
  return in;
}

// One seed's pour set-up: the scene (the polygons' mean mass is that of the drawn shapes), the contact parameters per
// metre of depth, t_c and dt with velocity Verlet's bound, all checked before the first pour.
HeapSeedSetup configure_heap_seed(const HeapInputs& in, const Parameters& prm, std::uint64_t seed) {
  HeapSeedSetup u;
  u.c = in.c;
  HeapConfig& c = u.c;
  HopperHeapSpec& sp = c.spec;
  sp.seed = seed;
  Boundaries& walls = u.walls;
  HopperHeapScene& disc_scene = u.disc_scene;
  PolygonHopperScene& polygon_scene = u.polygon_scene;
  if (c.polygons) {
    polygon_scene = make_polygon_hopper(PolygonHopperSpec{sp, c.shape});
    double mass = 0;
    for (const ConvexPolygon& shape : polygon_scene.shapes) mass += shape.mass(sp.density);
    c.mean_mass = mass / static_cast<double>(sp.n);
  } else {
    disc_scene = make_hopper_heap(sp, walls);
    c.mean_mass = sp.mean_mass();
  }
  const double m_mean = c.mean_mass;
  c.d_mean = 2 * sp.radius;
  const DiscContactParameters contact = disc_contact_parameters(in.material, m_mean);
  c.kn = contact.kn, c.gamma_n = contact.gamma_n, c.kt = contact.kt, c.gamma_t = contact.gamma_t;
  c.rolling.k_roll = contact.k_roll, c.rolling.gamma_roll = contact.gamma_roll;
  c.rolling.validate();
  // polygons: two mean ones face to face over one diameter, k = Y 2r/l with l = r/2 (overlap_force.hpp's flat
  // face), m* = m_mean/2; eq. 18 gives that contact zeta = D sqrt(2r/l)/2 = D (overdamped at the paper's D = 1.5),
  // so t_c is the undamped half period
  // contact=book: l = 4 d d/(2 d) = 2 d with d ~ r (the distance of each centre to the contact point), k = Y, the
  // reduced mass m_mean/2 (the normal mass of a face), zeta = D sqrt(2r/l)/2 = D/2
  const double k_face = c.book_contact ? c.young : 4 * c.young;
  const double tc = c.polygons ? M_PI * std::sqrt(0.5 * m_mean / k_face) : contact.contact_time;
  const double zeta = c.polygons ? (c.book_contact ? 0.5 * c.damping : c.damping) : contact.damping_ratio;
  if (prm.raw("dt") == "auto") c.dt = tc / in.dt_fraction;
  else c.dt = prm.in_range("dt", 1e-9, 1e-2);
  // velocity Verlet's bound: discs t_c/5; polygons t_c/8, since eq. 18 overdamps their face contacts (zeta = D):
  // dt < 2/(omega (zeta + sqrt(zeta^2 + 1))) = t_c/5.2 at D = 1.5 for two mean faces, less for longer ones (a
  // C-SDS heap blew up at t_c/5.5)
  // contact=book: the same bound with the same margin (0.65 of it, which gives t_c/8 above): at D = 1.5, zeta =
  // 0.75, 0.65 x 2/(omega (zeta + sqrt(zeta^2 + 1))) = 0.65 t_c/pi = t_c/4.8
  const double book_max = 0.65 * 2 / (M_PI / tc * (zeta + std::sqrt(zeta * zeta + 1)));
  const double dt_max = c.polygons ? (c.book_contact ? book_max : tc / 8) : tc / 5;
  const std::string bound = c.polygons ? (c.book_contact ? "0.65 x 2/(omega (zeta + sqrt(zeta^2 + 1))) = " : "t_c/8 = ")
                                       : "t_c/5 = ";
  if (!c.polygons && c.book_contact)
    throw_input("contact", prm.raw("contact"), "equal-area with particles=discs (the book's contact is the polygons')");
  if (c.dt > dt_max) throw_input("dt", prm.raw("dt"), "at most " + bound + format_value(dt_max) + " s");
  if (c.dt * *std::max_element(c.dt_factors.begin(), c.dt_factors.end()) > dt_max)
    throw_input("dt_factors", prm.raw("dt_factors"), "dt x factor at most " + bound + format_value(dt_max) + " s");
  if (!(c.t_max > 10 * c.dt)) throw_input("t_max", prm.raw("t_max"), "longer than 10 dt = " + format_value(10 * c.dt) + " s");
  (void)checked_count(prm, "dt", c.dt, "t_max", c.t_max, kMaxSteps, "steps of the pour");
  const std::string window_step_key = prm.given("dt_factors") ? "dt_factors" : "dt";  // the step is dt x factor
  for (double f : c.dt_factors)
    (void)checked_count(prm, window_step_key, c.dt * f, "t_drift", c.t_drift, kMaxSteps, "steps of a drift window");
  if (!(c.sample >= c.dt)) throw_input("sample", prm.raw("sample"), "at least dt = " + format_value(c.dt) + " s");
  c.bin = in.bin_d * c.d_mean;
  c.e_ref = static_cast<double>(sp.n) * m_mean * sp.g * c.d_mean;

  u.tc = tc, u.zeta = zeta;
  u.fill_top = c.polygons ? polygon_scene.fill_top : disc_scene.fill_top;
  return u;
}

// The drawn polygons' statistics for summary.json: aspect ratio, corners and area (mean and sd), the ellipses' axis
// ratio they were drawn on.
json heap_shape_summary(const std::vector<ConvexPolygon>& shapes, const RandomPolygonSpec& spec) {
  const ShapeStatistics st = shape_statistics(shapes);
  return {{"count", st.count},
          {"aspect_ratio", {{"mean", json_number(st.aspect_mean)}, {"sd", json_number(st.aspect_sd)},
                            {"definition", "sqrt(J_max/J_min) of the principal second moments of area (a/b for an ellipse)"}}},
          {"corners", {{"mean", json_number(st.corners_mean)}, {"sd", json_number(st.corners_sd)}}},
          {"area", {{"mean", json_number(st.area_mean)}, {"sd", json_number(st.area_sd)}, {"unit", "m^2"}}},
          {"ellipse_axis_ratio", json_number(std::sqrt(1 - std::pow(spec.ellipse_eccentricity(), 2)))}};
}

class HeapStudy : public Study {
 public:
  std::string name() const override { return "heap"; }
  std::string summary() const override {
    return "Krengel & Matuttis §5 (Figs. 6-7): 2-D heap poured from a hopper per tangential law, of discs with rolling "
           "resistance or (particles=polygons) the paper's 5-10-corner polygons: repose angle, rest, surface drift";
  }
  // Units of the summary's results for `stickslip sweep` ("-": dimensionless; mean/stderr/n of the ensembles: mixed).
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"balance", "created", "elastic_normal", "elastic_tangential", "gravity_work",
                          "kinetic_at_stop", "kinetic_end", "kinetic_peak", "normal_damping", "rolling_dissipation",
                          "scheme_work", "tangential_dissipation", "verlet_kick"}) u.emplace(k, "J/m");
    for (const char* k : {"com_drift", "fill_top", "flank_rms", "heap_feet", "heap_height", "heap_peak_x",
                          "hopper_top_of_v", "intercept", "max_drift", "surface_drift", "x_from", "x_to"}) u.emplace(k, "m");
    for (const char* k : {"contact_time", "cpu_seconds", "dt", "seed_dt", "snapshot_times", "t", "t_rest", "t_stop",
                          "wall_s"}) u.emplace(k, "s");
    for (const char* k : {"drift_rate"}) u.emplace(k, "m/s");
    for (const char* k : {"gamma_n", "gamma_roll", "gamma_t"}) u.emplace(k, "1/s");
    for (const char* k : {"k_roll", "kn", "kt"}) u.emplace(k, "N/m^2");
    for (const char* k : {"mean_mass"}) u.emplace(k, "kg/m");
    for (const char* k : {"repose_angle_deg", "repose_left_deg", "repose_right_deg", "feeding_angle_deg",
                          "feeding_left_deg", "feeding_right_deg"}) u.emplace(k, "deg");
    for (const char* k : {"damping_ratio", "discs_in_hopper", "dt_factor", "energy_balance_error", "flank_bins",
                          "falling", "heap_bodies", "in_hopper", "n", "particles", "rebuilds", "seed", "seeds", "slope", "steps",
                          "steps_pour", "surface_discs"}) u.emplace(k, "-");
    return u;
  }

  Parameters parameters() const override {
    Parameters p("heap");
    p.declare("particles", "discs", "discs (with rolling resistance) or polygons (Krengel & Matuttis' convex polygons: "
                                    "5-10 corners on ellipses, overlap-area force)")
        .declare("n", "1625", "number of particles (the paper: 1625 polygons)")
        .declare("r", "2.5e-3", "mean radius (m; polygons: the equal-area radius of their ellipse)")
        .declare("min_corners", "5", "polygons: fewest corners (>= 3)")
        .declare("max_corners", "10", "polygons: most corners (<= " + std::to_string(kMaxPolygonCorners) + ")")
        .declare("eccentricity", "0.8", "polygons: the ellipse the corners lie on: its eccentricity e = sqrt(1 - b^2/a^2) "
                                         "in [0, 1), or (eccentricity_reading=axis-ratio) its axis ratio b/a in (0, 1]")
        .declare("eccentricity_reading", "eccentricity",
                 "polygons: how eccentricity reads Krengel & Matuttis' \"eccentricity approximately 0.8\": eccentricity "
                 "(e = sqrt(1 - b^2/a^2): b/a = 0.6 at 0.8) or axis-ratio (b/a: e = 0.6 at 0.8, as Matuttis & Chen's "
                 "half axes of 0.8 .. 1 R)")
        .declare("corners", "stratified",
                 "polygons: stratified (one corner in the middle 80 % of each of n equal sectors of the ellipse) or "
                 "uniform (n parametric angles uniform on the ellipse, sorted: the paper's \"distributed randomly\")")
        .declare("contact", "equal-area",
                 "polygons: equal-area (l = r_i r_j/(r_i + r_j) of the equal-area radii, eq. 18's damping with the "
                 "normal effective mass, no cap) or book (Matuttis & Chen: l = 4 d_i d_j/(d_i + d_j) from the distances "
                 "of both centres of mass to the contact point, the pair's reduced mass, damping at most twice the "
                 "elastic force)")
        .declare("spread", "0.2", "discs: radii uniform in [r (1 - spread), r (1 + spread)] (0 <= spread <= 0.5)")
        .declare("rho", "5000", "density (kg/m^3; masses per metre of depth)")
        .declare("Y", "5e7", "Young's modulus (Pa); linear 2-D normal stiffness k_n = Y x 1 m")
        .declare("damping", "1.5", "normal damping D of Krengel & Matuttis eq. 18: f_damp = D sqrt(k_n m*) hdot")
        .declare("mu", "0.6", "friction coefficient (static = dynamic)")
        .declare("kt_ratio", "0.2857142857142857", "k_t/k_n (Krengel & Matuttis: k_t = 2/7 Y)")
        .declare("gamma_t_factor", "0.25", "dashpot gamma_t = factor sqrt(k_t m*) of csds, dsds, cundall-strack (Krengel & Matuttis: 1/4)")
        .declare("nu", "0.3", "Poisson's ratio (mindlin's G* only)")
        .declare("laws", "coulomb,cundall-strack,csds",
                 "tangential laws (coulomb: exact static friction, Krengel & Matuttis eq. 21-22), any of " + particle_law_list())
        .declare("mu_roll", "auto", "rolling resistance: moment cap mu_roll r* |f_n| (0: none; discs need it to heap); "
                                    "auto: 0.2 for discs, 0 for polygons (their corners resist rolling; no other value)")
        .declare("kr_ratio", "0.2857142857142857", "rolling spring k_roll/k_n")
        .declare("gamma_roll_factor", "0.25", "rolling dashpot gamma_roll = factor sqrt(k_roll/m*) (1/s per effective mass)")
        .declare("floor_width", "1.0", "floor between the side walls (m)")
        .declare("side_height", "0.05", "side walls' height (m)")
        .declare("hopper_width", "0.2", "hopper (bin) width (m)")
        .declare("outlet", "0.08", "hopper outlet width (m)")
        .declare("outlet_height", "0.25", "outlet above the floor (m)")
        .declare("hopper_angle_deg", "60", "hopper walls to the horizontal (deg)")
        .declare("seed", "1", "random seed of radii and placement")
        .declare("seeds", "auto", "several pours, one per seed (a list: 1,2,3), each law on each; summary.json "
                                  "\"spread\" gives per law the mean, sample sd, min and max of the angles at rest "
                                  "and feeding; auto: the one pour of seed")
        .declare("feed_every", "0.05", "s between the angle readings during the pour (0: at rest only); the heap's "
                                       "bodies only: below the outlet and slower than sqrt(2 g d_mean)")
        .declare("setup", "default", "a paper's set-up: " + setup_help(heap_setups()))
        .declare("dt", "auto", "time step (s); auto: t_c/dt_fraction")
        .declare("dt_fraction", "auto", "dt = t_c/dt_fraction; discs: t_c the damped contact time of two mean discs, "
                                        "auto 30; polygons: t_c = pi sqrt(m*/k), k = 4 Y of two mean polygons face to "
                                        "face, auto 10 (4.5e-6 s; the paper: 5e-6 s)")
        .declare("dt_factors", "auto", "drift windows at dt x factor, each restarted from the heap at rest; auto: 1,2 "
                                       "for discs, 1,0.5 for polygons (2 dt is beyond their stability bound t_c/8)")
        .declare("t_max", "4", "longest pour + settling (s)")
        .declare("rest_ratio", "1e-6", "at rest: kinetic energy < rest_ratio N m g d (J/m)")
        .declare("rest_hold", "0.05", "time the kinetic energy must stay below the threshold (s)")
        .declare("t_drift", "0.5", "drift window after rest (s)")
        .declare("hold_fraction", "0.01", "a law holds the heap when its surface drift < hold_fraction x d_mean")
        .declare("bin", "2", "surface-profile bin width (mean diameters)")
        .declare("sample", "0.002", "sampling interval of energies and drift (s)")
        .declare("snapshots", "0.25,0.5,1", "snapshot times (s); the state at rest is always drawn")
        .declare("skin", "0.3", "Verlet skin (mean radii)")
        .declare("integrator", "verlet", "verlet (velocity Verlet) or trapezoid (Campello's generalized trapezoidal rule, "
                                         "phi = 1/2, fixed-point sweeps at tol 1e-4; the laws with an increment, not coulomb)")
        .declare("threads", "1", "threads of the force evaluation (the same motion for every count; coulomb's sweep stays on one)")
        .declare("dump_every", "0", "k > 0: every k steps of the pour a frame in dumps/: discs a LAMMPS text and a "
                                    "contact-force dump, polygons VTK XML PolyData with a ParaView collection (.pvd)");
    declare_engine_law_parameters(p);  // the other parameters of the engine laws (Stribeck's mu_s, ...)
    return p;
  }

  json run(const Parameters& user, const StudyContext& ctx) const override {
    json setup;
    const Parameters prm = apply_setup(user, "setup", heap_setups(), setup);
    const HeapInputs in = read_heap_inputs(prm, setup);
    const std::vector<std::string>& laws = in.laws;
    const std::vector<std::uint64_t>& seeds = in.seeds;
    const double bin_d = in.bin_d;
    std::vector<HeapSeedSetup> setups;
    for (std::uint64_t seed : seeds) setups.push_back(configure_heap_seed(in, prm, seed));
    const HeapSeedSetup& first = setups.front();
    const HeapConfig& c = first.c;  // the first seed's: the summary's material and dt
    const HopperHeapSpec& sp = c.spec;
    const double tc = first.tc, zeta = first.zeta, m_mean = c.mean_mass;
    const Boundaries& walls = first.walls;
    const double fill_top = first.fill_top;
    ctx.log << "heap: " << sp.n << (c.polygons ? " polygons" : " discs") << ", m_mean = " << m_mean << " kg/m, k_n = " << c.kn << " N/m^2, gamma_n = " << c.gamma_n
            << " 1/s (zeta " << zeta << "), k_t = " << c.kt << ", gamma_t = " << c.gamma_t << " 1/s, t_c = " << tc
            << " s, dt = " << c.dt << " s (Krengel & Matuttis: 5e-6 s), fill top " << fill_top << " m\n";
    const long pour_steps = std::lround(c.t_max / c.dt);
    double drift_steps = 0;
    for (double f : c.dt_factors) drift_steps += std::ceil(c.t_drift / (c.dt * f));
    ctx.plan({{"runs", laws.size() * seeds.size()},
              {"setup", setup},
              {"laws", laws},
              {"seeds", seeds},
              {"particles", sp.n},
              {"contact", c.book_contact ? "book" : "equal-area"},
              {"corners", c.shape.corners == CornerPlacement::uniform ? "uniform" : "stratified"},
              {"dt", json_number(c.dt)},
              {"dt_factors", c.dt_factors},
              {"steps_per_run_at_most", pour_steps + static_cast<long>(drift_steps)}});

    // One pour per seed and law, each through the run store (a single seed keeps the law as its name).
    struct Pour {
      std::size_t seed_index;
      std::string law;
    };
    std::vector<Pour> pours;
    for (std::size_t q = 0; q < seeds.size(); ++q)
      for (const std::string& law : laws) pours.push_back({q, law});
    const auto tag_of = [&](const Pour& p) {
      return seeds.size() == 1 ? p.law : p.law + "_s" + std::to_string(seeds[p.seed_index]);
    };
    const json rows = run_each(ctx, name(), pours, tag_of, [&](const Pour& p) {
      const HeapSeedSetup& u = setups[p.seed_index];
      json row = u.c.polygons ? run_polygon_heap(u.c, u.polygon_scene, p.law, tag_of(p), ctx)
                              : run_heap(u.c, u.disc_scene, u.walls, p.law, tag_of(p), ctx);
      row["seed"] = seeds[p.seed_index];
      return row;
    });

    const std::string conclusion = heap_conclusion(rows, c);
    ctx.log << "heap: " << conclusion << "\n";

    draw_heap_figures(ctx, c, rows, walls);
    const json spread = heap_spread(rows, laws);
    write_heap_repose_table(ctx, rows);
    draw_heap_feed_figures(ctx, c, rows, spread);

    json summary = heap_setup(c, first.fill_top, zeta, bin_d);  // material, geometry, rest criterion, repose method
    summary.update({{"study", name()},
                    {"setup", setup},
                    {"seeds", seeds},
                    {"results", heap_results(rows)},
                    {"spread", spread},
                    {"runs", rows},
                    {"conclusion", conclusion},
                    {"particles", sp.n},
                    {"dt", json_number(c.dt)},
                    {"contact_time", json_number(tc)},
                    {"seed_dt", 5e-6}});
    if (c.polygons) {  // the drawn shapes: the paper's particles against ours
      summary["contact"] = c.book_contact ? "book" : "equal-area";
      summary["shape_statistics"] = heap_shape_summary(first.polygon_scene.shapes, c.shape);
    }
    return summary;
  }
};

}  // namespace

std::unique_ptr<Study> make_heap_study() { return std::make_unique<HeapStudy>(); }

}  // namespace stickslip
