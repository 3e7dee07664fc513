// models/particles/boundaries.hpp — what the particles move in: rigid walls, a periodic box, gravity.
//
//   PlaneWall   {point p, unit normal n into the domain}: gap of sphere i  d = (x_i - p) . n - r_i,
//               contact normal (from i towards the wall) -n, contact point x_i - r_i n.
//   SegmentWall {ends a, b} (2-D containers; in 3-D a capsule of radius 0): c = closest point of [a, b] to x_i,
//               gap |x_i - c| - r_i, contact normal (c - x_i)/|c - x_i|.
//   PeriodicBox lo, hi and a flag per axis: the minimal image of a separation d is d - L round(d/L) on periodic
//               axes. Positions are folded into the box at every neighbor rebuild and move less than skin/2
//               between rebuilds, so |d| < 1.5 L and one shift suffices: d -= L [(d > L/2) - (d < -L/2)], branch-free,
//               with L/2 = infinity on open axes (no call to round(), which is a libm call without SSE4.1).
// Walls are fixed (zero velocity), so they do no work; gravity g acts on every body with inv_mass > 0.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "models/rodrigues.hpp"

namespace stickslip {

struct PlaneWall {
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  // unit, pointing into the domain
};

struct SegmentWall {
  Vec3 a = Vec3::Zero(), b = Vec3::UnitX();
};

struct PeriodicBox {
  Vec3 lo = Vec3::Zero(), hi = Vec3::Ones();
  std::array<bool, 3> periodic{false, false, false};

  double length(int a) const { return hi[a] - lo[a]; }
  Vec3 lengths() const { return hi - lo; }
  // Half lengths, infinity on open axes.
  Vec3 half_length() const {
    Vec3 r;
    for (int a = 0; a < 3; ++a) r[a] = periodic[a] ? 0.5 * length(a) : std::numeric_limits<double>::infinity();
    return r;
  }
  // Minimal image of a separation with |d| < 1.5 L on periodic axes, given lengths() and half_length().
  static Vec3 minimal_image(Vec3 d, const Vec3& len, const Vec3& half) {
    for (int a = 0; a < 3; ++a) d[a] -= len[a] * (static_cast<double>(d[a] > half[a]) - static_cast<double>(d[a] < -half[a]));
    return d;
  }
  // Minimal image of any separation (brute-force checks).
  Vec3 minimal_image_any(Vec3 d) const {
    for (int a = 0; a < 3; ++a)
      if (periodic[a]) d[a] -= length(a) * std::nearbyint(d[a] / length(a));
    return d;
  }
  // A position folded into [lo, hi) on periodic axes.
  Vec3 wrap(Vec3 p) const {
    for (int a = 0; a < 3; ++a)
      if (periodic[a]) p[a] -= length(a) * std::floor((p[a] - lo[a]) / length(a));
    return p;
  }
  bool any() const { return periodic[0] || periodic[1] || periodic[2]; }
};

// Gap geometry of a sphere against a wall: normal n from the sphere's centre towards the wall, distance from the
// centre to the wall surface.
struct WallGeometry {
  Vec3 n;
  double distance;
};

inline WallGeometry wall_geometry(const PlaneWall& w, const Vec3& x) {
  return {-w.normal, (x - w.point).dot(w.normal)};
}

// From x to the closest point of the segment.
inline Vec3 segment_offset(const SegmentWall& w, const Vec3& x) {
  const Vec3 ab = w.b - w.a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((x - w.a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return w.a + t * ab - x;
}

inline WallGeometry wall_geometry(const SegmentWall& w, const Vec3& x) {
  const Vec3 d = segment_offset(w, x);
  const double dist = d.norm();
  return {dist > 0 ? Vec3(d / dist) : Vec3(Vec3::UnitX()), dist};
}

struct Boundaries {
  std::vector<PlaneWall> planes;
  std::vector<SegmentWall> segments;
  PeriodicBox box;
  Vec3 gravity = Vec3::Zero();
  std::size_t num_walls() const { return planes.size() + segments.size(); }
  // Wall w: planes first, then segments.
  WallGeometry wall(std::size_t w, const Vec3& x) const {
    return w < planes.size() ? wall_geometry(planes[w], x) : wall_geometry(segments[w - planes.size()], x);
  }
  // Whether x lies closer than `reach` to wall w (distance < reach; the neighbor list's candidate test), without the
  // normal's square root and division.
  bool near_wall(std::size_t w, const Vec3& x, double reach) const {
    if (w < planes.size()) return wall_geometry(planes[w], x).distance < reach;
    return segment_offset(segments[w - planes.size()], x).squaredNorm() < reach * reach;
  }
};

}  // namespace stickslip
