// studies/property_checks_spheres.cpp — randomized property checks of the rolling sphere (seed 004 ex. 5.1) through
// every integrator offered (studies/sphere_runner.hpp), for the Mindlin and the rigid Coulomb contact.
// Reference: the rigid-body solution (models/rolling_sphere_analytic.hpp), slip u0 = v0 + omega0 r decays at
// (7/2) mu g until t_rigid = |u0|/(3.5 mu g).
//   v_roll, omega_roll: friction acts at the contact point, so the angular momentum about it, m v r + j omega, is
//     conserved whatever the force history; rolling (u = 0) then fixes v_roll and omega_roll exactly, for the
//     compliant Mindlin contact as for the rigid one. Only the scheme's error remains.
//   t_roll: coulomb — the force is mu m g from t = 0, t_roll = t_rigid up to event location; mindlin — the spring
//     starts unloaded and needs a loading time to reach mu N: while loading, u' = -3.5 F/m, F' = k_t u, i.e.
//     F = A sin(omega_t t), A = k_t u0/omega_t, omega_t^2 = 3.5 k_t/m (k_t the Mindlin stiffness at the static
//     overlap), saturating at mu N after tau = asin(min(1, mu N/A))/omega_t. The impulse it misses delays the roll
//     by delta = tau - (A/(mu N)) (1 - cos(omega_t tau))/omega_t in [0, tau]; the check is |t_roll - t_rigid -
//     delta| <= the scheme's error (a wrong k_t, mu or lever arm fails it).
#include <cmath>

#include "core/errors.hpp"
#include "models/hertz_mindlin.hpp"
#include "studies/property_checks.hpp"
#include "studies/sphere_runner.hpp"

namespace stickslip {
namespace {

struct RollRun {
  double t_err, t_tol, v_err, w_err, vw_tol;
};

RollRun run_roll(const Draw& d, const std::string& integrator, bool coulomb) {
  const double g = 9.81, r = d["radius"], m = d["mass"], mu = d["mu_s_wall"];
  RollingSphereSetup s = rolling_sphere_setup(r, m, d["E"], 0.25, g, mu, d["v0"], d["omega0"]);
  const RollingSphereAnalytic& an = s.analytic;
  const ContactPair wp = s.scene.wall_pair(0);
  const double h = s.static_overlap, n = m * g;
  const double kn = 1.5 * n / h, kt = mindlin_stiffness(wp, h);
  const double omega_t = std::sqrt(3.5 * kt / m), omega = std::max(std::sqrt(kn / m), omega_t);
  const double u0 = an.slip0().norm(), t_rigid = an.t_roll();
  double delta = 0, tau = 0;
  if (!coulomb) {
    const double amp = kt * u0 / omega_t;
    tau = std::asin(std::min(1.0, mu * n / amp)) / omega_t;
    delta = tau - amp / (mu * n) * (1 - std::cos(omega_t * tau)) / omega_t;
  }
  const double t_end = 1.2 * (t_rigid + tau) + 10 / omega;
  SphereRunOptions o;
  o.integrator = integrator;
  o.coulomb = coulomb;
  const bool fixed = integrator == "trapezoid" || integrator == "rk4";
  o.dt = fixed ? 0.05 / omega : t_end / 200;
  o.rtol = 1e-9;
  o.atol = 1e-12;
  RollDetector roll(an);
  run_spheres(s.scene, s.initial, t_end, o, [&](double t, const ParticleState& p) { roll.observe(t, p.v[0], p.omega[0]); });
  if (!roll.rolled()) throw SolverError("property check: the sphere never rolled before t_end");
  // Scheme error: the slip phase has a constant force (exact for every scheme); the transition is located by an
  // event (ODE drivers) or falls inside one step (trapezoid): one step's velocity change mu g dt for the fixed
  // steps, 100 rtol of the speed scale for the adaptive ones; the time error: one step dt, or 100 rtol t.
  const double t_tol = fixed ? o.dt : 100 * o.rtol * t_end + 1e-9 / omega;
  const double vw_tol = fixed ? mu * g * o.dt : 100 * o.rtol * (std::abs(d["v0"]) + u0);
  const Vec3 v_ref = an.v(t_rigid), w_ref = an.omega(t_rigid);
  return {std::abs(roll.t_roll - t_rigid - delta), t_tol, (roll.v_roll - v_ref).norm(),
          r * (roll.omega_roll - w_ref).norm(), vw_tol};
}

PropertyCheck roll_check(const std::string& law, const std::string& integrator) {
  PropertyCheck c;
  c.model = "rolling-sphere/" + law;
  c.driver = integrator;
  const bool coulomb = law == "coulomb";
  c.what = std::string("t_roll, v_roll, omega_roll r against the rigid-body solution") +
           (coulomb ? "" : " with the Mindlin loading delay delta (tau = asin(mu N/A)/omega_t)") +
           "; v_roll, omega_roll exact by angular momentum about the contact; tolerance one step (dt, mu g dt) for "
           "fixed steps at omega dt = 0.05, 100 rtol (1e-9) for the adaptive ones";
  const double nan = std::nan("");
  c.ranges = {{"radius", 0.05, 0.2, true, {0, -0.1, nan}},
              {"mass", 1, 1000, true, {0, -1, nan}},
              {"E", 1e8, 1e10, true, {0, -1e9, nan}},
              {"mu_s_wall", 0.2, 0.6, false, {-0.1, nan}},
              {"v0", 0.5, 3, false, {}},
              {"omega0", -20, 20, false, {}}};
  c.cost = integrator == "trapezoid" || integrator == "rk4" ? 3 : 2;
  c.run = [integrator, coulomb](const Draw& d) {
    const RollRun r = run_roll(d, integrator, coulomb);
    return std::vector<Measurement>{{"|t_roll - t_rigid - delta| [s]", r.t_err, r.t_tol},
                                    {"|v_roll - v_rigid| [m/s]", r.v_err, r.vw_tol},
                                    {"r |omega_roll - omega_rigid| [m/s]", r.w_err, r.vw_tol}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> sphere_property_checks() {
  std::vector<PropertyCheck> v;
  for (const char* integ : {"trapezoid", "rk4", "dopri5", "cvode", "ida"}) v.push_back(roll_check("mindlin", integ));
  for (const char* integ : {"rk4", "dopri5", "cvode", "ida"}) v.push_back(roll_check("coulomb", integ));
  return v;
}

}  // namespace stickslip
