// models/contact/spring_slider.hpp — the spring-dashpot-slider formulas, written once for contact planes of any
// dimension D (1: plates, block, oscillator; 3: spheres and discs), used by every law with a tangential spring
// (csds.hpp, dsds.hpp, cundall_strack.hpp, stribeck.hpp; rolling.hpp on the rolling spring).
//
// Symbols (Fuehrer, Brendel & Wolf, "Correction of the spring-dashpot-slider model"): xi tangential spring, v slip
// velocity, k stiffness, gamma the dashpot (absolute, N s/m), F_max the critical force (mu F_n, or a velocity-dependent
// cap).
//   test force          F_S = -k xi - gamma v                                            (eq. 1)
//   transmitted force   F = F_S if |F_S| <= F_max, else F_max F_S/|F_S|   (saturate)
//   D-SDS reset         xi_D = -(F_max F_S/|F_S| + gamma v)/k when |F_S| > F_max          (eq. 3)
//   C-SDS rate          xi' = v while sticking, -(F_max F_S/|F_S| + k xi)/gamma sliding   (eq. 9-10)
//   cut-off             |k xi| capped at F_max: xi = -F_max (F_k/|F_k|)/k, F_k = -k xi    (Cundall & Strack; Krengel
//                       & Matuttis eq. 19), as a rate: xi' = v minus its part along xi while k |xi| >= F_max and the
//                       slip loads the spring further.
// In 1-D the direction F_S/|F_S| is sign(F_S) exactly, and the formulas use copysign (|F| = F_max to the last bit);
// in 2-D and 3-D the Coulomb test compares |F_S|^2 with F_max^2 (no square root while sticking: the particle
// engine's hot loop). Everything is branch-safe at F_S = 0 (the sticking branch is taken), so F_max = 0 is allowed.
#pragma once

#include <cmath>

#include "core/types.hpp"

namespace stickslip {

template <int D>
VecD<D> sds_test_force(const VecD<D>& xi, const VecD<D>& v, double k, double gamma) {
  return -k * xi - gamma * v;
}

// |f| > F_max.
template <int D>
bool exceeds(const VecD<D>& f, double fmax) {
  if constexpr (D == 1) return std::abs(f[0]) > fmax;
  else return f.squaredNorm() > fmax * fmax;
}

// f clipped to |f| <= F_max (the Coulomb cone).
template <int D>
VecD<D> saturate(const VecD<D>& f, double fmax) {
  if constexpr (D == 1) {
    return std::abs(f[0]) > fmax ? VecD<D>(std::copysign(fmax, f[0])) : f;
  } else {
    const double norm2 = f.squaredNorm();
    return norm2 > fmax * fmax ? VecD<D>(fmax / std::sqrt(norm2) * f) : f;
  }
}

template <int D>
bool sds_sliding(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  return exceeds<D>(sds_test_force<D>(xi, v, k, gamma), fmax);
}

// The force the contact transmits, F_S clipped to the Coulomb cone (the same for C-SDS and D-SDS).
template <int D>
VecD<D> sds_force(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  return saturate<D>(sds_test_force<D>(xi, v, k, gamma), fmax);
}

// C-SDS spring rate, eq. 10 (requires gamma > 0). Sliding: one division by gamma, then D products (a vector
// divided by gamma costs the divider, which square roots share, once per component: the contact loops of the
// particle engine and the LAMMPS styles are limited by it on dense packings).
template <int D>
VecD<D> csds_xi_rate(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  const VecD<D> fs = sds_test_force<D>(xi, v, k, gamma);
  if (!exceeds<D>(fs, fmax)) return v;  // sticking: -(F_S + k xi)/gamma = v exactly
  return -(1.0 / gamma) * (saturate<D>(fs, fmax) + k * xi);
}

// D-SDS spring after the Coulomb test, eq. 3 (Luding / LAMMPS linear_history): unchanged while sticking.
template <int D>
VecD<D> dsds_reset(const VecD<D>& xi, const VecD<D>& v, double k, double gamma, double fmax) {
  const VecD<D> fs = sds_test_force<D>(xi, v, k, gamma);
  if (!exceeds<D>(fs, fmax)) return xi;
  return -(saturate<D>(fs, fmax) + gamma * v) / k;
}

// The spring with |k xi| cut off at F_max (Cundall-Strack): unchanged below the cap.
template <int D>
VecD<D> spring_cutoff(const VecD<D>& xi, double k, double fmax) {
  const VecD<D> fk = -k * xi;
  if (!exceeds<D>(fk, fmax)) return xi;
  return -saturate<D>(fk, fmax) / k;
}

// The rate of a cut-off spring: v, less its component along xi while k |xi| >= F_max and v loads it further.
template <int D>
VecD<D> cutoff_rate(const VecD<D>& xi, const VecD<D>& v, double k, double fmax) {
  if constexpr (D == 1) {
    return k * std::abs(xi[0]) >= fmax && xi[0] * v[0] > 0 ? VecD<D>(0.0) : v;
  } else {
    const double along = xi.dot(v), len2 = xi.squaredNorm();
    if (!(k * k * len2 >= fmax * fmax) || !(along > 0)) return v;
    return v - along / len2 * xi;
  }
}

}  // namespace stickslip
