// tests/models/polygon/draws.hpp — random draws of the polygon tests: uniform numbers from std::mt19937_64 (the same
// stream on every platform), random polygon specs and hopper scenes.
#pragma once

#include <random>

#include "models/polygon/polygon_hopper.hpp"
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

// The default hopper holding n_lo .. n_lo + n_span polygons of random_spec(max_corners, r_lo, r_hi, e_max), its own seed.
inline PolygonHopperSpec random_hopper_spec(std::mt19937_64& rng, long n_lo, double n_span, int max_corners, double r_lo,
                                            double r_hi, double e_max) {
  PolygonHopperSpec spec;
  spec.hopper.n = n_lo + static_cast<long>(uniform(rng, 0, n_span));
  spec.hopper.seed = rng();
  spec.shape = random_spec(rng, max_corners, r_lo, r_hi, e_max);
  return spec;
}

}  // namespace stickslip::test
