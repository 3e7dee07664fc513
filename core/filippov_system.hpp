// core/filippov_system.hpp — a system with discontinuous right-hand side in Filippov's sense (seed 002,
// eq. 4-14), as the Filippov driver (solvers/filippov_driver.hpp) consumes it.
//
// The state space is cut by switching surfaces h_i(x) = 0, i = 0 .. num_surfaces()-1. Region I of surface i
// is h_i > 0, region II is h_i < 0 (for dry friction h = slip velocity, eq. 4). The vector field is given as
// a function of one real "side" value per surface,
//   field(t, x, sigma, f),   sigma_i = +1: the field of region I of surface i (f_I, eq. 5)
//                             sigma_i = -1: the field of region II (f_II, eq. 6)
// and, for sigma_i in (-1, 1), the convex combination (1 - lambda_i) f_I + lambda_i f_II with
// lambda_i = (1 - sigma_i)/2 (eq. 9). A system must therefore be affine in each sigma_i — true for every
// friction law whose force is mu F_n times a direction (the Coulomb force of eq. 1 with sign() replaced by
// sigma); the driver relies on it to solve for the lambda_i of several sliding surfaces at once.
// The driver needs the exact gradient of every h_i (eq. 7-8); surface_gradient supplies it. A model may
// also implement Model (core/model.hpp) for the naive and DAE formulations: size() and state_names()
// then override both interfaces at once.
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"

namespace stickslip {

class FilippovSystem {
 public:
  virtual ~FilippovSystem() = default;

  virtual std::size_t size() const = 0;
  virtual std::vector<std::string> state_names() const = 0;

  virtual std::size_t num_surfaces() const = 0;
  // h_i(t, x) for every surface.
  virtual void surfaces(double t, VecCRef x, VecRef h) const = 0;
  // grad_x h_i(t, x), exact.
  virtual void surface_gradient(double t, VecCRef x, std::size_t i, VecRef grad) const = 0;
  // The vector field with side value sigma_i in [-1, 1] per surface (see above).
  virtual void field(double t, VecCRef x, VecCRef sigma, VecRef f) const = 0;
};

}  // namespace stickslip
