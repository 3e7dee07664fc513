// Convex polygon bodies (models/polygon/convex_polygon.hpp): mass properties against a triangle fan written in the
// test (tests/models/polygon/brute_force.hpp) and against the closed forms of the regular N-gon; the N-gon's approach
// to the disc at the rate of its shape error (1/N^2); the pose; refusals of invalid corner lists.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/errors.hpp"
#include "core/loglog_slope.hpp"
#include "models/polygon/convex_polygon.hpp"
#include "models/polygon/random_polygon.hpp"
#include "tests/input_error.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

using test::uniform;

TEST_CASE("area, centroid and polar moment of random convex polygons equal a triangle fan's") {
  std::mt19937_64 rng(21);
  for (int draw = 0; draw < 300; ++draw) {
    const RandomPolygonSpec spec = test::random_spec(rng, 40, 1e-3, 2.0, 0.95);
    const ConvexPolygon body = random_polygon(spec, rng);
    // Placed far from the origin at a random angle, so the sums are taken where coordinates are large.
    std::vector<Vec2> world(body.corners().size());
    const Vec2 x(uniform(rng, -50, 50), uniform(rng, -50, 50));
    body.place(x, uniform(rng, -M_PI, M_PI), world);
    const PolygonMass m = polygon_mass(world);
    const test::FanMass f = test::fan_mass(world);
    const double r = spec.mean_radius, scale = std::max(r, x.norm());
    // Round-off: coordinates of size `scale` in sums of products; the fan and the closed form cancel differently.
    CHECK(std::abs(m.area - f.area) <= 1e-13 * scale * scale);
    CHECK((m.centroid - f.centroid).norm() <= 1e-13 * scale * scale / r);
    CHECK((m.centroid - x).norm() <= 1e-13 * scale * scale / r);  // place() puts the centroid at x
    CHECK(std::abs(m.polar_moment - f.polar_moment) <= 1e-12 * scale * scale * r * r);
    CHECK(m.area == doctest::Approx(body.area()).epsilon(1e-11));
    CHECK(m.polar_moment == doctest::Approx(body.polar_moment()).epsilon(1e-9));
    double rmax = 0;
    for (const Vec2& q : body.corners()) rmax = std::max(rmax, q.norm());
    CHECK(body.bounding_radius() == rmax);
  }
}

TEST_CASE("the regular N-gon: closed forms to round-off, and the disc's area and inertia at the rate 1/N^2") {
  const double r = 0.7, rho = 5000;
  std::vector<double> ns, err_a, err_i;
  for (int n = 3; n <= 128; n *= 2) {
    const ConvexPolygon p(regular_polygon_corners(n, r, 0.3));
    // Inscribed regular N-gon: A = N/2 r^2 sin(2 pi/N), J = A r^2 (1 + 2 cos^2(pi/N))/6.
    const double a = 0.5 * n * r * r * std::sin(2 * M_PI / n);
    const double j = a * r * r * (1 + 2 * std::pow(std::cos(M_PI / n), 2)) / 6;
    CHECK(p.area() == doctest::Approx(a).epsilon(1e-13));
    CHECK(p.polar_moment() == doctest::Approx(j).epsilon(1e-12));
    CHECK(p.bounding_radius() == doctest::Approx(r).epsilon(1e-14));
    if (n >= 12) {
      ns.push_back(n);
      err_a.push_back(std::abs(p.mass(rho) - rho * M_PI * r * r) / (rho * M_PI * r * r));
      err_i.push_back(std::abs(p.inertia(rho) - 0.5 * rho * M_PI * r * r * r * r) / (0.5 * rho * M_PI * std::pow(r, 4)));
    }
  }
  // Shape error: the N-gon differs from the circle by the sagitta r (1 - cos(pi/N)) ~ r pi^2/(2 N^2).
  CHECK(loglog_slope(ns, err_a) == doctest::Approx(-2).epsilon(0.02));
  CHECK(loglog_slope(ns, err_i) == doctest::Approx(-2).epsilon(0.02));
}

TEST_CASE("place() is a rigid motion: distances kept, counter-clockwise kept, centroid at x") {
  std::mt19937_64 rng(5);
  const ConvexPolygon p(regular_polygon_corners(7, 1.0, 0.1));
  std::vector<Vec2> w(7);
  p.place(Vec2(3, -2), 2.5, w);
  for (int k = 0; k < 7; ++k) {
    const int k1 = (k + 1) % 7;
    CHECK((w[k1] - w[k]).norm() == doctest::Approx((p.corners()[k1] - p.corners()[k]).norm()).epsilon(1e-14));
    CHECK((w[k] - Vec2(3, -2)).norm() == doctest::Approx(p.corners()[k].norm()).epsilon(1e-14));
  }
  CHECK((polygon_mass(w).centroid - Vec2(3, -2)).norm() < 1e-14);
  CHECK_NOTHROW(check_convex_polygon(w, "w"));
  (void)rng;
}

TEST_CASE("invalid corner lists are refused with the key, the corners and what is allowed") {
  using V = std::vector<Vec2>;
  auto msg = [](const V& v) { return test::input_error_message([&] { ConvexPolygon p(v, "scene.body[3].corners"); }); };
  const std::string two = msg(V{{0, 0}, {1, 0}});
  CHECK(two.rfind("scene.body[3].corners=(0,0) (1,0): a convex polygon", 0) == 0);
  CHECK(two.find("2 corners") != std::string::npos);
  CHECK(msg(V{{0, 0}, {0, 1}, {1, 1}, {1, 0}}).find("clockwise") != std::string::npos);
  CHECK(msg(V{{0, 0}, {1, 0}, {0.2, 0.2}, {0, 1}}).find("turns right: not convex") != std::string::npos);
  CHECK(msg(V{{0, 0}, {1, 0}, {2, 0}, {1, 1}}).find("collinear") != std::string::npos);
  CHECK(msg(V{{0, 0}, {1, 0}, {2, 0}}).find("collinear") != std::string::npos);  // zero area
  CHECK(msg(V{{0, 0}, {1, 0}, {1, 0}, {0, 1}}).find("coincide") != std::string::npos);
  CHECK(msg(V{{0, 0}, {NAN, 0}, {0, 1}}).find("not finite") != std::string::npos);
  // A pentagram turns left at every corner and winds twice.
  V star;
  for (int k = 0; k < 5; ++k) star.emplace_back(std::cos(4 * M_PI * k / 5), std::sin(4 * M_PI * k / 5));
  CHECK(msg(star).find("winds 2 times: self-intersecting") != std::string::npos);
  CHECK(msg(regular_polygon_corners(kMaxPolygonCorners + 1, 1.0)).find("129 corners") != std::string::npos);
  CHECK(msg(regular_polygon_corners(kMaxPolygonCorners, 1.0)).empty());
  CHECK(msg(V{{0, 0}, {1, 0}, {0, 1}}).empty());
}
