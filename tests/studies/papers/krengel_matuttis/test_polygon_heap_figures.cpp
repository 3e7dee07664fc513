// Fig. 6 with polygons (studies/papers/krengel_matuttis/polygon_heap_figures.hpp): the script draws every polygon once
// per panel as a closed object whose corners (read back from the script) enclose the body's area (shoelace of the
// 9-digit corners against ConvexPolygon::area, within what the rounding of the corners allows), coloured by its speed
// clamped to the colour bar; gnuplot renders it (skipped where gnuplot is missing). The PNG is kept in
// $STICKSLIP_FIGURE_DIR when set (to look at it).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <sstream>

#include "models/polygon/polygon_hopper.hpp"
#include "studies/papers/krengel_matuttis/heap_scene_style.hpp"
#include "studies/papers/krengel_matuttis/polygon_heap_figures.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("polygon heap snapshots: every polygon closed, its area, its speed as colour; rendered") {
  PolygonHopperSpec spec;  // 1625 polygons of Krengel & Matuttis in the hopper
  const PolygonHopperScene h = make_polygon_hopper(spec);
  // Snapshot 1: the fill, falling at a speed that grows with height (0 .. 3 m/s: the top ones beyond the bar's 2 m/s).
  // Snapshot 2: the same polygons dropped 0.2 m lower and spread over the floor's middle, at rest.
  std::vector<Vec2> v(h.x.size()), x2(h.x);
  std::vector<double> omega(h.x.size(), 0.0);
  double y_lo = 1e9, y_hi = -1e9;
  for (const Vec2& p : h.x) y_lo = std::min(y_lo, p.y()), y_hi = std::max(y_hi, p.y());
  for (std::size_t i = 0; i < h.x.size(); ++i) {
    v[i] = Vec2(0, -3 * (h.x[i].y() - y_lo) / (y_hi - y_lo));
    x2[i] = Vec2(2.5 * h.x[i].x(), h.x[i].y() - 0.2);
  }
  const std::vector<PolygonSnapshot> snaps{{PolygonFrame{h.shapes, h.shape_of, h.x, h.theta, v, omega}, "t = 0 s"},
                                           {PolygonFrame{h.shapes, h.shape_of, x2, h.theta, {}, {}}, "at rest"}};
  const Figure fig = polygon_snapshot_figure("Krengel & Matuttis, Fig. 6 (polygons)", snaps, spec.hopper.floor_width, h.walls);
  REQUIRE(fig.panels.size() == 2);
  const std::regex number(R"(-?[0-9.]+(?:e-?[0-9]+)?)");
  for (std::size_t p = 0; p < 2; ++p) {
    long objects = 0, area_off = 0, clamped = 0;
    for (const std::string& line : fig.panels[p].settings) {
      if (line.rfind("set object ", 0) != 0) continue;
      const std::size_t i = static_cast<std::size_t>(objects++);
      // corners: "from x,y to x,y ... to x0,y0 fc palette cb s ..."
      const std::string geometry = line.substr(line.find(" from ") + 6, line.find(" fc ") - line.find(" from ") - 6);
      std::vector<double> c;
      for (std::sregex_iterator it(geometry.begin(), geometry.end(), number), end; it != end; ++it)
        c.push_back(std::stod(it->str()));
      const std::size_t n = c.size() / 2;
      REQUIRE(n == static_cast<std::size_t>(h.shapes[i].size()) + 1);  // closed: the first corner again
      CHECK(c[0] == c[2 * (n - 1)]);
      CHECK(c[1] == c[2 * (n - 1) + 1]);
      double a2 = 0;
      for (std::size_t k = 0; k + 1 < n; ++k)
        a2 += (c[2 * k] - c[0]) * (c[2 * k + 3] - c[1]) - (c[2 * k + 2] - c[0]) * (c[2 * k + 1] - c[1]);
      // 9 significant digits move each corner by at most delta = 5e-9 max|coordinate| in x and y: the area by at
      // most perimeter x sqrt(2) delta (each edge shifted sideways by at most that).
      double perimeter = 0, reach = 0;
      for (std::size_t k = 0; k + 1 < n; ++k) {
        perimeter += std::hypot(c[2 * k + 2] - c[2 * k], c[2 * k + 3] - c[2 * k + 1]);
        reach = std::max({reach, std::abs(c[2 * k]), std::abs(c[2 * k + 1])});
      }
      area_off += std::abs(0.5 * a2 - h.shapes[i].area()) > perimeter * std::sqrt(2.0) * 5e-9 * reach;
      const double cb = std::stod(line.substr(line.find(" cb ") + 4));
      const double speed = p == 0 ? v[i].norm() : 0.0;
      CHECK(cb == doctest::Approx(std::min(speed, kMaxSnapshotSpeed)).epsilon(1e-3));
      clamped += cb == kMaxSnapshotSpeed;
    }
    CHECK(objects == static_cast<long>(h.x.size()));
    CHECK(area_off == 0);
    if (p == 0) CHECK(clamped > 0);
  }
  const std::string script = figure_script(fig);
  CHECK(script.find("$walls") != std::string::npos);
  if (std::system("gnuplot --version > /dev/null 2>&1") != 0) {
    MESSAGE("skipped the rendering: gnuplot is not installed");
    return;
  }
  const char* keep = std::getenv("STICKSLIP_FIGURE_DIR");
  const std::filesystem::path dir = keep ? std::filesystem::path(keep) : test::scratch_dir("polygon_heap_fig");
  std::filesystem::create_directories(dir);
  std::ostringstream log;
  CHECK(draw_polygon_snapshots(dir / "polygon_heap_snapshots.png", fig.title, snaps, spec.hopper.floor_width, h.walls, log));
  CHECK(log.str().find("warning") == std::string::npos);
  CHECK(std::filesystem::file_size(dir / "polygon_heap_snapshots.png") > 10000);
  if (!keep) std::filesystem::remove_all(dir);
}
