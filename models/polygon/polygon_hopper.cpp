// models/polygon/polygon_hopper.cpp — see polygon_hopper.hpp.
#include "models/polygon/polygon_hopper.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "core/errors.hpp"

namespace stickslip {

namespace {
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
}  // namespace

std::vector<PolygonWall> polygon_hopper_walls(const HopperHeapSpec& spec, double bin_top, double thickness) {
  // A PolygonWall's solid is on the left of a -> b: the segments of hopper_wall_segments are reversed where their
  // left side is the inside of the scene (right side wall, left incline, right bin wall).
  const auto seg = hopper_wall_segments(spec, bin_top);
  constexpr bool reverse[6] = {false, true, true, false, false, true};
  std::vector<PolygonWall> walls{half_plane_wall(Vec2::Zero(), Vec2::UnitY())};
  for (std::size_t k = 0; k < seg.size(); ++k)
    walls.push_back(reverse[k] ? segment_wall(seg[k][1], seg[k][0], thickness) : segment_wall(seg[k][0], seg[k][1], thickness));
  return walls;
}

PolygonHopperScene make_polygon_hopper(const PolygonHopperSpec& spec) {
  const HopperHeapSpec& h = spec.hopper;
  check_random_polygon_spec(spec.shape);
  if (h.n < 1) throw_input("n", std::to_string(h.n), "an integer >= 1");
  if (!(h.density > 0) || !std::isfinite(h.density)) throw_input("rho", format_value(h.density), "a finite density > 0 (kg/m^3)");
  PolygonHopperScene scene;
  const std::size_t n = static_cast<std::size_t>(h.n);
  std::mt19937_64 rng(h.seed);
  scene.shapes.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    scene.shapes.push_back(random_polygon(spec.shape, rng));
    scene.max_bounding_radius = std::max(scene.max_bounding_radius, scene.shapes.back().bounding_radius());
  }
  const double r_max = scene.max_bounding_radius, gap = 0.1 * spec.shape.mean_radius;
  const double pitch = 2 * r_max + gap, clearance = r_max + gap;
  check_hopper_fits(h, 2 * r_max, pitch, "polygon's bounding circle");
  scene.shape_of.resize(n);
  scene.x.reserve(n);
  scene.theta.reserve(n);
  std::vector<Vec2> corners(kMaxPolygonCorners);
  scene.fill_top = -std::numeric_limits<double>::infinity();
  for_each_hopper_site(h, pitch, clearance, h.n, [&](double x0, double y0) {
    const std::size_t i = scene.x.size();
    const ConvexPolygon& s = scene.shapes[i];
    const double a = 0.9 * (0.5 * pitch - s.bounding_radius()) * std::sqrt(uniform01(rng)), phi = 2 * M_PI * uniform01(rng);
    const double theta = 2 * M_PI * uniform01(rng);
    scene.shape_of[i] = static_cast<int>(i);
    scene.x.emplace_back(x0 + a * std::cos(phi), y0 + a * std::sin(phi));
    scene.theta.push_back(theta);
    s.place(scene.x.back(), theta, corners);
    for (int k = 0; k < s.size(); ++k) scene.fill_top = std::max(scene.fill_top, corners[static_cast<std::size_t>(k)].y());
  });
  scene.wall_thickness = 4 * r_max;
  scene.walls = polygon_hopper_walls(h, std::max(scene.fill_top, h.hopper_top_of_v()) + pitch, scene.wall_thickness);
  return scene;
}

}  // namespace stickslip
