// tests/models/particles/test_three_spheres_scene.cpp — Campello's Example 5.2 as a scene: three spheres at the
// corners of an equilateral triangle, rolling without slip towards its centre, touch at t_contact if they keep v0;
// the tracker reads particle 1's contact, separation and spin reversal from observations.
#include <doctest/doctest.h>

#include <cmath>

#include "core/errors.hpp"
#include "models/particles/three_spheres_scene.hpp"

using namespace stickslip;

TEST_CASE("three spheres rolling towards the centre touch at t_contact") {
  for (double t_contact : {0.01, 0.5}) {
    const double r = 0.1, v0 = 1.5;
    const ThreeSpheresSetup s = three_spheres_setup(r, 2.0, 1e8, 0.3, 0.4, 0.2, v0, t_contact);
    REQUIRE(s.scene.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      const Vec3 x = s.scene.bodies.x[i], v = s.scene.bodies.v[i], w = s.scene.bodies.omega[i];
      CHECK((v + w.cross(Vec3(0, 0, -r))).norm() <= 1e-12 * v0);    // rolling without slip
      CHECK(v.dot(s.radial[i]) == doctest::Approx(-v0));             // towards the centre
      CHECK(x.z() == doctest::Approx(r - s.static_overlap));         // resting on the floor
      // moved on at v0 for t_contact, neighbours are 2 r apart
      const std::size_t j = (i + 1) % 3;
      const Vec3 a = x + t_contact * v, b = s.scene.bodies.x[j] + t_contact * s.scene.bodies.v[j];
      CHECK(Vec3(a - b).head<2>().norm() == doctest::Approx(2 * r).epsilon(1e-12));
    }
    CHECK(s.friction.wall.mu == 0.4);
    CHECK(s.friction.pair.mu == 0.2);
  }
}

TEST_CASE("the tracker reads particle 1's contact, separation and spin reversal") {
  const double r = 0.1, v0 = 1.0;
  const ThreeSpheresSetup s = three_spheres_setup(r, 1.0, 1e8, 0.3, 0.4, 0.2, v0, 0.1);
  ThreeSpheresTracker tr(s);
  SphereSample p = initial_sample(s.scene);
  // particle 1 approaches at v0 until t = 0.1, overlaps until 0.12, then moves outwards with its spin reversed
  const auto at = [&](double t) {
    const double d = t <= 0.1 ? s.d0 - v0 * t : t <= 0.12 ? s.d0 - v0 * 0.1 - 1e-3 * (t - 0.1) : s.d0 - 0.1 + (t - 0.12);
    for (std::size_t i = 0; i < 3; ++i) {
      p.x[i] = d * s.radial[i] + Vec3(0, 0, r);
      p.v[i] = (t <= 0.12 ? -1.0 : 1.0) * v0 * s.radial[i];
      p.omega[i] = (t <= 0.12 ? 1.0 : -1.0) * s.scene.bodies.omega[i];
    }
    tr.observe(t, p);
  };
  for (int k = 0; k <= 200; ++k) at(k * 1e-3);
  CHECK(tr.t_first == doctest::Approx(0.1).epsilon(1e-9));
  CHECK(tr.t_sep > 0.12);
  CHECK(tr.t_sep <= 0.121 + 1e-12);
  CHECK(tr.t_spin0 == doctest::Approx(tr.t_sep));  // the spin changes sign at the first sample after separation
}

TEST_CASE("the three spheres' bad data name their key") {
  CHECK_THROWS_AS(three_spheres_setup(0, 1, 1e8, 0.3, 0.4, 0.2, 1, 0.1), InputError);
  CHECK_THROWS_AS(three_spheres_setup(0.1, 1, 1e8, 0.3, -0.4, 0.2, 1, 0.1), InputError);
  CHECK_THROWS_AS(three_spheres_setup(0.1, 1, 1e8, 0.3, 0.4, -0.2, 1, 0.1), InputError);
}
