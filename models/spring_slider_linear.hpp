// models/spring_slider_linear.hpp — the linear stability of steady sliding of a spring-slider on a rate-and-state
// contact (models/contact/rate_state.hpp): a block of mass m on the contact (normal force F_n), pulled through a spring
// k from a drive moving at v_p (the spring-slider study, studies/systems/spring_slider_study.cpp).
//
//   m v' = k (v_p t - x) - F_n mu(v, psi),   x' = v,   psi' = (v_ref exp(-psi) - |v|)/D_c,
// mu the regularised law, psi = ln(v_ref theta/D_c). Steady sliding: v = v_p, psi_ss = ln(v_ref/v_p) (theta = D_c/v_p),
// k (v_p t - x) = F_n mu_ss(v_p). Small deviations (u, s, phi) = (v - v_p, stretch - steady stretch, psi - psi_ss),
// with v > 0 so that |v| = v:
//   m u' = k s - F_n (A u/v_p + B phi),   s' = -u,   phi' = -(v_p/D_c) phi - u/D_c,                              (L)
// A = v_p dmu/dv = a r, B = dmu/dpsi = b r at steady state, r = X/sqrt(1 + X^2), X = exp(mu_ss/a)/2 the asinh's
// argument (r = 1 - exp(-2 mu_ss/a)/2 + ...: 1 to 1e-49 at mu_ss/a = 56). With exp(lambda t):
//   m D_c lambda^3 + (m v_p + F_n A D_c/v_p) lambda^2 + (k D_c - F_n (B - A)) lambda + k v_p = 0.                (P)
// Routh-Hurwitz for a cubic with c3, c2, c0 > 0: stable iff c2 c1 > c3 c0, i.e.
//   k > k_cr = (F_n (B - A)/D_c) (1 + m v_p^2/(F_n A D_c)),                                                     (K)
// the quasi-static k_c = F_n (B - A)/D_c (m -> 0) times the inertial factor 1 + m v_p^2/(F_n A D_c); on the boundary
// the complex pair is lambda = +-i omega_cr, omega_cr^2 = c0/c2 = (v_p/D_c)^2 (B - A)/A, the same with or without
// mass. With r = 1 this is the formula of Rice & Ruina (1983) and Gu, Rice, Ruina & Tse (1984),
// k_cr = sigma (b - a)/D_c [1 + m v_p^2/(sigma a D_c)] (sigma: the normal force F_n here): our linearisation agrees with
// it; the regularisation only multiplies a and b by r. Assumptions: b > a (else B - A <= 0, and (P) has all
// coefficients positive and c2 c1 > c3 c0 for every k > 0: steady sliding is stable at any stiffness); deviations
// small, |u|/v_p << 1 and |phi| << 1 (the next terms of (L) are quadratic: ln v and exp(-psi) to second order; they
// change the growth rate by a fraction of order (|u|/v_p)^2 of omega); v > 0 throughout.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <complex>

#include "models/contact/rate_state.hpp"

namespace stickslip {

struct SpringSliderLinear {
  RateState law;
  double m = 1, fn = 1, v_p = 1e-3;  // kg, N, m/s

  double psi_ss() const { return law.steady_state(v_p); }
  double mu_ss() const { return law.steady_friction(v_p); }
  double r() const { return law.regularisation_factor(v_p, psi_ss()); }
  double a_eff() const { return law.a * r(); }  // A of (L)
  double b_eff() const { return law.b * r(); }  // B of (L)
  // The inertia parameter m v_p^2/(F_n A D_c): the quasi-static limit is eta -> 0.
  double eta() const { return m * v_p * v_p / (fn * a_eff() * law.d_c); }
  double k_c() const { return fn * (b_eff() - a_eff()) / law.d_c; }  // quasi-static (N/m)
  double k_cr() const { return k_c() * (1 + eta()); }                 // (K) (N/m)
  double omega_cr() const { return v_p / law.d_c * std::sqrt((b_eff() - a_eff()) / a_eff()); }  // rad/s

  // The Jacobian of (L) in (u, s, phi) at spring stiffness k.
  Eigen::Matrix3d jacobian(double k) const {
    Eigen::Matrix3d j;
    j << -fn * a_eff() / (m * v_p), k / m, -fn * b_eff() / m,  //
        -1, 0, 0,                                              //
        -1 / law.d_c, 0, -v_p / law.d_c;
    return j;
  }
  struct Roots {
    std::complex<double> oscillation;  // the root with the largest imaginary part (NaN if all three are real)
    double fastest_real = std::nan("");  // the real root (the decay of the transient), if there is one
  };
  Roots roots(double k) const {
    const Eigen::Vector3cd ev = Eigen::EigenSolver<Eigen::Matrix3d>(jacobian(k), false).eigenvalues();
    Roots out;
    out.oscillation = {std::nan(""), std::nan("")};
    for (int i = 0; i < 3; ++i) {
      if (ev[i].imag() > 0 && !(ev[i].imag() <= out.oscillation.imag())) out.oscillation = ev[i];
      if (ev[i].imag() == 0) out.fastest_real = ev[i].real();
    }
    return out;
  }
};

}  // namespace stickslip
