// models/polygon/overlap.hpp — the overlap polygon of a convex polygon (body i) with a convex region (body j: another
// convex polygon, or a wall: a half-plane or the solid behind a segment), by convex clipping, with each edge of the
// result labelled by the body whose outline it lies on.
//
// Clipping (Sutherland-Hodgman): P = corners of i, clipped in turn by each half-plane {s : (d x (s - q)) >= 0} of j
// (q a point of the boundary line, d its direction, the region on the left of d). A convex polygon meets a line in
// at most two points, so each clip adds at most one corner: n + m corners at most (kMaxOverlapCorners), O(n m)
// work, nothing allocated. Labels: an edge of the running polygon keeps the owner of the edge it is a piece of; the
// edge that a clip creates (from where the outline leaves the half-plane to where it re-enters) lies on j's boundary
// line and is owned by j. Consecutive corners closer than 1e-12 of the bodies' size are merged (the later edge's
// label kept): a corner of one body exactly on the other's outline makes no zero-length edges.
//
// What the result O holds (corners o_k counter-clockwise, edge k from o_k to o_{k+1} owned by owner_k):
//   area      A = 1/2 sum_k o_k x o_{k+1}   (about o_0)
//   centroid  c = 1/(6 A) sum_k (o_k + o_{k+1}) (o_k x o_{k+1})  (the paper's force point)
//   intersection points of the outlines: the corners where the owner changes (where i's outline crosses j's).
//   chord sum T = sum over edges owned by i of (o_{k+1} - o_k): for each stretch of i's outline inside j, from the
//             point where it enters j to where it leaves, the chord between the two; with two intersection points s_1
//             (entry) and s_2 (exit) T = s_2 - s_1. In terms of the paper's "connecting lines between the centroid and
//             the intersection points": T = sum_p sigma_p (s_p - c), sigma_p = +1 where i's outline leaves j, -1 where
//             it enters (c cancels because the signs sum to zero). Its outward normal integral is
//             sum_{edges of i} |e| n_e = R(-90 deg) T = the gradient of A with respect to a translation of body i
//             (moving i by dx changes A by (R(-90) T) . dx), which is why the contact normal is built from it
//             (models/polygon/polygon_contact.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "models/polygon/convex_polygon.hpp"

namespace stickslip {

inline constexpr int kMaxOverlapCorners = 2 * kMaxPolygonCorners;

// The region {s : d x (s - q) >= 0}: left of the directed line through q along d (|d| arbitrary, > 0).
struct HalfPlane {
  Vec2 q, d;
};

// A wall for polygons: the solid on the left of the directed segment from a to b (a polygon's edges are traversed
// the same way: counter-clockwise around the solid), bounded by the lines through a and b perpendicular to the
// segment (its end caps) and `thickness` behind the surface. A half-plane is a wall with infinite length:
// half_plane_wall(point, normal) with `normal` pointing out of the solid into the domain (as PlaneWall's normal).
// Its half-planes: the surface, then the end caps and the back where finite (at most 4).
struct PolygonWall {
  Vec2 a = Vec2::Zero(), b = Vec2::UnitX();
  bool infinite = false;  // a half-plane: no end caps (a, b only give the surface line)
  double thickness = std::numeric_limits<double>::infinity();
  Vec2 tangent() const { return (b - a).normalized(); }
  Vec2 normal() const { return perp(tangent()) * -1.0; }  // out of the solid (right of a -> b)
};
PolygonWall half_plane_wall(const Vec2& point, const Vec2& normal);
PolygonWall segment_wall(const Vec2& a, const Vec2& b, double thickness = std::numeric_limits<double>::infinity());
// Throws InputError naming key unless a != b (finite) and thickness > 0.
void check_polygon_wall(const PolygonWall& w, const std::string& key);
// The wall's half-planes into out (at most 4); returns how many.
int wall_half_planes(const PolygonWall& w, std::array<HalfPlane, 4>& out);

enum Owner : std::uint8_t { owner_i = 0, owner_j = 1 };

struct OverlapPolygon {
  std::array<Vec2, kMaxOverlapCorners> corner;
  std::array<std::uint8_t, kMaxOverlapCorners> owner;  // owner of the edge corner[k] -> corner[k + 1]
  int size = 0;

  double area() const;             // A (m^2); 0 for fewer than 3 corners
  Vec2 centroid() const;           // c (m); needs area() > 0
  Vec2 chord_sum() const;          // T (m)
  // The intersection points of the outlines in counter-clockwise order into out (at most out.size()); returns how
  // many there are (which may exceed out.size()).
  int intersection_points(std::span<Vec2> out) const;
};

// O = (convex polygon P) ∩ (region of the half-planes). P counter-clockwise, at most kMaxPolygonCorners corners,
// at most kMaxPolygonCorners half-planes. merge_tol: corners closer than this are merged (m).
void clip_overlap(std::span<const Vec2> p, std::span<const HalfPlane> region, double merge_tol, OverlapPolygon& out);

// The overlap of two convex polygons (counter-clockwise corners, world frame), and of a polygon with a wall.
void polygon_overlap(std::span<const Vec2> p_i, std::span<const Vec2> p_j, OverlapPolygon& out);
void wall_overlap(std::span<const Vec2> p_i, const PolygonWall& w, OverlapPolygon& out);

}  // namespace stickslip
