// The overlap polygon (models/polygon/overlap.hpp) against references written in the test
// (tests/models/polygon/brute_force.hpp): area and centroid of random convex pairs against the convex hull of the
// candidate corners (exact up to round-off) and against a rasterisation with its error bound; the intersection points
// against a brute-force crossing of every pair of edges; the chord sum T against the finite-difference gradient of the
// reference area (R(-90) T = dA/dx_i); walls (half-plane, segment with end caps, finite thickness) against the same
// references with the wall as a large polygon.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/errors.hpp"
#include "models/polygon/overlap.hpp"
#include "models/polygon/random_polygon.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

namespace {
using test::uniform;

struct Placed {
  ConvexPolygon body;
  std::vector<Vec2> world;
};

Placed random_placed(std::mt19937_64& rng, const Vec2& x, int max_corners = 16) {
  Placed p{random_polygon(test::random_spec(rng, max_corners, 0.5, 1.5, 0.9), rng), {}};
  p.world.resize(p.body.corners().size());
  p.body.place(x, uniform(rng, -M_PI, M_PI), p.world);
  return p;
}

// A pair whose bounding circles overlap: the centroid distance uniform in [0, r_i + r_j).
std::pair<Placed, Placed> random_pair(std::mt19937_64& rng, const Vec2& origin) {
  Placed a = random_placed(rng, origin);
  Placed tmp = random_placed(rng, origin);
  const double d = uniform(rng, 0, a.body.bounding_radius() + tmp.body.bounding_radius()), phi = uniform(rng, 0, 2 * M_PI);
  tmp.body.place(origin + d * Vec2(std::cos(phi), std::sin(phi)), uniform(rng, -M_PI, M_PI), tmp.world);
  return {std::move(a), std::move(tmp)};
}

double ref_area(std::span<const Vec2> p, std::span<const Vec2> q) { return test::hull_overlap(p, q).area; }

std::vector<Vec2> shifted(std::span<const Vec2> p, const Vec2& dx) {
  std::vector<Vec2> s(p.begin(), p.end());
  for (Vec2& v : s) v += dx;
  return s;
}
}  // namespace

TEST_CASE("overlap of random convex pairs: area, centroid, intersection points and the chord sum") {
  std::mt19937_64 rng(99);
  int overlapping = 0, more_than_two = 0;
  for (int draw = 0; draw < 1500; ++draw) {
    const Vec2 origin(uniform(rng, -20, 20), uniform(rng, -20, 20));
    auto [a, b] = random_pair(rng, origin);
    OverlapPolygon o;
    polygon_overlap(a.world, b.world, o);
    const test::AreaCentroidRef ref = test::hull_overlap(a.world, b.world);
    const double R = 1.5 + origin.norm();  // size of the coordinates in the sums
    CHECK(std::abs(o.area() - ref.area) <= 1e-12 * R * R);
    if (ref.area <= 1e-9) continue;
    ++overlapping;
    CHECK((o.centroid() - ref.centroid).norm() <= 1e-12 * R * R * R / ref.area);
    // Every corner of O lies in both polygons (within round-off).
    for (int k = 0; k < o.size; ++k) {
      for (std::size_t e = 0; e < a.world.size(); ++e)
        CHECK(cross2(a.world[(e + 1) % a.world.size()] - a.world[e], o.corner[k] - a.world[e]) >= -1e-12 * R * R);
      for (std::size_t e = 0; e < b.world.size(); ++e)
        CHECK(cross2(b.world[(e + 1) % b.world.size()] - b.world[e], o.corner[k] - b.world[e]) >= -1e-12 * R * R);
    }
    // Intersection points: the same set as the brute-force crossings of all edge pairs.
    std::array<Vec2, kMaxOverlapCorners> s;
    const int ns = o.intersection_points(s);
    const std::vector<Vec2> cross = test::edge_crossings(a.world, b.world);
    REQUIRE(ns == static_cast<int>(cross.size()));
    if (ns > 2) ++more_than_two;
    for (const Vec2& c : cross) {
      double best = INFINITY;
      for (int k = 0; k < ns; ++k) best = std::min(best, (s[static_cast<std::size_t>(k)] - c).norm());
      CHECK(best <= 1e-11 * R);
    }
    // T = sum_p sigma_p (s_p - c): the signed connecting lines (sigma = +1 where i's outline leaves j, -1 where it
    // enters: the corner after an exit point is owned by j).
    Vec2 t_lines = Vec2::Zero();
    const Vec2 c = o.centroid();
    for (int k = 0; k < o.size; ++k) {
      const int prev = k > 0 ? k - 1 : o.size - 1;
      if (o.owner[k] != o.owner[prev]) t_lines += (o.owner[k] == owner_j ? 1.0 : -1.0) * (o.corner[k] - c);
    }
    const Vec2 t = o.chord_sum();
    CHECK((t - t_lines).norm() <= 1e-11 * R);
    // R(-90) T is the gradient of A with respect to a translation of body i (central differences of the reference).
    const double h = 1e-7;
    Vec2 grad;
    for (int ax = 0; ax < 2; ++ax) {
      const Vec2 dx = h * Vec2::Unit(ax);
      grad[ax] = (ref_area(shifted(a.world, dx), b.world) - ref_area(shifted(a.world, -dx), b.world)) / (2 * h);
    }
    CHECK((grad - Vec2(t.y(), -t.x())).norm() <= 1e-6 * R);
  }
  CHECK(overlapping > 800);  // most draws overlap, and some have four or more intersection points
  CHECK(more_than_two > 10);
}

TEST_CASE("overlap area and centroid against a rasterisation within its stated bound") {
  std::mt19937_64 rng(3);
  for (int draw = 0; draw < 6; ++draw) {
    auto [a, b] = random_pair(rng, Vec2(0.3, -0.2));
    OverlapPolygon o;
    polygon_overlap(a.world, b.world, o);
    const test::RasterRef r = test::raster_overlap(a.world, b.world, 700);
    CHECK(std::abs(o.area() - r.area) <= r.bound);
    if (o.area() > 0.05) CHECK((o.centroid() - r.centroid).norm() <= r.bound * 6.0 / o.area());
  }
}

TEST_CASE("walls: half-plane, segment with end caps and finite thickness equal the wall as a large polygon") {
  std::mt19937_64 rng(17);
  for (int draw = 0; draw < 800; ++draw) {
    const Vec2 a(uniform(rng, -3, 3), uniform(rng, -3, 3));
    const double phi = uniform(rng, 0, 2 * M_PI), len = uniform(rng, 0.5, 4), big = 100;
    const Vec2 t(std::cos(phi), std::sin(phi)), in = perp(t);
    const Vec2 b = a + len * t;
    const int kind = draw % 3;
    PolygonWall w = kind == 0 ? half_plane_wall(a, -in) : segment_wall(a, b, kind == 2 ? uniform(rng, 0.2, 1) : INFINITY);
    CHECK_NOTHROW(check_polygon_wall(w, "wall"));
    // The same solid as a counter-clockwise polygon: surface a -> b, then the back.
    const double depth = kind == 2 ? w.thickness : big;
    const Vec2 a0 = kind == 0 ? Vec2(a - big * t) : a, b0 = kind == 0 ? Vec2(a + big * t) : b;
    const std::vector<Vec2> solid{a0, b0, b0 + depth * in, a0 + depth * in};
    // A polygon near the surface, anywhere along it and past its ends.
    const Vec2 x = a + uniform(rng, -0.5, len + 0.5) * t + uniform(rng, -1.2, 1.2) * in;
    const Placed p = random_placed(rng, x);
    OverlapPolygon o;
    wall_overlap(p.world, w, o);
    const test::AreaCentroidRef ref = test::hull_overlap(p.world, solid);
    const double R = 110;
    CHECK(std::abs(o.area() - ref.area) <= 1e-12 * R * R);
    if (ref.area > 1e-9) CHECK((o.centroid() - ref.centroid).norm() <= 1e-12 * R * R * R / ref.area);
  }
}

TEST_CASE("degenerate overlaps: touching, one inside the other, crossed squares, apart") {
  const std::vector<Vec2> sq{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  OverlapPolygon o;
  SUBCASE("touching along an edge or at a corner: zero area") {
    polygon_overlap(sq, shifted(sq, Vec2(2, 0)), o);
    CHECK(o.area() == 0);
    polygon_overlap(sq, shifted(sq, Vec2(2, 2)), o);
    CHECK(o.area() == 0);
  }
  SUBCASE("apart") {
    polygon_overlap(sq, shifted(sq, Vec2(2.5, 0.3)), o);
    CHECK(o.size == 0);
  }
  SUBCASE("one inside the other: O is the smaller one, no intersection point, T = 0") {
    std::vector<Vec2> small{{-0.2, -0.1}, {0.3, -0.1}, {0.1, 0.4}};
    polygon_overlap(small, sq, o);
    CHECK(o.area() == doctest::Approx(0.5 * 0.5 * 0.5));
    std::array<Vec2, 4> s;
    CHECK(o.intersection_points(s) == 0);
    CHECK(o.chord_sum().norm() < 1e-15);
    polygon_overlap(sq, small, o);  // the other way round: all edges belong to j, T = 0 as well
    CHECK(o.area() == doctest::Approx(0.125));
    CHECK(o.chord_sum().norm() < 1e-15);
  }
  SUBCASE("two concentric squares at 45 degrees: 8 intersection points, the chords cancel") {
    const std::vector<Vec2> diamond{{std::sqrt(2.0), 0}, {0, std::sqrt(2.0)}, {-std::sqrt(2.0), 0}, {0, -std::sqrt(2.0)}};
    polygon_overlap(sq, diamond, o);
    std::array<Vec2, 16> s;
    CHECK(o.intersection_points(s) == 8);
    CHECK(o.area() == doctest::Approx(4 - 4 * std::pow(2 - std::sqrt(2.0), 2) / 2 * 1).epsilon(1e-12));
    CHECK(o.chord_sum().norm() < 1e-14);
  }
  SUBCASE("a corner exactly on the other's edge makes no extra intersection point") {
    const std::vector<Vec2> tri{{0, 0.5}, {1, 2}, {-1, 2}};  // corner (0, 0.5) inside, edges cross y = 1
    polygon_overlap(tri, sq, o);
    std::array<Vec2, 8> s;
    CHECK(o.intersection_points(s) == 2);
    const std::vector<Vec2> tri2{{0, 1}, {1, 2}, {-1, 2}};  // touching at a corner only
    polygon_overlap(tri2, sq, o);
    CHECK(o.area() == 0);
  }
}

TEST_CASE("invalid walls are refused") {
  PolygonWall w = segment_wall(Vec2(1, 1), Vec2(1, 1));
  CHECK_THROWS_WITH_AS(check_polygon_wall(w, "hopper.left"),
                       "hopper.left=(1,1) -> (1,1): two distinct finite points (the solid on the left of the first "
                       "towards the second)",
                       InputError);
  w = segment_wall(Vec2(0, 0), Vec2(1, 0), 0);
  CHECK_THROWS_WITH_AS(check_polygon_wall(w, "floor"), "floor.thickness=0: a thickness > 0 (m)", InputError);
}
