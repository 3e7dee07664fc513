// models/polygon/convex_polygon.hpp — a rigid convex polygon body in 2-D (per metre of depth): its corners, their
// validation, the mass properties from the corners and a density, the bounding circle, the pose in the world.
//
// Corners p_0 .. p_{n-1}, counter-clockwise, 3 <= n <= kMaxPolygonCorners. With c_k = p_k x p_{k+1} (2-D cross
// product, indices mod n) the closed forms (Green's theorem on the outline; exact for any simple polygon):
//   area      A   = 1/2 sum_k c_k
//   centroid  x_c = 1/(6 A) sum_k (p_k + p_{k+1}) c_k
//   polar second moment about the origin  J_0 = 1/12 sum_k c_k (p_k.p_k + p_k.p_{k+1} + p_{k+1}.p_{k+1}),
//   about the centroid J = J_0 - A |x_c|^2 (all three sums are taken about the first corner, so the large
//   coordinates of a scene do not cancel).
// Per metre of depth with density rho (kg/m^3): mass m = rho A (kg/m), moment of inertia I = rho J (kg m).
// The body frame has its origin at the centroid; a pose (x, theta) maps a body-frame corner q to x + R(theta) q.
// Bounding circle: centred at the centroid, radius max_k |q_k| (the neighbour search's circle; not the smallest
// enclosing circle, whose centre would not follow the body's centre of mass). Equal-area radius sqrt(A/pi): the size
// of the body in the characteristic length of the overlap force (models/polygon/polygon_contact.hpp).
//
// Validation (check_convex_polygon): at least 3 and at most kMaxPolygonCorners corners, finite coordinates, no two
// consecutive corners equal, every corner turning left (strictly: sin of the turn > 1e-12; a collinear corner or a
// clockwise list is refused), and the outline winding once (the turning angles sum to 2 pi; a pentagram turns left
// at every corner and winds twice). Convex + winding once = simple with positive area. A refusal is an InputError
// "key=<corners>: <what is allowed> (<what is wrong>)".
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace stickslip {

using Vec2 = VecD<2>;

// The most corners of one body. Two bodies of n and m corners overlap in at most n + m corners, so every per-contact
// buffer has 2 kMaxPolygonCorners entries (models/polygon/overlap.hpp) and nothing is allocated per contact.
inline constexpr int kMaxPolygonCorners = 128;

inline double cross2(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }
// a turned by +90 degrees: omega x a for a spin omega = 1 about e_z.
inline Vec2 perp(const Vec2& a) { return Vec2(-a.y(), a.x()); }
inline Vec2 rotate(const Vec2& a, double c, double s) { return Vec2(c * a.x() - s * a.y(), s * a.x() + c * a.y()); }

struct PolygonMass {
  double area = 0;               // A (m^2)
  Vec2 centroid = Vec2::Zero();  // x_c (m)
  double polar_moment = 0;       // J about the centroid (m^4): I = rho J
};

// The closed forms above for any simple counter-clockwise corner list (no validation).
PolygonMass polygon_mass(std::span<const Vec2> corners);

// Throws InputError naming `key` unless `corners` is a valid convex polygon (see the header comment).
void check_convex_polygon(std::span<const Vec2> corners, const std::string& key);

// The corners as the message of a refusal shows them: "(x0,y0) (x1,y1) ..." (at most 12, then "...").
std::string format_corners(std::span<const Vec2> corners);

class ConvexPolygon {
 public:
  // Validates (key names the corners in messages) and moves the origin to the centroid.
  ConvexPolygon(std::span<const Vec2> corners, const std::string& key = "corners");

  std::span<const Vec2> corners() const { return corners_; }  // body frame, about the centroid, counter-clockwise
  int size() const { return static_cast<int>(corners_.size()); }
  double area() const { return area_; }                         // m^2
  double polar_moment() const { return polar_moment_; }         // J (m^4)
  double mass(double density) const { return density * area_; }              // kg per metre of depth
  double inertia(double density) const { return density * polar_moment_; }   // kg m (per metre of depth)
  double bounding_radius() const { return bounding_radius_; }  // m
  double equal_area_radius() const;                             // sqrt(A/pi) (m)
  // The corners at pose (x, theta) into out[0 .. size()), which must hold size() points.
  void place(const Vec2& x, double theta, std::span<Vec2> out) const;

 private:
  std::vector<Vec2> corners_;  // allocated once, at construction
  double area_ = 0, polar_moment_ = 0, bounding_radius_ = 0;
};

// The regular n-gon inscribed in the circle of radius r, one corner at angle phase (rad) from +x, about the origin.
std::vector<Vec2> regular_polygon_corners(int n, double r, double phase = 0.0);

}  // namespace stickslip
