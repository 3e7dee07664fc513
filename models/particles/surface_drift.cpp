// models/particles/surface_drift.cpp — see surface_drift.hpp.
#include "models/particles/surface_drift.hpp"

#include <algorithm>
#include <utility>

#include "core/line_fit.hpp"

namespace stickslip {

DriftReference::DriftReference(const ParticleArrays& p, std::vector<std::size_t> discs) : discs_(std::move(discs)) {
  for (std::size_t i : discs_) x0_.push_back(p.x[i]);
}

SurfaceDrift DriftReference::measure(const ParticleArrays& p) const {
  SurfaceDrift d;
  if (discs_.empty()) return d;
  double sum = 0;
  Vec3 shift = Vec3::Zero();
  for (std::size_t a = 0; a < discs_.size(); ++a) {
    const Vec3 step = p.x[discs_[a]] - x0_[a];
    sum += step.norm();
    shift += step;
    d.max = std::max(d.max, step.norm());
  }
  d.mean = sum / static_cast<double>(discs_.size());
  d.com = shift.norm() / static_cast<double>(discs_.size());
  return d;
}

double drift_rate(const std::vector<double>& t, const std::vector<double>& y, double t_from) {
  std::vector<double> ts, ys;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= t_from) ts.push_back(t[k]), ys.push_back(y[k]);
  return fit_line(ts, ys).slope;
}

}  // namespace stickslip
