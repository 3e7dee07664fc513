// studies/container_study.cpp — seed 004 example 5.3 (Fig. 8-12): 230 particles poured from a tall vessel onto the
// inclined face of a container (2-D slice), once with rotational degrees of freedom and once with the spins held at
// zero. The trapezoid fixed-point integrator (Algorithm 1) with the many-particle stepper (cell lists, flat contact
// arrays). Reports per run: peak kinetic energy, the time to rest (total kinetic energy below rest_ratio times its
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
#include <complex>
#include <cstdio>

#include "core/errors.hpp"
#include "core/progress.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_scene.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/trapezoid_fixed_point.hpp"
#include "studies/output.hpp"
#include "studies/study.hpp"

namespace stickslip {

namespace {

struct Packing {
  double centroid_y = 0, top_y = 0, area_fraction = 0, contacts_per_particle = 0, wall_contacts = 0, psi6 = 0;
  double six_fraction = 0;  // particles with exactly 6 neighbours within 1.05 d
  std::size_t inside = 0;   // particles whose centre lies inside the container walls
};

std::string fmt_time(double t) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", t);
  return b;
}

class ContainerStudy : public Study {
 public:
  std::string name() const override { return "container"; }
  std::string summary() const override {
    return "seed 004 ex. 5.3: 230 particles poured into a container with an inclined face, with/without rotations (Fig. 9-12)";
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
        .declare("dt", "auto", "time step (s); auto: eq. 50 t_c/20 at the impact speed from the vessel top")
        .declare("phi", "0.5", "trapezoid parameter")
        .declare("tol", "1e-4", "fixed-point tolerance (eq. 48)")
        .declare("max_iterations", "500", "fixed-point iterations per step before SolverError")
        .declare("threads", "1", "threads for the start-of-step forces and the contact commit, used for loops of >= 2048 items (results identical)")
        .declare("snapshots", "0.5,1,1.5,2.25,2.75,4", "snapshot times (s); the final state is always drawn")
        .declare("sample", "0.005", "kinetic-energy sampling interval (s)");
    return p;
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    ContainerSpec spec;
    spec.particles = static_cast<std::size_t>(prm.integer("n", 1, 100000));
    spec.radius = prm.positive("r");
    spec.density = prm.in_range("rho", 1e-3, 1e5);  // eq. 50 gives no usable dt beyond (no material is denser)
    spec.young = prm.in_range("E", 1e-3, 1e13);     // (or stiffer)
    spec.poisson = prm.in_range("nu", -0.99, 0.49);
    spec.floor_width = prm.positive("floor_width");
    spec.incline_deg = prm.in_range("incline_deg", 10, 80);
    spec.incline_rise = prm.positive("incline_rise");
    spec.vessel_width = prm.positive("vessel_width");
    spec.vessel_height = prm.positive("vessel_height");
    spec.vessel_gap = prm.nonnegative("vessel_gap");
    std::vector<std::uint64_t> seeds;
    for (double v : prm.real_list("seeds")) {
      if (!(v >= 0 && v <= 1e9 && v == std::floor(v))) throw_input("seeds", prm.raw("seeds"), "integers in [0, 1e9]");
      seeds.push_back(static_cast<std::uint64_t>(v));
    }
    if (seeds.empty() || seeds.size() > 50) throw_input("seeds", prm.raw("seeds"), "1 to 50 seeds");
    spec.seed = seeds[0];
    const std::string rot = prm.choice("rotations", {"both", "on", "off"});
    const double t_end = prm.positive("t_end");
    const double rest_ratio = prm.in_range("rest_ratio", 1e-12, 0.1);
    const double rest_hold = prm.nonnegative("rest_hold");
    const double sample = prm.positive("sample");
    std::vector<double> snaps = prm.positive_list("snapshots");
    std::sort(snaps.begin(), snaps.end());
    TrapezoidOptions topt;
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
    // eq. 50 at the speed of a particle falling from the vessel top to the floor.
    const double v_impact = std::sqrt(2 * 9.81 * setup.vessel_top);
    const double tc = std::min(hertz_collision_duration(setup.scene.pair(0, 0), v_impact),
                               hertz_collision_duration(setup.scene.wall_pair(0), v_impact));
    if (prm.raw("dt") == "auto") {
      topt.dt = tc / 20;
    } else {
      topt.dt = prm.positive("dt");
    }
    if (!(topt.dt < t_end)) throw_input("dt", prm.raw("dt"), "must be < t_end");
    validate_trapezoid_options(topt);
    ctx.log << "container: " << spec.particles << " particles, vessel y in [" << setup.vessel_bottom << ", "
            << setup.vessel_top << "] m, impact speed " << v_impact << " m/s, t_c " << tc << " s, dt " << topt.dt << " s\n";

    std::vector<bool> modes;
    if (rot != "off") modes.push_back(true);
    if (rot != "on") modes.push_back(false);
    ctx.plan({{"runs", seeds.size() * modes.size()}, {"particles", spec.particles},
              {"steps_per_run_at_most", json_number(std::ceil(t_end / topt.dt))}, {"dt", json_number(topt.dt)},
              {"placement_of_first_seed", setup.placement}});
    nlohmann::json runs = nlohmann::json::object();
    std::vector<std::string> tags;
    std::vector<std::vector<double>> snap_done;
    for (bool with_rot : modes) {
      const std::string tag = with_rot ? "rot" : "norot";
      tags.push_back(tag);
      runs[tag] = ctx.run(tag, [&] {
        return run_one(setup, with_rot, tag, true, topt, t_end, rest_ratio, rest_hold, sample, snaps, spec, ctx);
      });
      snap_done.push_back(runs[tag]["snapshot_times"].get<std::vector<double>>());
    }
    // Further placements (same geometry and dt): the packing differences are those of a chaotic pour, so the
    // ensemble gives their spread.
    for (std::size_t k = 1; k < seeds.size(); ++k) {
      ContainerSpec sk = spec;
      sk.seed = seeds[k];
      ContainerSetup other = build_container(sk);
      other.scene.params = setup.scene.params;
      for (bool with_rot : modes) {
        const std::string tag = std::string(with_rot ? "rot" : "norot") + "_s" + std::to_string(seeds[k]);
        runs[tag] = ctx.run(tag, [&] {
          return run_one(other, with_rot, tag, false, topt, t_end, rest_ratio, rest_hold, sample, snaps, sk, ctx);
        });
      }
    }

    // Figures 10/12: kinetic energies, log scale.
    {
      std::string s =
          "set datafile separator ','\nset logscale y\nset format y '%.0e'\nset grid\nset xlabel 't [s]'\nset ylabel 'kinetic energy [J]'\n"
          "set key top right\nset title 'Example 5.3: kinetic energies (total below " +
          prm.raw("rest_ratio") + " x peak = at rest)'\nplot ";
      bool first = true;
      for (const auto& tag : tags) {
        const std::string f = "'container_ke_" + tag + ".csv' every ::1 ";
        const std::string label = tag == "rot" ? "with rotations" : "without rotations";
        s += std::string(first ? "" : ", ") + f + "u 1:2 w l lw 2 t 'translational, " + label + "'";
        if (tag == "rot") s += ", " + f + "u 1:3 w l lw 2 t 'rotational, with rotations'";
        first = false;
      }
      s += "\n";
      render_png(ctx.out_dir / "fig10_12_container_energy.png", s, ctx.log, 1000, 650);
    }
    // Figures 9/11: snapshots.
    for (std::size_t k = 0; k < tags.size(); ++k) {
      const auto& times = snap_done[k];
      const std::size_t cols = 4, rows = (times.size() + cols - 1) / cols;
      const double xl = -0.2, xr = setup.x_right + 0.2, yb = -0.2;
      const double yt = std::max(spec.incline_rise + 2.5, 4.5);
      std::string s = "set datafile separator ','\nset size ratio -1\nunset key\nset multiplot layout " +
                      std::to_string(rows) + "," + std::to_string(cols) + " title 'Example 5.3 " +
                      (tags[k] == "rot" ? std::string("with rotations (Fig. 9)") : std::string("without rotations (Fig. 11)")) +
                      ", colour: speed, blue 0 to red >= 5 m/s'\nset xrange [" + std::to_string(xl) + ":" + std::to_string(xr) + "]\nset yrange [" +
                      std::to_string(yb) + ":" + std::to_string(yt) + "]\nset style fill solid 0.6 border lc rgb 'black'\n"
                      "set xtics 1\nset ytics 1\n";
      s += "set arrow 1 from 0," + std::to_string(setup.wall_top) + " to 0,0 nohead lw 2\n";
      s += "set arrow 2 from 0,0 to " + std::to_string(spec.floor_width) + ",0 nohead lw 2\n";
      s += "set arrow 3 from " + std::to_string(spec.floor_width) + ",0 to " + std::to_string(setup.x_right) + "," +
           std::to_string(spec.incline_rise) + " nohead lw 2\n";
      s += "set arrow 4 from " + std::to_string(setup.x_right) + "," + std::to_string(spec.incline_rise) + " to " +
           std::to_string(setup.x_right) + "," + std::to_string(setup.wall_top) + " nohead lw 2\n";
      for (double t : times)
        s += "set title 't = " + fmt_time(t) + " s'\nplot 'container_snap_" + tags[k] + "_" + fmt_time(t) +
             ".csv' every ::1 u 1:2:3:4 w circles lc palette\n";
      s += "unset multiplot\n";
      render_png(ctx.out_dir / ("fig" + std::string(tags[k] == "rot" ? "9" : "11") + "_container_snapshots_" + tags[k] + ".png"),
                 "set palette defined (0 'blue', 1 'red')\nset cbrange [0:5]\nunset colorbox\n" + s, ctx.log, 1400, 420 * static_cast<int>(rows));
    }

    nlohmann::json j;
    j["study"] = "container";
    j["particles"] = spec.particles;
    j["particle_mass"] = json_number(setup.scene.mass(0));
    j["dt"] = json_number(topt.dt);
    j["collision_duration_eq50"] = json_number(tc);
    j["impact_speed"] = json_number(v_impact);
    j["geometry"] = {{"floor_width", spec.floor_width},      {"incline_deg", spec.incline_deg},
                     {"incline_rise", spec.incline_rise},    {"x_right", json_number(setup.x_right)},
                     {"vessel_bottom", json_number(setup.vessel_bottom)}, {"vessel_top", json_number(setup.vessel_top)},
                     {"vessel_area_fraction", json_number(setup.vessel_packing)}};
    j["runs"] = runs;
    // Ensemble over seeds: mean and standard error per mode, paired differences rot - norot.
    {
      const std::vector<std::string> keys{"time_to_rest", "centroid_y", "top_y", "area_fraction",
                                          "contacts_per_particle", "psi6", "six_neighbour_fraction"};
      const auto value = [&](const std::string& tag, const std::string& key) {
        const auto& r = runs[tag];
        const auto& v = key == "time_to_rest" ? r["time_to_rest"] : r["final"][key];
        return v.is_number() ? v.get<double>() : NAN;
      };
      const auto tag_of = [&](bool rot_mode, std::size_t k) {
        return std::string(rot_mode ? "rot" : "norot") + (k == 0 ? "" : "_s" + std::to_string(seeds[k]));
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
                                const TrapezoidOptions& topt, double t_end,
                                double rest_ratio, double rest_hold, double sample, const std::vector<double>& snaps,
                                const ContainerSpec& spec, const StudyContext& ctx) {
    SphereScene scene = setup.scene;
    scene.params.rotations = with_rot;
    SphereStepper stepper(scene);
    stepper.set_threads(topt.threads);
    ParticleState state = setup.initial;
    const std::size_t n = state.size();
    CsvWriter csv(ctx.out_dir / ("container_ke_" + tag + ".csv"),
                  {"t [s]", "kinetic_translational [J]", "kinetic_rotational [J]", "kinetic_total [J]",
                   "contacts [-]", "max_z_abs [m]"});
    double peak = 0, t_peak = 0, t_rest = -1, next_sample = 0;
    std::size_t next_snap = 0;
    std::vector<double> snap_times;
    double max_planar_error = 0;  // |z| and |omega_x|, |omega_y|: exactly zero in this 2-D slice
    const auto write_snapshot = [&](double t, const ParticleState& s) {
      CsvWriter f(ctx.out_dir / ("container_snap_" + tag + "_" + fmt_time(t) + ".csv"),
                  {"x [m]", "y [m]", "r [m]", "speed [m/s]"});
      for (std::size_t p = 0; p < n; ++p) f.row({s.x[p][0], s.x[p][1], scene.radius(p), s.v[p].norm()});
      snap_times.push_back(t);
    };
    double t = 0;
    const ParticleObserver obs = [&](double tt, const ParticleState& s) {
      const double et = SphereStepper::translational_energy(scene, s), er = SphereStepper::rotational_energy(scene, s);
      const double e = et + er;
      if (e > peak) {
        peak = e;
        t_peak = tt;
        t_rest = -1;
      }
      if (peak > 0 && e < rest_ratio * peak) {
        if (t_rest < 0) t_rest = tt;
      } else {
        t_rest = -1;
      }
      for (std::size_t p = 0; p < n; ++p)
        max_planar_error = std::max({max_planar_error, std::abs(s.x[p][2]), std::abs(s.omega[p][0]), std::abs(s.omega[p][1])});
      if (tt >= next_sample - 1e-12) {
        csv.row({tt, et, er, e, static_cast<double>(stepper.num_contacts()), max_planar_error});
        next_sample += sample;
      }
      if (files && next_snap < snaps.size() && tt >= snaps[next_snap] - 1e-12) {
        write_snapshot(snaps[next_snap], s);
        ++next_snap;
      }
    };
    const auto wall0 = std::chrono::steady_clock::now();
    TrapezoidStats total;
    long evals_start = stepper.contact_evaluations();
    const double chunk = 0.05;
    obs(0.0, state);
    long chunks = 0;
    const RunSpan span(0, t_end);  // the pour is one run for the progress line, not its chunks (core/progress.hpp)
    while (t < t_end - 1e-12) {
      const double t1 = std::min(t_end, t + chunk);
      const TrapezoidStats st = run_trapezoid(stepper, t, t1, state, topt, [&](double tt, const ParticleState& s) {
        if (tt > t) obs(tt, s);
      });
      total.add(st);
      t = t1;
      if (++chunks % 10 == 0) {
        const double e = SphereStepper::translational_energy(scene, state) + SphereStepper::rotational_energy(scene, state);
        ctx.log << "container[" << tag << "]: t = " << fmt_time(t) << " s, KE = " << e << " J (peak " << peak
                << "), mean iterations " << total.mean_iterations() << '\n'
                << std::flush;
      }
      if (t_rest >= 0 && t - t_rest >= rest_hold) break;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    if (files && (snap_times.empty() || snap_times.back() < t - 1e-9)) write_snapshot(t, state);
    csv.close();

    // Final packing.
    Packing pk;
    const double r = spec.radius;
    for (std::size_t p = 0; p < n; ++p) {
      pk.centroid_y += state.x[p][1] / static_cast<double>(n);
      pk.top_y = std::max(pk.top_y, state.x[p][1] + r);
      const double x = state.x[p][0], y = state.x[p][1];
      const double face = (x - spec.floor_width) * std::tan(spec.incline_deg * M_PI / 180.0);
      if (x > 0 && x < setup.x_right && y > 0 && y > face - 1e-9 && y < setup.wall_top) ++pk.inside;
    }
    // Contacts (overlap > 0) and neighbours within 1.05 d for psi_6; O(N^2) once at the end.
    std::vector<std::complex<double>> psi(n, 0.0);
    std::vector<int> nb(n, 0);
    long contacts_pp = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = i + 1; k < n; ++k) {
        const Vec3 d = state.x[k] - state.x[i];
        const double dist = d.norm();
        if (dist < 2 * r) ++contacts_pp;
        if (dist < 2.1 * r) {
          const double a = std::atan2(d[1], d[0]);
          psi[i] += std::polar(1.0, 6 * a);
          psi[k] += std::polar(1.0, 6 * (a + M_PI));
          ++nb[i];
          ++nb[k];
        }
      }
    long walls = 0;
    for (std::size_t p = 0; p < n; ++p)
      for (std::size_t w = 0; w < scene.num_walls(); ++w) walls += scene.wall_geometry(p, w, state.x[p]).h > 0;
    double psi_sum = 0;
    long psi_count = 0, six = 0;
    for (std::size_t p = 0; p < n; ++p) {
      if (nb[p] == 6) ++six;
      if (nb[p] >= 2) {
        psi_sum += std::abs(psi[p]) / nb[p];
        ++psi_count;
      }
    }
    pk.psi6 = psi_count ? psi_sum / static_cast<double>(psi_count) : 0.0;
    pk.six_fraction = static_cast<double>(six) / static_cast<double>(n);
    pk.contacts_per_particle = static_cast<double>(2 * contacts_pp + walls) / static_cast<double>(n);
    pk.wall_contacts = static_cast<double>(walls);
    // Area fraction in a window on the floor, away from the walls: x in [2r, floor_width - 2r], y in [0, 10r]
    // (the window lies under the pile for the default geometry), by a 200 x 100 point grid.
    {
      const double xa = 2 * r, xb = spec.floor_width - 2 * r, ya = 0, yb = 10 * r;
      long covered = 0, pts = 0;
      for (int a = 0; a < 200; ++a)
        for (int b = 0; b < 100; ++b) {
          const double x = xa + (a + 0.5) * (xb - xa) / 200, y = ya + (b + 0.5) * (yb - ya) / 100;
          ++pts;
          for (std::size_t p = 0; p < n; ++p)
            if ((state.x[p][0] - x) * (state.x[p][0] - x) + (state.x[p][1] - y) * (state.x[p][1] - y) < r * r) {
              ++covered;
              break;
            }
        }
      pk.area_fraction = static_cast<double>(covered) / static_cast<double>(pts);
    }
    const double e_end = SphereStepper::translational_energy(scene, state) + SphereStepper::rotational_energy(scene, state);
    ctx.log << "container[" << tag << "]: " << (t_rest >= 0 ? "at rest at t = " + fmt_time(t_rest) + " s" : std::string("not at rest"))
            << ", " << total.steps << " steps, mean iterations " << total.mean_iterations() << ", wall " << wall << " s\n";
    nlohmann::json j;
    j["rotations"] = with_rot;
    j["seed"] = spec.seed;
    j["placement"] = setup.placement;  // random sequential addition, or the jittered-lattice fallback
    j["time_to_rest"] = json_number(t_rest >= 0 ? t_rest : NAN);
    j["settled"] = t_rest >= 0;
    j["t_stop"] = json_number(t);
    j["peak_kinetic_energy"] = json_number(peak);
    j["time_of_peak"] = json_number(t_peak);
    j["final_kinetic_energy"] = json_number(e_end);
    j["final_to_peak"] = json_number(peak > 0 ? e_end / peak : NAN);
    j["steps"] = total.steps;
    j["iterations"] = {{"mean", json_number(total.mean_iterations())}, {"max", total.max_iterations}, {"relaxed_steps", total.relaxed_steps}};
    j["rejected_steps"] = {{"count", total.rejected_steps}, {"smallest_dt", json_number(total.min_dt)}};
    j["contact_evaluations"] = stepper.contact_evaluations() - evals_start;
    j["wall_seconds"] = json_number(wall);
    j["max_out_of_plane"] = json_number(max_planar_error);
    j["snapshot_times"] = snap_times;
    j["final"] = {{"particles_inside", pk.inside},
                  {"centroid_y", json_number(pk.centroid_y)},
                  {"top_y", json_number(pk.top_y)},
                  {"area_fraction", json_number(pk.area_fraction)},
                  {"contacts_per_particle", json_number(pk.contacts_per_particle)},
                  {"wall_contacts", json_number(pk.wall_contacts)},
                  {"psi6", json_number(pk.psi6)},
                  {"six_neighbour_fraction", json_number(pk.six_fraction)}};
    return j;
  }
};

}  // namespace

std::unique_ptr<Study> make_container_study() { return std::make_unique<ContainerStudy>(); }

}  // namespace stickslip
