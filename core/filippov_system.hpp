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
// Optional members, for surfaces that move in time and for systems with many surfaces sliding at once (a chain of
// blocks): the driver's generic versions cost one field evaluation per sliding surface, these the system's own O(n):
//   surface_time_rate(t, x, i)     the partial derivative dh_i/dt at fixed x (a belt whose speed changes); default 0
//   sliding_sides(t, x, sides, sigma, slope)
//                                  sigma_i for every sliding surface (sides_i == 0) such that dh_i/dt = 0 on all of them
//                                  together, the others at their sides (+-1), and slope_i = d(dh_i/dt)/d(sigma_i);
//                                  false: not provided
//   decide_sides(t, x, sides, candidates, trigger, decided)
//                                  the joint decision for the surfaces `candidates` (all at h = 0): +1 (region I), -1
//                                  (region II) or 0 (sliding) for each, the box LCP of core/box_lcp.hpp; trigger: the
//                                  surface whose event is being handled (it leaves on a tie); false: not provided
//   surface_reads(i, entries)      the state entries surface i's switching functions read (the switching guard's
//                                  finite differences then cost O(1) evaluations per restart); false: not known
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

  virtual double surface_time_rate(double t, VecCRef x, std::size_t i) const { (void)t; (void)x; (void)i; return 0; }
  // The state entries surface i's switching functions read: h_i and, while it slides, its exit (a_I, a_II from the
  // system's own sliding solve, sliding_sides). More is allowed, fewer is not; false: not known (Model::event_reads).
  virtual bool surface_reads(std::size_t i, std::vector<Eigen::Index>& entries) const {
    (void)i; (void)entries;
    return false;
  }
  virtual bool sliding_sides(double t, VecCRef x, const std::vector<int>& sides, VecRef sigma, VecRef slope) const {
    (void)t; (void)x; (void)sides; (void)sigma; (void)slope;
    return false;
  }
  virtual bool decide_sides(double t, VecCRef x, const std::vector<int>& sides, const std::vector<std::size_t>& candidates,
                            std::size_t trigger, std::vector<int>& decided) const {
    (void)t; (void)x; (void)sides; (void)candidates; (void)trigger; (void)decided;
    return false;
  }
};

}  // namespace stickslip
