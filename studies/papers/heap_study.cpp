// studies/papers/heap_study.cpp — seed 002 §5 (Figs. 6-7): a 2-D heap poured from a hopper, once per tangential law.
//
// Scene: models/particles/hopper_heap.hpp (discs of mean radius 2.5 mm with a 20 % radius spread instead of the seed's
// 5-10-corner polygons, placed in the hopper without overlap; the outlet is open from t = 0). Engine: the particle
// engine with velocity Verlet (models/particles/velocity_verlet.hpp) and the energy ledger (energy.hpp).
// Material (seed 002 §4, Table 1: rho 5000, Y 5e7, mu 0.6, normal damping 1.5, k_t = 2/7 Y, gamma_t = 1/4 sqrt(k_t
// m_eff)), mapped onto the linear 2-D contact of discs, per metre of depth:
//   k_n = Y x 1 m      the seed's F = Y A / l for an overlap of area A = w h between faces of contact width w ~ l
//                      (its characteristic length) is F = Y h: a stiffness per metre of depth equal to Y.
//   f_damp = D sqrt(k_n m*) hdot  (eq. 18 with dA/dt / l -> hdot): gamma_n = D sqrt(k_n/m*), m* = m_mean/2, so the
//                      damping ratio is D/2 = 0.75 (restitution ~ 0.03).
//   k_t = kt_ratio k_n (2/7), gamma_t = gamma_t_factor sqrt(k_t/m*) per effective mass (1/4: the engine's
//                      dashpot is gamma_t m* v_t = 1/4 sqrt(k_t m*) v_t at m* = m_mean/2).
//   Laws (by name through models/particles/engine_laws.hpp): coulomb (exact static friction per contact, eq. 21-22, effective tangential
//   mass; models/contact/coulomb.hpp), cundall-strack (eq. 19-20: the spring cut off at mu F_n with the dashpot
//   gamma_t of Table 1), csds, dsds (LAMMPS), mindlin
//   (k_t of Hertz-Mindlin from Y, nu at the disc's overlap: a 3-D law on a 2-D contact, far softer than 2/7 k_n).
//   Rolling resistance (models/contact/rolling.hpp) on every law: moment cap mu_roll r* |f_n|, spring
//   k_roll = kr_ratio k_n, dashpot gamma_roll = gamma_roll_factor sqrt(k_roll/m*). The seed's polygons resist
//   rolling by their corners; discs without it spread wall to wall in a layer ~10 discs deep (mu_roll = 0 shows it).
// dt = t_c/dt_fraction, t_c = pi/(w0 sqrt(1 - zeta^2)), w0 = sqrt(k_n/m*): 5.0e-6 s at the defaults (the seed's dt).
// At rest: total kinetic energy below rest_ratio x E_ref, E_ref = N m_mean g d_mean (every disc lifted by one
// diameter), held for rest_hold; t_rest is the first sample of that stretch (the run stops at t_max otherwise).
// Angle of repose: models/particles/repose_angle.hpp (flank fits of the free surface). Drift (Fig. 7): the surface
// discs of the heap at rest are followed for t_drift from the state at rest, once per dt factor (dt x f, the same
// state restarted): surface_drift(t) = mean |x_i(t) - x_i(t_rest)|, the centre-of-mass drift |<x>(t) - <x>(t_rest)|,
// drift_rate = least-squares slope of surface_drift over the second half of the window. A law holds the heap when it
// came to rest and its surface drift over the window is below hold_fraction x d_mean.
// Dumps: dump_every = k > 0 writes LAMMPS text and contact-force frames of the pour under dumps/heap_<law>*.dump
// (studies/papers/particle_dumps.hpp; OVITO and ParaView read them).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <cstdio>
#include <ctime>
#include <fmt/format.h>
#include <limits>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "core/line_fit.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "models/particles/hopper_heap.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/repose_angle.hpp"
#include "models/particles/velocity_verlet.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/particle_heap_runs.hpp"
#include "studies/papers/particle_dumps.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

const std::vector<std::string>& kHeapLaws = particle_law_names();  // models/particles/engine_laws.hpp

class HeapStudy : public Study {
 public:
  std::string name() const override { return "heap"; }
  std::string summary() const override {
    return "Krengel & Matuttis §5 (Figs. 6-7): 2-D heap poured from a hopper per tangential law (discs with rolling resistance "
           "so a disc heap can stand; the paper pours 5-10-corner polygons): repose angle, rest, surface drift";
  }
  // Units of the summary's results for `stickslip sweep` ("-": dimensionless; mean/stderr/n of the ensembles: mixed).
  std::map<std::string, std::string> result_units() const override {
    std::map<std::string, std::string> u;
    for (const char* k : {"balance", "created", "elastic_normal", "elastic_tangential", "gravity_work",
                          "kinetic_at_stop", "kinetic_end", "kinetic_peak", "normal_damping", "rolling_dissipation",
                          "scheme_work", "tangential_dissipation", "verlet_kick"}) u.emplace(k, "J/m");
    for (const char* k : {"com_drift", "fill_top", "flank_rms", "heap_feet", "heap_height", "heap_peak_x",
                          "hopper_top_of_v", "intercept", "max_drift", "surface_drift", "x_from", "x_to"}) u.emplace(k, "m");
    for (const char* k : {"contact_time", "cpu_seconds", "dt", "seed_dt", "snapshot_times", "t_rest", "t_stop",
                          "wall_s"}) u.emplace(k, "s");
    for (const char* k : {"drift_rate"}) u.emplace(k, "m/s");
    for (const char* k : {"gamma_n", "gamma_roll", "gamma_t"}) u.emplace(k, "1/s");
    for (const char* k : {"k_roll", "kn", "kt"}) u.emplace(k, "N/m^2");
    for (const char* k : {"mean_mass"}) u.emplace(k, "kg/m");
    for (const char* k : {"repose_angle_deg", "repose_left_deg", "repose_right_deg"}) u.emplace(k, "deg");
    for (const char* k : {"damping_ratio", "discs_in_hopper", "dt_factor", "energy_balance_error", "flank_bins",
                          "particles", "rebuilds", "slope", "steps", "steps_pour", "surface_discs"}) u.emplace(k, "-");
    return u;
  }

  Parameters parameters() const override {
    Parameters p("heap");
    p.declare("n", "1625", "number of discs (the paper: 1625 polygons of 5-10 corners; here discs)")
        .declare("r", "2.5e-3", "mean disc radius (m)")
        .declare("spread", "0.2", "radii uniform in [r (1 - spread), r (1 + spread)] (0 <= spread <= 0.5)")
        .declare("rho", "5000", "density (kg/m^3; masses per metre of depth)")
        .declare("Y", "5e7", "Young's modulus (Pa); linear 2-D normal stiffness k_n = Y x 1 m")
        .declare("damping", "1.5", "normal damping D of Krengel & Matuttis eq. 18: f_damp = D sqrt(k_n m*) hdot")
        .declare("mu", "0.6", "friction coefficient (static = dynamic)")
        .declare("kt_ratio", "0.2857142857142857", "k_t/k_n (Krengel & Matuttis: k_t = 2/7 Y)")
        .declare("gamma_t_factor", "0.25", "dashpot gamma_t = factor sqrt(k_t m*) of csds, dsds, cundall-strack (Krengel & Matuttis: 1/4)")
        .declare("nu", "0.3", "Poisson's ratio (mindlin's G* only)")
        .declare("laws", "coulomb,cundall-strack,csds",
                 "tangential laws (coulomb: exact static friction, Krengel & Matuttis eq. 21-22), any of " + particle_law_list())
        .declare("mu_roll", "0.2", "rolling resistance: moment cap mu_roll r* |f_n| (0: none; discs need it to heap)")
        .declare("kr_ratio", "0.2857142857142857", "rolling spring k_roll/k_n")
        .declare("gamma_roll_factor", "0.25", "rolling dashpot gamma_roll = factor sqrt(k_roll/m*) (1/s per effective mass)")
        .declare("floor_width", "1.0", "floor between the side walls (m)")
        .declare("side_height", "0.05", "side walls' height (m)")
        .declare("hopper_width", "0.2", "hopper (bin) width (m)")
        .declare("outlet", "0.08", "hopper outlet width (m)")
        .declare("outlet_height", "0.25", "outlet above the floor (m)")
        .declare("hopper_angle_deg", "60", "hopper walls to the horizontal (deg)")
        .declare("seed", "1", "random seed of radii and placement")
        .declare("dt", "auto", "time step (s); auto: t_c/dt_fraction")
        .declare("dt_fraction", "30", "dt = t_c/dt_fraction, t_c the damped contact time of two mean discs")
        .declare("dt_factors", "1,2", "drift windows at dt x factor, each restarted from the heap at rest")
        .declare("t_max", "4", "longest pour + settling (s)")
        .declare("rest_ratio", "1e-6", "at rest: kinetic energy < rest_ratio N m g d (J/m)")
        .declare("rest_hold", "0.05", "time the kinetic energy must stay below the threshold (s)")
        .declare("t_drift", "0.5", "drift window after rest (s)")
        .declare("hold_fraction", "0.01", "a law holds the heap when its surface drift < hold_fraction x d_mean")
        .declare("bin", "2", "surface-profile bin width (mean diameters)")
        .declare("sample", "0.002", "sampling interval of energies and drift (s)")
        .declare("snapshots", "0.25,0.5,1", "snapshot times (s); the state at rest is always drawn")
        .declare("skin", "0.3", "Verlet skin (mean radii)")
        .declare("threads", "1", "threads of the force evaluation (results identical for every count >= 2)")
        .declare("dump_every", "0", "k > 0: LAMMPS text dump + contact-force dump every k steps of the pour (dumps/)");
    declare_engine_law_parameters(p);  // the other parameters of the engine laws (Stribeck's mu_s, ...)
    return p;
  }

  json run(const Parameters& prm, const StudyContext& ctx) const override {
    HeapConfig c;
    c.law_values = engine_law_values(prm, "laws");
    HopperHeapSpec& sp = c.spec;
    sp.n = prm.integer("n", 1, 1000000);
    sp.radius = prm.in_range("r", 1e-5, 1);
    sp.spread = prm.in_range("spread", 0, 0.5);
    sp.density = prm.in_range("rho", 1, 1e5);
    c.young = prm.in_range("Y", 1e3, 1e12);
    const double damping = prm.in_range("damping", 0, 1e3);
    c.mu = prm.in_range("mu", 0, 100);
    const double kt_ratio = prm.in_range("kt_ratio", 1e-3, 10);
    const double gt_factor = prm.in_range("gamma_t_factor", 1e-6, 1e3);
    c.poisson = prm.in_range("nu", 0, 0.49);
    const std::vector<std::string> laws = prm.choice_list("laws", kHeapLaws);
    if (laws.empty()) throw_input("laws", prm.raw("laws"), "at least one of " + particle_law_list());
    c.rolling.mu_roll = prm.in_range("mu_roll", 0, 10);
    const double kr_ratio = prm.in_range("kr_ratio", 1e-6, 10);
    const double gr_factor = prm.in_range("gamma_roll_factor", 1e-6, 1e3);
    sp.floor_width = prm.in_range("floor_width", 1e-3, 1e3);
    sp.side_height = prm.in_range("side_height", 0, 1e3);
    sp.hopper_width = prm.in_range("hopper_width", 1e-3, 1e3);
    sp.outlet = prm.in_range("outlet", 1e-4, 1e3);
    sp.outlet_height = prm.in_range("outlet_height", 1e-3, 1e3);
    sp.hopper_angle_deg = prm.in_range("hopper_angle_deg", 20, 85);
    // The scene's widths must nest (models/particles/hopper_heap.cpp refuses them too): an error names the key the
    // user gave, not the one at its default.
    {
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
    sp.seed = static_cast<std::uint64_t>(prm.integer("seed", 0, 1000000000));
    const double dt_fraction = prm.in_range("dt_fraction", 5, 1e4);
    c.dt_factors = prm.positive_list("dt_factors");
    if (c.dt_factors.empty() || c.dt_factors.size() > 10)
      throw_input("dt_factors", prm.raw("dt_factors"), "1 to 10 positive factors");
    for (double f : c.dt_factors)
      if (f > 4) throw_input("dt_factors", prm.raw("dt_factors"), "factors <= 4 (beyond, velocity Verlet nears its stability limit)");
    c.t_max = prm.in_range("t_max", 1e-3, 1e3);
    c.rest_ratio = prm.in_range("rest_ratio", 1e-15, 1);
    c.rest_hold = prm.in_range("rest_hold", 0, 1e3);
    c.t_drift = prm.in_range("t_drift", 1e-4, 1e3);
    c.hold_fraction = prm.in_range("hold_fraction", 1e-9, 1e3);
    const double bin_d = prm.in_range("bin", 0.5, 100);
    c.sample = prm.in_range("sample", 1e-6, 10);
    c.snapshots = prm.positive_list("snapshots");
    std::sort(c.snapshots.begin(), c.snapshots.end());
    c.skin = prm.in_range("skin", 0.01, 5) * sp.radius;
    c.threads = static_cast<int>(prm.integer("threads", 1, 64));
    c.dump_every = prm.integer("dump_every", 0, 1000000000);

    // Material (header comment): per metre of depth.
    const double m_mean = sp.mean_mass(), m_star = 0.5 * m_mean;
    c.d_mean = 2 * sp.radius;
    c.kn = c.young * 1.0;
    const double w0 = std::sqrt(c.kn / m_star), zeta = 0.5 * damping;
    c.gamma_n = damping * w0;
    c.kt = kt_ratio * c.kn;
    c.gamma_t = gt_factor * std::sqrt(c.kt / m_star);
    c.rolling.k_roll = kr_ratio * c.kn;
    c.rolling.gamma_roll = gr_factor * std::sqrt(c.rolling.k_roll / m_star);
    c.rolling.validate();
    const double tc = zeta < 1 ? M_PI / (w0 * std::sqrt(1 - zeta * zeta)) : M_PI / w0;
    if (prm.raw("dt") == "auto") c.dt = tc / dt_fraction;
    else c.dt = prm.in_range("dt", 1e-9, 1e-2);
    if (c.dt > tc / 5) throw_input("dt", prm.raw("dt"), "at most t_c/5 = " + format_value(tc / 5) + " s");
    if (c.dt * *std::max_element(c.dt_factors.begin(), c.dt_factors.end()) > tc / 5)
      throw_input("dt_factors", prm.raw("dt_factors"), "dt x factor at most t_c/5 = " + format_value(tc / 5) + " s");
    if (!(c.t_max > 10 * c.dt)) throw_input("t_max", prm.raw("t_max"), "longer than 10 dt = " + format_value(10 * c.dt) + " s");
    (void)checked_count(prm, "dt", c.dt, "t_max", c.t_max, kMaxSteps, "steps of the pour");
    const std::string window_step_key = prm.given("dt_factors") ? "dt_factors" : "dt";  // the step is dt x factor
    for (double f : c.dt_factors)
      (void)checked_count(prm, window_step_key, c.dt * f, "t_drift", c.t_drift, kMaxSteps, "steps of a drift window");
    if (!(c.sample >= c.dt)) throw_input("sample", prm.raw("sample"), "at least dt = " + format_value(c.dt) + " s");
    c.bin = bin_d * c.d_mean;
    c.e_ref = static_cast<double>(sp.n) * m_mean * sp.g * c.d_mean;

    Boundaries walls;
    const HopperHeapScene scene = make_hopper_heap(sp, walls);
    ctx.log << "heap: " << sp.n << " discs, m_mean = " << m_mean << " kg/m, k_n = " << c.kn << " N/m^2, gamma_n = " << c.gamma_n
            << " 1/s (zeta " << zeta << "), k_t = " << c.kt << ", gamma_t = " << c.gamma_t << " 1/s, t_c = " << tc
            << " s, dt = " << c.dt << " s (Krengel & Matuttis: 5e-6 s), fill top " << scene.fill_top << " m\n";
    const long pour_steps = std::lround(c.t_max / c.dt);
    double drift_steps = 0;
    for (double f : c.dt_factors) drift_steps += std::ceil(c.t_drift / (c.dt * f));
    ctx.plan({{"runs", laws.size()},
              {"particles", sp.n},
              {"dt", json_number(c.dt)},
              {"steps_per_run_at_most", pour_steps + static_cast<long>(drift_steps)}});

    const json rows = run_each(ctx, name(), laws, [](const std::string& law) { return law; }, [&](const std::string& law) {
      return run_heap(c, scene, walls, law, ctx);
    });

    // Results and the conclusion.
    json results = json::array();
    std::string holds, creeps;
    for (const json& r : rows) {
      results.push_back({{"law", r["law"]},
                         {"repose_angle_deg", r["repose_angle_deg"]},
                         {"t_rest", r["t_rest"]},
                         {"surface_drift", r["surface_drift"]},
                         {"drift_rate", r["drift_rate"]},
                         {"energy_balance_error", r["energy_balance_error"]},
                         {"wall_s", r["wall_s"]},
                         {"steps", r["steps"]},
                         {"holds", r["holds"]}});
      const std::string law = r["law"].get<std::string>();
      char line[256];
      std::snprintf(line, sizeof line, "%s: %s, surface drift %.3g m (%.3g diameters) in %.3g s at dt = %.3g s%s; ",
                    law.c_str(), r["at_rest"].get<bool>() ? ("at rest at " + heap_time(r["t_rest"].get<double>()) + " s").c_str() : "not at rest",
                    r["surface_drift"].is_number() ? r["surface_drift"].get<double>() : NAN,
                    r["surface_drift"].is_number() ? r["surface_drift"].get<double>() / c.d_mean : NAN, c.t_drift,
                    c.dt * c.dt_factors.front(), r["holds"].get<bool>() ? ", holds" : ", does not hold");
      creeps += line;
      if (r["holds"].get<bool>()) holds += (holds.empty() ? "" : ", ") + law;
    }
    const std::string conclusion =
        (holds.empty() ? std::string("no law holds the heap") : "holds the heap: " + holds) +
        " (at rest and surface drift below " + format_value(c.hold_fraction) + " mean diameters over " +
        format_value(c.t_drift) + " s). " + creeps;
    ctx.log << "heap: " << conclusion << "\n";

    draw_figures(ctx, c, rows, walls);

    return {{"study", name()},
            {"results", results},
            {"runs", rows},
            {"conclusion", conclusion},
            {"particles", sp.n},
            {"dt", json_number(c.dt)},
            {"contact_time", json_number(tc)},
            {"seed_dt", 5e-6},
            {"material", {{"kn", json_number(c.kn)},
                          {"gamma_n", json_number(c.gamma_n)},
                          {"damping_ratio", json_number(zeta)},
                          {"kt", json_number(c.kt)},
                          {"gamma_t", json_number(c.gamma_t)},
                          {"mu_roll", json_number(c.rolling.mu_roll)},
                          {"k_roll", json_number(c.rolling.k_roll)},
                          {"gamma_roll", json_number(c.rolling.gamma_roll)},
                          {"mean_mass", json_number(m_mean)},
                          {"mapping", "k_n = Y x 1 m (F = Y A/l with A = w h, w ~ l); gamma_n = D sqrt(k_n/m*), m* = m_mean/2; "
                                      "k_t = kt_ratio k_n; gamma_t = gamma_t_factor sqrt(k_t/m*)"}}},
            {"geometry", {{"fill_top", json_number(scene.fill_top)},
                          {"hopper_top_of_v", json_number(sp.hopper_top_of_v())},
                          {"outlet_height", sp.outlet_height},
                          {"floor_width", sp.floor_width}}},
            {"rest_criterion", "kinetic energy < " + format_value(c.rest_ratio) + " N m_mean g d_mean = " +
                                   format_value(c.rest_ratio * c.e_ref) + " J/m for " + format_value(c.rest_hold) + " s"},
            {"repose_method", "surface profile max(y + r) in bins of " + format_value(bin_d) +
                                  " mean diameters; heap = bins >= 1.5 d around the peak; each flank's bins between 0.2 "
                                  "and 0.8 of the peak height fitted by least squares; angle = mean of atan|slope|"},
            {"particle_shape", "discs with a radius spread (Krengel & Matuttis use polygons of 5-10 corners)"}};
  }

 private:
  static void draw_figures(const StudyContext& ctx, const HeapConfig& c, const json& rows, const Boundaries& walls) {
    // The walls and the floor as data lines (a datablock: clipped to each panel), the speed as colour with its bar.
    std::vector<std::string> scene{"set size ratio -1", "unset key", "unset grid", "set palette defined (0 'blue', 1 'red')",
                                   "set cbrange [0:2]", "set colorbox vertical user origin graph 1.02, graph 0 size graph 0.025, graph 1",
                                   "set format cb '%g m/s'", "set rmargin 11", "set style fill solid 0.6 noborder"};  // a cblabel lands in the next panel
    std::vector<std::vector<double>> wall_rows;
    double top = 0;
    for (const SegmentWall& w : walls.segments) {
      wall_rows.push_back({w.a[0], w.a[1]}), wall_rows.push_back({w.b[0], w.b[1]}), wall_rows.push_back({});
      top = std::max({top, w.a[1], w.b[1]});
    }
    wall_rows.push_back({-0.5 * c.spec.floor_width, 0}), wall_rows.push_back({0.5 * c.spec.floor_width, 0});
    scene.push_back("set xrange [" + format_value(-0.5 * c.spec.floor_width) + ":" + format_value(0.5 * c.spec.floor_width) + "]");
    scene.push_back("set yrange [-0.005:" + format_value(top * 1.02) + "]");
    // Snapshots (Fig. 6), one figure per law.
    for (const json& r : rows) {
      const std::string law = r["law"].get<std::string>();
      std::vector<std::pair<std::string, std::string>> frames;  // file, title
      for (double t : r["snapshot_times"])
        frames.emplace_back("heap_snap_" + law + "_" + heap_time(t) + ".csv", "t = " + heap_time(t) + " s");
      frames.emplace_back("heap_snap_" + law + "_final.csv", std::string(r["at_rest"].get<bool>() ? "at rest, " : "not at rest, ") +
                                                                 "t = " + heap_time(r["t_stop"].get<double>()) + " s");
      const int cols = static_cast<int>(std::min<std::size_t>(frames.size(), 2));
      const int nrows = static_cast<int>((frames.size() + cols - 1) / cols);
      Figure fig{"Krengel & Matuttis, Fig. 6: heap poured from a hopper (" + law +
                     "; discs, where the paper uses polygons). Colour: speed (colour bar; faster drawn as 2 m/s)",
                 nrows, cols, 1450, 500 * nrows, scene, {}};
      const std::string wall_block = fig.block("walls", {"x [m]", "y [m]"}, wall_rows);
      for (const auto& [file, title] : frames)
        fig.panel(title, "x [m]", "y [m]")
            .add(Curve::of(file, "1", "2:3:4", "", "circles lc palette"))
            .add(Curve::of(wall_block, "1", "2", "", "lines lw 2 lc rgb 'black'"));
      render_figure(ctx.out_dir / ("heap_snapshots_" + law + ".png"), fig, ctx.log);
    }
    // Kinetic energy decay.
    const double threshold = c.rest_ratio * c.e_ref;
    Figure kinetic{fmt::format("Heap (Krengel & Matuttis, Sec. 5): kinetic energy per unit depth (at rest below {:.3g} J/m)",
                               threshold),
                   1, 1, 1000, 700, {}, {}};
    Panel& ke = kinetic.panel("", "t [s]", "kinetic energy [J/m]").set("set format y '%.0e'");
    ke.logy = true;
    for (const json& r : rows) {
      const std::string law = r["law"].get<std::string>();
      ke.add(Curve::of("heap_kinetic_" + law + ".csv", "1", "($2 > 0 ? $2 : 1/0)", law, "l lw 2"));
    }
    ke.add(Curve::fn(format_value(threshold), "rest threshold", "l dt 2 lc 'black'"));
    render_figure(ctx.out_dir / "heap_kinetic.png", kinetic, ctx.log);
    // Drift after rest (Fig. 7) per law and dt.
    Figure drift{"Krengel & Matuttis, Fig. 7: mean displacement of the surface discs after rest, per law and dt\n(one "
                 "colour per law; the smallest dt widest and solid, larger ones narrower and dashed)",
                 1, 1, 1100, 700, {}, {}};
    Panel& dp = drift.panel("", "t - t_rest [s]", "surface drift [m]").set("set key top left font ',9'");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const json& r = rows[k];
      std::size_t j = 0;
      for (const json& d : r["drift_by_dt"]) {
        const std::string law = r["law"].get<std::string>(), f = format_value(d["dt_factor"].get<double>());
        dp.add(Curve::of("heap_drift_" + law + "_f" + f + ".csv", "1", "2", fmt::format("{}, dt = {:.3g} s", law, d["dt"].get<double>()),
                         fmt::format("l lw {:.1f} dt {} lc rgb '{}'", std::max(1.0, 3.5 - 1.5 * static_cast<double>(j)),
                                     j + 1, curve_color(k))));
        ++j;
      }
    }
    render_figure(ctx.out_dir / "heap_drift.png", drift, ctx.log);
    // Drift against dt: one block per law in heap_drift_dt.dat (whitespace-separated, blocks apart by two blank lines).
    {
      std::string data;
      for (const json& r : rows) {
        data += "# " + r["law"].get<std::string>() + "\n";
        for (const json& d : r["drift_by_dt"])
          if (d["surface_drift"].is_number())
            data += format_value(d["dt"].get<double>()) + " " + format_value(std::max(1e-300, d["surface_drift"].get<double>())) + "\n";
        data += "\n\n";
      }
      write_file_atomically(ctx.out_dir / "heap_drift_dt.dat", data);
    }
    Figure by_dt{"Heap (Krengel & Matuttis, Fig. 7): surface drift against the time step", 1, 1, 1000, 700,
                 {"set datafile separator whitespace", "set datafile nocolumnheaders", "set format x '%.0e'",
                  "set format y '%.0e'"},
                 {}};
    Panel& bp = by_dt.panel("", "dt [s]", "surface drift after " + format_value(c.t_drift) + " s [m]").set("set key top left");
    bp.logx = bp.logy = true;
    for (std::size_t k = 0; k < rows.size(); ++k)
      bp.add(Curve::of("heap_drift_dt.dat", "1", "2 index " + std::to_string(k), rows[k]["law"].get<std::string>(),
                       "lp lw 2 pt 7"));
    render_figure(ctx.out_dir / "heap_drift_dt.png", by_dt, ctx.log);
    // Surface profiles with the fitted flanks.
    Figure profile{"Heap (Krengel & Matuttis, Sec. 5): free surface max(y + r) per bin and least-squares flank fits "
                   "(height exaggerated); the key gives the repose angle",
                   1, 1, 1200, 600, {}, {}};
    Panel& pp = profile.panel("", "x [m]", "surface height [m]").set("set yrange [0:*]").set("set key top left");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const json& r = rows[k];
      const std::string law = r["law"].get<std::string>(), lt = " lt " + std::to_string(k + 1);
      pp.add(Curve::of("heap_profile_" + law + ".csv", "1", "2",
                       law + " (" +
                           (r["repose_angle_deg"].is_number()
                                ? format_value(std::round(r["repose_angle_deg"].get<double>() * 10) / 10)
                                : std::string("-")) +
                           " deg)",
                       "steps" + lt));
      for (const json& l : r["flank_lines"])
        if (l["slope"].is_number())
          pp.add(Curve::fn("(x >= " + format_value(l["x_from"].get<double>()) + " && x <= " + format_value(l["x_to"].get<double>()) +
                               " ? " + format_value(l["intercept"].get<double>()) + " + " +
                               format_value(l["slope"].get<double>()) + "*x : 1/0)",
                           "", "l lw 3 dt 2" + lt));
    }
    render_figure(ctx.out_dir / "heap_profile.png", profile, ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_heap_study() { return std::make_unique<HeapStudy>(); }

}  // namespace stickslip
