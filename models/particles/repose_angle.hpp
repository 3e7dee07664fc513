// models/particles/repose_angle.hpp — the free surface of a 2-D heap and its angle of repose.
//
// Surface profile: the x axis [x_lo, x_hi) cut into bins of width b; in each bin the surface height is the highest
// of the surface points (x, h, body) whose x lies in the bin (0 for an empty bin), and its body is the bin's surface
// body. Discs give one point per disc, (x_i, y_i + r_i) (the disc's top, binned by its centre); polygons
// (models/polygon/polygon_repose.hpp) one per corner, so a bin's height is the highest corner over it.
// Heap: the contiguous run of bins around the highest one (peak height H at x_p) with h_k >= min_height (a single
// layer of discs on the floor, h ~ one diameter, is not heap: min_height ~ 1.5 diameters). Its two ends are the feet.
// Flanks: the heap's bins left and right of the peak with lo_frac H <= h_k <= hi_frac H (the rounded top and the
// toe left out). Each flank is a least-squares line h = a + s x through its bins' centres; its angle is
// atan(|s|), and the angle of repose is the mean of the two flanks (a flank with fewer than 3 bins gives NaN; a heap
// whose peak is at a wall then has the angle of its one flank; NaN when neither has 3 bins).
// Resolution: a straight flank sampled by discs of diameter d is rebuilt to within about d in height, so the
// angle is good to ~ d / (flank length) rad.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct SurfaceProfile {
  std::vector<double> x, height;      // bin centres (m) and surface heights (m)
  std::vector<std::ptrdiff_t> top;    // disc giving each bin's height, -1 for an empty bin
};
struct SurfacePoint {
  double x = 0, h = 0;   // m
  std::size_t body = 0;  // the body it belongs to
};
SurfaceProfile surface_profile(std::span<const SurfacePoint> points, double x_lo, double x_hi, double bin);
// Discs: the points (x_i, y_i + r_i).
SurfaceProfile surface_profile(const ParticleArrays& p, double x_lo, double x_hi, double bin);

struct FlankFit {
  double angle_deg = 0;  // atan(|slope|), NaN with fewer than 3 bins
  double slope = 0, intercept = 0;  // h = intercept + slope x (m)
  double x_from = 0, x_to = 0;      // fitted range (bin centres, m)
  std::size_t bins = 0;
  double rms = 0;                   // rms residual of the fit (m)
};

struct ReposeFit {
  SurfaceProfile profile;
  double peak_x = 0, peak_height = 0;  // m
  double left_foot = 0, right_foot = 0;  // x of the heap's outermost bins (m)
  FlankFit left, right;
  double angle_deg = 0;  // mean of the two flanks (or the one flank that could be fitted)
  std::vector<std::size_t> surface;  // surface bodies of the heap's bins (the free surface; each body once)
};

// The heap, flanks and angle of a profile.
ReposeFit fit_repose_profile(SurfaceProfile profile, double min_height, double lo_frac = 0.2, double hi_frac = 0.8);
// Discs: fit_repose_profile(surface_profile(p, x_lo, x_hi, bin), ...).
ReposeFit fit_repose_angle(const ParticleArrays& p, double x_lo, double x_hi, double bin, double min_height,
                           double lo_frac = 0.2, double hi_frac = 0.8);

}  // namespace stickslip
