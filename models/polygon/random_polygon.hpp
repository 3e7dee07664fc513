// models/polygon/random_polygon.hpp — random convex polygons on an ellipse, the particles of Krengel & Matuttis,
// "Comparing numerically exact and modelled static friction", §5: "between 5 and 10 corners, distributed randomly on
// an ellipse with 2.5 mm mean radius and eccentricity approximately 0.8" (details in their ref. [7], Matuttis & Chen,
// "Understanding the Discrete Element Method", ch. 7, which we do not have: the construction below is ours).
//
// Construction (one polygon; rng = std::mt19937_64, uniform numbers u in [0, 1) as (rng() >> 11) 2^-53, so the
// stream is the same on every platform and standard library):
//   n          uniform integer in [min_corners, max_corners]: n = min + floor(u (max - min + 1)).
//   ellipse    semi-axes a >= b with eccentricity e = sqrt(1 - b^2/a^2) and "mean radius" r defined as the radius of
//              the circle of the same area: a b = r^2, i.e. a = r (1 - e^2)^(-1/4), b = r (1 - e^2)^(1/4)
//              (e = 0.8: a = 1.29 r, b = 0.775 r). Our choice: the equal-area radius makes the mass of a particle
//              (about rho pi r^2 less the cut corners) independent of e; the paper does not say which mean it means.
//   corners    stratified (the default, our choice): at parametric angles t_k = phi + (2 pi/n)(k + 1/2 + w (u_k -
//              1/2)), k = 0 .. n-1, point (a cos t_k, b sin t_k), with phi uniform in [0, 2 pi) and jitter w = 0.8:
//              one corner drawn uniformly in the middle 80 % of each of n equal sectors, so that no two corners come
//              closer than 0.2 (2 pi/n) in t and no polygon has all its corners on one half of the ellipse.
//              uniform (corners=uniform, the paper's "distributed randomly on an ellipse" read literally): n angles
//              t_k uniform in [0, 2 pi), sorted; all corners within half a turn happens with probability n/2^(n-1)
//              (5 corners: 5/16), so pentagons are often lopsided. A draw with two angles closer than 1e-9 (a corner
//              the convexity test would refuse as collinear) is drawn again. Uniform in t, not in arc length (the
//              paper does not say; in t the corners gather near the ends of the major axis less than in arc length).
//   reading    of "eccentricity approximately 0.8" (EccentricityReading): e = sqrt(1 - b^2/a^2) = 0.8 (the default,
//              b/a = 0.6), or the axis ratio b/a = 0.8 (axis-ratio; e = 0.6; Matuttis & Chen's generator draws half
//              axes of 0.8 .. 1 R, i.e. b/a near 0.8).
//   convex     by construction: points on an ellipse (a strictly convex curve) taken in increasing t are the corners of
//              a convex polygon, counter-clockwise; every turn is left and the outline winds once.
//   body frame the corners shifted to the polygon's centroid (not the ellipse's centre), major axis along x. The
//              orientation in a scene is the caller's (draw theta uniformly for an isotropic packing).
// The polygon is inscribed: its area is below pi r^2; evenly spaced corners would give (n/2) sin(2 pi/n)/pi of it
// (5 corners: 0.76, 10: 0.94), the jitter a little less.
#pragma once

#include <cstdint>
#include <random>

#include "models/polygon/convex_polygon.hpp"

namespace stickslip {

enum class CornerPlacement { stratified, uniform };
enum class EccentricityReading { eccentricity, axis_ratio };

struct RandomPolygonSpec {
  int min_corners = 5, max_corners = 10;  // inclusive range of n, 3 <= min <= max <= kMaxPolygonCorners
  double mean_radius = 2.5e-3;            // r (m): equal-area radius of the ellipse, > 0
  double eccentricity = 0.8;              // e in [0, 1) (reading eccentricity), or b/a in (0, 1] (axis_ratio)
  CornerPlacement corners = CornerPlacement::stratified;
  EccentricityReading reading = EccentricityReading::eccentricity;
  // e = sqrt(1 - b^2/a^2) of the ellipse, whichever reading the value is in.
  double ellipse_eccentricity() const;
};

// InputError naming the key (min_corners, max_corners, mean_radius, eccentricity), the value and what is allowed.
void check_random_polygon_spec(const RandomPolygonSpec& spec);

// The semi-axes (a, b) of the spec's ellipse.
Vec2 ellipse_semi_axes(double mean_radius, double eccentricity);

// One draw (validates the spec). Deterministic for the state of rng.
ConvexPolygon random_polygon(const RandomPolygonSpec& spec, std::mt19937_64& rng);

// The aspect ratio of a polygon: sqrt(J_max/J_min) of the principal second moments of its area about the centroid
// (a/b for an ellipse, 1 for a regular polygon).
double principal_aspect_ratio(const ConvexPolygon& p);

// Mean and standard deviation (population) of the drawn shapes' aspect ratio, corner count and area (m^2).
struct ShapeStatistics {
  double aspect_mean = 0, aspect_sd = 0, corners_mean = 0, corners_sd = 0, area_mean = 0, area_sd = 0;
  std::size_t count = 0;
};
ShapeStatistics shape_statistics(std::span<const ConvexPolygon> shapes);

}  // namespace stickslip
