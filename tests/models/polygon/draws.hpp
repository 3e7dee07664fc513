// tests/models/polygon/draws.hpp — random draws of the polygon tests: uniform numbers from std::mt19937_64 (the same
// stream on every platform) and random polygon specs.
#pragma once

#include <random>

#include "models/polygon/random_polygon.hpp"

namespace stickslip::test {

inline double uniform(std::mt19937_64& rng, double lo, double hi) {
  return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

// 3 .. max_corners corners, mean radius uniform in [r_lo, r_hi), eccentricity uniform in [0, e_max).
inline RandomPolygonSpec random_spec(std::mt19937_64& rng, int max_corners, double r_lo, double r_hi, double e_max) {
  RandomPolygonSpec s;
  s.min_corners = 3;
  s.max_corners = max_corners;
  s.mean_radius = uniform(rng, r_lo, r_hi);
  s.eccentricity = uniform(rng, 0.0, e_max);
  return s;
}

}  // namespace stickslip::test
