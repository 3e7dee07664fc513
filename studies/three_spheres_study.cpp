// studies/three_spheres_study.cpp — seed 004 example 5.2 (Fig. 6-7): three identical spheres roll without slip
// from the corners of an equilateral triangle towards its centre on a rigid plane (gravity -z), collide head-on
// (xi = 0), and return; the collision makes them slide (the velocity reverses at once, the spin only through the
// plane's friction, mu = 0.5) until they roll again. Reports for particle 1: collision time and duration, the time
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
// The run, its CSV (three_spheres.csv) and summary row: studies/sphere_runs.hpp; Fig. 7: fig7_three_spheres.png.
#include <cmath>

#include "core/work_limits.hpp"
#include "studies/figure.hpp"
#include "studies/output.hpp"
#include "studies/sphere_runs.hpp"
#include "studies/study.hpp"

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
        .declare("t_end", "2", "end time [s]")
        .declare("tangential", "mindlin", "tangential law: mindlin, csds, dsds, coulomb (rigid stick/slip; ODE integrators)")
        .declare("gamma_t", "0", "tangential damping of csds/dsds [N s/m]");
    declare_sphere_run_parameters(p, "1e-4");
    return p;
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"start_distance", "m"},        {"collision_time", "s"},        {"contact_duration", "s"},
            {"hertz_duration_eq50", "s"},   {"spin_reversal_time", "s"},    {"rolling_again_time", "s"},
            {"back_at_start_time", "s"},    {"rolling_speed_after", "m/s"}, {"spin_after", "rad/s"},
            {"hertz_duration_three_body", "s"}, {"rigid_body_rolling_speed", "m/s"},
            {"rolling_speed_bound_finite_collision", "m/s"}, {"before", "m r v0"}, {"after_collision", "m r v0"},
            {"at_rolling", "m r v0"}, {"smallest_dt", "s"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const ThreeSpheresPrepared pr = prepare_three_spheres(prm);
    ctx.plan({{"runs", 1}, {"steps_per_run", step_count(pr.t_end, pr.opt.dt)}, {"particles", 3}});
    // The study is one run: its row is the summary (the CSV and the figure are written within it), so a resumed
    // study whose run finished returns the stored row.
    return ctx.run("three-spheres", [&] {
      nlohmann::json j = three_spheres_row(pr, ctx.out_dir / "three_spheres.csv");
      // Fig. 7: particle 1's radial velocity, spin and rotation against t.
      Figure fig{"Example 5.2, particle 1", 3, 1, 900, 1000, {}, {}};
      for (const auto& [col, ylabel] : {std::pair{"2", "radial velocity [m/s]"}, std::pair{"3", "spin [rad/s]"},
                                        std::pair{"4", "rotation [rad]"}})
        fig.panel("", "t [s]", ylabel).add(Curve::of("three_spheres.csv", "1", col, "", "lines lw 2"));
      render_figure(ctx.out_dir / "fig7_three_spheres.png", fig, ctx.log);
      return j;
    });
  }
};

}  // namespace

std::unique_ptr<Study> make_three_spheres_study() { return std::make_unique<ThreeSpheresStudy>(); }

}  // namespace stickslip
