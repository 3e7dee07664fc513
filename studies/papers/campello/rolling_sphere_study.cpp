// studies/papers/campello/rolling_sphere_study.cpp — seed 004 example 5.1 (Fig. 5): a spinning sphere released on a
// flat rigid surface slides with rolling until its contact point sticks (t_roll), then rolls. The measured t_roll is
// the first time the contact-point slip velocity (projected on its initial direction) falls to 1e-12 of its start,
// linearly interpolated between steps; v_roll = v_x and omega_roll = omega_z there. The analytic values come from
// models/rolling_sphere_analytic.hpp for the parameters given. The sphere starts at the Hertz static overlap
// under its weight (N = m g from the start, as the rigid-body solution assumes; with xi = 0 a release at zero
// overlap would make N oscillate between 0 and 2 m g).
// The run, its CSV (rolling_sphere.csv) and summary row: studies/papers/campello/sphere_runs.hpp; Fig. 5:
// fig5_rolling_sphere.png.
#include <cmath>
#include <fmt/format.h>
#include <tuple>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/campello/sphere_runs.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

namespace {

class RollingSphereStudy : public Study {
 public:
  std::string name() const override { return "rolling-sphere"; }
  std::string summary() const override {
    return "Campello ex. 5.1: spinning sphere on a plane, sliding then rolling; t_roll, v_roll, omega_roll vs analytic";
  }
  Parameters parameters() const override {
    Parameters p("rolling-sphere");
    p.declare("r", "0.2", "radius [m]")
        .declare("m", "1000", "mass [kg]")
        .declare("v0", "2.355", "initial velocity v_x [m/s]")
        .declare("omega0", "-127.03", "initial spin omega_z [rad/s]")
        .declare("mu", "0.25", "friction coefficient mu_s = mu_d with the plane")
        .declare("E", "1e10", "Young's modulus [Pa]")
        .declare("nu", "0.25", "Poisson's ratio")
        .declare("xi", "0", "normal damping ratio (eq. 22)")
        .declare("g", "9.81", "gravity [m/s^2]")
        .declare("t_end", "5", "end time [s]")
        .declare("output_every", "10", "write every n-th sample to the CSV");
    declare_sphere_friction_parameters(p);
    declare_sphere_run_parameters(p, "1e-4");
    return p;
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
        RollingSpherePrepared pr = prepare_rolling_sphere(prm);
        if (spec.filippov || spec.adams || spec.max_order > 0)
          throw_input("solver", spec.text(), "the sphere runner takes plain schemes: " + join(sphere_integrator_names()));
        pr.opt.integrator = spec;
        if (spec.adaptive()) pr.opt.rtol = h;
        else pr.opt.dt = h;
        RollDetector roll(pr.setup.analytic);
        const SphereRunStats st = simulate(pr.setup.scene, pr.setup.friction, pr.t_end, pr.opt,
                                              [&](double t, const SphereSample& s) { roll.observe(t, s.v[0], s.omega[0]); });
        if (!roll.rolled()) throw SolverError("rolling-sphere: the slip velocity never reached zero before t_end");
        return ObservableValue{pick(roll), st.rhs_evals, st.steps};
      };
      o.exact = [exact](const Parameters& prm) -> std::optional<double> {
        const RollingSphereAnalytic& an = prepare_rolling_sphere(prm).setup.analytic;
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

  std::map<std::string, std::string> result_units() const override {
    return {{"t_roll", "s"}, {"v_roll", "m/s"}, {"omega_roll", "rad/s"}, {"static_overlap", "m"}, {"smallest_dt", "s"},
            {"relative_error.t_roll", "1"}, {"relative_error.v_roll", "1"}, {"relative_error.omega_roll", "1"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const RollingSpherePrepared pr = prepare_rolling_sphere(prm);
    const long every = prm.integer("output_every", 1, 1000000);
    ctx.plan({{"runs", 1}, {"steps_per_run", step_count(pr.t_end, pr.opt.dt)}, {"particles", 1}});
    // The study is one run: its row is the summary (the CSV and the figure are written within it), so a resumed
    // study whose run finished returns the stored row.
    return ctx.run("rolling-sphere", [&] {
      nlohmann::json j = rolling_sphere_row(pr, every, ctx.out_dir / "rolling_sphere.csv", ctx.log);
      render_figure(ctx.out_dir / "fig5_rolling_sphere.png", figure(pr, j["t_roll"].get<double>()), ctx.log);
      return j;
    });
  }

 private:
  // Fig. 5: x, rotation about z, v_x and omega_z against t, numerical (lines) and analytic (every 100th row), with
  // the paper's printed values (RollingSpherePaperValues: t_roll = 2.69 s, v_roll = 8.95 m/s, omega_roll = -44.57
  // rad/s, as summary.json "paper_printed") as a dotted line and markers.
  static Figure figure(const RollingSpherePrepared& pr, double t_roll) {
    using Paper = RollingSpherePaperValues;
    Figure fig{fmt::format("Campello, Example 5.1, Fig. 5: t_roll = {:.6f} s (analytic {:.6f} s)\ndotted line, diamonds: the "
                           "paper's printed t_roll {:g} s, v_roll {:g} m/s, omega_roll {:g} rad/s",
                           t_roll, pr.setup.analytic.t_roll(), Paper::t_roll, Paper::v_roll, Paper::omega_roll),
               2, 2, 1250, 920, {"set key bottom right font ',9'"}, {}};
    const std::string paper = fig.block("paper", {"t_roll [s]", "v_roll [m/s]", "omega_roll [rad/s]"},
                                        {{Paper::t_roll, Paper::v_roll, Paper::omega_roll}});
    const std::string csv = "rolling_sphere.csv";
    for (const auto& [col, acol, ylabel] : {std::tuple{"2", "7", "x [m]"}, std::tuple{"3", "8", "rotation about z [rad]"},
                                            std::tuple{"4", "9", "v_x [m/s]"}, std::tuple{"5", "10", "omega_z [rad/s]"}}) {
      Panel& p = fig.panel("", "t [s]", ylabel);
      p.add(Curve::of(csv, "1", col, "numerical (" + pr.opt.integrator.name() + ")", "lines lw 2 lc rgb '#1f77b4'"))
          .add(Curve::of(csv, "1", std::string("((int($0) % 100 == 0) ? $") + acol + " : 1/0)", "analytic",
                         "points pt 7 ps 0.6 lc rgb '#d62728'"));
      p.set(fmt::format("set arrow from {:g}, graph 0 to {:g}, graph 1 nohead dt 3 lw 1.5 lc rgb 'gray30'", Paper::t_roll,
                        Paper::t_roll));
      if (std::string(col) == "4") p.add(Curve::of(paper, "1", "2", "paper (v_roll)", "points pt 12 ps 2.5 lw 2 lc rgb 'black'"));
      if (std::string(col) == "5")
        p.add(Curve::of(paper, "1", "3", "paper (omega_roll)", "points pt 12 ps 2.5 lw 2 lc rgb 'black'"));
    }
    return fig;
  }
};

}  // namespace

std::unique_ptr<Study> make_rolling_sphere_study() { return std::make_unique<RollingSphereStudy>(); }

}  // namespace stickslip
