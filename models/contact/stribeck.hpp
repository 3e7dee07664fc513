// models/contact/stribeck.hpp — Stribeck friction: static coefficient mu_s, kinetic mu_k, Stribeck velocity v_s.
// Set-valued at zero slip, |F| <= F_s = mu_s F_n; sliding at slip speed u the force opposes the slip with
//   phi(u) = (mu_k + (mu_s - mu_k) exp(-(u/v_s)^2)) F_n,                      phi(0) = F_s, phi(u >> v_s) = mu_k F_n.
// Forms (models/contact/law.hpp):
//   set-valued  static_threshold and sliding_force above: the Filippov pieces, the hybrid DAE and the sign form
//               (models/contact/set_valued.hpp).
//   regularised the C-SDS of Fuehrer, Brendel & Wolf eq. 9-10 (csds.hpp's CsdsForms), spring kt and dashpot gamma_t
//               (per effective mass) in series with a slider whose F_max = phi(|v_t|) reads the contact's velocity, as
//               LuGre-type models do: a stuck contact vibrating faster than about v_s loses static friction (phi of the
//               slider's own slip rate is ill-posed: a massless slider jumps between branches where phi' < -gamma).
//               Rate: ODE drivers; hybrid: drivers with events; increment: Verlet, trapezoid, LAMMPS. mu_s = mu_k: C-SDS.
// Parameters: mu_s, mu_k (dimensionless, >= 0), v_s (m/s, > 0: the exponent divides by it), kt (N/m, > 0),
// gamma_t (1/s, > 0: eq. 10 divides by it).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/csds.hpp"

namespace stickslip {

struct Stribeck : CsdsForms<Stribeck> {
  double mu_s = 0.6, mu_k = 0.4, v_s = 0.01;  // -, -, m/s
  double kt = 1e5, gamma_t = 1;               // N/m, 1/s
  static constexpr const char* name = "stribeck";
  static constexpr const char* summary =
      "Stribeck friction (mu_k + (mu_s - mu_k) exp(-(v/v_s)^2)) F_n, set-valued |F| <= mu_s F_n at rest, with a "
      "C-SDS regularisation (kt, gamma_t) for the discrete schemes";
  static constexpr bool set_valued = true;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 5> parameters{{
      {"mu_s", "1", 0.6, 0, inf, false, false, "static friction coefficient: |F| <= mu_s F_n at rest"},
      {"mu_k", "1", 0.4, 0, inf, false, false, "kinetic friction coefficient: F -> mu_k F_n for v >> v_s"},
      {"v_s", "m/s", 0.01, 0, inf, true, false, "Stribeck velocity", "the exponent divides by it"},
      {"kt", "N/m", 1e5, 0, inf, true, false, "tangential spring stiffness k_t of the regularisation"},
      {"gamma_t", "1/s", 1, 0, inf, true, false, "tangential dashpot per effective mass of the regularisation",
       "eq. 10 divides by it"},
  }};
  static Stribeck from(const std::array<double, 5>& v) {
    Stribeck l;
    l.mu_s = v[0], l.mu_k = v[1], l.v_s = v[2], l.kt = v[3], l.gamma_t = v[4];
    return l;
  }

  double static_threshold(double fn) const { return mu_s * fn; }
  double sliding_force(double u, double fn) const {
    const double r = u / v_s;
    return (mu_k + (mu_s - mu_k) * std::exp(-r * r)) * fn;
  }
  template <class C>
  double cap(const C& c, double fn) const {
    return sliding_force(c.vt.norm(), std::abs(fn));
  }
};

}  // namespace stickslip
