// models/polygon/polygon_hopper.hpp — the hopper scene of Krengel & Matuttis, "Comparing numerically exact and
// modelled static friction", §5 (Fig. 6) with their particles: N random convex polygons (5-10 corners on an ellipse
// of 2.5 mm mean radius and eccentricity 0.8, models/polygon/random_polygon.hpp) in the hopper of the disc heap.
//
// Geometry: that of models/particles/hopper_heap.hpp (HopperHeapSpec: floor, side walls, inclined hopper walls,
// bin walls, y_v = outlet_height + (hopper_width - outlet)/2 tan(hopper_angle); hopper_wall_segments), as
// PolygonWalls (models/polygon/overlap.hpp), the solid on the outside of the scene:
//   walls[0]     floor: the half-plane y <= 0
//   walls[1..6]  the six segments of hopper_wall_segments, oriented so that the solid lies outside the hopper and
//                outside the floor's box (left side, right side, left incline, right incline, left bin, right bin),
//                each wall_thickness = 4 R_max deep (R_max the largest bounding radius: a body must be pushed two of
//                its largest diameters into a wall to pass through it)
// HopperHeapSpec's radius and spread are not used (the shapes come from RandomPolygonSpec); n, density, g, seed are.
// Placement rule (make_polygon_hopper), the disc heap's lattice on bounding circles:
//   1. draw the N shapes (random_polygon, rng = mt19937_64(seed)), R_max = the largest bounding radius
//      (ConvexPolygon::bounding_radius: about the centroid);
//   2. sites: for_each_hopper_site with pitch 2 R_max + gap and wall clearance R_max + gap, gap = 0.1 mean radius;
//   3. body i's centroid uniform in the disc of radius 0.9 (pitch/2 - R_i) about its site, theta_i uniform in
//      [0, 2 pi) (the same rng, after the shapes).
// So bounding circles of neighbours are disjoint (no two polygons overlap) and each bounding circle stays at least
// 0.1 (R_max - R_i) + 0.55 gap from every wall line. Deterministic for a seed.
// Refusals (InputError, exit 2): the shape spec (min_corners < 3, eccentricity outside [0, 1), ...:
// check_random_polygon_spec), n < 1, density <= 0, an outlet not wider than the largest bounding diameter 2 R_max (a
// polygon is never wider than its bounding circle), a hopper with no row of sites above its inclined walls
// (check_hopper_fits). The bin walls reach the top of the fill, so any n fits once a row holds a site.
#pragma once

#include <vector>

#include "models/particles/hopper_heap.hpp"
#include "models/polygon/overlap.hpp"
#include "models/polygon/polygon_frame.hpp"
#include "models/polygon/random_polygon.hpp"

namespace stickslip {

struct PolygonHopperSpec {
  HopperHeapSpec hopper;    // geometry, n, density (kg/m^3), g, seed
  RandomPolygonSpec shape;  // the polygons (defaults: 5-10 corners, 2.5 mm, e = 0.8)
};

struct PolygonHopperScene {
  std::vector<ConvexPolygon> shapes;  // one per body (shape_of[i] = i)
  std::vector<int> shape_of;
  std::vector<Vec2> x;        // centroids (m)
  std::vector<double> theta;  // orientations (rad)
  std::vector<PolygonWall> walls;
  double fill_top = 0;        // highest corner at t = 0 (m)
  double max_bounding_radius = 0;  // R_max (m)
  double wall_thickness = 0;       // m

  PolygonFrame frame() const { return PolygonFrame{shapes, shape_of, x, theta, {}, {}}; }
};

PolygonHopperScene make_polygon_hopper(const PolygonHopperSpec& spec);

// The hopper's walls as PolygonWalls (the solid outside; see the header comment), bin walls up to bin_top.
std::vector<PolygonWall> polygon_hopper_walls(const HopperHeapSpec& spec, double bin_top, double thickness);

}  // namespace stickslip
