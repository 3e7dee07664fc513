#include "models/polygon/polygon_contact.hpp"

#include <cmath>

namespace stickslip {

PolygonContact contact_from_overlap(const OverlapPolygon& o, const RigidMotion& i, const RigidMotion& j, double l,
                                    const Vec2& fallback_normal) {
  PolygonContact c;
  if (o.size < 3) return c;
  // Area and centroid (about o_0), the chord sum T and the extent, in one pass.
  const Vec2 base = o.corner[0];
  double a2 = 0, extent2 = 0;
  Vec2 s = Vec2::Zero(), t = Vec2::Zero();
  int crossings = 0, edges_i = 0, edges_j = 0, first_i = 0, first_j = 0;
  for (int k = 0; k < o.size; ++k) {
    const int k1 = k + 1 < o.size ? k + 1 : 0;
    const Vec2 p = o.corner[k] - base, q = o.corner[k1] - base;
    const double cr = cross2(p, q);
    a2 += cr;
    s += cr * (p + q);
    if (o.owner[k] == owner_i) {
      t += q - p;
      if (edges_i++ == 0) first_i = k;
    } else if (edges_j++ == 0) {
      first_j = k;
    }
    if (o.owner[k] != o.owner[k > 0 ? k - 1 : o.size - 1]) ++crossings;
    extent2 = std::max(extent2, o.corner[k].squaredNorm());
  }
  if (!(a2 > 0)) return c;
  c.touching = true;
  c.area = 0.5 * a2;
  c.point = base + s / (3 * a2);
  c.intersections = crossings;
  c.l = l;
  const double tn = t.norm();
  if (tn > 1e-12 * std::sqrt(extent2)) {
    c.chord = tn;
    c.n = Vec2(t.y(), -t.x()) / tn;
  } else {
    const double fn = fallback_normal.norm();
    c.n = fn > 0 ? Vec2(fallback_normal / fn) : Vec2(Vec2::UnitX());
    c.normal_from_centroids = true;
  }
  // One side of O a single straight edge (two crossings): the closed-form elastic energy's depth of c below it.
  if (crossings == 2 && !c.normal_from_centroids && (edges_j == 1 || edges_i == 1)) {
    c.flat_side = true;
    c.flat_depth = edges_j == 1 ? c.n.dot(c.point - o.corner[first_j]) : -c.n.dot(c.point - o.corner[first_i]);
  }
  c.arm_i = c.point - i.x;
  c.arm_j = c.point - j.x;
  c.v_rel = i.velocity_at(c.point) - j.velocity_at(c.point);
  c.approach_rate = c.v_rel.dot(c.n);
  c.vt = c.v_rel - c.approach_rate * c.n;
  // dA/dt = sum over i's edges of N_e . (u_i - u_j)(m_e); u_i - u_j is affine: w(s) = w(c) + (omega_i - omega_j) perp(s - c).
  const double dw = i.omega - j.omega;
  double rate = 0;
  for (int k = 0; k < o.size; ++k) {
    if (o.owner[k] != owner_i) continue;
    const Vec2& a = o.corner[k];
    const Vec2& b = o.corner[k + 1 < o.size ? k + 1 : 0];
    const Vec2 w = c.v_rel + dw * perp(0.5 * (a + b) - c.point);
    rate += (b.y() - a.y()) * w.x() - (b.x() - a.x()) * w.y();
  }
  c.area_rate = rate;
  return c;
}

PolygonContact polygon_contact(std::span<const Vec2> corners_i, const RigidMotion& i,
                               std::span<const Vec2> corners_j, const RigidMotion& j, double l,
                               OverlapPolygon& scratch) {
  polygon_overlap(corners_i, corners_j, scratch);
  return contact_from_overlap(scratch, i, j, l, j.x - i.x);
}

PolygonContact polygon_contact(std::span<const Vec2> corners_i, const RigidMotion& i,
                               std::span<const Vec2> corners_j, const RigidMotion& j, double l) {
  OverlapPolygon o;
  return polygon_contact(corners_i, i, corners_j, j, l, o);
}

PolygonContact wall_contact(std::span<const Vec2> corners_i, const RigidMotion& i, const PolygonWall& w,
                            const RigidMotion& wall, double l, OverlapPolygon& scratch) {
  wall_overlap(corners_i, w, scratch);
  return contact_from_overlap(scratch, i, wall, l, -w.normal());
}

PolygonContact wall_contact(std::span<const Vec2> corners_i, const RigidMotion& i, const PolygonWall& w,
                            const RigidMotion& wall, double l) {
  OverlapPolygon o;
  return wall_contact(corners_i, i, w, wall, l, o);
}

}  // namespace stickslip
