// studies/checks/property_checks_spheres.cpp — randomized property checks of the rolling sphere (Campello ex. 5.1) on
// the particle engine through every integrator the rolling sphere accepts (solvers/particles/sphere_run.hpp:
// trapezoid, verlet, euler, midpoint, heun, rk4, dopri5, cvode, ida; a fixed-step draw whose scheme amplifies the
// resting contact more than 1e3-fold is drawn again), for the Mindlin and the Coulomb contact (the rigid stick/slip
// modes under the ODE drivers, Krengel & Matuttis' exact static friction under verlet), with a drawn normal damping
// ratio xi in [0, 0.9] and fixed step omega dt in [0.002, 0.1] (omega the stiffest resting mode).
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
#include "models/contact/registry.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/particles/energy.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "solvers/solver_options.hpp"
#include "solvers/integrator_spec.hpp"
#include "models/particles/rolling_sphere_scene.hpp"
#include "models/particles/three_spheres_scene.hpp"
#include "solvers/particles/sphere_run.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

struct RollRun {
  double t_err, t_tol, v_err, w_err, vw_tol;
};

bool is_fixed(const std::string& integrator) { return !parse_integrator("integrator", integrator).adaptive(); }

// The draw's scene, run length and options (a fixed step of omega_dt / omega, omega the stiffest resting mode).
struct RollSetup {
  RollingSphereSetup s;
  SphereRunOptions o;
  double t_end, tau, delta, omega;
};

RollSetup roll_setup(const Draw& d, const std::string& integrator, bool coulomb) {
  const double g = 9.81, r = d["radius"], m = d["mass"], mu = d["mu_s_wall"];
  RollSetup rs{rolling_sphere_setup(r, m, d["E"], 0.25, g, mu, d["v0"], d["omega0"]), {}, 0, 0, 0, 0};
  RollingSphereSetup& s = rs.s;
  s.scene.xi = d["xi"];
  s.friction.law = coulomb ? "coulomb" : "mindlin";
  const RollingSphereAnalytic& an = s.analytic;
  const ContactPair wp = s.scene.wall_pair(0);
  const double h = s.static_overlap, n = m * g;
  const double kn = 1.5 * n / h, kt = mindlin_stiffness(wp, h);
  const double omega_t = std::sqrt(3.5 * kt / m), omega = coulomb ? std::sqrt(kn / m) : std::max(std::sqrt(kn / m), omega_t);
  const double u0 = an.slip0().norm(), t_rigid = an.t_roll();
  double delta = 0, tau = 0;
  if (!coulomb) {
    const double amp = kt * u0 / omega_t;
    tau = std::asin(std::min(1.0, mu * n / amp)) / omega_t;
    delta = tau - amp / (mu * n) * (1 - std::cos(omega_t * tau)) / omega_t;
  }
  rs.t_end = 1.2 * (t_rigid + tau) + 10 / omega;
  rs.tau = tau;
  rs.delta = delta;
  rs.omega = omega;
  SphereRunOptions& o = rs.o;
  o.integrator = parse_integrator("integrator", integrator);
  o.dt = is_fixed(integrator) ? d["omega_dt"] / omega : rs.t_end / 200;
  o.rtol = 1e-9;
  o.atol = 1e-12;
  return rs;
}

// Whether the driver-acceptance logic (solvers/particles/sphere_run.hpp) accepts the draw's integrator: the
// check covers what the rolling sphere accepts.
bool roll_accepted(const Draw& d, const std::string& integrator, bool coulomb) {
  const RollSetup rs = roll_setup(d, integrator, coulomb);
  return sphere_integrator_refuses(rs.s.scene, rs.s.friction, rs.t_end, rs.o).empty();
}

RollRun run_roll(const Draw& d, const std::string& integrator, bool coulomb) {
  const RollSetup rs = roll_setup(d, integrator, coulomb);
  const RollingSphereSetup& s = rs.s;
  const SphereRunOptions& o = rs.o;
  const RollingSphereAnalytic& an = s.analytic;
  const double g = 9.81, r = d["radius"], mu = d["mu_s_wall"], u0 = an.slip0().norm(), t_rigid = an.t_roll();
  const double delta = rs.delta;
  const double t_end = rs.t_end, omega = rs.omega;
  const bool fixed = is_fixed(integrator);
  RollDetector roll(an);
  simulate(s.scene, s.friction, t_end, o, [&](double t, const SphereSample& p) { roll.observe(t, p.v[0], p.omega[0]); });
  if (!roll.rolled()) throw SolverError("property check: the sphere never rolled before t_end");
  // Scheme error: the slip phase has a constant force (exact for every scheme); the transition is located by an
  // event (ODE drivers) or falls inside one step (trapezoid): one step's velocity change mu g dt for the fixed
  // steps, 100 rtol of the speed scale for the adaptive ones; the time error: one step dt, or 100 rtol t.
  // coulomb under a fixed step: every Runge-Kutta step of the constant slip force is exact; what remains is the
  // located stick event (4 eps t), the detector's threshold (1e-12 of the slip) and the round-off of the normal force
  // (~1e-13), which an accepted scheme amplifies at most 1e3-fold (solvers/particles/sphere_run.hpp): 1e-9
  // relative. (Explicit Euler on the undamped contact, accepted before, was off by 6 % to 48 %.)
  double t_tol = fixed ? o.dt : 100 * o.rtol * t_end + 1e-9 / omega;
  double vw_tol = fixed ? mu * g * o.dt : 100 * o.rtol * (std::abs(d["v0"]) + u0);
  // Under verlet Coulomb is Krengel & Matuttis' exact static friction per step, not the located stick. With the rigid
  // slip ending in (t_n, t_n+1], the force at t_n+1 (from the half-step velocity) is the first below mu N: it asks
  // for the slip to stop over one step, and velocity Verlet applies it in two half kicks, so the full-step slip is
  // halved at t_n+1 and zero at t_n+2: the stick is seen less than two steps after t_rigid (400 draws: up to
  // 0.9996 of 2 dt); 2 dt plus the round-off of the summed step times.
  // Its velocities: the slip force acts to the end of the step in which the rigid slip ends, at most one step's change
  // mu g dt past the rigid values. Both bounds are suprema, approached as t_rigid nears a grid point (random draws come
  // within 5e-4 of them), so each gets a margin over its own round-off: 1e-9 relative, plus 1e-15 t_end for the summed
  // step times and 1e-12 (|v0| + u0) for the velocities.
  if (coulomb && integrator == "verlet") {
    t_tol = 2 * o.dt * (1 + 1e-9) + 1e-15 * t_end;
    vw_tol = mu * g * o.dt * (1 + 1e-9) + 1e-12 * (std::abs(d["v0"]) + u0);
  }
  if (coulomb && fixed && integrator != "verlet") t_tol = 1e-9 * t_rigid, vw_tol = 1e-9 * (std::abs(d["v0"]) + u0);
  const Vec3 v_ref = an.v(t_rigid), w_ref = an.omega(t_rigid);
  return {std::abs(roll.t_roll - t_rigid - delta), t_tol, (roll.v_roll - v_ref).norm(),
          r * (roll.omega_roll - w_ref).norm(), vw_tol};
}

std::vector<ParameterRange> roll_ranges() {
  const double nan = std::nan("");
  return {{"radius", 0.05, 0.2, true, {0, -0.1, nan}},
          {"mass", 1, 1000, true, {0, -1, nan}},
          {"E", 1e8, 1e10, true, {0, -1e9, nan}},
          {"mu_s_wall", 0.2, 0.6, false, {-0.1, nan}},
          {"v0", 0.5, 3, false, {}},
          {"omega0", -20, 20, false, {}},
          {"xi", 0, 0.9, false, {}},              // normal damping ratio: xi > 0 lets euler and the 2-stage schemes in
          {"omega_dt", 0.002, 0.1, true, {}}};    // fixed step dt = omega_dt / omega (the stiffest resting mode)
}

PropertyCheck roll_check(const std::string& law, const std::string& integrator) {
  PropertyCheck c;
  c.model = "rolling-sphere/" + law;
  c.driver = integrator;
  const bool coulomb = !has_stick_spring(law);  // rigid stick (Coulomb): no Mindlin loading delay
  c.what = std::string("t_roll, v_roll, omega_roll r against the rigid-body solution") +
           (coulomb ? "" : " with the Mindlin loading delay delta (tau = asin(mu N/A)/omega_t)") +
           "; v_roll, omega_roll exact by angular momentum about the contact; tolerance " +
           (coulomb && integrator != "verlet"
                ? std::string("1e-9 relative for fixed steps (the constant slip force is exact per step)")
                : std::string("one step (dt, mu g dt) for fixed steps")) +
           " at omega dt in [0.002, 0.1] (draws the acceptance logic refuses are drawn again), 100 rtol (1e-9) for the "
           "adaptive ones";
  c.ranges = roll_ranges();
  c.cost = is_fixed(integrator) ? 12 : 8;
  // Only what the rolling sphere accepts (solvers/particles/sphere_run.hpp: a resting contact mode amplified
  // at most tenfold over the run); the refusals themselves are checked in
  // tests/studies/papers/campello/test_rolling_sphere_study.cpp.
  c.admissible = [integrator, coulomb](const Draw& d) { return roll_accepted(d, integrator, coulomb); };
  // t_roll is read where the slip first falls below 1e-12 of its start. Under Mindlin the undamped stick spring
  // keeps the slip oscillating about zero (period 2 pi/omega_t), and the adaptive drivers report samples far apart
  // (t_end/200): which oscillation the threshold is first seen in is aliasing, not accuracy (seen: 2e-2 s under
  // cvode on one draw in 30, every driver alike on the rolling-sphere study). So Mindlin's t_roll is checked for
  // the fixed steps only (a sample every step); v_roll and omega_roll, exact for any force history, for all.
  const bool check_t_roll = coulomb || is_fixed(integrator);
  c.run = [integrator, coulomb, check_t_roll](const Draw& d) {
    const RollRun r = run_roll(d, integrator, coulomb);
    std::vector<Measurement> m{{"|v_roll - v_rigid| [m/s]", r.v_err, r.vw_tol},
                               {"r |omega_roll - omega_rigid| [m/s]", r.w_err, r.vw_tol}};
    if (check_t_roll) m.insert(m.begin(), Measurement{"|t_roll - t_rigid - delta| [s]", r.t_err, r.t_tol});
    return m;
  };
  return c;
}

// The energy ledger of the particle engine (models/particles/energy.hpp) on the sliding-then-rolling sphere under
// velocity Verlet to 1.2 t_roll + 200 dt (dt = 0.05/omega): mindlin and csds (gamma_t 5 % of critical) create no
// energy, created + max(0, -D_t) <= 1e-9 K(0) (D_t the tangential dissipation, never negative for these laws; round-off
// of the ledger's sums); the D-SDS must create some: its first reset moves the spring from the k_t u0 dt the step
// loaded to (c u0 - F_max)/k_t (c = gamma_t m, the dashpot of a sphere-plane contact), a jump of its energy
// (c u0 - F_max)^2/(2 k_t) - k_t (u0 dt)^2/2 that no work paid for (Fuehrer, Brendel & Wolf eq. 3, 11); gamma_t is
// chosen to make it positive, and the check asks for at least half of it (on draws that slide for at least 20 steps).
// The rolling sphere of an energy draw, its wall contact's Mindlin stiffness (the constant kt of csds and dsds) and
// the fixed step 0.05/omega.
struct EnergySetup {
  RollingSphereSetup s;
  double kt, dt;
};
EnergySetup energy_setup(const Draw& d) {
  const double g = 9.81, m = d["mass"];
  RollingSphereSetup s = rolling_sphere_setup(d["radius"], m, d["E"], 0.25, g, d["mu_s_wall"], d["v0"], d["omega0"]);
  const ContactPair wp = s.scene.wall_pair(0);
  const double kt = mindlin_stiffness(wp, s.static_overlap), kn = 1.5 * m * g / s.static_overlap;
  const double omega = std::max(std::sqrt(kn / m), std::sqrt(3.5 * kt / m));
  return {std::move(s), kt, 0.05 / omega};
}

PropertyCheck energy_check(const std::string& law) {
  PropertyCheck c;
  c.model = "rolling-sphere/" + law + ":energy";
  c.driver = "verlet";
  const bool dsds = law_forms("friction", law, RelationKind::particles) & form_reset;  // the D-SDS reset (eq. 3)
  c.what = dsds ? "energy ledger: the D-SDS reset creates energy, at least half of the first reset's jump (c u0 - F_max)^2/(2 k_t) - k_t (u0 dt)^2/2"
                : "energy ledger: no energy created, created + max(0, -D_t) <= 1e-9 K(0)";
  c.ranges = roll_ranges();
  c.cost = 4;
  c.run = [law, dsds](const Draw& d) {
    const double g = 9.81, m = d["mass"], mu = d["mu_s_wall"];
    EnergySetup setup = energy_setup(d);
    RollingSphereSetup& s = setup.s;
    const double kt = setup.kt, dt = setup.dt;
    const double fmax = mu * m * g, u0 = s.analytic.slip0().norm();
    // csds: 5 % of the critical tangential damping of the contact point (mass 2 m/7). dsds: the first step loads the
    // spring to k_t u0 dt, and the reset then installs |xi| = (c u0 - F_max)/k_t: energy is created when that exceeds
    // u0 dt, so c u0 = 3 F_max + 3 k_t u0 dt.
    const double c_abs = dsds                         ? 3 * fmax / u0 + 3 * kt * dt
                         : law_declares(law, "gamma_t") ? 0.05 * 2 * std::sqrt(kt * 2 * m / 7)
                                                        : 0.0;
    s.friction.law = law;
    for (TangentialParameters* t : {&s.friction.pair, &s.friction.wall}) t->kt = kt, t->gamma_t = c_abs / m;
    const double t_end = 1.2 * s.analytic.t_roll() + 200 * dt;
    ParticleLedger ledger;
    with_tangential_law(law, s.friction.pair, s.friction.wall, [&](const auto& tl) {
      ParticleEngine<HertzDamped, std::decay_t<decltype(tl)>> e;
      e.normal = s.scene.normal_law();
      e.tangential = tl;
      e.boundaries = s.scene.boundaries;
      e.skin = 0.1 * s.scene.min_radius();
      GranularState gs;
      gs.bodies = s.scene.bodies;
      engine_setup(e, gs, &ledger);
      EngineStepper stepper;  // velocity Verlet
      simulate(e, gs, stepper, {.dt = dt, .steps = static_cast<long>(std::ceil(t_end / dt)), .ledger = &ledger});
    });
    if (dsds) {
      // The first reset's jump of the spring energy, unpaid by the friction work.
      const double stored = (std::pow(c_abs * u0 - fmax, 2) / kt - kt * std::pow(u0 * dt, 2)) / 2;
      return std::vector<Measurement>{{"shortfall of created energy below half the first reset's jump [J]",
                                       std::max(0.0, 0.5 * stored - ledger.created()), 1e-3 * stored}};
    }
    const double k0 = ledger.start.kinetic;
    return std::vector<Measurement>{{"energy created + max(0, -D_t) [J]",
                                     ledger.created() + std::max(0.0, -ledger.tangential_dissipation()), 1e-9 * k0}};
  };
  // The first reset's jump needs a slide of many steps: a slip that ends within a step or two (seed 1, draw 807:
  // u0 = 3.2e-3 m/s, t_roll = 1.2 dt) never loads the spring by k_t u0 dt before the contact rolls. Draws with
  // t_roll < 20 dt are drawn again.
  if (dsds)
    c.admissible = [](const Draw& d) {
      const EnergySetup e = energy_setup(d);
      return e.s.analytic.t_roll() >= 20 * e.dt;
    };
  return c;
}

// Seed 004 example 5.2 (three spheres collide head-on, slide, spin reverses, roll again) has no closed form: the
// driver against dopri5 on the same draw. Contact and stick switches are located events in every ODE driver, so
// collision and separation agree to the drivers' tolerance (1e3 rtol t_end, rtol = 1e-9); spin reversal and the
// return to rolling are detected on the reported samples (every t_end/400), so one sample interval; the rolling
// speed after, to the detection threshold (slip < 1e-3 |v_r|): 2e-3 v0.
PropertyCheck three_spheres_check(const std::string& law, Scheme kind) {
  PropertyCheck c;
  c.model = "three-spheres/" + law;
  c.driver = to_string(kind);
  c.what = "against dopri5: collision and separation times (1e3 rtol t_end, located events), spin reversal and "
           "rolling-again times (one reported sample, t_end/400), rolling speed after (2e-3 v0, the detection threshold)";
  const double nan = std::nan("");
  c.ranges = {{"radius", 0.1, 0.3, true, {0, -0.1, nan}},
              {"mass", 10, 1000, true, {0, -1, nan}},
              {"mu_s_wall", 0.3, 0.7, false, {-0.1, nan}},
              {"v0", 0.5, 2, false, {}}};
  c.cost = 16;
  c.run = [kind, law](const Draw& d) {
    const double v0 = d["v0"], mu = d["mu_s_wall"];
    ThreeSpheresSetup s = three_spheres_setup(d["radius"], d["mass"], 1e10, 0.25, mu, 0.5, v0, 0.02);
    s.friction.law = law;
    const double t_end = 0.02 + 1.5 * 2 * v0 / (3.5 * mu * 9.81) + 0.05;
    SphereRunOptions o;
    o.dt = t_end / 400;
    o.rtol = 1e-9;
    o.atol = 1e-12;
    auto run = [&](Scheme k) {
      o.integrator = k;
      ThreeSpheresTracker tr(s);
      simulate(s.scene, s.friction, t_end, o, [&](double t, const SphereSample& p) { tr.observe(t, p); });
      if (tr.t_roll < 0) throw SolverError("property check: three spheres did not roll again before t_end");
      return tr;
    };
    const ThreeSpheresTracker ref = run(Scheme::dopri5), got = run(kind);
    const double t_event = 1e3 * o.rtol * t_end;
    return std::vector<Measurement>{{"|collision time - dopri5| [s]", std::abs(got.t_first - ref.t_first), t_event},
                                    {"|separation time - dopri5| [s]", std::abs(got.t_sep - ref.t_sep), t_event},
                                    {"|spin reversal time - dopri5| [s]", std::abs(got.t_spin0 - ref.t_spin0), o.dt},
                                    {"|rolling-again time - dopri5| [s]", std::abs(got.t_roll - ref.t_roll), o.dt},
                                    {"|rolling speed after - dopri5| [m/s]", std::abs(got.v_after - ref.v_after), 2e-3 * v0}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> sphere_property_checks() {
  std::vector<PropertyCheck> v;
  for (const char* integ : {"trapezoid", "verlet", "euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida"})
    v.push_back(roll_check("mindlin", integ));
  for (const char* integ : {"verlet", "euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida"})
    v.push_back(roll_check("coulomb", integ));
  for (const char* law : {"mindlin", "csds", "dsds"}) v.push_back(energy_check(law));
  for (const char* law : {"mindlin", "coulomb"})
    for (Scheme kind : {Scheme::cvode, Scheme::ida}) v.push_back(three_spheres_check(law, kind));
  return v;
}

}  // namespace stickslip
