// models/contact/csds.hpp — the continuous spring-dashpot-slider (C-SDS) of Fuehrer, Brendel & Wolf, "Correction of
// the spring-dashpot-slider model", eq. 9-10 (models/contact/spring_slider.hpp holds the formulas).
//
// Parameters: kt spring (N/m), gamma_t dashpot per effective mass (1/s: the dashpot is gamma = gamma_t m*, the
// convention of LAMMPS' gran/hooke/history), mu (F_max = mu |f_n|). The C-SDS never creates energy (eq. 11).
// Forms (CsdsForms below, shared with every law that is a C-SDS with some other critical force, e.g. Stribeck's
// regularisation, through the law's cap(c, fn)):
//   rate       xi' = v sticking, -(F_max F_S/|F_S| + k xi)/gamma sliding (eq. 10); F = F_S clipped to F_max. The
//              stick/slip switch is a kink inside the law (no event).
//   increment  xi_{n+1} = xi_n + dt xi'(xi_n, v_t), v_t the slip velocity of the step (velocity Verlet: the half-step
//              velocity, so while sticking exactly x_{n+1} = x_n + dt v_{n+1/2}); then F = F_S(xi_{n+1}) clipped
//              (never a jump of xi).
//   hybrid     1-D modes (events on): stick  F = F_S, xi' = v, leaves when |F_S| rises to F_max;
//              slide s  F = s F_max, xi' = -(s F_max + k xi)/gamma, leaves when s F_S falls back to F_max (the slip
//              velocity vanishes, eq. 17). No state jump.
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/contact/spring_slider.hpp"

namespace stickslip {

// The C-SDS forms of a law Derived with members kt, gamma_t and a critical force Derived::cap(c, fn) >= 0.
template <class Derived>
struct CsdsForms {
  static constexpr bool euler_increment = true;  // step() is xi + dt rate(): one step of 1 s gives the rate
  const Derived& self() const { return static_cast<const Derived&>(*this); }

  template <class C>
  SpringOf<C> step(const C& c, double fn, SpringOf<C>& xi, double dt, TangentialEnergy& e) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    const double kt = self().kt, g = self().gamma_t * c.m_star, fmax = self().cap(c, fn);
    e.before = 0.5 * kt * xi.squaredNorm();
    xi += dt * csds_xi_rate<D>(xi, c.vt, kt, g, fmax);
    e.elastic = 0.5 * kt * xi.squaredNorm();
    return sds_force<D>(xi, c.vt, kt, g, fmax);
  }
  template <class C>
  SpringOf<C> force(const C& c, double fn, const SpringOf<C>& xi) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    return sds_force<D>(xi, c.vt, self().kt, self().gamma_t * c.m_star, self().cap(c, fn));
  }
  template <class C>
  SpringOf<C> rate(const C& c, double fn, const SpringOf<C>& xi) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    return csds_xi_rate<D>(xi, c.vt, self().kt, self().gamma_t * c.m_star, self().cap(c, fn));
  }
  // The stiffness of a stuck contact (the generic checks of verify).
  template <class C>
  double stiffness(const C&) const { return self().kt; }
  // |F_S| - F_max: > 0 while the contact slides (the stick/slip test of a run without events).
  double excess(const Slip1& c, double fn, double xi) const {
    return std::abs(-self().kt * xi - self().gamma_t * c.m_star * c.v()) - self().cap(c, fn);
  }

  struct Hybrid {
    const Derived& law;
    double test(const Slip1& c, double z) const { return -law.kt * z - law.gamma_t * c.m_star * c.v(); }
    int initial_mode(const Slip1& c, double fn, double z) const {
      const double fs = test(c, z);
      if (std::abs(fs) <= law.cap(c, fn)) return stick_mode;
      return fs > 0 ? slide_pos : slide_neg;
    }
    double force(const Slip1& c, double fn, double z, int mode) const {
      if (mode == stick_mode) return test(c, z);
      if (mode == free_mode) return law.CsdsForms::force(c, fn, VecD<1>(z))[0];
      return slide_sign(mode) * law.cap(c, fn);
    }
    double rate(const Slip1& c, double fn, double z, int mode) const {
      if (mode == stick_mode) return c.v();
      if (mode == free_mode) return law.CsdsForms::rate(c, fn, VecD<1>(z))[0];
      return -(slide_sign(mode) * law.cap(c, fn) + law.kt * z) / (law.gamma_t * c.m_star);
    }
    void events(const Slip1& c, double fn, double z, int mode, double* g) const {
      const double fs = test(c, z), fmax = law.cap(c, fn);
      if (mode == stick_mode) {
        g[0] = fs - fmax;
        g[1] = -fs - fmax;
        return;
      }
      g[0] = fmax - slide_sign(mode) * fs;
      g[1] = -1;
    }
    int on_event(const Slip1&, double, double&, int mode, int which) const {
      if (mode == stick_mode) return which == 0 ? slide_pos : slide_neg;
      return which == 0 ? stick_mode : mode;
    }
    void project(const Slip1&, double, double&, int) const {}
    bool algebraic(int) const { return false; }
    double residual(const Slip1& c, double fn, double z, double zdot, int mode) const { return zdot - rate(c, fn, z, mode); }
    ModelForm form() const { return ModelForm::ode; }
    bool holds_slip(int) const { return false; }
  };
  Hybrid hybrid() const { return {self()}; }
};

struct Csds : CsdsForms<Csds> {
  double kt = 1e5;     // N/m
  double gamma_t = 1;  // 1/s, > 0 (eq. 10 divides by gamma)
  double mu = 0.5;
  static constexpr const char* name = "csds";
  static constexpr const char* summary =
      "continuous spring-dashpot-slider, xi' of eq. 10 (Fuehrer, Brendel & Wolf); never creates energy";
  static constexpr bool creates_no_energy = true;        // eq. 11: the spring's power never exceeds its dissipation
  static constexpr bool spring_relaxes_by_dashpot = true;  // sliding, xi relaxes at k_t/gamma_t (eq. 10)
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: F_max = mu F_n"},
      {"kt", "N/m", 1e5, 0, inf, true, false, "tangential spring stiffness k_t"},
      {"gamma_t", "1/s", 1, 0, inf, true, false, "tangential dashpot per effective mass (gamma = gamma_t m*)",
       "eq. 10 divides by it"},
  }};
  static Csds from(const std::array<double, 3>& v) {
    Csds l;
    l.mu = v[0], l.kt = v[1], l.gamma_t = v[2];
    return l;
  }
  Csds() = default;
  Csds(double kt_, double gamma_t_, double mu_) : kt(kt_), gamma_t(gamma_t_), mu(mu_) {}

  template <class C>
  double cap(const C&, double fn) const { return mu * std::abs(fn); }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }
};

}  // namespace stickslip
