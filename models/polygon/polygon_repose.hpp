// models/polygon/polygon_repose.hpp — the free surface and angle of repose of a heap of polygons, by the fit of the
// disc heap (models/particles/repose_angle.hpp: bins, heap, flanks between lo_frac and hi_frac of the peak, least
// squares) on the polygons' corners: every world corner is a surface point (its x, its y, its body), so a bin's
// height is the highest corner over that column and its surface body is the polygon that corner belongs to.
// Resolution: a straight flank is rebuilt to within about one polygon diameter in height (as for discs), so the
// angle is good to ~ d / (fitted flank length) rad.
#pragma once

#include <vector>

#include "models/particles/repose_angle.hpp"
#include "models/polygon/polygon_frame.hpp"

namespace stickslip {

// The world corners of every body as surface points.
std::vector<SurfacePoint> polygon_surface_points(const PolygonFrame& f);

ReposeFit fit_polygon_repose_angle(const PolygonFrame& f, double x_lo, double x_hi, double bin, double min_height,
                                   double lo_frac = 0.2, double hi_frac = 0.8);

}  // namespace stickslip
