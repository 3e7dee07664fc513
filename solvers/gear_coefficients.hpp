// solvers/gear_coefficients.hpp — the corrector vector l of the backward differentiation formula of order q (1..5) in
// Nordsieck form (Gear's predictor-corrector, solvers/gear_driver.cpp; its stability, solvers/linear_stability.hpp):
// z_i <- z_p,i + l_i (h f(z_p,0) - z_p,1), l_0 = the BDF's beta_0, l_1 = 1.
//   q = 1 (1, 1), 2 (2/3, 1, 1/3), 3 (6/11, 1, 6/11, 1/11), 4 (12/25, 1, 7/10, 1/5, 1/50),
//   5 (60/137, 1, 225/274, 85/274, 15/274, 1/274).
#pragma once

#include <array>
#include <stdexcept>
#include <string>

namespace stickslip {

inline const std::array<double, 6>& gear_corrector(int q) {
  static const std::array<std::array<double, 6>, 5> l{{
      {{1.0, 1.0, 0, 0, 0, 0}},
      {{2.0 / 3.0, 1.0, 1.0 / 3.0, 0, 0, 0}},
      {{6.0 / 11.0, 1.0, 6.0 / 11.0, 1.0 / 11.0, 0, 0}},
      {{12.0 / 25.0, 1.0, 7.0 / 10.0, 1.0 / 5.0, 1.0 / 50.0, 0}},
      {{60.0 / 137.0, 1.0, 225.0 / 274.0, 85.0 / 274.0, 15.0 / 274.0, 1.0 / 274.0}},
  }};
  if (q < 1 || q > 5) throw std::logic_error("gear_corrector: order " + std::to_string(q) + " outside 1..5");
  return l[static_cast<std::size_t>(q - 1)];
}

}  // namespace stickslip
