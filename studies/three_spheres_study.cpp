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
#include <cmath>

#include "core/errors.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_scene.hpp"
#include "studies/output.hpp"
#include "studies/sphere_runner.hpp"
#include "studies/study.hpp"

namespace stickslip {

namespace {

class ThreeSpheresStudy : public Study {
 public:
  std::string name() const override { return "three-spheres"; }
  std::string summary() const override {
    return "seed 004 ex. 5.2: three rolling spheres collide head-on on a plane, slide, and roll back (Fig. 7)";
  }
  Parameters parameters() const override {
    Parameters p("three-spheres");
    p.declare("r", "0.2", "radius (m)")
        .declare("m", "1000", "mass (kg)")
        .declare("E", "1e10", "Young's modulus (Pa)")
        .declare("nu", "0.25", "Poisson's ratio")
        .declare("mu", "0.5", "friction with the plane (mu_s = mu_d)")
        .declare("mu_pp", "0.5", "friction between the spheres")
        .declare("xi", "0", "normal damping ratio")
        .declare("v0", "1", "initial rolling speed towards the centre (m/s)")
        .declare("t_contact", "0.46", "time at which the spheres first touch (sets the start distance) (s)")
        .declare("t_end", "2", "end time (s)")
        .declare("tangential", "mindlin", "tangential law: mindlin, csds, dsds, coulomb (rigid stick/slip; ODE integrators)")
        .declare("gamma_t", "0", "tangential damping of csds/dsds (N s/m)");
    declare_sphere_run_parameters(p, "1e-4");
    return p;
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const double r = prm.positive("r"), m = prm.positive("m"), e = prm.positive("E"), nu = prm.in_range("nu", -0.99, 0.49);
    const double v0 = prm.positive("v0"), tc0 = prm.positive("t_contact"), t_end = prm.positive("t_end");
    ThreeSpheresSetup setup =
        three_spheres_setup(r, m, e, nu, prm.nonnegative("mu"), prm.nonnegative("mu_pp"), v0, tc0);
    SphereScene& scene = setup.scene;
    scene.params.xi = prm.nonnegative("xi");
    const bool coulomb = read_sphere_tangential(prm, "tangential", scene.params);
    scene.params.gamma_t = prm.nonnegative("gamma_t");
    const double d0 = setup.d0;
    const double auto_dt = hertz_collision_duration(scene.pair(0, 1), v0 * std::sqrt(3.0)) / 20.0;
    SphereRunOptions opt = read_sphere_run_options(prm, auto_dt);
    opt.coulomb = coulomb;
    if (opt.dt > t_end) throw_input("dt", prm.raw("dt"), "must be <= t_end");
    // Beyond these the collision geometry overflows a double (positions ~ v0 t_contact, r^2).
    if (!(r <= 1e100)) throw_input("r", prm.raw("r"), "must be <= 1e100 m");
    if (!(v0 <= 1e100)) throw_input("v0", prm.raw("v0"), "must be <= 1e100 m/s");
    if (!(tc0 <= 1e100)) throw_input("t_contact", prm.raw("t_contact"), "must be <= 1e100 s");

    const ParticleState& init = setup.initial;

    ctx.plan({{"runs", 1}, {"steps_per_run", json_number(std::ceil(t_end / opt.dt))}, {"particles", 3}});
    // The study is one run: its row is the summary (the CSV and the figure are written within it), so a resumed
    // study whose run finished returns the stored row.
    return ctx.run("three-spheres", [&] {
      CsvWriter csv(ctx.out_dir / "three_spheres.csv",
                    {"t [s]", "v_radial_1 [m/s]", "spin_1 [rad/s]", "rotation_1 [rad]", "slip_1 [m/s]", "gap_12 [m]",
                     "kinetic [J]"});
      ThreeSpheresTracker tr(setup);
      long sample = 0;
      const double l_before = tr.l_contact(init);
      const ParticleObserver obs = [&](double t, const ParticleState& s) {
        tr.observe(t, s);
        if (sample++ % 10 == 0 || t >= t_end) {
          double ke = 0;
          for (int k = 0; k < 3; ++k) ke += 0.5 * m * s.v[k].squaredNorm() + 0.5 * scene.inertia(k) * s.omega[k].squaredNorm();
          csv.row({t, tr.vr, tr.spin, s.phi[0].dot(setup.axis), tr.slip, tr.gap, ke});
        }
      };
      const SphereRunStats st = run_spheres(scene, init, t_end, opt, obs);
      const std::string script =
          "set datafile separator ','\nset multiplot layout 3,1 title 'Example 5.2, particle 1'\nset grid\nset xlabel 't [s]'\n"
          "set ylabel 'radial velocity [m/s]'\nplot 'three_spheres.csv' every ::1 u 1:2 w l lw 2 notitle\n"
          "set ylabel 'spin [rad/s]'\nplot 'three_spheres.csv' every ::1 u 1:3 w l lw 2 notitle\n"
          "set ylabel 'rotation [rad]'\nplot 'three_spheres.csv' every ::1 u 1:4 w l lw 2 notitle\nunset multiplot\n";
      csv.close();  // the CSV appears under its name (from .part) only when closed; the figure reads it
      render_png(ctx.out_dir / "fig7_three_spheres.png", script, ctx.log, 900, 1000);
      const double ke0 = 3 * (0.5 * m * v0 * v0 + 0.5 * scene.inertia(0) * std::pow(v0 / r, 2));
      nlohmann::json j;
      j["study"] = "three-spheres";
      j["integrator"] = opt.integrator;
      j["engine"] = opt.engine;
      j["dt"] = json_number(opt.dt);
      j["start_distance"] = json_number(d0);
      j["collision_time"] = json_number(tr.t_first);
      j["contact_duration"] = json_number(tr.t_sep >= 0 && tr.t_first >= 0 ? tr.t_sep - tr.t_first : NAN);
      j["hertz_duration_eq50"] = json_number(hertz_collision_duration(scene.pair(0, 1), v0 * std::sqrt(3.0)));
      j["spin_reversal_time"] = json_number(tr.t_spin0);
      j["rolling_again_time"] = json_number(tr.t_roll);
      j["back_at_start_time"] = json_number(tr.t_back);
      j["rolling_speed_after"] = json_number(tr.v_after);
      j["spin_after"] = json_number(tr.spin_after);
      j["kinetic_energy_ratio_after"] =
          json_number(tr.t_roll >= 0 ? (0.5 * m * tr.v_after * tr.v_after + 0.5 * scene.inertia(0) * tr.spin_after * tr.spin_after) * 3 / ke0 : NAN);
      j["angular_momentum_about_floor_contact"] = {{"before", json_number(l_before)},
                                                    {"after_collision", json_number(tr.l_sep)},
                                                    {"at_rolling", json_number(tr.l_roll)},
                                                    {"unit", "m r v0"}};
      const double tc50 = hertz_collision_duration(scene.pair(0, 1), v0 * std::sqrt(3.0));
      // The three-body Hertz duration: each sphere moves radially by delta, each pair overlaps by sqrt(3) delta and
      // pushes with 2 cos 30 deg of its force, so m delta'' = -3^{5/4} K delta^{3/2} (K = 4/3 sqrt(r*) E*) at the
      // impact speed v0, against eq. 50's m*/2-body at sqrt(3) v0: t_c scales as (M/K)^{2/5} V^{-1/5}, ratio
      // (2/3^{5/4})^{2/5} 3^{1/10} = 0.8503.
      const double tc3 = tc50 * std::pow(2.0 / std::pow(3.0, 1.25), 0.4) * std::pow(3.0, 0.1);
      j["hertz_duration_three_body"] = json_number(tc3);
      j["rigid_body_rolling_speed"] = json_number(3.0 / 7.0 * v0);
      j["rolling_speed_bound_finite_collision"] = json_number((0.6 * v0 + scene.params.mu_d_pw * 9.81 * tc3) / 1.4);
      j["paper"] = {{"collision_time", 0.46}, {"contact_duration", 0.0047}, {"spin_reversal_time", 0.62},
                    {"rolling_again_time", 0.69}, {"back_at_start_time", 1.39}};
      j["steps"] = st.steps;
      if (opt.integrator == "trapezoid") {
        j["iterations"] = {{"mean", json_number(st.mean_iterations)}, {"max", st.max_iterations}};
        // Steps retried with dt/2 (solvers/trapezoid_fixed_point.hpp); smallest_dt 0: none was.
        j["rejected_steps"] = {{"count", st.rejected_steps}, {"smallest_dt", json_number(st.min_dt)}};
      }
      return j;
    });
  }
};

}  // namespace

std::unique_ptr<Study> make_three_spheres_study() { return std::make_unique<ThreeSpheresStudy>(); }

}  // namespace stickslip
