#include "models/polygon/convex_polygon.hpp"

#include <cmath>
#include <cstdio>

#include "core/errors.hpp"

namespace stickslip {

PolygonMass polygon_mass(std::span<const Vec2> corners) {
  const std::size_t n = corners.size();
  PolygonMass m;
  if (n < 3) return m;
  const Vec2 o = corners[0];
  double a2 = 0, j12 = 0;
  Vec2 s = Vec2::Zero();
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 p = corners[k] - o, q = corners[(k + 1) % n] - o;
    const double c = cross2(p, q);
    a2 += c;
    s += c * (p + q);
    j12 += c * (p.squaredNorm() + p.dot(q) + q.squaredNorm());
  }
  m.area = 0.5 * a2;
  if (m.area == 0) return m;
  const Vec2 xc = s / (3.0 * a2);  // 1/(6A) sum (p + q) c, about o
  m.centroid = o + xc;
  m.polar_moment = j12 / 12.0 - m.area * xc.squaredNorm();
  return m;
}

std::string format_corners(std::span<const Vec2> corners) {
  std::string s;
  const std::size_t shown = std::min<std::size_t>(corners.size(), 12);
  for (std::size_t k = 0; k < shown; ++k)
    s += (k ? " (" : "(") + format_value(corners[k].x()) + "," + format_value(corners[k].y()) + ")";
  if (corners.size() > shown) s += " ... (" + std::to_string(corners.size()) + " corners)";
  if (corners.empty()) s = "(none)";
  return s;
}

void check_convex_polygon(std::span<const Vec2> corners, const std::string& key) {
  const std::size_t n = corners.size();
  const std::string allowed = "a convex polygon: 3 to " + std::to_string(kMaxPolygonCorners) +
                              " distinct corners, counter-clockwise, every corner turning left, not self-intersecting";
  auto refuse = [&](const std::string& why) { throw_input(key, format_corners(corners), allowed + " (" + why + ")"); };
  if (n < 3) refuse(std::to_string(n) + " corners");
  if (n > static_cast<std::size_t>(kMaxPolygonCorners)) refuse(std::to_string(n) + " corners");
  for (std::size_t k = 0; k < n; ++k)
    if (!std::isfinite(corners[k].x()) || !std::isfinite(corners[k].y()))
      refuse("corner " + std::to_string(k) + " is not finite");
  for (std::size_t k = 0; k < n; ++k)
    if (corners[k] == corners[(k + 1) % n])
      refuse("corners " + std::to_string(k) + " and " + std::to_string((k + 1) % n) + " coincide");
  int left = 0, right = 0;
  std::size_t first_bad = n;
  double turning = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 e0 = corners[(k + 1) % n] - corners[k], e1 = corners[(k + 2) % n] - corners[(k + 1) % n];
    const double c = cross2(e0, e1), scale = e0.norm() * e1.norm();
    if (c > 1e-12 * scale) {
      ++left;
    } else {
      if (c < -1e-12 * scale) ++right;
      if (first_bad == n) first_bad = (k + 1) % n;
    }
    turning += std::atan2(c, e0.dot(e1));
  }
  if (right == static_cast<int>(n)) refuse("the corners are clockwise");
  if (first_bad != n) {
    const Vec2 e0 = corners[first_bad] - corners[(first_bad + n - 1) % n];
    const Vec2 e1 = corners[(first_bad + 1) % n] - corners[first_bad];
    refuse("corner " + std::to_string(first_bad) +
           (cross2(e0, e1) < 0 ? " turns right: not convex" : " is collinear with its neighbours"));
  }
  const double windings = turning / (2 * M_PI);
  if (std::abs(windings - 1.0) > 1e-6)
    refuse("the outline winds " + format_value(std::round(windings)) + " times: self-intersecting");
}

ConvexPolygon::ConvexPolygon(std::span<const Vec2> corners, const std::string& key) {
  check_convex_polygon(corners, key);
  const PolygonMass m = polygon_mass(corners);
  area_ = m.area;
  polar_moment_ = m.polar_moment;
  corners_.reserve(corners.size());
  for (const Vec2& p : corners) {
    corners_.push_back(p - m.centroid);
    bounding_radius_ = std::max(bounding_radius_, corners_.back().norm());
  }
}

double ConvexPolygon::equal_area_radius() const { return std::sqrt(area_ / M_PI); }

void ConvexPolygon::place(const Vec2& x, double theta, std::span<Vec2> out) const {
  const double c = std::cos(theta), s = std::sin(theta);
  for (std::size_t k = 0; k < corners_.size(); ++k) out[k] = x + rotate(corners_[k], c, s);
}

std::vector<Vec2> regular_polygon_corners(int n, double r, double phase) {
  std::vector<Vec2> v;
  v.reserve(static_cast<std::size_t>(std::max(n, 0)));
  for (int k = 0; k < n; ++k) {
    const double a = phase + 2 * M_PI * k / n;
    v.emplace_back(r * std::cos(a), r * std::sin(a));
  }
  return v;
}

}  // namespace stickslip
