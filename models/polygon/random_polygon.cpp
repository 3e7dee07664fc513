#include "models/polygon/random_polygon.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

namespace {
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }
}  // namespace

double RandomPolygonSpec::ellipse_eccentricity() const {
  return reading == EccentricityReading::axis_ratio ? std::sqrt(std::max(0.0, 1 - eccentricity * eccentricity)) : eccentricity;
}

void check_random_polygon_spec(const RandomPolygonSpec& s) {
  const std::string most = std::to_string(kMaxPolygonCorners);
  if (s.min_corners < 3 || s.min_corners > kMaxPolygonCorners)
    throw_input("min_corners", std::to_string(s.min_corners), "an integer in [3, " + most + "]");
  if (s.max_corners < s.min_corners || s.max_corners > kMaxPolygonCorners)
    throw_input("max_corners", std::to_string(s.max_corners),
                "an integer in [min_corners, " + most + "] = [" + std::to_string(s.min_corners) + ", " + most + "]");
  if (!(s.mean_radius > 0) || !std::isfinite(s.mean_radius))
    throw_input("mean_radius", format_value(s.mean_radius), "a finite length > 0 (m)");
  if (s.reading == EccentricityReading::axis_ratio) {
    if (!(s.eccentricity > 0 && s.eccentricity <= 1))
      throw_input("eccentricity", format_value(s.eccentricity), "an axis ratio b/a in (0, 1] (eccentricity_reading=axis-ratio)");
  } else if (!(s.eccentricity >= 0 && s.eccentricity < 1)) {
    throw_input("eccentricity", format_value(s.eccentricity), "a number in [0, 1)");
  }
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
  const Vec2 ab = ellipse_semi_axes(spec.mean_radius, spec.ellipse_eccentricity());
  std::array<double, kMaxPolygonCorners> t{};
  const auto count = static_cast<std::size_t>(n);
  if (spec.corners == CornerPlacement::stratified) {
    const double phi = 2 * M_PI * uniform01(rng), sector = 2 * M_PI / n;
    for (int k = 0; k < n; ++k) t[static_cast<std::size_t>(k)] = phi + sector * (k + 0.5 + jitter * (uniform01(rng) - 0.5));
  } else {
    while (true) {  // n uniform angles, sorted; drawn again while two coincide to 1e-9 (see the header)
      for (std::size_t k = 0; k < count; ++k) t[k] = 2 * M_PI * uniform01(rng);
      std::sort(t.begin(), t.begin() + static_cast<long>(count));
      double gap = t[0] + 2 * M_PI - t[count - 1];
      for (std::size_t k = 1; k < count; ++k) gap = std::min(gap, t[k] - t[k - 1]);
      if (gap > 1e-9) break;
    }
  }
  std::array<Vec2, kMaxPolygonCorners> corners;
  for (std::size_t k = 0; k < count; ++k) corners[k] = Vec2(ab.x() * std::cos(t[k]), ab.y() * std::sin(t[k]));
  return ConvexPolygon(std::span<const Vec2>(corners.data(), count), "random polygon");
}

double principal_aspect_ratio(const ConvexPolygon& p) {
  // second moments of the area about the centroid (the body frame's origin), Green's theorem on the outline
  const auto c = p.corners();
  double ixx = 0, iyy = 0, ixy = 0;  // integral of x^2, y^2, x y over the area
  for (std::size_t k = 0; k < c.size(); ++k) {
    const Vec2& a = c[k];
    const Vec2& b = c[(k + 1) % c.size()];
    const double w = cross2(a, b);
    ixx += w * (a.x() * a.x() + a.x() * b.x() + b.x() * b.x());
    iyy += w * (a.y() * a.y() + a.y() * b.y() + b.y() * b.y());
    ixy += w * (a.x() * b.y() + 2 * a.x() * a.y() + 2 * b.x() * b.y() + b.x() * a.y());
  }
  ixx /= 12, iyy /= 12, ixy /= 24;
  const double mean = 0.5 * (ixx + iyy), dev = std::hypot(0.5 * (ixx - iyy), ixy);
  return std::sqrt((mean + dev) / (mean - dev));
}

ShapeStatistics shape_statistics(std::span<const ConvexPolygon> shapes) {
  ShapeStatistics s;
  s.count = shapes.size();
  if (shapes.empty()) return s;
  const auto moments = [&](auto value, double& mean, double& sd) {
    double sum = 0, sum2 = 0;
    for (const ConvexPolygon& p : shapes) {
      const double v = value(p);
      sum += v, sum2 += v * v;
    }
    const double n = static_cast<double>(shapes.size());
    mean = sum / n;
    sd = std::sqrt(std::max(0.0, sum2 / n - mean * mean));
  };
  moments([](const ConvexPolygon& p) { return principal_aspect_ratio(p); }, s.aspect_mean, s.aspect_sd);
  moments([](const ConvexPolygon& p) { return static_cast<double>(p.size()); }, s.corners_mean, s.corners_sd);
  moments([](const ConvexPolygon& p) { return p.area(); }, s.area_mean, s.area_sd);
  return s;
}

}  // namespace stickslip
