#include "models/polygon/overlap.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

PolygonWall half_plane_wall(const Vec2& point, const Vec2& normal) {
  PolygonWall w;
  const Vec2 t = perp(normal);  // then perp(t) = -normal: the solid (left of t) is behind the surface
  w.a = point;
  w.b = point + t;
  w.infinite = true;
  return w;
}

PolygonWall segment_wall(const Vec2& a, const Vec2& b, double thickness) {
  PolygonWall w;
  w.a = a;
  w.b = b;
  w.thickness = thickness;
  return w;
}

void check_polygon_wall(const PolygonWall& w, const std::string& key) {
  std::string value = "(";  // appended piece by piece: GCC 12's -Wrestrict false positive on "lit" + std::string
  value += format_value(w.a.x());
  value += ",";
  value += format_value(w.a.y());
  value += ") -> (";
  value += format_value(w.b.x());
  value += ",";
  value += format_value(w.b.y());
  value += ")";
  if (!w.a.allFinite() || !w.b.allFinite() || w.a == w.b)
    throw_input(key, value, "two distinct finite points (the solid on the left of the first towards the second)");
  if (!(w.thickness > 0)) throw_input(key + ".thickness", format_value(w.thickness), "a thickness > 0 (m)");
}

int wall_half_planes(const PolygonWall& w, std::array<HalfPlane, 4>& out) {
  const Vec2 t = w.tangent(), inward = perp(t);  // inward: into the solid
  int k = 0;
  out[k++] = {w.a, t};                             // the surface: the solid on the left of a -> b
  if (!w.infinite) {
    out[k++] = {w.b, inward};                      // (s - a) . t <= |b - a|
    out[k++] = {w.a, -inward};                     // (s - a) . t >= 0
  }
  if (std::isfinite(w.thickness)) out[k++] = {w.a + w.thickness * inward, -t};  // depth <= thickness
  return k;
}

namespace {

struct AreaCentroid {
  double area;
  Vec2 centroid;
};

AreaCentroid area_centroid(const OverlapPolygon& o) {
  if (o.size < 3) return {0, o.size > 0 ? o.corner[0] : Vec2::Zero()};
  const Vec2 base = o.corner[0];
  double a2 = 0;
  Vec2 s = Vec2::Zero();
  for (int k = 1; k + 1 < o.size; ++k) {
    const Vec2 p = o.corner[k] - base, q = o.corner[k + 1] - base;
    const double c = cross2(p, q);
    a2 += c;
    s += c * (p + q);
  }
  return {0.5 * a2, a2 != 0 ? Vec2(base + s / (3 * a2)) : base};
}

// One Sutherland-Hodgman pass of `in` against h into `out` (see the header for the labels). Returns false, and
// writes nothing, when every corner of `in` is inside (most of j's half-planes do not cut i: no copy then).
bool clip_once(const OverlapPolygon& in, const HalfPlane& h, double tol2, OverlapPolygon& out) {
  const int n = in.size;
  std::array<double, kMaxOverlapCorners> d;
  bool cut = false;
  for (int k = 0; k < n; ++k) {
    d[k] = cross2(h.d, in.corner[k] - h.q);
    cut |= d[k] < 0;
  }
  if (!cut) return false;
  out.size = 0;
  auto push = [&](const Vec2& p, std::uint8_t owner) {
    if (out.size > 0 && (p - out.corner[out.size - 1]).squaredNorm() <= tol2) {
      out.owner[out.size - 1] = owner;  // a zero-length edge: the corner keeps its place, its edge the new label
      return;
    }
    if (out.size == kMaxOverlapCorners) return;  // not reached: a convex polygon meets a line in two points at most
    out.corner[out.size] = p;
    out.owner[out.size] = owner;
    ++out.size;
  };
  for (int k = 0; k < n; ++k) {
    const int k1 = k + 1 < n ? k + 1 : 0;
    const Vec2& a = in.corner[k];
    const Vec2& b = in.corner[k1];
    const double da = d[k], db = d[k1];
    if (da >= 0) {
      push(a, in.owner[k]);
      if (db < 0) push(a + (da / (da - db)) * (b - a), owner_j);  // leaves: the new edge runs along j's line
    } else if (db >= 0) {
      push(a + (da / (da - db)) * (b - a), in.owner[k]);  // enters: the rest of the edge is still in's
    }
  }
  if (out.size > 1 && (out.corner[out.size - 1] - out.corner[0]).squaredNorm() <= tol2) --out.size;
  if (out.size < 3) out.size = 0;
  return true;
}

double size_of(std::span<const Vec2> p) {
  double r2 = 0;
  for (const Vec2& v : p) r2 = std::max(r2, (v - p[0]).squaredNorm());
  return std::sqrt(r2);
}

}  // namespace

double OverlapPolygon::area() const { return area_centroid(*this).area; }
Vec2 OverlapPolygon::centroid() const { return area_centroid(*this).centroid; }

Vec2 OverlapPolygon::chord_sum() const {
  Vec2 t = Vec2::Zero();
  for (int k = 0; k < size; ++k)
    if (owner[k] == owner_i) t += corner[k + 1 < size ? k + 1 : 0] - corner[k];
  return t;
}

int OverlapPolygon::intersection_points(std::span<Vec2> out) const {
  int count = 0;
  for (int k = 0; k < size; ++k)
    if (owner[k] != owner[k > 0 ? k - 1 : size - 1]) {
      if (static_cast<std::size_t>(count) < out.size()) out[static_cast<std::size_t>(count)] = corner[k];
      ++count;
    }
  return count;
}

void clip_overlap(std::span<const Vec2> p, std::span<const HalfPlane> region, double merge_tol, OverlapPolygon& out) {
  OverlapPolygon tmp;
  OverlapPolygon* cur = &out;
  OverlapPolygon* next = &tmp;
  cur->size = static_cast<int>(std::min<std::size_t>(p.size(), kMaxPolygonCorners));
  for (int k = 0; k < cur->size; ++k) {
    cur->corner[k] = p[static_cast<std::size_t>(k)];
    cur->owner[k] = owner_i;
  }
  const double tol2 = merge_tol * merge_tol;
  for (const HalfPlane& h : region) {
    if (!clip_once(*cur, h, tol2, *next)) continue;
    std::swap(cur, next);
    if (cur->size == 0) break;
  }
  if (cur != &out) {
    out.size = cur->size;
    std::copy_n(cur->corner.begin(), cur->size, out.corner.begin());
    std::copy_n(cur->owner.begin(), cur->size, out.owner.begin());
  }
}

void polygon_overlap(std::span<const Vec2> p_i, std::span<const Vec2> p_j, OverlapPolygon& out) {
  std::array<HalfPlane, kMaxPolygonCorners> h;
  const std::size_t m = std::min<std::size_t>(p_j.size(), kMaxPolygonCorners);
  for (std::size_t k = 0; k < m; ++k) h[k] = {p_j[k], p_j[k + 1 < m ? k + 1 : 0] - p_j[k]};
  const double tol = 1e-12 * std::max(size_of(p_i), size_of(p_j));
  clip_overlap(p_i, std::span<const HalfPlane>(h.data(), m), tol, out);
}

void wall_overlap(std::span<const Vec2> p_i, const PolygonWall& w, OverlapPolygon& out) {
  std::array<HalfPlane, 4> h;
  const int k = wall_half_planes(w, h);
  clip_overlap(p_i, std::span<const HalfPlane>(h.data(), static_cast<std::size_t>(k)), 1e-12 * size_of(p_i), out);
}

}  // namespace stickslip
