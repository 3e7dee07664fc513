// models/polygon/polygon_repose.cpp — see polygon_repose.hpp.
#include "models/polygon/polygon_repose.hpp"

namespace stickslip {

std::vector<SurfacePoint> polygon_surface_points(const PolygonFrame& f) {
  std::vector<SurfacePoint> points;
  std::vector<Vec2> c(kMaxPolygonCorners);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const int n = f.world_corners(i, c);
    for (int k = 0; k < n; ++k) points.push_back({c[static_cast<std::size_t>(k)].x(), c[static_cast<std::size_t>(k)].y(), i});
  }
  return points;
}

ReposeFit fit_polygon_repose_angle(const PolygonFrame& f, double x_lo, double x_hi, double bin, double min_height,
                                   double lo_frac, double hi_frac) {
  return fit_repose_profile(surface_profile(polygon_surface_points(f), x_lo, x_hi, bin), min_height, lo_frac, hi_frac);
}

}  // namespace stickslip
