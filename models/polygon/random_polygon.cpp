#include "models/polygon/random_polygon.hpp"

#include <array>
#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

namespace {
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
}  // namespace

void check_random_polygon_spec(const RandomPolygonSpec& s) {
  const std::string most = std::to_string(kMaxPolygonCorners);
  if (s.min_corners < 3 || s.min_corners > kMaxPolygonCorners)
    throw_input("min_corners", std::to_string(s.min_corners), "an integer in [3, " + most + "]");
  if (s.max_corners < s.min_corners || s.max_corners > kMaxPolygonCorners)
    throw_input("max_corners", std::to_string(s.max_corners),
                "an integer in [min_corners, " + most + "] = [" + std::to_string(s.min_corners) + ", " + most + "]");
  if (!(s.mean_radius > 0) || !std::isfinite(s.mean_radius))
    throw_input("mean_radius", format_value(s.mean_radius), "a finite length > 0 (m)");
  if (!(s.eccentricity >= 0 && s.eccentricity < 1))
    throw_input("eccentricity", format_value(s.eccentricity), "a number in [0, 1)");
}

Vec2 ellipse_semi_axes(double mean_radius, double eccentricity) {
  const double q = std::sqrt(std::sqrt(1 - eccentricity * eccentricity));  // (1 - e^2)^(1/4) = sqrt(b/a)
  return Vec2(mean_radius / q, mean_radius * q);
}

ConvexPolygon random_polygon(const RandomPolygonSpec& spec, std::mt19937_64& rng) {
  check_random_polygon_spec(spec);
  constexpr double jitter = 0.8;
  const int span = spec.max_corners - spec.min_corners + 1;
  const int n = spec.min_corners + std::min(span - 1, static_cast<int>(uniform01(rng) * span));
  const Vec2 ab = ellipse_semi_axes(spec.mean_radius, spec.eccentricity);
  const double phi = 2 * M_PI * uniform01(rng), sector = 2 * M_PI / n;
  std::array<Vec2, kMaxPolygonCorners> corners;
  for (int k = 0; k < n; ++k) {
    const double t = phi + sector * (k + 0.5 + jitter * (uniform01(rng) - 0.5));
    corners[static_cast<std::size_t>(k)] = Vec2(ab.x() * std::cos(t), ab.y() * std::sin(t));
  }
  return ConvexPolygon(std::span<const Vec2>(corners.data(), static_cast<std::size_t>(n)), "random polygon");
}

}  // namespace stickslip
