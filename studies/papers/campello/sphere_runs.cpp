// studies/papers/campello/sphere_runs.cpp — the seed 004 sphere examples' runs
// (studies/papers/campello/sphere_runs.hpp).
#include "studies/papers/campello/sphere_runs.hpp"

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/engine_laws.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/particles/engine_drivers.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

RollingSpherePrepared prepare_rolling_sphere(const Parameters& prm) {
  const double r = prm.positive("r"), m = prm.positive("m"), v0 = prm.real("v0"), w0 = prm.real("omega0");
  const double mu = prm.positive("mu"), e = prm.positive("E"), nu = prm.in_range("nu", -0.99, 0.49);
  const double g = prm.positive("g"), t_end = prm.positive("t_end");
  prm.require_relation(std::isfinite(m * g), {"m", "g"},
                       "needs a finite weight m g (m=" + prm.raw("m") + ", g=" + prm.raw("g") + " overflow a double)");
  RollingSpherePrepared pr{rolling_sphere_setup(r, m, e, nu, g, mu, v0, w0), {}, t_end};
  // The Hertz contact holds for overlaps small against the radius: a weight that presses the sphere deeper than its
  // radius (m = 1e307 kg: h ~ 1e199 m) is outside the model, refused before the run overflows.
  const double h = pr.setup.static_overlap;
  prm.require_relation(std::isfinite(h) && h < r, {"m", "g", "E", "r"},
                       "the static overlap under the weight m g, h = " + format_value(h) + " m, must stay below the radius r=" +
                           prm.raw("r") + " (the Hertz contact holds for h << r; m=" + prm.raw("m") + ", E=" + prm.raw("E") + ")");
  FewSpheres& scene = pr.setup.scene;
  scene.xi = prm.nonnegative("xi");
  read_sphere_friction(prm, scene.wall_pair(0), pr.setup.static_overlap, pr.setup.friction);
  // eq. 50 with the contact's approach speed taken as the slip speed scale (the sphere does not impact).
  const double auto_dt = hertz_collision_duration(scene.wall_pair(0), std::abs(v0 + w0 * r)) / 20.0;
  pr.opt = read_sphere_run_options(prm, auto_dt);
  prm.require_relation(pr.opt.dt <= t_end, {"dt", "t_end"},
                       "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
  (void)checked_count(prm, "dt", pr.opt.dt, "t_end", t_end, kMaxSteps, "steps");
  if (const std::string why = sphere_integrator_refuses(scene, pr.setup.friction, t_end, pr.opt); !why.empty())
    throw_input("integrator", prm.raw("integrator"), why);
  if (pr.setup.analytic.slip0().norm() == 0)
    throw_input("v0", prm.raw("v0"), "must differ from -omega0 r (the sphere would already roll)");
  return pr;
}

nlohmann::json rolling_sphere_row(const RollingSpherePrepared& pr, long every, const std::filesystem::path& csv_path,
                                  std::ostream& log) {
  const RollingSphereAnalytic& an = pr.setup.analytic;
  const SphereRunOptions& opt = pr.opt;
  const double r = an.r, t_end = pr.t_end;
  const double at = an.t_roll();
  const Vec3 av = an.v(at), aw = an.omega(at);
  CsvWriter csv(csv_path, {"t [s]", "x [m]", "rotation_z [rad]", "v_x [m/s]", "omega_z [rad/s]", "slip_x [m/s]",
                           "x_analytic [m]", "rotation_z_analytic [rad]", "v_x_analytic [m/s]", "omega_z_analytic [rad/s]"});
  RollDetector roll(an);
  long sample = 0;
  Progress progress(log, "rolling-sphere", 5);
  double next_tick = t_end / 5;
  const SphereObserver obs = [&](double t, const SphereSample& s) {
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
  const SphereRunStats st = simulate(pr.setup.scene, pr.setup.friction, t_end, opt, obs);
  if (!roll.rolled()) throw SolverError("rolling-sphere: the slip velocity never reached zero before t_end");
  csv.close();  // the CSV appears under its name (from .part) only when closed; the figure reads it

  nlohmann::json j;
  j["study"] = "rolling-sphere";
  j["integrator"] = opt.integrator.name();
  j["tangential"] = pr.setup.friction.law;
  j["dt"] = json_number(opt.dt);
  j["t_roll"] = json_number(roll.t_roll);
  j["v_roll"] = json_number(roll.v_roll.x());
  j["omega_roll"] = json_number(roll.omega_roll.z());
  j["analytic"] = {{"t_roll", json_number(at)}, {"v_roll", json_number(av.x())}, {"omega_roll", json_number(aw.z())}};
  j["relative_error"] = {{"t_roll", json_number(std::abs(roll.t_roll - at) / at)},
                         {"v_roll", json_number(std::abs(roll.v_roll.x() - av.x()) / std::abs(av.x()))},
                         {"omega_roll", json_number(std::abs(roll.omega_roll.z() - aw.z()) / std::abs(aw.z()))}};
  j["paper_printed"] = {{"t_roll", RollingSpherePaperValues::t_roll},
                        {"v_roll", RollingSpherePaperValues::v_roll},
                        {"omega_roll", RollingSpherePaperValues::omega_roll}};
  j["static_overlap"] = json_number(pr.setup.static_overlap);
  j["steps"] = st.steps;
  j["force_or_rhs_evaluations"] = st.rhs_evals;
  j["events"] = st.events;
  if (opt.integrator.scheme == Scheme::trapezoid) {
    j["iterations"] = {{"mean", json_number(st.mean_iterations)}, {"max", st.max_iterations}, {"total", st.iterations}};
    // Steps retried with dt/2 (solvers/particles/particle_trapezoid.hpp); smallest_dt 0: none was.
    j["rejected_steps"] = {{"count", st.rejected_steps}, {"smallest_dt", json_number(st.min_dt)}};
  }
  return j;
}

ThreeSpheresPrepared prepare_three_spheres(const Parameters& prm) {
  const double r = prm.positive("r"), m = prm.positive("m"), e = prm.positive("E"), nu = prm.in_range("nu", -0.99, 0.49);
  const double v0 = prm.positive("v0"), tc0 = prm.positive("t_contact"), t_end = prm.positive("t_end");
  ThreeSpheresPrepared pr{three_spheres_setup(r, m, e, nu, prm.nonnegative("mu"), prm.nonnegative("mu_pp"), v0, tc0), {}, t_end};
  // As for the rolling sphere: the resting overlap on the floor stays below the radius (g = 9.81 m/s^2 here).
  const double h = pr.setup.static_overlap;
  prm.require_relation(std::isfinite(h) && h < r, {"m", "E", "r"},
                       "the static overlap under the weight m g, h = " + format_value(h) + " m, must stay below the radius r=" +
                           prm.raw("r") + " (the Hertz contact holds for h << r; m=" + prm.raw("m") + ", E=" + prm.raw("E") + ")");
  FewSpheres& scene = pr.setup.scene;
  scene.xi = prm.nonnegative("xi");
  read_sphere_friction(prm, scene.wall_pair(0), pr.setup.static_overlap, pr.setup.friction);
  const double auto_dt = hertz_collision_duration(scene.pair(0, 1), v0 * std::sqrt(3.0)) / 20.0;
  pr.opt = read_sphere_run_options(prm, auto_dt);
  prm.require_relation(pr.opt.dt <= t_end, {"dt", "t_end"},
                       "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
  (void)checked_count(prm, "dt", pr.opt.dt, "t_end", t_end, kMaxSteps, "steps");
  if (const std::string why = sphere_integrator_refuses(scene, pr.setup.friction, t_end, pr.opt); !why.empty())
    throw_input("integrator", prm.raw("integrator"), why);
  // Beyond these the collision geometry overflows a double (positions ~ v0 t_contact, r^2).
  if (!(r <= 1e100)) throw_input("r", prm.raw("r"), "must be <= 1e100 m");
  if (!(v0 <= 1e100)) throw_input("v0", prm.raw("v0"), "must be <= 1e100 m/s");
  if (!(tc0 <= 1e100)) throw_input("t_contact", prm.raw("t_contact"), "must be <= 1e100 s");
  return pr;
}

// After rolling resumes, the floor contact sticks with its tangential spring still loaded to the sliding force
// mu N (the slip phase kept it on the Coulomb cone), and nothing damps it (xi = 0, no tangential dashpot): the
// contact point rings about the unloaded spring. With the contact-point displacement u = x + r theta,
// m x'' = -k_t u and I theta'' = -r k_t u give u'' = -k_t (1/m + r^2/I) u: angular frequency
// w = sqrt(k_t (1/m + r^2/I)) (7/2 k_t/m for a solid sphere), k_t = 8 G* sqrt(r* h) (Mindlin, eq. 37) at the static
// overlap h under N = m g, and slip-speed amplitude mu N/sqrt(k_t m_eff), m_eff = 1/(1/m + r^2/I) (the spring
// energy (mu N)^2/(2 k_t) as kinetic energy of m_eff). Predicted for the Mindlin law; measured from the run.
static nlohmann::json stick_oscillation_json(const ThreeSpheresPrepared& pr, const ThreeSpheresTracker& tr) {
  const ThreeSpheresSetup& setup = pr.setup;
  const FewSpheres& scene = setup.scene;
  nlohmann::json j{{"period_measured", json_number(tr.roll_slip_period())},
                   {"slip_max_measured", json_number(tr.t_roll >= 0 ? tr.roll_slip_max : std::nan(""))}};
  const std::string& law = setup.friction.law;
  if (has_stick_spring(law) && !law_declares(law, "gamma_t")) {  // an undamped stick spring (Mindlin's)
    const ContactPair wp = scene.wall_pair(0);
    const ContactKinematics c{Vec3::UnitZ(), Vec3::Zero(), setup.static_overlap, 0.0, wp.r_star, setup.m, true};
    const double n = setup.m * 9.81, kt = stick_stiffness(law, setup.friction.wall, c);
    const double inv_meff = 1 / setup.m + setup.r * setup.r / scene.inertia(0);
    const double w = std::sqrt(kt * inv_meff), f = setup.friction.wall.mu * n;
    j["tangential_stiffness"] = json_number(kt);
    j["period_predicted"] = json_number(2 * M_PI / w);
    j["slip_amplitude_predicted"] = json_number(f * std::sqrt(inv_meff / kt));
    j["spring_energy"] = json_number(f * f / (2 * kt));
  }
  return j;
}

nlohmann::json three_spheres_row(const ThreeSpheresPrepared& pr, const std::filesystem::path& csv_path) {
  const ThreeSpheresSetup& setup = pr.setup;
  const FewSpheres& scene = setup.scene;
  const SphereRunOptions& opt = pr.opt;
  const double m = setup.m, r = setup.r, v0 = setup.v0, t_end = pr.t_end;
  CsvWriter csv(csv_path, {"t [s]", "v_radial_1 [m/s]", "spin_1 [rad/s]", "rotation_1 [rad]", "slip_1 [m/s]",
                           "gap_12 [m]", "kinetic [J]", "slip_radial_1 [m/s]"});
  ThreeSpheresTracker tr(setup);
  long sample = 0;
  const double l_before = tr.l_contact(initial_sample(scene));
  const SphereObserver obs = [&](double t, const SphereSample& s) {
    tr.observe(t, s);
    if (sample++ % 10 == 0 || t >= t_end) {
      double ke = 0;
      for (int k = 0; k < 3; ++k) ke += 0.5 * m * s.v[k].squaredNorm() + 0.5 * scene.inertia(k) * s.omega[k].squaredNorm();
      csv.row({t, tr.vr, tr.spin, s.phi[0].dot(setup.axis), tr.slip, tr.gap, ke, tr.radial_slip});
    }
  };
  const SphereRunStats st = simulate(scene, setup.friction, t_end, opt, obs);
  csv.close();  // the CSV appears under its name (from .part) only when closed; the figure reads it
  const double ke0 = 3 * (0.5 * m * v0 * v0 + 0.5 * scene.inertia(0) * std::pow(v0 / r, 2));
  nlohmann::json j;
  j["study"] = "three-spheres";
  j["integrator"] = opt.integrator.name();
  j["tangential"] = setup.friction.law;
  j["dt"] = json_number(opt.dt);
  j["start_distance"] = json_number(setup.d0);
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
  j["rolling_speed_bound_finite_collision"] = json_number((0.6 * v0 + setup.friction.wall.mu * 9.81 * tc3) / 1.4);
  j["paper"] = {{"collision_time", 0.46}, {"contact_duration", 0.0047}, {"spin_reversal_time", 0.62},
                {"rolling_again_time", 0.69}, {"back_at_start_time", 1.39}};
  j["stick_oscillation"] = stick_oscillation_json(pr, tr);
  j["steps"] = st.steps;
  if (opt.integrator.scheme == Scheme::trapezoid) {
    j["iterations"] = {{"mean", json_number(st.mean_iterations)}, {"max", st.max_iterations}};
    // Steps retried with dt/2 (solvers/particles/particle_trapezoid.hpp); smallest_dt 0: none was.
    j["rejected_steps"] = {{"count", st.rejected_steps}, {"smallest_dt", json_number(st.min_dt)}};
  }
  return j;
}

}  // namespace stickslip
