// The user's polygon scene file (models/polygon/polygon_scene_file.hpp): a round trip of random hopper scenes, the
// reference point vs the centroid (worked by hand), each refusal with its line number, the overlap check against a
// brute-force pairwise search over seeded random scenes, bodies in a wall.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "models/polygon/polygon_hopper.hpp"
#include "models/polygon/polygon_scene_file.hpp"
#include "tests/input_error.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

namespace {

PolygonScene parse(const std::string& text) {
  std::istringstream in(text);
  return parse_polygon_scene(in, "s.txt");
}
std::string refusal(const std::string& text) {
  return test::input_error_message([&] { parse(text); });
}

}  // namespace

TEST_CASE("scene file: round trip of random hopper scenes to round-off") {
  std::mt19937_64 rng(5);
  for (int draw = 0; draw < 4; ++draw) {
    const PolygonHopperScene h = make_polygon_hopper(test::random_hopper_spec(rng, 50, 200, 10, 1e-3, 3e-3, 0.9));
    std::stringstream text;
    write_polygon_scene(text, h.frame());
    const PolygonScene s = parse_polygon_scene(text, "round-trip");
    REQUIRE(s.x.size() == h.x.size());
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      CHECK((s.x[i] - h.x[i]).norm() < 1e-15);  // the centroid of corners about the centroid: ~1e-19 m
      CHECK(s.theta[i] == h.theta[i]);
      CHECK(s.line[i] == static_cast<int>(i) + 4);  // after the 3 header lines
      REQUIRE(s.shapes[i].size() == h.shapes[i].size());
      for (int k = 0; k < s.shapes[i].size(); ++k)
        CHECK((s.shapes[i].corners()[static_cast<std::size_t>(k)] - h.shapes[i].corners()[static_cast<std::size_t>(k)])
                  .norm() < 1e-17);
    }
    check_scene_clear_of_walls(s.frame(), h.walls, s.line, "round-trip");  // no throw
  }
}

TEST_CASE("scene file: the reference point is not the centroid; comments and blank lines") {
  // The unit square with a corner at the reference point (5, 5), turned by 90 degrees: its centroid (0.5, 0.5) in
  // the body frame is at (5, 5) + R(90) (0.5, 0.5) = (4.5, 5.5) in the world.
  const PolygonScene s = parse("# a square\n\n5 5 1.5707963267948966   0 0  1 0  1 1  0 1   # turned\n"
                               "\t20 0 0  -1 -1 1 -1 0 1\n");
  REQUIRE(s.x.size() == 2);
  CHECK(s.x[0].x() == doctest::Approx(4.5).epsilon(1e-15));
  CHECK(s.x[0].y() == doctest::Approx(5.5).epsilon(1e-15));
  CHECK(s.shapes[0].area() == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(s.line[0] == 3);
  CHECK(s.line[1] == 4);
  CHECK(s.x[1].x() == doctest::Approx(20.0));
  CHECK(s.x[1].y() == doctest::Approx(-1.0 / 3).epsilon(1e-15));  // the triangle's centroid
}

TEST_CASE("scene file refusals: key scene, file:line and what is allowed") {
  const std::string ok = "0 0 0  0 0 1 0 1 1 0 1\n";
  CHECK(refusal("# nothing\n").rfind("scene=s.txt: at least one body (a body line", 0) == 0);
  CHECK(refusal(ok + "3 0 0 0 0 1 0 abc 1 0 1\n").rfind("scene=s.txt:2: a body line", 0) == 0);
  CHECK(refusal(ok + "3 0 0 0 0 1 0 abc 1 0 1\n").find("'abc' is not a finite number") != std::string::npos);
  CHECK(refusal(ok + "3 0 nan 0 0 1 0 1 1 0 1\n").find("'nan' is not a finite number") != std::string::npos);
  CHECK(refusal(ok + "3 0 0 0 0 1 0 1 1 0\n").find("s.txt:2: a body line") != std::string::npos);
  CHECK(refusal(ok + "3 0 0 0 0 1 0 1 1 0\n").find("an odd count of corner coordinates") != std::string::npos);
  CHECK(refusal(ok + "3 0\n").find("no pose") != std::string::npos);
  CHECK(refusal(ok + "\n3 0 0  0 0 1 0\n").rfind("scene=s.txt:3: a body of at least 3 corners (2 given)", 0) == 0);
  // clockwise, collinear, repeated, self-intersecting (a bow tie), winding twice (a pentagram)
  const std::string clockwise = "3 0 0  0 0 0 1 1 1 1 0\n", collinear = "3 0 0  0 0 1 0 2 0 1 1\n",
                    repeated = "3 0 0  0 0 1 0 1 0 1 1\n", bow_tie = "3 0 0  0 0 1 1 1 0 0 1\n";
  std::ostringstream pentagram;
  pentagram << "3 0 0";
  for (int k = 0; k < 5; ++k) pentagram << ' ' << std::cos(4 * M_PI * k / 5) << ' ' << std::sin(4 * M_PI * k / 5);
  pentagram << '\n';
  for (const std::string& bad : {clockwise, collinear, repeated, bow_tie, pentagram.str()}) {
    CAPTURE(bad);
    const std::string m = refusal(ok + bad);
    CHECK(m.rfind("scene=s.txt:2: ", 0) == 0);
    CHECK(m.find("corners (") != std::string::npos);  // the corners are shown
  }
  // Overlap: the lines of both bodies (comments in between, so lines are not body indices).
  const std::string m = refusal("# header\n" + ok + "# another\n9 9 0 0 0 1 0 1 1 0 1\n0.5 0.5 0  0 0 1 0 1 1 0 1\n");
  CHECK(m.rfind("scene=s.txt:2 and 5: bodies that do not overlap at the start (overlap area 0.25 m^2)", 0) == 0);
  // Touching squares (a shared edge, a shared corner) are accepted.
  CHECK(refusal(ok + "1 0 0  0 0 1 0 1 1 0 1\n1 1 0  0 0 1 0 1 1 0 1\n").empty());
  // Bodies 1e12 m out (cell indices beyond 32 bits, clamped into the edge cells): far pairs pass, a near one not.
  CHECK(refusal("1e12 -1e12 0  0 0 1 0 1 1 0 1\n-1e12 1e12 0  0 0 1 0 1 1 0 1\n1e12 -1e12 0.3  0 0 1 0 1 1 0 1\n")
            .rfind("scene=s.txt:1 and 3: bodies that do not overlap", 0) == 0);
  // An unreadable file.
  CHECK(test::input_error_message([] { read_polygon_scene("/nonexistent/scene.txt"); })
            .rfind("scene=/nonexistent/scene.txt: a readable text file", 0) == 0);
}

TEST_CASE("scene file overlap check: the grid finds what a brute-force pairwise search finds (seeded scenes)") {
  std::mt19937_64 rng(11);
  for (int draw = 0; draw < 8; ++draw) {
    CAPTURE(draw);
    // Random polygons of varied size (1-4 mm) dropped at random positions in a 6 cm square: many overlaps.
    std::ostringstream text;
    std::vector<std::vector<Vec2>> world;
    const int n = 20 + static_cast<int>(test::uniform(rng, 0, 40));
    const RandomPolygonSpec spec = test::random_spec(rng, 10, 1e-3, 4e-3, 0.8);
    for (int i = 0; i < n; ++i) {
      const ConvexPolygon p = random_polygon(spec, rng);
      const Vec2 x(test::uniform(rng, 0, 0.06 + 0.1 * draw), test::uniform(rng, 0, 0.06 + 0.1 * draw));
      const double th = test::uniform(rng, 0, 2 * M_PI);
      world.emplace_back(static_cast<std::size_t>(p.size()));
      p.place(x, th, world.back());
      char buf[128];
      std::snprintf(buf, sizeof buf, "%.17g %.17g %.17g", x.x(), x.y(), th);
      text << buf;
      for (const Vec2& q : p.corners()) {
        std::snprintf(buf, sizeof buf, "  %.17g %.17g", q.x(), q.y());
        text << buf;
      }
      text << "\n";
    }
    // The first overlapping pair in the grid's order is not defined; compare: refused iff some pair overlaps, and
    // the named pair does overlap (brute force).
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (test::hull_overlap(world[static_cast<std::size_t>(i)], world[static_cast<std::size_t>(j)]).area > 1e-20)
          pairs.emplace_back(i + 1, j + 1);
    const std::string m = refusal(text.str());
    CAPTURE(m);
    CHECK(m.empty() == pairs.empty());
    if (!pairs.empty()) {
      int a = 0, b = 0;
      REQUIRE(std::sscanf(m.c_str(), "scene=s.txt:%d and %d:", &a, &b) == 2);
      CHECK(std::find(pairs.begin(), pairs.end(), std::pair{a, b}) != pairs.end());
    }
  }
}

TEST_CASE("scene file: a body in a wall of the hopper is refused with its line") {
  PolygonHopperSpec spec;
  spec.hopper.n = 30;
  const PolygonHopperScene h = make_polygon_hopper(spec);
  std::vector<Vec2> x = h.x;
  x[7] = Vec2(0.0, 0.0);  // on the floor line: half of it below y = 0
  const PolygonFrame f{h.shapes, h.shape_of, x, h.theta, {}, {}};
  std::vector<int> line(30);
  for (int i = 0; i < 30; ++i) line[static_cast<std::size_t>(i)] = 10 + i;
  CHECK(test::input_error_message([&] { check_scene_clear_of_walls(f, h.walls, line, "f"); })
            .rfind("scene=f:17: a body clear of the walls (it overlaps wall 0 by ", 0) == 0);
}
