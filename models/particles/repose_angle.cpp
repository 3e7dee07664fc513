// models/particles/repose_angle.cpp — see repose_angle.hpp.
#include "models/particles/repose_angle.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/line_fit.hpp"

namespace stickslip {

SurfaceProfile surface_profile(std::span<const SurfacePoint> points, double x_lo, double x_hi, double bin) {
  SurfaceProfile s;
  const std::size_t bins = static_cast<std::size_t>(std::max(1.0, std::ceil((x_hi - x_lo) / bin)));
  s.x.resize(bins);
  s.height.assign(bins, 0.0);
  s.top.assign(bins, -1);
  for (std::size_t k = 0; k < bins; ++k) s.x[k] = x_lo + (static_cast<double>(k) + 0.5) * bin;
  for (const SurfacePoint& q : points) {
    const double u = (q.x - x_lo) / bin;
    if (!(u >= 0 && u < static_cast<double>(bins))) continue;
    const std::size_t k = static_cast<std::size_t>(u);
    if (s.top[k] < 0 || q.h > s.height[k]) {
      s.height[k] = q.h;
      s.top[k] = static_cast<std::ptrdiff_t>(q.body);
    }
  }
  return s;
}

SurfaceProfile surface_profile(const ParticleArrays& p, double x_lo, double x_hi, double bin) {
  std::vector<SurfacePoint> points(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) points[i] = {p.x[i][0], p.x[i][1] + p.radius[i], i};
  return surface_profile(points, x_lo, x_hi, bin);
}

namespace {
FlankFit fit_flank(const SurfaceProfile& s, std::size_t a, std::size_t b, double lo, double hi) {
  std::vector<double> x, h;
  for (std::size_t k = a; k <= b; ++k)
    if (s.height[k] >= lo && s.height[k] <= hi) x.push_back(s.x[k]), h.push_back(s.height[k]);
  const LineFit l = fit_line(x, h, 3);
  FlankFit f;
  f.bins = x.size();
  f.slope = l.slope;
  f.intercept = l.intercept;
  f.rms = l.rms;
  f.angle_deg = std::atan(std::abs(l.slope)) * 180 / M_PI;  // NaN with fewer than 3 bins
  if (!x.empty()) f.x_from = x.front(), f.x_to = x.back();
  return f;
}
}  // namespace

ReposeFit fit_repose_angle(const ParticleArrays& p, double x_lo, double x_hi, double bin, double min_height,
                           double lo_frac, double hi_frac) {
  return fit_repose_profile(surface_profile(p, x_lo, x_hi, bin), min_height, lo_frac, hi_frac);
}

ReposeFit fit_repose_profile(SurfaceProfile profile, double min_height, double lo_frac, double hi_frac) {
  ReposeFit r;
  r.profile = std::move(profile);
  const SurfaceProfile& s = r.profile;
  const std::size_t peak = static_cast<std::size_t>(std::max_element(s.height.begin(), s.height.end()) - s.height.begin());
  r.peak_x = s.x[peak];
  r.peak_height = s.height[peak];
  std::size_t a = peak, b = peak;
  while (a > 0 && s.height[a - 1] >= min_height) --a;
  while (b + 1 < s.height.size() && s.height[b + 1] >= min_height) ++b;
  r.left_foot = s.x[a];
  r.right_foot = s.x[b];
  const double lo = lo_frac * r.peak_height, hi = hi_frac * r.peak_height;
  r.left = fit_flank(s, a, peak, lo, hi);
  r.right = fit_flank(s, peak, b, lo, hi);
  // a heap whose peak is at a wall has one flank: its angle is that flank's
  if (std::isnan(r.left.angle_deg)) r.angle_deg = r.right.angle_deg;
  else if (std::isnan(r.right.angle_deg)) r.angle_deg = r.left.angle_deg;
  else r.angle_deg = 0.5 * (r.left.angle_deg + r.right.angle_deg);
  if (r.peak_height >= min_height)
    for (std::size_t k = a; k <= b; ++k)
      if (s.top[k] >= 0 && std::find(r.surface.begin(), r.surface.end(), static_cast<std::size_t>(s.top[k])) == r.surface.end())
        r.surface.push_back(static_cast<std::size_t>(s.top[k]));
  return r;
}

}  // namespace stickslip
