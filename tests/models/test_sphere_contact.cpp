// Sphere contact model of seed 004 (models/sphere_model, models/sphere_stepper): invariants checked against
// independent references — the Hertz static overlap, exact rolling kinematics, energy conservation without
// friction and damping, and the friction ledger against the kinetic energy lost.
#include <doctest/doctest.h>

#include <cmath>

#include "core/energy_ledger.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_model.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/integrate.hpp"
#include "solvers/trapezoid_fixed_point.hpp"

using namespace stickslip;

namespace {
constexpr double kG = 9.81;

SphereScene sphere_on_plane(double mu, std::string law = "mindlin", double gamma_t = 0) {
  SphereScene s;
  s.params.gravity = Vec3(0, -kG, 0);
  s.params.mu_s_pw = s.params.mu_d_pw = mu;
  s.params.law = law;
  s.params.gamma_t = gamma_t;
  s.add_sphere(0.2, 1000, 1e10, 0.25);
  s.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  return s;
}

double rest_height(const SphereScene& s) { return 0.2 - hertz_static_overlap(s.wall_pair(0), 1000 * kG); }

ParticleState one(const Vec3& x, const Vec3& v, const Vec3& w) {
  ParticleState p;
  p.resize(1);
  p.x[0] = x;
  p.v[0] = v;
  p.omega[0] = w;
  return p;
}
}  // namespace

TEST_CASE("Hertz pieces: static overlap balances the load, eq. 50 duration, restitution-based xi") {
  const ContactPair p = sphere_wall_pair(0.2, 1000, 1e10, 0.25);
  const double h = hertz_static_overlap(p, 9810);
  CHECK(hertz_elastic_force(p, h) == doctest::Approx(9810).epsilon(1e-13));
  CHECK(p.e_star == doctest::Approx(1e10 / (1 - 0.0625)));
  CHECK(p.g_star == doctest::Approx(1e10 / 2.5));
  // Elastic energy is the integral of the force: central difference of U(h) equals F(h).
  const double dh = 1e-9;
  CHECK((hertz_elastic_energy(p, h + dh) - hertz_elastic_energy(p, h - dh)) / (2 * dh) ==
        doctest::Approx(hertz_elastic_force(p, h)).epsilon(1e-6));
  // xi of e = 1 is 0; e -> 0 gives xi -> 1.
  CHECK(xi_from_restitution(1.0) == 0.0);
  CHECK(xi_from_restitution(1e-12) > 0.99);
  // Identical spheres: r* = r/2, E* = E/(2(1-nu^2)), G* = G/2, m* = m/2.
  const ContactPair q = sphere_sphere_pair(0.1, 10, 1e8, 0.25, 0.1, 10, 1e8, 0.25);
  CHECK(q.r_star == doctest::Approx(0.05));
  CHECK(q.e_star == doctest::Approx(1e8 / (2 * 0.9375)));
  CHECK(q.m_star == doctest::Approx(5));
}

TEST_CASE("a sphere at rest on a plane stays at rest (ODE form and trapezoid)") {
  const SphereScene scene = sphere_on_plane(0.25);
  const Vec3 x0(0, rest_height(scene), 0);
  SphereModel model(scene);
  Vec x = model.make_state({x0}, {Vec3::Zero()}, {Vec3::Zero()});
  Mode mode = model.initial_mode(0, x);
  SolverOptions o;
  o.kind = SolverKind::rk4;
  o.dt = 1e-4;
  integrate(model, 0, 0.5, x, mode, o);
  // The residual force at the analytic overlap is rounding (~1e-16 m g); over 0.5 s it moves nothing measurably.
  CHECK(x.segment<3>(3).norm() < 1e-9);
  CHECK((x.segment<3>(0) - x0).norm() < 1e-12);
  CHECK(x.segment<3>(6).norm() < 1e-9);

  SphereStepper stepper(scene);
  ParticleState s = one(x0, Vec3::Zero(), Vec3::Zero());
  TrapezoidOptions to;
  to.dt = 1e-4;
  const TrapezoidStats st = run_trapezoid(stepper, 0, 0.5, s, to);
  CHECK(s.v[0].norm() < 1e-9);
  CHECK((s.x[0] - x0).norm() < 1e-12);
  CHECK(st.max_iterations <= 3);
}

TEST_CASE("pure rolling leaves the tangential spring unstretched") {
  const SphereScene scene = sphere_on_plane(0.25);
  const double r = 0.2, w = -40.0;
  const Vec3 x0(0, rest_height(scene), 0), v0(-w * r, 0, 0), w0(0, 0, w);  // v = -omega x r_C exactly
  SphereModel model(scene);
  Vec x = model.make_state({x0}, {v0}, {w0});
  CHECK(model.slip_velocity(x, 0).norm() < 1e-14);
  Mode mode = model.initial_mode(0, x);
  SolverOptions o;
  o.kind = SolverKind::rk4;
  o.dt = 1e-4;
  integrate(model, 0, 0.5, x, mode, o);
  CHECK(x.segment<3>(model.slot_base(0)).norm() < 1e-15);
  CHECK(x[3] == doctest::Approx(v0.x()).epsilon(1e-14));

  // Discrete mapping (eq. 26-29): per step Delta s = -r alpha + r alpha/(1 + alpha^2/4) ~ r alpha^3/4, third order.
  SphereStepper stepper(scene);
  ParticleState s = one(x0, v0, w0);
  TrapezoidOptions to;
  to.dt = 1e-4;
  run_trapezoid(stepper, 0, 0.01, s, to);
  const double a = std::abs(w) * to.dt, bound = 100 * r * a * a * a / 4;
  CHECK(stepper.spring(0, 1).norm() <= bound);
}

TEST_CASE("mu = 0, xi = 0: a head-on two-sphere collision conserves energy to the integrator's accuracy") {
  SphereScene scene;
  scene.params.gravity = Vec3::Zero();
  scene.params.mu_s_pp = scene.params.mu_d_pp = 0.0;
  scene.add_sphere(0.2, 1000, 1e10, 0.25);
  scene.add_sphere(0.2, 1000, 1e10, 0.25);
  const Vec3 va(1.0, 0, 0), vb(-1.0, 0, 0);
  const ContactPair p = scene.pair(0, 1);
  const double tc = hertz_collision_duration(p, 2.0);
  const double t_end = 0.05 / 1.0 + 2 * tc;  // start 0.1 m apart at closing speed 2 m/s: contact at 0.05 s
  SphereModel model(scene);
  Vec x = model.make_state({Vec3(-0.25, 0, 0), Vec3(0.25, 0, 0)}, {va, vb}, {Vec3(0, 0, 3.0), Vec3::Zero()});
  const double e0 = model.mechanical_energy(x);
  Mode mode = model.initial_mode(0, x);
  SolverOptions o;
  o.kind = SolverKind::rk4;
  o.dt = tc / 100;
  const RunStats rs = integrate(model, 0, t_end, x, mode, o);
  CHECK(rs.events.size() >= 2);  // contact closes and opens
  CHECK(model.overlap(x, 0) < 0);
  // rk4 at 100 steps per contact: local error O((dt/tc)^5) per step over the contact.
  CHECK(std::abs(model.mechanical_energy(x) - e0) / e0 < 1e-6);
  // Elastic head-on exchange of the velocities (equal masses); the spin is untouched without friction.
  CHECK(x[3] == doctest::Approx(-1.0).epsilon(1e-6));
  CHECK(x[model.particle_base(1) + 3] == doctest::Approx(1.0).epsilon(1e-6));
  CHECK(x[8] == 3.0);

  // The seed's trapezoid (phi = 1/2) at 20 steps per contact (eq. 50): second order, energy within 1e-3.
  SphereStepper stepper(scene);
  ParticleState s;
  s.resize(2);
  s.x = {Vec3(-0.25, 0, 0), Vec3(0.25, 0, 0)};
  s.v = {va, vb};
  s.omega = {Vec3(0, 0, 3.0), Vec3::Zero()};
  TrapezoidOptions to;
  to.dt = tc / 20;
  to.tol = 1e-10;
  run_trapezoid(stepper, 0, t_end, s, to);
  const double e1 = SphereStepper::translational_energy(scene, s) + SphereStepper::rotational_energy(scene, s);
  CHECK(std::abs(e1 - e0) / e0 < 1e-3);
  CHECK(s.v[0].x() == doctest::Approx(-1.0).epsilon(2e-3));
}

TEST_CASE("friction ledger on the sliding-then-rolling sphere: mindlin and csds create no energy") {
  for (auto [law, gamma] : {std::pair{std::string("mindlin"), 0.0}, {"csds", 2e4}}) {
    const SphereScene scene = sphere_on_plane(0.25, law, gamma);
    SphereModel model(scene);
    Vec x = model.make_state({Vec3(0, rest_height(scene), 0)}, {Vec3(2.355, 0, 0)}, {Vec3(0, 0, -127.03)});
    Mode mode = model.initial_mode(0, x);
    const double k0 = model.energy(0, x, mode).kinetic;
    EnergyLedger ledger;
    SolverOptions o;
    o.kind = SolverKind::rk4;
    o.dt = 1e-4;
    integrate(model, 0, 3.5, x, mode, o, [&](double t, VecCRef s, const Mode& m) { ledger.add(t, model.energy(t, s, m)); });
    const double lost = k0 - model.energy(0, x, mode).kinetic;
    const double dissipated = ledger.dissipation(ledger.size() - 1);
    CAPTURE(law);
    CHECK(lost > 0);
    // The normal overlap is static, so the kinetic energy lost is exactly what friction dissipated (and stored).
    CHECK(dissipated == doctest::Approx(lost).epsilon(1e-4));
    CHECK(ledger.energy_created() <= 1e-9 * lost);
  }
}
