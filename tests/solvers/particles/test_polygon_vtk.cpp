// The polygon dumps (solvers/particles/polygon_vtk.hpp), C++ side: frames of seeded random hopper scenes with random
// velocities in both formats, and an expected.json of what they must contain (world corners, cells, each body's area
// from its shape, speed, omega, times), which tests/solvers/particles/check_polygon_vtk.py reads back with VTK's own
// readers (ctest solvers_polygon_vtk_read, python3-vtk9). Here: the structure of the text (counts, no "nan"), a
// non-finite frame refused with nothing left behind, the collection listing the finished frames only.
// Files go to $STICKSLIP_POLYGON_VTK_DIR (ctest sets it; kept for the reader) or a scratch folder (removed).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "core/errors.hpp"
#include "models/polygon/polygon_hopper.hpp"
#include "core/output_file.hpp"
#include "solvers/particles/polygon_vtk.hpp"
#include "tests/cli_runner.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("polygon VTK dumps: frames of random scenes in both formats, expected.json for the VTK reader") {
  const char* env = std::getenv("STICKSLIP_POLYGON_VTK_DIR");
  const fs::path dir = env ? fs::path(env) : test::scratch_dir("polygon_vtk");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::mt19937_64 rng(31);
  nlohmann::json expected = nlohmann::json::object();
  for (const auto& [format, stem] : {std::pair{PolygonVtkFormat::xml, std::string("xml")},
                                     std::pair{PolygonVtkFormat::legacy, std::string("legacy")}}) {
    PolygonVtkSeries series(dir, stem, format);
    nlohmann::json frames = nlohmann::json::array();
    for (int k = 0; k < 3; ++k) {
      const PolygonHopperScene h = make_polygon_hopper(test::random_hopper_spec(rng, 5, 40, 12, 1e-3, 4e-3, 0.9));
      std::vector<Vec2> v;
      std::vector<double> omega;
      for (std::size_t i = 0; i < h.x.size(); ++i) {
        v.emplace_back(test::uniform(rng, -2, 2), test::uniform(rng, -2, 2));
        omega.push_back(test::uniform(rng, -50, 50));
      }
      const PolygonFrame f{h.shapes, h.shape_of, h.x, h.theta, v, omega};
      const double t = 0.1 * k + test::uniform(rng, 0, 0.01);
      series.write(t, f);
      nlohmann::json fr{{"time", t}, {"points", nlohmann::json::array()}, {"cells", nlohmann::json::array()},
                        {"area", nlohmann::json::array()}, {"speed", nlohmann::json::array()},
                        {"omega", omega}, {"corners", nlohmann::json::array()}};
      std::vector<Vec2> c(kMaxPolygonCorners);
      int next = 0;
      for (std::size_t i = 0; i < f.size(); ++i) {
        const int n = f.world_corners(i, c);
        nlohmann::json cell = nlohmann::json::array();
        for (int q = 0; q < n; ++q) {
          fr["points"].push_back({c[static_cast<std::size_t>(q)].x(), c[static_cast<std::size_t>(q)].y(), 0.0});
          cell.push_back(next++);
        }
        fr["cells"].push_back(cell);
        fr["area"].push_back(f.shape(i).area());
        fr["speed"].push_back(v[i].norm());
        fr["corners"].push_back(n);
      }
      frames.push_back(fr);
      // The text: one polygon per body, as many points as corners, no non-finite number.
      const std::string text = slurp(dir / (stem + (format == PolygonVtkFormat::xml ? "_00000" : "_00000") +
                                            std::to_string(k) + (format == PolygonVtkFormat::xml ? ".vtp" : ".vtk")));
      CHECK(text.find("nan") == std::string::npos);
      CHECK(text.find("inf") == std::string::npos);
      if (format == PolygonVtkFormat::xml)
        CHECK(text.find("NumberOfPoints=\"" + std::to_string(next) + "\"") != std::string::npos);
      else
        CHECK(text.find("POINTS " + std::to_string(next) + " double") != std::string::npos);
    }
    CHECK(series.frames() == 3);
    expected[stem] = {{"collection", series.collection().filename().string()}, {"frames", frames}};
    // A frame with a NaN is refused (SolverError naming the body), no file is left for it, and the collection still
    // lists the three finished frames only.
    PolygonHopperSpec spec;
    spec.hopper.n = 10;
    const PolygonHopperScene h = make_polygon_hopper(spec);
    std::vector<Vec2> x = h.x;
    x[6].y() = std::numeric_limits<double>::quiet_NaN();
    const PolygonFrame bad{h.shapes, h.shape_of, x, h.theta, {}, {}};
    std::string what;
    try {
      series.write(1.0, bad);
    } catch (const SolverError& e) {
      what = e.what();
    }
    CHECK(what.find("body 6 is not finite") != std::string::npos);
    CHECK(what.find(stem + "_000003") != std::string::npos);
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string().find("_000003") == std::string::npos);
    const std::string coll = slurp(series.collection());
    CHECK(coll.find("_000002") != std::string::npos);
    CHECK(coll.find("_000003") == std::string::npos);
    std::string t_what;
    try {
      series.write(std::numeric_limits<double>::infinity(), h.frame());
    } catch (const SolverError& e) {
      t_what = e.what();
    }
    CHECK(t_what.find("non-finite time") != std::string::npos);
  }
  write_file_atomically(dir / "expected.json", expected.dump(1));
  if (!env) fs::remove_all(dir);
}
