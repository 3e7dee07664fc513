// The polygon hopper scene (models/polygon/polygon_hopper.hpp): over seeded random draws of n, corners, eccentricity
// and hopper size, no two polygons overlap (brute-force hull overlap of tests/models/polygon/brute_force.hpp, not
// the clipping) and every corner lies strictly inside the hopper (the geometry's inequalities written out here, not
// the walls); the walls' solids are outside (a probe inside overlaps none, one outside each wall overlaps it); the
// refusals of the brief.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/polygon/polygon_hopper.hpp"
#include "tests/input_error.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

namespace {

// Corners of every body in the world.
std::vector<std::vector<Vec2>> world(const PolygonHopperScene& s) {
  std::vector<std::vector<Vec2>> w;
  const PolygonFrame f = s.frame();
  for (std::size_t i = 0; i < f.size(); ++i) {
    w.emplace_back(static_cast<std::size_t>(f.shape(i).size()));
    f.world_corners(i, w.back());
  }
  return w;
}

// Inside the hopper: above the outlet, between the bin walls, above both inclined walls.
bool inside_hopper(const HopperHeapSpec& h, const Vec2& c) {
  const double alpha = h.hopper_angle_deg * M_PI / 180;
  return c.y() > h.outlet_height && std::abs(c.x()) < 0.5 * h.hopper_width &&
         c.y() - h.outlet_height > std::tan(alpha) * (std::abs(c.x()) - 0.5 * h.outlet);
}

void check_scene(const PolygonHopperSpec& spec, const PolygonHopperScene& s) {
  const HopperHeapSpec& h = spec.hopper;
  REQUIRE(s.x.size() == static_cast<std::size_t>(h.n));
  REQUIRE(s.walls.size() == 7);
  const auto w = world(s);
  double top = -1;
  long outside = 0, overlapping = 0, wall_hits = 0, circle_pairs = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    CHECK(s.shape_of[i] == static_cast<int>(i));
    CHECK(s.shapes[i].size() >= spec.shape.min_corners);
    CHECK(s.shapes[i].size() <= spec.shape.max_corners);
    for (const Vec2& c : w[i]) {
      outside += !inside_hopper(h, c);
      top = std::max(top, c.y());
    }
    OverlapPolygon o;
    for (const PolygonWall& wall : s.walls) {
      wall_overlap(w[i], wall, o);
      wall_hits += o.area() > 0;
    }
    for (std::size_t j = i + 1; j < w.size(); ++j) {
      // The brute-force overlap of every pair whose bounding circles meet (a pair whose circles are apart cannot
      // overlap); the placement rule keeps all circles apart, so both counts are 0.
      const double reach = s.shapes[i].bounding_radius() + s.shapes[j].bounding_radius();
      if ((s.x[i] - s.x[j]).norm() > reach) continue;
      ++circle_pairs;
      overlapping += test::hull_overlap(w[i], w[j]).area > 0;
    }
  }
  CHECK(outside == 0);
  CHECK(wall_hits == 0);
  CHECK(circle_pairs == 0);
  CHECK(overlapping == 0);
  CHECK(s.fill_top == top);
}

}  // namespace

TEST_CASE("polygon hopper: 1625 polygons of Krengel & Matuttis, no overlap, inside the hopper, seeded") {
  PolygonHopperSpec spec;  // 1625 polygons, 5-10 corners, 2.5 mm, e = 0.8
  const PolygonHopperScene s = make_polygon_hopper(spec);
  check_scene(spec, s);
  CHECK(s.max_bounding_radius > spec.shape.mean_radius);
  CHECK(s.max_bounding_radius < 2 * ellipse_semi_axes(spec.shape.mean_radius, spec.shape.eccentricity).x());
  // Orientations cover [0, 2 pi): mean of cos and sin near 0 (1625 draws: standard error 0.018).
  double c = 0, sn = 0;
  for (double t : s.theta) c += std::cos(t), sn += std::sin(t);
  CHECK(std::abs(c / 1625) < 0.08);
  CHECK(std::abs(sn / 1625) < 0.08);
  const PolygonHopperScene again = make_polygon_hopper(spec);
  CHECK(again.x[700] == s.x[700]);
  CHECK(again.theta[700] == s.theta[700]);
  spec.hopper.seed = 2;
  CHECK(make_polygon_hopper(spec).x[700] != s.x[700]);
}

TEST_CASE("polygon hopper: random n, shapes and hopper sizes (seeded draws)") {
  std::mt19937_64 rng(77);
  for (int draw = 0; draw < 6; ++draw) {
    CAPTURE(draw);
    PolygonHopperSpec spec = test::random_hopper_spec(rng, 20, 300, 12, 1e-3, 4e-3, 0.9);
    spec.hopper.hopper_angle_deg = test::uniform(rng, 30, 80);
    spec.hopper.outlet = test::uniform(rng, 0.04, 0.08);
    spec.hopper.hopper_width = spec.hopper.outlet + test::uniform(rng, 0.05, 0.2);
    spec.hopper.floor_width = spec.hopper.hopper_width + 0.5;
    check_scene(spec, make_polygon_hopper(spec));
  }
}

TEST_CASE("polygon hopper walls: the solids lie outside the hopper and the floor's box") {
  HopperHeapSpec h;
  const std::vector<PolygonWall> walls = polygon_hopper_walls(h, 0.5, 0.01);
  REQUIRE(walls.size() == 7);
  const double y_v = h.hopper_top_of_v(), fx = 0.5 * h.floor_width, hw = 0.5 * h.hopper_width;
  const double alpha = h.hopper_angle_deg * M_PI / 180;
  auto probe = [](const Vec2& c) {
    std::vector<Vec2> q = regular_polygon_corners(4, 1e-3, M_PI / 4);
    for (Vec2& p : q) p += c;
    return q;
  };
  OverlapPolygon o;
  // Inside: on the hopper's axis, in the bin, above the floor between the side walls: no wall.
  for (const Vec2& c : {Vec2(0, y_v), Vec2(0, 0.4), Vec2(0.3, 0.02), Vec2(-0.45, 0.02)})
    for (const PolygonWall& w : walls) {
      wall_overlap(probe(c), w, o);
      CHECK(o.area() == 0);
    }
  // Just outside each wall (2 mm behind its midpoint, along the outward normal of the solid): that wall only.
  for (std::size_t k = 1; k < walls.size(); ++k) {
    const Vec2 mid = 0.5 * (walls[k].a + walls[k].b), behind = mid - 2e-3 * walls[k].normal();
    wall_overlap(probe(behind), walls[k], o);
    CHECK(o.area() == doctest::Approx(2e-6).epsilon(1e-9));
  }
  // The normals point into the scene: floor up, side walls inwards, inclined walls up and inwards, bin walls inwards.
  CHECK(walls[0].normal().y() == doctest::Approx(1.0));
  CHECK(walls[1].normal().x() == doctest::Approx(1.0));
  CHECK(walls[2].normal().x() == doctest::Approx(-1.0));
  CHECK(walls[3].normal().x() == doctest::Approx(std::sin(alpha)));
  CHECK(walls[3].normal().y() == doctest::Approx(std::cos(alpha)));
  CHECK(walls[4].normal().x() == doctest::Approx(-std::sin(alpha)));
  CHECK(walls[5].normal().x() == doctest::Approx(1.0));
  CHECK(walls[6].normal().x() == doctest::Approx(-1.0));
  CHECK(walls[1].a.x() == -fx);
  CHECK(walls[5].a.x() == -hw);
}

TEST_CASE("polygon hopper refusals: corners, eccentricity, n, outlet, hopper width") {
  auto refused = [](auto edit) {
    PolygonHopperSpec spec;
    spec.hopper.n = 50;
    edit(spec);
    return test::input_error_message([&] { make_polygon_hopper(spec); });
  };
  CHECK(refused([](PolygonHopperSpec& s) { s.shape.min_corners = 2; }).rfind("min_corners=2:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.shape.eccentricity = 1; }).rfind("eccentricity=1:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.shape.eccentricity = -0.1; }).rfind("eccentricity=-0.1:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.hopper.n = 0; }).rfind("n=0:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.hopper.outlet = 0.005; }).rfind("outlet=0.005: wider than the largest", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.hopper.hopper_width = 0.085; }).rfind("hopper_width=0.085:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec& s) { s.hopper.floor_width = 0.1; }).rfind("floor_width=0.1:", 0) == 0);
  CHECK(refused([](PolygonHopperSpec&) {}).empty());
}
