// models/spring_dashpot_slider.hpp — the tangential spring-dashpot-slider laws of seed 001, for vectors in
// the contact plane of any dimension D (1 for the sliding plates, 2 or 3 for spheres).
//
// Symbols: xi tangential spring displacement, v relative tangential velocity, k stiffness, gamma damping,
// F_max = mu F_n the critical force.
//   test force          F_S = -k xi - gamma v                                          (eq. 1)
//   transmitted force   F = F_S if |F_S| <= F_max, else F_max F_S/|F_S|  (both laws)
//   D-SDS reset         xi_D = -(F_max F_S/|F_S| + gamma v)/k when |F_S| > F_max        (eq. 3)
//   C-SDS rate          xi' = -(min(|F_S|, F_max) F_S/|F_S| + k xi)/gamma              (eq. 10)
//                       = v while sticking; relaxes towards F_max e_s / k while sliding (eq. 9)
//   D-SDS exact slide->stick condition (continuous limit): v . e_F <= gamma F_max/(m k) is the speed below
//   which a reset spring no longer re-saturates (eq. 20), used by the DAE form in models/sliding_plates.
// Everything is branch-safe at F_S = 0 (the sticking branch is taken there), so F_max = 0 is allowed. The Coulomb test
// compares |F_S|^2 with F_max^2 (F_max >= 0): no square root while sticking (the particle engine's hot loop).
#pragma once

#include <cmath>

#include "core/types.hpp"

namespace stickslip {

template <int D>
VecD<D> sds_test_force(const VecD<D>& xi, const VecD<D>& v, double k, double gamma) {
  return -k * xi - gamma * v;
}

template <int D>
bool sds_sliding(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  return sds_test_force<D>(xi, v, k, gamma).squaredNorm() > fmax * fmax;
}

// The force the contact transmits, F_S clipped to the Coulomb cone (the same for C-SDS and D-SDS).
template <int D>
VecD<D> sds_force(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  const VecD<D> fs = sds_test_force<D>(xi, v, k, gamma);
  const double norm2 = fs.squaredNorm();
  return norm2 > fmax * fmax ? VecD<D>(fmax / std::sqrt(norm2) * fs) : fs;
}

// C-SDS spring rate, eq. 10 (requires gamma > 0). Sliding: one division by gamma, then D products (a vector
// divided by gamma costs the divider, which square roots share, once per component: the contact loops of the
// particle engine and the LAMMPS styles are limited by it on dense packings).
template <int D>
VecD<D> csds_xi_rate(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  const VecD<D> fs = sds_test_force<D>(xi, v, k, gamma);
  const double norm2 = fs.squaredNorm();
  if (norm2 <= fmax * fmax) return v;  // sticking: -(F_S + k xi)/gamma = v exactly
  return -(1.0 / gamma) * (fmax / std::sqrt(norm2) * fs + k * xi);
}

// D-SDS spring after the Coulomb test, eq. 3 (Luding / LAMMPS linear_history): unchanged while sticking.
template <int D>
VecD<D> dsds_reset(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  const VecD<D> fs = sds_test_force<D>(xi, v, k, gamma);
  const double norm2 = fs.squaredNorm();
  if (norm2 <= fmax * fmax) return xi;
  return -(fmax / std::sqrt(norm2) * fs + gamma * v) / k;
}

}  // namespace stickslip
