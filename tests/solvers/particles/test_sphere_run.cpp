// tests/solvers/particles/test_sphere_run.cpp — a few spheres on the particle engine's drivers against the rigid-body
// solution of the rolling sphere (Campello, "DEM with Rodrigues rotation parameters", ex. 5.1): the rigid Coulomb
// contact under an adaptive driver rolls at t_roll up to event location; Mindlin under the trapezoid rule and velocity
// Verlet at dt 1e-4 within 0.2 % (the tangential spring's compliance delays the roll by a fraction of its period);
// an explicit scheme that amplifies the undamped Hertz contact is refused before it runs.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "models/particles/rolling_sphere_scene.hpp"
#include "solvers/particles/sphere_run.hpp"

using namespace stickslip;

namespace {

double rolled_at(const RollingSphereSetup& s, double t_end, const SphereRunOptions& o, SphereRunStats* stats = nullptr) {
  RollDetector d(s.analytic);
  const SphereRunStats st = simulate(s.scene, s.friction, t_end, o,
                                     [&](double t, const SphereSample& p) { d.observe(t, p.v[0], p.omega[0]); });
  if (stats) *stats = st;
  return d.rolled() ? d.t_roll : -1;
}

}  // namespace

TEST_CASE("the rigid Coulomb contact under dopri5 rolls at the rigid-body t_roll") {
  RollingSphereSetup s = rolling_sphere_setup(0.1, 1.0, 1e8, 0.3, 9.81, 0.3, 2.0, 0.0);
  s.scene.xi = 0.3;
  s.friction.law = "coulomb";
  SphereRunOptions o;
  o.integrator = Scheme::dopri5;
  o.dt = 1e-3;
  o.rtol = 1e-9;
  o.atol = 1e-12;
  const double t_roll = s.analytic.t_roll();
  SphereRunStats st;
  const double got = rolled_at(s, 1.5 * t_roll, o, &st);
  CHECK(std::abs(got - t_roll) <= 1e-6 * t_roll);
  CHECK(st.events >= 1);  // the stick located as an event
}

TEST_CASE("Mindlin under the trapezoid rule and velocity Verlet rolls within 0.2 % of t_roll") {
  RollingSphereSetup s = rolling_sphere_setup(0.1, 1.0, 1e8, 0.3, 9.81, 0.3, 2.0, 0.0);
  s.scene.xi = 0.3;
  const double t_roll = s.analytic.t_roll();
  for (const char* integrator : {"trapezoid", "verlet"}) {
    CAPTURE(integrator);
    SphereRunOptions o;
    o.integrator = parse_integrator("integrator", integrator);
    o.dt = 1e-4;
    const double got = rolled_at(s, 1.5 * t_roll, o);
    CHECK(std::abs(got - t_roll) <= 2e-3 * t_roll);
  }
}

TEST_CASE("explicit Euler on the undamped Hertz contact is refused naming integrator") {
  RollingSphereSetup s = rolling_sphere_setup(0.1, 1.0, 1e8, 0.3, 9.81, 0.3, 2.0, 0.0);
  SphereRunOptions o;
  o.integrator = Scheme::euler;
  o.dt = 1e-4;
  CHECK_FALSE(sphere_integrator_refuses(s.scene, s.friction, 1.0, o).empty());
  try {
    simulate(s.scene, s.friction, 1.0, o, {});
    FAIL("euler ran");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("integrator") != std::string::npos);
  }
  o.integrator = Scheme::trapezoid;
  CHECK(sphere_integrator_refuses(s.scene, s.friction, 1.0, o).empty());
}
