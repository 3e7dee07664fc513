// models/polygon/polygon_frame.hpp — one frame of many rigid convex polygons as plain spans (no owner): what the
// scene builders (models/polygon/polygon_hopper.hpp, polygon_scene_file.hpp), the dumps (studies/experiment/
// polygon_vtk.hpp), the figures and the repose fit (models/polygon/polygon_repose.hpp) read, whoever integrates them.
//
// Layout (N bodies, S shapes, S <= N; several bodies may share one shape):
//   shapes[s]    ConvexPolygon in its body frame (corners about the centroid, counter-clockwise)
//   shape_of[i]  index into shapes of body i, 0 <= shape_of[i] < S
//   x[i]         centroid of body i in the world (m)
//   theta[i]     orientation (rad): body-frame corner q is at x[i] + R(theta[i]) q
//   v[i]         velocity of the centroid (m/s)            (may be empty: a frame at rest / a scene)
//   omega[i]     angular velocity about e_z (rad/s)        (may be empty: as v)
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <string>

#include "models/polygon/convex_polygon.hpp"

namespace stickslip {

struct PolygonFrame {
  std::span<const ConvexPolygon> shapes;
  std::span<const int> shape_of;
  std::span<const Vec2> x;
  std::span<const double> theta;
  std::span<const Vec2> v;
  std::span<const double> omega;

  std::size_t size() const { return x.size(); }
  const ConvexPolygon& shape(std::size_t i) const { return shapes[static_cast<std::size_t>(shape_of[i])]; }
  bool has_velocities() const { return !v.empty(); }
  Vec2 velocity(std::size_t i) const { return v.empty() ? Vec2::Zero() : v[i]; }
  double spin(std::size_t i) const { return omega.empty() ? 0.0 : omega[i]; }
  // The world corners of body i into out (at least shape(i).size() entries); returns how many.
  int world_corners(std::size_t i, std::span<Vec2> out) const {
    const ConvexPolygon& s = shape(i);
    s.place(x[i], theta[i], out);
    return s.size();
  }
};

// Throws InputError naming `key` unless the spans are consistent: shape_of, theta of size N, v and omega of size N
// or empty, every shape_of in range.
void check_polygon_frame(const PolygonFrame& f, const std::string& key);

// The first body whose pose or velocity is not finite, or -1 (what a dump refuses to write).
long first_non_finite_body(const PolygonFrame& f);

}  // namespace stickslip
