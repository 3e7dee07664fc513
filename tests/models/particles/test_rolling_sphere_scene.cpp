// tests/models/particles/test_rolling_sphere_scene.cpp — Campello's Example 5.1 as a scene: the sphere rests at the
// overlap where Hertz's force carries its weight, and the roll detector, fed the rigid-body solution, finds its t_roll
// (to rounding where an observation falls on it, to within one sampling interval on a grid).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/errors.hpp"
#include "models/particles/rolling_sphere_scene.hpp"

using namespace stickslip;

TEST_CASE("the rolling sphere starts at rest on the plane where Hertz's force carries its weight") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  for (int draw = 0; draw < 20; ++draw) {
    const double r = 0.05 + 0.45 * u(rng), m = 0.5 + 100 * u(rng), e = std::pow(10.0, 7 + 3 * u(rng));
    const double nu = 0.1 + 0.35 * u(rng), g = 9.81, mu = 0.05 + 0.5 * u(rng);
    const double v0 = 8 * (u(rng) - 0.5), omega0 = 100 * (u(rng) - 0.5);
    CAPTURE(draw);
    const RollingSphereSetup s = rolling_sphere_setup(r, m, e, nu, g, mu, v0, omega0);
    REQUIRE(s.scene.size() == 1);
    // the centre at r - h (rounding of r - h, relative to h: eps r / h, h/r >= 1e-6 here)
    const double h = s.static_overlap;
    CHECK(r - s.scene.bodies.x[0].y() == doctest::Approx(h).epsilon(1e-8));
    // Hertz against the rigid plane: 4/3 E* sqrt(r) h^(3/2), E* = E / (1 - nu^2)
    CHECK(4.0 / 3.0 * e / (1 - nu * nu) * std::sqrt(r) * std::pow(h, 1.5) == doctest::Approx(m * g).epsilon(1e-12));
    CHECK(s.scene.bodies.v[0].x() == v0);
    CHECK(s.scene.bodies.omega[0].z() == omega0);
    CHECK(s.friction.wall.mu == mu);
    CHECK(s.analytic.mu == mu);
  }
}

TEST_CASE("the roll detector finds t_roll of the rigid-body solution") {
  const RollingSphereSetup s = rolling_sphere_setup(0.1, 1.0, 1e8, 0.3, 9.81, 0.3, 2.0, -5.0);
  const RollingSphereAnalytic& a = s.analytic;
  const double t_roll = a.t_roll();
  REQUIRE(t_roll > 0);
  SUBCASE("an observation at t_roll itself (an event-driven run): to the threshold's 1e-12") {
    RollDetector d(a);
    for (double t : {0.0, 0.3 * t_roll, 0.9 * t_roll, t_roll, 1.5 * t_roll}) d.observe(t, a.v(t), a.omega(t));
    REQUIRE(d.rolled());
    CHECK(std::abs(d.t_roll - t_roll) <= 1e-11 * t_roll);
    CHECK((d.v_roll - a.v(t_roll)).norm() <= 1e-10 * a.v0.norm());
    // rolling without slip: v = -omega x (-r n)
    CHECK((d.v_roll + d.omega_roll.cross(-a.r * a.normal)).norm() <= 1e-10 * a.slip0().norm());
  }
  SUBCASE("on a grid of step dt: within one step after t_roll") {
    const double dt = t_roll / 37.3;
    RollDetector d(a);
    for (int k = 0; k <= 60; ++k) d.observe(k * dt, a.v(k * dt), a.omega(k * dt));
    REQUIRE(d.rolled());
    CHECK(d.t_roll >= t_roll * (1 - 1e-12));
    CHECK(d.t_roll <= t_roll + dt);
  }
  SUBCASE("no roll before the slip has gone") {
    RollDetector d(a);
    for (double t : {0.0, 0.5 * t_roll, 0.99 * t_roll}) d.observe(t, a.v(t), a.omega(t));
    CHECK_FALSE(d.rolled());
  }
}

TEST_CASE("the rolling sphere's bad data name their key") {
  CHECK_THROWS_AS(rolling_sphere_setup(0, 1, 1e8, 0.3, 9.81, 0.3, 1, 0), InputError);
  CHECK_THROWS_AS(rolling_sphere_setup(0.1, -1, 1e8, 0.3, 9.81, 0.3, 1, 0), InputError);
  CHECK_THROWS_AS(rolling_sphere_setup(0.1, 1, 0, 0.3, 9.81, 0.3, 1, 0), InputError);
  CHECK_THROWS_AS(rolling_sphere_setup(0.1, 1, 1e8, 0.3, 9.81, -0.1, 1, 0), InputError);
}
