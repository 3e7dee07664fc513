// models/contact/rate_state.hpp — rate-and-state friction of Dieterich (1979) and Ruina (1983) with the aging law, in
// the regularised form that is smooth through v = 0 (Rice & Ben-Zion 1996, Lapusta, Rice, Ben-Zion & Zheng 2000,
// as QDYN and most earthquake-cycle codes use it):
//   F = -F_n mu(v, theta),   mu(v, theta) = a asinh( v/(2 v_ref) exp((mu0 + b ln(v_ref theta/D_c))/a) ),   (1)
//   theta' = 1 - |v| theta/D_c                          (the aging law: theta heals at rest, renews over D_c of slip) (2)
// mu is odd and smooth in v (F = -mu F_n sign v with mu(|v|) >= 0); for v >> 2 v_ref exp(-mu0/a) it is the classic
// mu0 + a ln(v/v_ref) + b ln(v_ref theta/D_c) to within exp(-2 mu/a)/4 (asinh(X) = ln(2X) + 1/(4X^2) + ...).
// Steady sliding at speed u: theta_ss = D_c/u, mu_ss(u) = a asinh((1/2) exp((mu0 + (a - b) ln(u/v_ref))/a)),
// = mu0 + (a - b) ln(u/v_ref) in the unregularised limit: velocity weakening for b > a, strengthening for b < a.
// A velocity step v1 -> v2 from steady state: the direct effect a ln(v2/v1) at once, then over the slip
// delta = v2 t the aging law's exact solution theta = (D_c/v2) (1 + (v2/v1 - 1) exp(-delta/D_c)), so
// mu = mu_ss(v2) + b ln(1 + (v2/v1 - 1) exp(-delta/D_c)) (tests/models/contact/test_rate_state.cpp).
//
// THE STATE. The law's state slot (the 1-D z of the rate form) holds the dimensionless log-state
//   psi = ln(v_ref theta / D_c),   psi' = (v_ref/D_c) exp(-psi) - |v|/D_c   (2 divided by theta),
// not theta itself, because (i) theta spans many decades in one stick-slip cycle (D_c/v: microseconds while slipping
// at m/s, years while healing) and mu is linear in psi, so a driver's absolute tolerance on psi is a fixed tolerance
// on mu (b atol) at every stage of the cycle, where one on theta would be meaningless at one end and too loose at the
// other; (ii) psi cannot leave the domain: an explicit step that overshoots theta's fast decay while slipping
// (theta' ~ -v theta/D_c) makes theta negative and ln(theta) undefined, while psi stays a finite number for any step;
// (iii) psi = 0 is steady sliding at v_ref, so every assembler that starts a law's state at 0 (the built-in
// relations, a system file's z0 = 0, the verify checks) starts this law at a physical state: steady state at the
// reference speed (a theta of 0 would be a fully weakened interface with no friction at all). The linearisation is
// the same: psi's relaxation rate at steady state is v/D_c, theta's is v/D_c too. Set z0 = steady_state(u)
// = ln(v_ref/u) for steady sliding at u, or psi_of_theta(theta0) for a given theta0 (s).
//
// FORMS (models/contact/law.hpp) on 1-D relations (Slip1): the rate only: force(c, fn, psi), rate(c, fn, psi). Every
// explicit and implicit ODE driver runs it (euler..rk4, dopri5, CVODE) and IDA through the default residual (the
// force is smooth in v and psi; |v| in (2) has a kink at v = 0, continuous, as the C-SDS's). No increment, so no
// particle engine, trapezoid or LAMMPS form: the engine's law slot is a spring in the contact plane that the engine
// and LAMMPS rotate with the plane (and project, and zero at first touch); a scalar state psi there would be mixed into
// the other components at every turn of the plane. It has no events or modes (nothing switches: the regularised law
// never sticks) and is not set-valued (no Filippov form).
// For the generic checks of verify (studies/checks/property_checks_laws.cpp): static_threshold(F_n) = 0: the
// regularised law holds no load without slip (F = 0 at v = 0 whatever theta; any load creeps, at the speed
// v = 2 v_ref exp(-(mu0 + b psi)/a) sinh(|F|/(a F_n)), extremely slowly for a well-aged contact: the "static"
// friction of rate-state is the peak of mu at the onset of slip, a function of the loading rate and of the state, not
// a threshold); sliding_force(u, F_n) = F_n mu_ss(u), the force of steady sliding at u > 0 (0 at u = 0, where the
// regularised law transmits no force). steady_state(u) is the state of that steady sliding: the checks start the law
// there.
// Parameters: mu0 (>= 0), a (> 0: the asinh's argument divides by it), b (>= 0), D_c (m, > 0: (2) divides by it),
// v_ref (m/s, > 0: the reference speed; named v_ref, not v0, because v0 is the initial speed of the studies that
// declare the law's parameters as their own keys). F_n is the normal force (the product sigma A of a fault patch);
// a changing F_n acts at once on F, with no normal-stress state effect (Linker & Dieterich 1992 is not modelled).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"

namespace stickslip {

struct RateState {
  double mu0 = 0.6, a = 0.01, b = 0.015;  // -, -, -
  double d_c = 1e-5, v_ref = 1e-6;        // m, m/s
  static constexpr const char* name = "rate-state";
  static constexpr const char* summary =
      "rate-and-state friction (Dieterich-Ruina, aging law; regularised asinh form of Lapusta et al., smooth through "
      "v = 0), state psi = ln(v_ref theta/D_c)";
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 5> parameters{{
      {"mu0", "1", 0.6, 0, inf, false, false, "rate-state: steady-state friction coefficient at the reference speed v_ref"},
      {"a", "1", 0.01, 0, inf, true, false, "rate-state: direct effect a (a jump v1 -> v2 raises mu by a ln(v2/v1))",
       "the asinh's argument divides by it"},
      {"b", "1", 0.015, 0, inf, false, false, "rate-state: state effect b (steady state mu_ss = mu0 + (a - b) ln(v/v_ref))"},
      {"D_c", "m", 1e-5, 0, inf, true, false, "rate-state: characteristic slip distance D_c of the state's evolution",
       "the aging law divides by it"},
      {"v_ref", "m/s", 1e-6, 0, inf, true, false, "rate-state: reference slip speed v_ref (the state psi = 0 is steady "
       "sliding at v_ref)", "ln(v/v_ref) divides by it"},
  }};
  static RateState from(const std::array<double, 5>& v) {
    RateState l;
    l.mu0 = v[0], l.a = v[1], l.b = v[2], l.d_c = v[3], l.v_ref = v[4];
    return l;
  }

  // asinh(exp(L)) without overflow for any L (-inf: 0): L + ln(1 + sqrt(1 + exp(-2L))) for L > 0.
  static double asinh_exp(double l) {
    if (l > 0) return l + std::log(1 + std::sqrt(1 + std::exp(-2 * l)));
    return std::asinh(std::exp(l));
  }
  // ln X of (1): ln(|v|/(2 v_ref)) + (mu0 + b psi)/a.
  double log_argument(double speed, double psi) const {
    return std::log(speed / (2 * v_ref)) + (mu0 + b * psi) / a;
  }
  // mu(|v|, psi) >= 0 of (1).
  double friction(double speed, double psi) const {
    return speed > 0 ? a * asinh_exp(log_argument(speed, psi)) : 0.0;
  }
  // The partial derivatives of mu(v, psi) at v > 0: dmu/dv = a r / v, dmu/dpsi = b r, r = X/sqrt(1 + X^2) (1 to within
  // 1/(2 X^2) where the classic law holds). What the linear stability of steady sliding reads (the spring-slider study).
  double regularisation_factor(double speed, double psi) const {
    const double l = log_argument(speed, psi);
    return 1 / std::sqrt(1 + std::exp(-2 * l));  // X/sqrt(1 + X^2) with X = exp(l)
  }

  // The state of steady sliding at speed u > 0 (theta_ss = D_c/u), and conversions from and to theta (s).
  double steady_state(double u) const { return std::log(v_ref / u); }
  double psi_of_theta(double theta) const { return std::log(v_ref * theta / d_c); }
  double theta_of_psi(double psi) const { return d_c / v_ref * std::exp(psi); }
  // mu_ss(u) of (1) at theta_ss (u > 0).
  double steady_friction(double u) const { return friction(u, steady_state(u)); }

  // The rate form on 1-D relations: the force on the body, and psi'.
  VecD<1> force(const Slip1& c, double fn, const VecD<1>& psi) const {
    const double v = c.v(), mu = friction(std::abs(v), psi[0]);
    return VecD<1>(v > 0 ? -mu * std::abs(fn) : v < 0 ? mu * std::abs(fn) : 0.0);
  }
  VecD<1> rate(const Slip1& c, double, const VecD<1>& psi) const {
    return VecD<1>((v_ref * std::exp(-psi[0]) - std::abs(c.v())) / d_c);
  }

  // For the generic checks (see the header comment): no static threshold; steady sliding's force.
  double static_threshold(double) const { return 0; }
  double sliding_force(double u, double fn) const { return u > 0 ? steady_friction(u) * fn : 0.0; }
};

}  // namespace stickslip
