// models/contact/cundall_strack.hpp — the Cundall-Strack law as Krengel & Matuttis, "Comparing numerically exact and
// modelled static friction", eq. 19-20 describe it: a tangential spring incremented by dF = -k_t v dt and cut off at
// mu F_n, with the instantaneous dashpot -gamma_t v that is conventionally added (their Table 1: gamma_t =
// 1/4 sqrt(k_t m)); gamma_t = 0 is eq. 19 alone.
//   F = F_S clipped to F_max (F_S = -k xi - gamma v, gamma = gamma_t m*), the spring capped at |k xi| <= F_max.
// One law in two forms, which agree in the limit dt -> 0 (models/contact/spring_slider.hpp):
//   rate       xi' = v, less its part that loads the spring further while k |xi| >= F_max (the cut-off as a rate;
//              the block on a slope under odeint and CVODE)
//   increment  xi += v_t dt, F = F_S clipped, then |k xi| capped at F_max (the particle engine, LAMMPS). With gamma_t = 0
//              the cap is the D-SDS reset without dashpot, bit for bit (what the engine ran before this law had a
//              dashpot; the block always had one).
// The cap only removes spring energy (e.jump <= 0).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/contact/spring_slider.hpp"

namespace stickslip {

struct CundallStrack {
  double kt = 1e5, gamma_t = 0, mu = 0.5;  // N/m, 1/s (per effective mass), -
  static constexpr const char* name = "cundall-strack";
  static constexpr const char* summary =
      "tangential spring dF = -k_t v dt cut off at mu F_n, dashpot gamma_t (Krengel & Matuttis eq. 19-20)";
  static constexpr bool rate_jumps = true;  // the cut-off switches the rate's loading part off: not for IDA
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: the cut-off mu F_n"},
      {"kt", "N/m", 1e5, 0, inf, true, false, "tangential spring stiffness k_t"},
      {"gamma_t", "1/s", 0, 0, inf, false, false, "instantaneous dashpot per effective mass (gamma = gamma_t m*)"},
  }};
  static CundallStrack from(const std::array<double, 3>& v) { return {v[1], v[2], v[0]}; }  // (mu, kt, gamma_t)

  template <class C>
  SpringOf<C> step(const C& c, double fn, SpringOf<C>& xi, double dt, TangentialEnergy& e) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    const double fmax = mu * std::abs(fn);
    e.before = 0.5 * kt * xi.squaredNorm();
    xi += dt * c.vt;
    const SpringOf<C> f = sds_force<D>(xi, c.vt, kt, gamma_t * c.m_star, fmax);
    const double before = 0.5 * kt * xi.squaredNorm();
    xi = spring_cutoff<D>(xi, kt, fmax);
    e.elastic = 0.5 * kt * xi.squaredNorm();
    e.jump = e.elastic - before;
    return f;
  }
  template <class C>
  SpringOf<C> force(const C& c, double fn, const SpringOf<C>& xi) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    return sds_force<D>(xi, c.vt, kt, gamma_t * c.m_star, mu * std::abs(fn));
  }
  template <class C>
  SpringOf<C> rate(const C& c, double fn, const SpringOf<C>& xi) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    return cutoff_rate<D>(xi, c.vt, kt, mu * std::abs(fn));
  }
  template <class C>
  double stiffness(const C&) const { return kt; }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }
};

}  // namespace stickslip
