// studies/rolling_sphere_study.cpp — seed 004 example 5.1 (Fig. 5): a spinning sphere released on a flat rigid
// surface slides with rolling until its contact point sticks (t_roll), then rolls. The measured t_roll is the
// first time the contact-point slip velocity (projected on its initial direction) falls to 1e-12 of its start, linearly
// interpolated between steps; v_roll = v_x and omega_roll = omega_z there. The analytic values come from
// models/rolling_sphere_analytic.hpp for the parameters given. The sphere starts at the Hertz static overlap
// under its weight (N = m g from the start, as the rigid-body solution assumes; with xi = 0 a release at zero
// overlap would make N oscillate between 0 and 2 m g).
#include <cmath>

#include "core/errors.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/rolling_sphere_analytic.hpp"
#include "models/sphere_scene.hpp"
#include "studies/output.hpp"
#include "studies/sphere_runner.hpp"
#include "studies/study.hpp"

namespace stickslip {

namespace {

class RollingSphereStudy : public Study {
 public:
  std::string name() const override { return "rolling-sphere"; }
  std::string summary() const override {
    return "seed 004 ex. 5.1: spinning sphere on a plane, sliding then rolling; t_roll, v_roll, omega_roll vs analytic";
  }
  Parameters parameters() const override {
    Parameters p("rolling-sphere");
    p.declare("r", "0.2", "radius (m)")
        .declare("m", "1000", "mass (kg)")
        .declare("v0", "2.355", "initial velocity v_x (m/s)")
        .declare("omega0", "-127.03", "initial spin omega_z (rad/s)")
        .declare("mu", "0.25", "friction coefficient mu_s = mu_d with the plane")
        .declare("E", "1e10", "Young's modulus (Pa)")
        .declare("nu", "0.25", "Poisson's ratio")
        .declare("xi", "0", "normal damping ratio (eq. 22)")
        .declare("g", "9.81", "gravity (m/s^2)")
        .declare("t_end", "5", "end time (s)")
        .declare("tangential", "mindlin", "tangential law: mindlin, csds, dsds, coulomb-stick (rigid stick/slip; ODE integrators; old name coulomb)")
        .declare("gamma_t", "0", "tangential damping of csds/dsds (N s/m)")
        .declare("output_every", "10", "write every n-th sample to the CSV");
    declare_sphere_run_parameters(p, "1e-4");
    return p;
  }

  // The scene, integrator options and analytic solution of the parameters (validated).
  struct Prepared {
    RollingSphereSetup setup;
    SphereRunOptions opt;
    double t_end;
  };
  static Prepared prepare(const Parameters& prm) {
    const double r = prm.positive("r"), m = prm.positive("m"), v0 = prm.real("v0"), w0 = prm.real("omega0");
    const double mu = prm.positive("mu"), e = prm.positive("E"), nu = prm.in_range("nu", -0.99, 0.49);
    const double g = prm.positive("g"), t_end = prm.positive("t_end");
    Prepared pr{rolling_sphere_setup(r, m, e, nu, g, mu, v0, w0), {}, t_end};
    SphereScene& scene = pr.setup.scene;
    scene.params.xi = prm.nonnegative("xi");
    const bool coulomb = read_sphere_tangential(prm, "tangential", scene.params);
    scene.params.gamma_t = prm.nonnegative("gamma_t");
    // eq. 50 with the contact's approach speed taken as the slip speed scale (the sphere does not impact).
    const double auto_dt = hertz_collision_duration(scene.wall_pair(0), std::abs(v0 + w0 * r)) / 20.0;
    pr.opt = read_sphere_run_options(prm, auto_dt);
    pr.opt.coulomb = coulomb;
    if (pr.opt.dt > t_end) throw_input("dt", prm.raw("dt"), "must be <= t_end");
    if (pr.setup.analytic.slip0().norm() == 0)
      throw_input("v0", prm.raw("v0"), "must differ from -omega0 r (the sphere would already roll)");
    return pr;
  }

  // t_roll, v_roll, omega_roll of one run (integrator spec at step h, or rtol h for dopri5/cvode/ida); exact: the
  // rigid-body solution (models/rolling_sphere_analytic.hpp), which the compliant contact approaches only up to
  // its own modelling error — hence the default reference is Richardson extrapolation.
  std::vector<Observable> observables() const override {
    auto observable = [](std::string name, std::string unit, std::string help, auto pick, auto exact) {
      Observable o;
      o.name = std::move(name), o.unit = std::move(unit), o.help = std::move(help);
      o.integrators = sphere_integrator_names();
      o.default_solvers = {"trapezoid", "rk4"};
      o.work_solvers = {"trapezoid", "euler", "heun", "rk4", "dopri5", "cvode", "ida"};
      o.default_dt = "1e-3:1.25e-4:4";
      o.default_reference = "richardson";
      o.measure = [pick](const Parameters& prm, const IntegratorSpec& spec, double h) {
        Prepared pr = prepare(prm);
        if (spec.filippov || spec.adams || spec.max_order > 0)
          throw_input("solver", spec.text(), "the sphere runner takes plain schemes: " + join(sphere_integrator_names()));
        pr.opt.integrator = spec.scheme;
        if (spec.adaptive()) pr.opt.rtol = h;
        else pr.opt.dt = h;
        RollDetector roll(pr.setup.analytic);
        const SphereRunStats st = run_spheres(pr.setup.scene, pr.setup.initial, pr.t_end, pr.opt,
                                              [&](double t, const ParticleState& s) { roll.observe(t, s.v[0], s.omega[0]); });
        if (!roll.rolled()) throw SolverError("rolling-sphere: the slip velocity never reached zero before t_end");
        return ObservableValue{pick(roll), st.rhs_evals, st.steps};
      };
      o.exact = [exact](const Parameters& prm) -> std::optional<double> {
        const RollingSphereAnalytic& an = prepare(prm).setup.analytic;
        return exact(an, an.t_roll());
      };
      return o;
    };
    return {observable("t_roll", "s", "time the contact point stops slipping",
                       [](const RollDetector& d) { return d.t_roll; },
                       [](const RollingSphereAnalytic&, double t) { return t; }),
            observable("v_roll", "m/s", "v_x when rolling starts", [](const RollDetector& d) { return d.v_roll.x(); },
                       [](const RollingSphereAnalytic& a, double t) { return a.v(t).x(); }),
            observable("omega_roll", "rad/s", "omega_z when rolling starts",
                       [](const RollDetector& d) { return d.omega_roll.z(); },
                       [](const RollingSphereAnalytic& a, double t) { return a.omega(t).z(); })};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const Prepared pr = prepare(prm);
    const double r = prm.positive("r"), t_end = pr.t_end;
    const long every = prm.integer("output_every", 1, 1000000);
    const RollingSphereSetup& setup = pr.setup;
    const SphereScene& scene = setup.scene;
    const SphereRunOptions& opt = pr.opt;
    const double h0 = setup.static_overlap;
    const RollingSphereAnalytic& an = setup.analytic;
    const double at = an.t_roll();
    const Vec3 av = an.v(at), aw = an.omega(at);

    const ParticleState& init = setup.initial;

    ctx.plan({{"runs", 1}, {"steps_per_run", json_number(std::ceil(t_end / opt.dt))}, {"particles", 1}});
    // The study is one run: its row is the summary (the CSV and the figure are written within it), so a resumed
    // study whose run finished returns the stored row.
    return ctx.run("rolling-sphere", [&] {
      CsvWriter csv(ctx.out_dir / "rolling_sphere.csv",
                    {"t [s]", "x [m]", "rotation_z [rad]", "v_x [m/s]", "omega_z [rad/s]", "slip_x [m/s]",
                     "x_analytic [m]", "rotation_z_analytic [rad]", "v_x_analytic [m/s]", "omega_z_analytic [rad/s]"});
      RollDetector roll(an);
      long sample = 0;
      Progress progress(ctx.log, "rolling-sphere", 5);
      double next_tick = t_end / 5;
      const ParticleObserver obs = [&](double t, const ParticleState& s) {
        const Vec3 u = s.v[0] + s.omega[0].cross(Vec3(0, -r, 0));
        roll.observe(t, s.v[0], s.omega[0]);
        if (sample++ % every == 0 || t >= t_end)
          csv.row({t, s.x[0].x(), s.phi[0].z(), s.v[0].x(), s.omega[0].z(), u.x(), an.x(t).x(), an.phi(t).z(),
                   an.v(t).x(), an.omega(t).z()});
        if (t >= next_tick) {
          progress.tick("t = " + std::to_string(t));
          next_tick += t_end / 5;
        }
      };
      const SphereRunStats st = run_spheres(scene, init, t_end, opt, obs);
      if (!roll.rolled()) throw SolverError("rolling-sphere: the slip velocity never reached zero before t_end");

      const std::string csvname = "rolling_sphere.csv";
      auto panel = [&](int col, int acol, const std::string& ylabel) {
        return "set ylabel '" + ylabel + "'\nplot '" + csvname + "' every ::1 u 1:" + std::to_string(col) +
               " w l lw 2 t 'numerical (" + opt.integrator + ")', '' every 100::1 u 1:" + std::to_string(acol) +
               " w p pt 7 ps 0.6 t 'analytic'\n";
      };
      const std::string script = "set datafile separator ','\nset multiplot layout 2,2 title 'Example 5.1: t_{roll} = " +
                                 std::to_string(roll.t_roll) + " s (analytic " + std::to_string(at) +
                                 " s)'\nset xlabel 't [s]'\nset key bottom right\nset grid\n" + panel(2, 7, "x [m]") +
                                 panel(3, 8, "rotation about z [rad]") + panel(4, 9, "v_x [m/s]") +
                                 panel(5, 10, "omega_z [rad/s]") + "unset multiplot\n";
      csv.close();  // the CSV appears under its name (from .part) only when closed; the figure reads it
      render_png(ctx.out_dir / "fig5_rolling_sphere.png", script, ctx.log, 1200, 900);

      nlohmann::json j;
      j["study"] = "rolling-sphere";
      j["integrator"] = opt.integrator;
      j["tangential"] = prm.raw("tangential");
      j["dt"] = json_number(opt.dt);
      j["t_roll"] = json_number(roll.t_roll);
      j["v_roll"] = json_number(roll.v_roll.x());
      j["omega_roll"] = json_number(roll.omega_roll.z());
      j["analytic"] = {{"t_roll", json_number(at)}, {"v_roll", json_number(av.x())}, {"omega_roll", json_number(aw.z())}};
      j["relative_error"] = {{"t_roll", json_number(std::abs(roll.t_roll - at) / at)},
                             {"v_roll", json_number(std::abs(roll.v_roll.x() - av.x()) / std::abs(av.x()))},
                             {"omega_roll", json_number(std::abs(roll.omega_roll.z() - aw.z()) / std::abs(aw.z()))}};
      j["paper_printed"] = {{"t_roll", 2.69}, {"v_roll", 8.95}, {"omega_roll", -44.57}};
      j["static_overlap"] = json_number(h0);
      j["steps"] = st.steps;
      j["force_or_rhs_evaluations"] = st.rhs_evals;
      j["events"] = st.events;
      if (opt.integrator == "trapezoid") {
        j["iterations"] = {{"mean", json_number(st.mean_iterations)}, {"max", st.max_iterations}, {"total", st.iterations}};
        // Steps retried with dt/2 (solvers/trapezoid_fixed_point.hpp); smallest_dt 0: none was.
        j["rejected_steps"] = {{"count", st.rejected_steps}, {"smallest_dt", json_number(st.min_dt)}};
      }
      return j;
    });
  }
};

}  // namespace

std::unique_ptr<Study> make_rolling_sphere_study() { return std::make_unique<RollingSphereStudy>(); }

}  // namespace stickslip
