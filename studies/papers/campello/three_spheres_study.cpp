// studies/papers/campello/three_spheres_study.cpp — seed 004 example 5.2 (Fig. 6-7): three identical spheres roll
// without slip from the corners of an equilateral triangle towards its centre on a rigid plane (gravity -z), collide
// head-on (xi = 0), and return; the collision makes them slide (the velocity reverses at once, the spin only through
// the plane's friction, mu = 0.5) until they roll again. Reports for particle 1: collision time and duration, the time
// the spin changes sign, the return to rolling, and the time it passes its start again; histories of its radial
// velocity, spin and rotation (Fig. 7). The start distance d0 is chosen so that contact begins at t_contact.
//
// Return to rolling. About the floor contact point P below a sphere, gravity, the floor's normal force and its
// friction have no moment, so L_P = I omega + m (x - x_P) x v (along the spin axis) changes only through the
// sphere-sphere forces, which act at the centre height r: Delta L_P = r J_pp. An instantaneous elastic reversal
// (J_pp = 2 m v0) from rolling (L_P = -7/5 m r v0) leaves 3/5 m r v0 and the rolling speed 3/7 v0. The Hertz
// collision lasts t_c, and while it lasts the sphere already slides on the floor (its spin is unchanged while its
// velocity reverses), so the floor friction, up to mu m g inwards, acts during the collision and the spheres'
// push must also cancel it: J_pp = m (v_out - v_in) + (floor friction impulse) exceeds 2 m v0 by at most
// mu m g t_c, and the rolling speed L_P/(7/5 m r) exceeds 3/7 v0 by at most mu g t_c/1.4 (-> 0 as t_c -> 0).
// The study reports L_P before, after the collision and at the return to rolling, all per m r v0.
//
// Ringing after rolling resumes (the band in Fig. 7's spin after ~0.58 s): the floor contact sticks with its Mindlin
// spring still loaded to the sliding force mu m g, and with xi = 0 and no tangential dashpot nothing damps it, so the
// contact point oscillates about the unloaded spring at w = sqrt(k_t (1/m + r^2/I)), k_t = 8 G* sqrt(r* h) at the
// static overlap (8.26 ms at the defaults), slip amplitude mu m g/sqrt(k_t m_eff) (0.0226 m/s; spin +-0.081 rad/s,
// velocity +-0.0065 m/s), holding (mu m g)^2/(2 k_t) = 0.073 J. Physics of the undamped model, not an integrator
// artefact: summary "stick_oscillation" has the prediction and the measured period and largest slip.
// The paper's spin reversal (0.62 s) and return to rolling (0.69 s) come 0.155 s and 0.225 s after the collision,
// about 1.9x the rigid-body intervals at mu = 0.5 (spin 5 rad/s / (5 mu g/2r) = 0.082 s, (4/7) v0/(mu g) = 0.117 s);
// they fit mu = 0.25 (Example 5.1's value) instead.
// The run, its CSV (three_spheres.csv) and summary row: studies/papers/campello/sphere_runs.hpp; Fig. 7:
// fig7_three_spheres.png.
#include <cmath>
#include <fmt/format.h>

#include "core/work_limits.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/campello/sphere_runs.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

namespace {

class ThreeSpheresStudy : public Study {
 public:
  std::string name() const override { return "three-spheres"; }
  std::string summary() const override {
    return "Campello ex. 5.2: three rolling spheres collide head-on on a plane, slide, and roll back (Fig. 7)";
  }
  Parameters parameters() const override {
    Parameters p("three-spheres");
    p.declare("r", "0.2", "radius [m]")
        .declare("m", "1000", "mass [kg]")
        .declare("E", "1e10", "Young's modulus [Pa]")
        .declare("nu", "0.25", "Poisson's ratio")
        .declare("mu", "0.5", "friction with the plane (mu_s = mu_d)")
        .declare("mu_pp", "0.5", "friction between the spheres")
        .declare("xi", "0", "normal damping ratio")
        .declare("v0", "1", "initial rolling speed towards the centre [m/s]")
        .declare("t_contact", "0.46", "time at which the spheres first touch (sets the start distance) [s]")
        .declare("t_end", "2", "end time [s]");
    declare_sphere_friction_parameters(p);
    declare_sphere_run_parameters(p, "1e-4");
    return p;
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"start_distance", "m"},        {"collision_time", "s"},        {"contact_duration", "s"},
            {"hertz_duration_eq50", "s"},   {"spin_reversal_time", "s"},    {"rolling_again_time", "s"},
            {"back_at_start_time", "s"},    {"rolling_speed_after", "m/s"}, {"spin_after", "rad/s"},
            {"hertz_duration_three_body", "s"}, {"rigid_body_rolling_speed", "m/s"},
            {"rolling_speed_bound_finite_collision", "m/s"}, {"before", "m r v0"}, {"after_collision", "m r v0"},
            {"at_rolling", "m r v0"}, {"smallest_dt", "s"}, {"period_measured", "s"}, {"period_predicted", "s"},
            {"slip_max_measured", "m/s"}, {"slip_amplitude_predicted", "m/s"}, {"spring_energy", "J"},
            {"tangential_stiffness", "N/m"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const ThreeSpheresPrepared pr = prepare_three_spheres(prm);
    ctx.plan({{"runs", 1}, {"steps_per_run", step_count(pr.t_end, pr.opt.dt)}, {"particles", 3}});
    // The study is one run: its row is the summary (the CSV and the figure are written within it), so a resumed
    // study whose run finished returns the stored row.
    return ctx.run("three-spheres", [&] {
      nlohmann::json j = three_spheres_row(pr, ctx.out_dir / "three_spheres.csv");
      render_figure(ctx.out_dir / "fig7_three_spheres.png", figure(j), ctx.log);
      return j;
    });
  }

 private:
  // Fig. 7 (left column: particle 1's radial velocity, spin and rotation, as the paper draws them) with the paper's
  // event times as dotted lines; right column: the slip of the floor contact, and the ringing after rolling resumes
  // (radial slip and spin zoomed in) against its predicted amplitude.
  static Figure figure(const nlohmann::json& j) {
    const auto num = [&](const nlohmann::json& v) { return v.is_number() ? v.get<double>() : std::nan(""); };
    const nlohmann::json& osc = j["stick_oscillation"];
    const double t_roll = num(j["rolling_again_time"]), amp = osc.contains("slip_amplitude_predicted")
                                                                    ? num(osc["slip_amplitude_predicted"])
                                                                    : num(osc["slip_max_measured"]);
    const double period = osc.contains("period_predicted") ? num(osc["period_predicted"]) : num(osc["period_measured"]);
    Figure fig{fmt::format("Campello, Example 5.2, Fig. 7 (particle 1). Dotted: the paper's times (contact 0.46 s, spin "
                           "reversal 0.62 s, rolling 0.69 s, back at start 1.39 s)\nthis run: {:.4f}, {:.4f}, {:.4f}, "
                           "{:.4f} s; right: the undamped stick oscillation of the floor contact after rolling resumes",
                           num(j["collision_time"]), num(j["spin_reversal_time"]), t_roll, num(j["back_at_start_time"])),
               3, 2, 1500, 1100, {"set key top right font ',9'"}, {}};
    const std::string csv = "three_spheres.csv";
    const auto paper_times = [](Panel& p) {
      for (const double t : {0.46, 0.62, 0.69, 1.39})
        p.set(fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray40'", t));
    };
    const char* left[3][3] = {{"2", "radial velocity [m/s] (> 0 outwards)", "radial velocity"},
                              {"3", "spin [rad/s]", "spin"},
                              {"4", "rotation [rad]", "rotation about the spin axis"}};
    const char* right_titles[3] = {"slip speed of the floor contact (log scale)",
                                   "after rolling resumes: radial slip of the floor contact",
                                   "after rolling resumes: spin"};
    // The ringing is shown over a window of about six periods, a few periods after rolling resumes.
    // Without a return to rolling in the run (a short t_end), the whole run.
    const bool zoom = std::isfinite(t_roll) && std::isfinite(period) && std::isfinite(amp) && amp > 0;
    const double z0 = zoom ? t_roll + 10 * period : 0, z1 = z0 + 6 * period;
    const std::string xzoom = zoom ? fmt::format("set xrange [{}:{}]", z0, z1) : std::string("set autoscale x");
    const double spin_after = num(j["spin_after"]);
    for (int row = 0; row < 3; ++row) {
      Panel& l = fig.panel("", "t [s]", left[row][1]);
      l.add(Curve::of(csv, "1", left[row][0], left[row][2], "lines lw 2 lc rgb '#1f77b4'"));
      paper_times(l);
      if (row == 0) {
        for (const auto& [t, what] : {std::pair{0.46, "contact"}, std::pair{0.62, "spin reversal"},
                                      std::pair{0.69, "rolling again"}, std::pair{1.39, "back at start"}})
          l.set(fmt::format("set label 'paper: {}' at {}, graph 0.03 rotate by 90 offset -0.4,0 font ',8' tc rgb 'gray30'",
                            what, t));
        l.set("set yrange [-1.2:1.4]");
      }
      Panel& r = fig.panel(right_titles[row], "t [s]", "");
      if (row > 0) r.set("set key below font ',9'");
      if (row == 0) {
        r.ylabel = "|slip| [m/s]";
        r.logy = true;
        r.set("set yrange [1e-5:10]").set("set format y '%.0e'");
        r.add(Curve::of(csv, "1", "(($5 > 0) ? $5 : 1/0)", "slip speed |v + omega x r_c|", "lines lw 1.5 lc rgb '#d62728'"));
        if (zoom)
          r.add(Curve::fn(fmt::format("{:.17g}", amp), fmt::format("predicted stick-oscillation amplitude {:.4f} m/s", amp),
                          "lines dt 2 lw 2 lc rgb 'black'"));
        paper_times(r);
      } else if (row == 1) {
        r.ylabel = "radial slip [m/s]";
        r.set(xzoom);
        if (zoom) r.set(fmt::format("set yrange [{}:{}]", -1.6 * amp, 1.6 * amp));
        r.add(Curve::of(csv, "1", "8",
                        zoom ? fmt::format("radial slip (period {:.2f} ms predicted, {:.2f} ms measured)", period * 1e3,
                                           num(osc["period_measured"]) * 1e3)
                             : std::string("radial slip"),
                        "linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#d62728'"));
        if (zoom)
          r.add(Curve::fn(fmt::format("{:.17g}", amp), fmt::format("predicted amplitude, +/- {:.4f} m/s", amp),
                          "lines dt 2 lw 2 lc rgb 'black'"))
              .add(Curve::fn(fmt::format("{:.17g}", -amp), "", "lines dt 2 lw 2 lc rgb 'black'"));
      } else {
        r.ylabel = "spin [rad/s]";
        r.set(xzoom);
        r.add(Curve::of(csv, "1", "3", "spin (the band of the left panel)", "linespoints lw 1.5 pt 7 ps 0.6 lc rgb '#1f77b4'"));
        if (zoom) r.add(Curve::fn(fmt::format("{:.17g}", spin_after), "spin when rolling resumed",
                                                      "lines dt 2 lw 1.5 lc rgb 'black'"));
      }
    }
    return fig;
  }
};

}  // namespace

std::unique_ptr<Study> make_three_spheres_study() { return std::make_unique<ThreeSpheresStudy>(); }

}  // namespace stickslip
