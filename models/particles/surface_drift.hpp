// models/particles/surface_drift.hpp — how far chosen discs (the free surface of a heap at rest) have moved from
// where they were, and the rate of that drift: the creep measure of seed 002 §5 (Krengel & Matuttis Fig. 7).
//
// For the discs i of a set with reference positions x_i(t_0):
//   mean = <|x_i(t) - x_i(t_0)|>_i        (surface_drift: the mean displacement)
//   com  = |<x_i(t) - x_i(t_0)>_i|        (com_drift: the shift of their centre of mass)
//   max  = max_i |x_i(t) - x_i(t_0)|
// all 0 for an empty set. drift_rate: the least-squares slope of a drift series y(t) over its samples with
// t >= t_from (NaN with fewer than 2; the heap study takes the second half of the window).
#pragma once

#include <cstddef>
#include <vector>

#include "models/particles/particle_arrays.hpp"

namespace stickslip {

struct SurfaceDrift {
  double mean = 0, com = 0, max = 0;  // m
};

// The discs of a set and their positions at the reference time.
class DriftReference {
 public:
  DriftReference(const ParticleArrays& p, std::vector<std::size_t> discs);
  SurfaceDrift measure(const ParticleArrays& p) const;
  std::size_t size() const { return discs_.size(); }

 private:
  std::vector<std::size_t> discs_;
  std::vector<Vec3> x0_;
};

double drift_rate(const std::vector<double>& t, const std::vector<double>& y, double t_from);

}  // namespace stickslip
