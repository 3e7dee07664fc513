// core/box_lcp.hpp — the box-constrained linear complementarity problem of several frictional contacts at one instant
// (the multiple-transition problem of Pfeiffer & Glocker, "Multibody Dynamics with Unilateral Contacts", 1996, ch. 7:
// which contacts stick and which slide is one decision, not one per contact), and of one Moreau-Jean step.
//
// The problem: find z with lo <= z <= hi and w = M z + q such that for every i
//   z_i = lo_i  =>  w_i >= 0,      z_i = hi_i  =>  w_i <= 0,      lo_i < z_i < hi_i  =>  w_i = 0.
// For friction z is the contact forces (or impulses), [lo, hi] = [-F_s, F_s] the static thresholds, and w the slip
// accelerations (velocities) they cause: a stuck contact (interior) has w = 0; a contact at -F_s slides with w >= 0
// (the force opposes the slip), at +F_s with w <= 0. M = W H^-1 W^T (the Delassus matrix) is symmetric positive
// definite when the contact rows W are independent and H (the mass matrix) is: the problem is then the convex
// quadratic programme min 1/2 z^T M z + q^T z on the box, with one solution.
//
// Solved by principal pivoting on the partition of the contacts into free (interior) and bound sides: for a partition
// the free z solve w_free = 0 (a linear system), the bound ones sit on their bounds; contacts that violate their
// conditions change side. All violators change at once (block principal pivoting, Judice & Pires) until the number of
// violators stops falling, then one at a time, the last one first (Murty's rule, finite for P-matrices). The result is
// exact to the linear solves' rounding. Two forms of the partition solve:
//   solve_box_lcp          M and q given as a dense matrix (small problems; the Filippov driver's sliding surfaces)
//   solve_contact_lcp      M = W H^-1 W^T never formed: each partition is one sparse saddle-point solve
//                            [H  -W_F^T] [y  ]   [r + W_B^T z_B]
//                            [W_F     0] [z_F] = [c_F          ],   w = W y - c,
//                          so a chain of n blocks (H banded, W one row per block) costs O(n) per partition
//                          (Eigen's sparse LU); the event decisions and the Moreau-Jean steps of models/system.
// A problem whose pivoting does not settle (a matrix that is not a P-matrix: a Filippov system with repulsion, or
// dependent contact rows) falls back to trying every partition when n <= 12 (3^n, the first that holds) and
// otherwise throws SolverError.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <vector>

#include "core/types.hpp"

namespace stickslip {

enum class BoxSide : int { free = 0, lower = 1, upper = 2 };

struct BoxLcpResult {
  Vec z, w;
  std::vector<BoxSide> side;  // the final partition (a free z may sit on a bound to rounding: a tie)
  int pivots = 0;             // partitions tried
  bool enumerated = false;    // the pivoting did not settle; every partition was tried
};

// Dense form. start: the partition to begin from (empty: all free); an entry with lo_i == hi_i is bound throughout.
BoxLcpResult solve_box_lcp(const Eigen::MatrixXd& M, const Vec& q, const Vec& lo, const Vec& hi,
                           std::vector<BoxSide> start = {});

using SparseMatrix = Eigen::SparseMatrix<double>;

struct ContactLcpResult : BoxLcpResult {
  Vec y;  // the solution of H y = r + W^T z (accelerations, or the velocities after a Moreau-Jean step)
};

// Sparse saddle-point form: H (n x n, symmetric positive definite), r (n), W (m x n: one row per contact), c (m):
// w = W y - c with H y = r + W^T z.
ContactLcpResult solve_contact_lcp(const SparseMatrix& H, const Vec& r, const SparseMatrix& W, const Vec& c,
                                   const Vec& lo, const Vec& hi, std::vector<BoxSide> start = {});

// Whether (z, w) satisfies the conditions to relative tolerance tol: w against w_scale (e.g. |q| + |M| |z|, the size
// of the terms w sums), z against the bounds' scale.
bool box_lcp_holds(const Vec& z, const Vec& w, const Vec& lo, const Vec& hi, double w_scale, double tol = 1e-9);

}  // namespace stickslip
