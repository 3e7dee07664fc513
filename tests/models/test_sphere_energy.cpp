// Energy of the sphere contact laws in the state-vector form (models/sphere_model) through the core EnergyLedger:
// without friction and damping a collision conserves K + V to the integrator's accuracy on every driver; with
// friction, mindlin, csds and the rigid coulomb contact dissipate what the bodies lose and create nothing, while
// the D-SDS reset stores spring energy that no work paid for (seed 001, eq. 3 and 11).
#include <doctest/doctest.h>

#include <cmath>

#include "core/energy_ledger.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_model.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {
constexpr double kG = 9.81, kMu = 0.25, kGamma = 2e4;

struct Law {
  const char* name;
  std::string law;
  bool coulomb;
};

SphereScene sphere_on_plane(const Law& l) {
  SphereScene s;
  s.params.gravity = Vec3(0, -kG, 0);
  s.params.mu_s_pw = s.params.mu_d_pw = kMu;
  s.params.law = l.law;
  s.params.gamma_t = kGamma;
  s.add_sphere(0.2, 1000, 1e10, 0.25);
  s.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  return s;
}

struct LedgerRun {
  double lost, dissipated, created;
};

// Seed 004's example 5.1 (slides 2.69 s, then rolls) to t = 3 s.
LedgerRun rolling_ledger(const Law& l, SolverKind kind) {
  const SphereScene scene = sphere_on_plane(l);
  SphereModel model(scene, l.coulomb);
  const double h0 = hertz_static_overlap(scene.wall_pair(0), 1000 * kG);
  Vec x = model.make_state({Vec3(0, 0.2 - h0, 0)}, {Vec3(2.355, 0, 0)}, {Vec3(0, 0, -127.03)});
  Mode mode = model.initial_mode(0, x);
  const double k0 = model.energy(0, x, mode).kinetic;
  EnergyLedger ledger;
  SolverOptions o;
  o.kind = kind;
  o.dt = 1e-4;
  integrate(model, 0, 3.0, x, mode, o, [&](double t, VecCRef s, const Mode& m) { ledger.add(t, model.energy(t, s, m)); });
  return {k0 - model.energy(0, x, mode).kinetic, ledger.dissipation(ledger.size() - 1), ledger.energy_created()};
}
}  // namespace

TEST_CASE("friction ledger per law on the sliding-then-rolling sphere: only the D-SDS creates energy") {
  const double lost_exact = [] {  // rigid body: K(0) - K(t_roll), u = v + omega r decays at 7/2 mu g
    const double m = 1000, r = 0.2, j = 0.4 * m * r * r, v0 = 2.355, w0 = -127.03;
    const double t = std::abs(v0 + w0 * r) / (3.5 * kMu * kG);
    const double v = v0 + kMu * kG * t, w = w0 + 2.5 * kMu * kG / r * t;
    return 0.5 * m * (v0 * v0 - v * v) + 0.5 * j * (w0 * w0 - w * w);
  }();
  for (const Law& l : {Law{"mindlin", "mindlin", false}, Law{"csds", "csds", false},
                       Law{"coulomb", "mindlin", true}})
    for (SolverKind kind : {SolverKind::cvode, SolverKind::ida}) {
      CAPTURE(l.name);
      CAPTURE(to_string(kind));
      const LedgerRun r = rolling_ledger(l, kind);
      // The spring energy left at rest is < mu m g c/2 ~ 0.03 J, the elastic transient of the spring 1e-6 of it.
      CHECK(r.lost == doctest::Approx(lost_exact).epsilon(1e-4));
      CHECK(r.dissipated == doctest::Approx(r.lost).epsilon(1e-6));
      // Nothing created beyond the drivers' tolerances (rtol 1e-8 of the 8e4 J moved): 1e-9 of the loss.
      CHECK(r.created <= 1e-9 * r.lost);
    }
  // D-SDS: the first reset puts xi = -(F_max + gamma |u|)/k_t along the slip, storing (F_max + gamma|u0|)^2/(2 k_t)
  // while the friction force did only F_max |u0| dt of work; D(t) = -W - U drops by about that much.
  const Law dsds{"dsds", "dsds", false};
  const SphereScene scene = sphere_on_plane(dsds);
  const ContactPair p = scene.wall_pair(0);
  const double kt = mindlin_stiffness(p, hertz_static_overlap(p, 1000 * kG));
  const double fmax = kMu * 1000 * kG, u0 = std::abs(2.355 - 127.03 * 0.2);
  const double stored = (fmax + kGamma * u0) * (fmax + kGamma * u0) / (2 * kt);
  const LedgerRun r = rolling_ledger(dsds, SolverKind::rk4);
  CAPTURE(stored);
  CAPTURE(r.created);
  CHECK(r.created > 0.9 * stored);
  CHECK(r.created <= stored);
  CHECK(r.dissipated == doctest::Approx(r.lost).epsilon(1e-6));  // what it created is released again in stick
}

TEST_CASE("mu = 0, xi = 0: a two-sphere collision conserves energy through cvode and ida too") {
  SphereScene scene;
  scene.params.gravity = Vec3::Zero();
  scene.params.mu_s_pp = scene.params.mu_d_pp = 0.0;
  scene.add_sphere(0.2, 1000, 1e10, 0.25);
  scene.add_sphere(0.2, 1000, 1e10, 0.25);
  const double tc = hertz_collision_duration(scene.pair(0, 1), 2.0);
  const double t_end = 0.05 + 2 * tc;  // 0.1 m apart at closing speed 2 m/s: contact at 0.05 s
  for (bool coulomb : {false, true})
    for (SolverKind kind : {SolverKind::cvode, SolverKind::ida, SolverKind::dopri5}) {
      double err[2] = {0, 0};
      for (int k = 0; k < 2; ++k) {
        CAPTURE(to_string(kind));
        CAPTURE(coulomb);
        SphereModel model(scene, coulomb);
        // Oblique: a 0.05 m offset across the line of motion, spin on one sphere.
        Vec x = model.make_state({Vec3(-0.25, -0.025, 0), Vec3(0.25, 0.025, 0)}, {Vec3(1, 0, 0), Vec3(-1, 0, 0)},
                                 {Vec3(0, 0, 3.0), Vec3::Zero()});
        const double e0 = model.mechanical_energy(x);
        Mode mode = model.initial_mode(0, x);
        SolverOptions o;
        o.kind = kind;
        o.dt = tc / 20;
        o.rtol = k == 0 ? 1e-8 : 1e-10;
        o.atol = o.rtol * 1e-2;
        const RunStats rs = integrate(model, 0, t_end, x, mode, o);
        CHECK(rs.events.size() >= 2);  // the contact closes and opens
        CHECK(model.overlap(x, 0) < 0);
        CHECK(x[8] == 3.0);  // no friction: the spin is untouched
        err[k] = std::abs(model.mechanical_energy(x) - e0) / e0;
      }
      // To the integrator's accuracy: the error follows the tolerance (global error ~ 100 rtol over the stiff
      // Hertz peak and two restarts) and falls when the tolerance does.
      CHECK(err[0] < 1e-5);
      CHECK(err[1] < 1e-7);
      CHECK(err[1] < err[0]);
    }
}

TEST_CASE("rigid coulomb contact on a 10 degree incline: the stick constraint gives exact rolling") {
  // Released at rest, the sphere rolls without slip while the needed friction 2/7 m g sin(theta) stays below
  // mu m g cos(theta) (2/7 tan 10 deg = 0.050 < 0.25): v' = 5/7 g sin(theta), the contact point at rest.
  const Law l{"coulomb", "mindlin", true};
  const double theta = 10.0 * M_PI / 180.0;
  SphereScene scene = sphere_on_plane(l);
  scene.params.gravity = kG * Vec3(std::sin(theta), -std::cos(theta), 0);
  SphereModel model(scene, true);
  const double h0 = hertz_static_overlap(scene.wall_pair(0), 1000 * kG * std::cos(theta));
  Vec x = model.make_state({Vec3(0, 0.2 - h0, 0)}, {Vec3::Zero()}, {Vec3::Zero()});
  Mode mode = model.initial_mode(0, x);
  REQUIRE(mode[0] == SphereModel::kStick);
  SolverOptions o;
  o.kind = SolverKind::cvode;
  o.dt = 1e-3;
  const RunStats rs = integrate(model, 0, 1.0, x, mode, o);
  CHECK(mode[0] == SphereModel::kStick);
  CHECK(rs.events.size() <= 2);  // at most rebases; no stick/slip switches
  const double a = 5.0 / 7.0 * kG * std::sin(theta);
  CHECK(x[3] == doctest::Approx(a * 1.0).epsilon(1e-6));  // v(1 s)
  CHECK(std::abs(model.slip_velocity(x, 0).norm()) < 1e-9);
  const Vec3 f = model.tangential_force(x, mode, 0);
  CHECK(f.x() == doctest::Approx(-2.0 / 7.0 * 1000 * kG * std::sin(theta)).epsilon(1e-6));
}

TEST_CASE("three spheres (ex. 5.2) with friction on the floor and between the spheres: no law but D-SDS creates energy") {
  // Six contacts (three floor, three pair) switching between stick and slip; K + V (kinetic, gravity, Hertz)
  // lost equals the friction dissipation D plus the tangential spring energy U left at the end.
  const double r = 0.2, m = 1000, v0 = 1, d0 = 2 * r / std::sqrt(3.0) + v0 * 0.46;
  for (const Law& l : {Law{"mindlin", "mindlin", false}, Law{"csds", "csds", false},
                       Law{"coulomb", "mindlin", true}})
    for (SolverKind kind : {SolverKind::cvode, SolverKind::ida}) {
      CAPTURE(l.name);
      CAPTURE(to_string(kind));
      SphereScene scene;
      scene.params.gravity = Vec3(0, 0, -kG);
      scene.params.mu_s_pw = scene.params.mu_d_pw = scene.params.mu_s_pp = scene.params.mu_d_pp = 0.5;
      scene.params.law = l.law;
      scene.params.gamma_t = kGamma;
      for (int k = 0; k < 3; ++k) scene.add_sphere(r, m, 1e10, 0.25);
      scene.add_plane(Vec3::Zero(), Vec3(0, 0, 1));
      const double h0 = hertz_static_overlap(scene.wall_pair(0), m * kG);
      std::vector<Vec3> xs, vs, ws;
      for (int k = 0; k < 3; ++k) {
        const double a = M_PI / 2 + 2 * M_PI * k / 3;
        const Vec3 radial(std::cos(a), std::sin(a), 0);
        xs.push_back(d0 * radial + Vec3(0, 0, r - h0));
        vs.push_back(-v0 * radial);
        ws.push_back(Vec3(0, 0, 1).cross(vs.back()) / r);  // rolling
      }
      SphereModel model(scene, l.coulomb);
      Vec x = model.make_state(xs, vs, ws);
      Mode mode = model.initial_mode(0, x);
      const double e0 = model.mechanical_energy(x);
      EnergyLedger ledger;
      SolverOptions o;
      o.kind = kind;
      o.dt = 1e-4;
      integrate(model, 0, 1.0, x, mode, o, [&](double t, VecCRef s, const Mode& md) { ledger.add(t, model.energy(t, s, md)); });
      const double lost = e0 - model.mechanical_energy(x);
      const double left = model.energy(1.0, x, mode).potential;
      CHECK(lost > 1000);  // 3 x 1/2 (7/5) m v0^2 = 2100 J at the start, 3/7 v0 rolling at the end
      CHECK(ledger.dissipation(ledger.size() - 1) + left == doctest::Approx(lost).epsilon(1e-5));
      CHECK(ledger.energy_created() <= 1e-9 * lost);
    }
}
