// tests/models/polygon/brute_force.hpp — references for the polygon tests, written independently of
// models/polygon/overlap.cpp (no clipping, no edge labels):
//   hull_overlap     the intersection of two convex polygons as the convex hull of its candidate corners: the corners
//                    of each polygon inside the other and every crossing of an edge of one with an edge of the other
//                    (the intersection of two convex sets is convex, and these are all its possible corners);
//                    area and centroid by the shoelace sums of the hull (Andrew's monotone chain).
//   edge_crossings   every crossing point of an edge of P with an edge of Q (brute force over all n m pairs).
//   raster_overlap   area and centroid of P ∩ Q by counting cell centres of a grid of spacing h inside both. Every
//                    miscounted piece lies within h sqrt(2) (a cell diagonal) of the boundary of P ∩ Q, so
//                    |A_h - A| <= 2 sqrt(2) h L + 2 pi h^2 (L the perimeter of P ∩ Q: the band of that half-width
//                    around a convex curve), and the centroid moves by at most that area times the diameter over A.
//   fan_mass         area, centroid and polar moment by a fan of triangles from the mean of the corners, each with
//                    its own closed form: area 1/2 |u x v|, centroid the mean of its corners, polar moment about its
//                    centroid A (a^2 + b^2 + c^2)/36 (a, b, c the side lengths), summed with the parallel-axis theorem.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "models/polygon/convex_polygon.hpp"

namespace stickslip::test {

inline bool inside_convex(std::span<const Vec2> p, const Vec2& s) {
  for (std::size_t k = 0; k < p.size(); ++k)
    if (cross2(p[(k + 1) % p.size()] - p[k], s - p[k]) < 0) return false;
  return true;
}

inline std::vector<Vec2> edge_crossings(std::span<const Vec2> p, std::span<const Vec2> q) {
  std::vector<Vec2> out;
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = 0; b < q.size(); ++b) {
      const Vec2 p0 = p[a], r = p[(a + 1) % p.size()] - p0, q0 = q[b], s = q[(b + 1) % q.size()] - q0;
      const double den = cross2(r, s);
      if (den == 0) continue;
      const double t = cross2(q0 - p0, s) / den, u = cross2(q0 - p0, r) / den;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1) out.push_back(p0 + t * r);
    }
  return out;
}

struct AreaCentroidRef {
  double area = 0;
  Vec2 centroid = Vec2::Zero();
  std::vector<Vec2> hull;
};

inline AreaCentroidRef shoelace(const std::vector<Vec2>& h) {
  AreaCentroidRef r;
  r.hull = h;
  if (h.size() < 3) return r;
  double a2 = 0;
  Vec2 s = Vec2::Zero();
  const Vec2 o = h[0];
  for (std::size_t k = 0; k < h.size(); ++k) {
    const Vec2 p = h[k] - o, q = h[(k + 1) % h.size()] - o;
    a2 += cross2(p, q);
    s += cross2(p, q) * (p + q);
  }
  r.area = a2 / 2;
  if (a2 != 0) r.centroid = o + s / (3 * a2);
  return r;
}

inline std::vector<Vec2> convex_hull(std::vector<Vec2> pts) {
  std::sort(pts.begin(), pts.end(), [](const Vec2& a, const Vec2& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
  if (pts.size() < 3) return pts;
  std::vector<Vec2> h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross2(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross2(h[k - 1] - h[k - 2], pts[i] - h[k - 2]) <= 0) --k;
    h[k++] = pts[i];
  }
  h.resize(k - 1);
  return h;
}

inline AreaCentroidRef hull_overlap(std::span<const Vec2> p, std::span<const Vec2> q) {
  std::vector<Vec2> cand = edge_crossings(p, q);
  for (const Vec2& v : p)
    if (inside_convex(q, v)) cand.push_back(v);
  for (const Vec2& v : q)
    if (inside_convex(p, v)) cand.push_back(v);
  return shoelace(convex_hull(cand));
}

struct RasterRef {
  double area = 0, bound = 0;  // estimate and the bound on |estimate - exact| of the header
  Vec2 centroid = Vec2::Zero();
};

inline RasterRef raster_overlap(std::span<const Vec2> p, std::span<const Vec2> q, int cells) {
  Vec2 lo = p[0], hi = p[0];
  for (const Vec2& v : p) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  const double h = (hi - lo).maxCoeff() / cells;
  RasterRef r;
  Vec2 s = Vec2::Zero();
  long count = 0;
  for (int a = 0; a < cells; ++a)
    for (int b = 0; b < cells; ++b) {
      const Vec2 c = lo + h * Vec2(a + 0.5, b + 0.5);
      if (inside_convex(p, c) && inside_convex(q, c)) {
        ++count;
        s += c;
      }
    }
  r.area = static_cast<double>(count) * h * h;
  if (count) r.centroid = s / static_cast<double>(count);
  const AreaCentroidRef exact_hull = hull_overlap(p, q);  // only for the perimeter in the bound
  double perim = 0;
  for (std::size_t k = 0; k < exact_hull.hull.size(); ++k)
    perim += (exact_hull.hull[(k + 1) % exact_hull.hull.size()] - exact_hull.hull[k]).norm();
  r.bound = 2 * std::sqrt(2.0) * h * perim + 2 * M_PI * h * h;
  return r;
}

struct FanMass {
  double area = 0, polar_moment = 0;
  Vec2 centroid = Vec2::Zero();
};

inline FanMass fan_mass(std::span<const Vec2> p) {
  Vec2 m = Vec2::Zero();
  for (const Vec2& v : p) m += v;
  m /= static_cast<double>(p.size());
  FanMass f;
  struct Tri {
    double a;
    Vec2 c;
    double j;
  };
  std::vector<Tri> tris;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const Vec2 u = p[k], v = p[(k + 1) % p.size()];
    const double a = 0.5 * std::abs(cross2(u - m, v - m));
    const double s2 = (u - m).squaredNorm() + (v - m).squaredNorm() + (v - u).squaredNorm();
    tris.push_back({a, (m + u + v) / 3.0, a * s2 / 36.0});
    f.area += a;
    f.centroid += a * tris.back().c;
  }
  f.centroid /= f.area;
  for (const Tri& t : tris) f.polar_moment += t.j + t.a * (t.c - f.centroid).squaredNorm();
  return f;
}

}  // namespace stickslip::test
