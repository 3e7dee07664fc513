// models/contact/dsds.hpp — the discontinuous spring-dashpot-slider (D-SDS) of Fuehrer, Brendel & Wolf eq. 1-3: the
// spring of Luding and LAMMPS' linear_history, reset onto the Coulomb limit when the test fails
// (models/contact/spring_slider.hpp). Parameters as the C-SDS (csds.hpp), gamma_t >= 0.
//
// One law in four forms; the registry's names pick them (models/contact/registry.hpp):
//   increment  (dsds, dsds-stage) xi += v_t dt; F = F_S clipped; if |F_S| > F_max the spring is reset to
//              xi = -(F_max F_S/|F_S| + gamma v_t)/k (eq. 3). The reset changes the spring energy without work
//              (e.jump, signed): the energy the D-SDS creates (seed §3.3) is decided from it by the engine's ledger.
//   reset      (dsds: after every step; dsds-stage: after every stage assignment, Appendix A eq. 22-28) the rate
//              xi' = v (eq. 2), F clipped, and the reset of eq. 3 tested on the state the force was evaluated at.
//              DsdsStage is the same law with the per-stage policy; velocity Verlet assigns the spring once per
//              step, so on the particle engine the two are the same kernel, bit for bit.
//   hybrid     (dsds, dsds-stage with events) 1-D modes: stick F = F_S, xi' = v, leaves when |F_S| reaches F_max;
//              slide s F = s F_max, xi' = v with the reset after each step, leaves when s v rises to -v*,
//              v* = gamma (F_max/m* + s a_free)/k: below it a reset spring relaxes faster than the slip reloads it
//              (eq. 20 for a_free = 0, the plates). A slide ends with the spring put onto eq. 3 at the switch.
//   dae        (dsds-dae) the continuous limit as a hybrid DAE: stick as above; slide s: 0 = k xi + gamma v + s F_max
//              (xi algebraic; its rate -gamma v'/k keeps the row consistent, so ODE drivers run it too).
#pragma once

#include <array>
#include <cmath>
#include <limits>

#include "models/contact/law.hpp"
#include "models/contact/spring_slider.hpp"

namespace stickslip {

struct Dsds {
  double kt = 1e5, gamma_t = 1, mu = 0.5;  // N/m, 1/s (per effective mass), -
  static constexpr const char* name = "dsds";
  static constexpr const char* summary = "discontinuous SDS (Luding, LAMMPS linear_history, eq. 1-3): xi reset after each step";
  static constexpr AdjustPolicy reset_policy = AdjustPolicy::after_step;
  static constexpr double inf = std::numeric_limits<double>::infinity();
  static constexpr std::array<Param, 3> parameters{{
      {"mu", "1", 0.5, 0, inf, false, false, "friction coefficient: F_max = mu F_n"},
      {"kt", "N/m", 1e5, 0, inf, true, false, "tangential spring stiffness k_t"},
      {"gamma_t", "1/s", 1, 0, inf, false, false, "tangential dashpot per effective mass (gamma = gamma_t m*)"},
  }};
  static Dsds from(const std::array<double, 3>& v) { return {v[1], v[2], v[0]}; }  // (mu, kt, gamma_t)

  template <class C>
  SpringOf<C> step(const C& c, double fn, SpringOf<C>& xi, double dt, TangentialEnergy& e) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    const double g = gamma_t * c.m_star, fmax = mu * std::abs(fn);
    e.before = 0.5 * kt * xi.squaredNorm();
    xi += dt * c.vt;
    const SpringOf<C> f = sds_force<D>(xi, c.vt, kt, g, fmax);
    const double before = 0.5 * kt * xi.squaredNorm();
    xi = dsds_reset<D>(xi, c.vt, kt, g, fmax);
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
  SpringOf<C> rate(const C& c, double, const SpringOf<C>&) const {
    return c.vt;
  }
  template <class C>
  void reset(const C& c, double fn, const SpringOf<C>& xi, SpringOf<C>& assigned) const {
    constexpr int D = SpringOf<C>::RowsAtCompileTime;
    const double g = gamma_t * c.m_star, fmax = mu * std::abs(fn);
    if (sds_sliding<D>(xi, c.vt, kt, g, fmax)) assigned = dsds_reset<D>(xi, c.vt, kt, g, fmax);
  }
  template <class C>
  double stiffness(const C&) const { return kt; }
  double excess(const Slip1& c, double fn, double xi) const {
    return std::abs(-kt * xi - gamma_t * c.m_star * c.v()) - mu * std::abs(fn);
  }
  double static_threshold(double fn) const { return mu * fn; }
  double sliding_force(double, double fn) const { return mu * fn; }

  // The hybrid forms: the rule with events (algebraic = false) and the continuous DAE (true).
  struct Hybrid {
    const Dsds& law;
    bool algebraic_slide;
    double gamma(const Slip1& c) const { return law.gamma_t * c.m_star; }
    double fmax(double fn) const { return law.mu * std::abs(fn); }
    double test(const Slip1& c, double z) const { return -law.kt * z - gamma(c) * c.v(); }
    // v* of the slide -> stick switch in mode s.
    double stick_speed(const Slip1& c, double fn, int s) const {
      return gamma(c) * (fmax(fn) / c.m_star + s * c.a_free) / law.kt;
    }
    // The spring on eq. 3 while sliding with force s F_max.
    double on_limit(const Slip1& c, double fn, int s) const { return -(s * fmax(fn) + gamma(c) * c.v()) / law.kt; }
    int initial_mode(const Slip1& c, double fn, double z) const {
      const double fs = test(c, z);
      if (std::abs(fs) <= fmax(fn)) return stick_mode;
      const int s = fs > 0 ? +1 : -1;
      // The D-SDS resets a saturated spring; it keeps sliding only while s v < -v*.
      if (s * c.v() >= -stick_speed(c, fn, s)) return stick_mode;
      return s > 0 ? slide_pos : slide_neg;
    }
    double force(const Slip1& c, double fn, double z, int mode) const {
      if (mode == stick_mode) return test(c, z);
      if (mode == free_mode) return law.force(c, fn, VecD<1>(z))[0];
      return slide_sign(mode) * fmax(fn);
    }
    double rate(const Slip1& c, double fn, double, int mode) const {
      if (!algebraic_slide || mode == stick_mode || mode == free_mode) return c.v();
      // The derivative of the constraint k xi + gamma v + s F_max = 0 at v' = a_free + s F_max/m* (index-1 form).
      return -gamma(c) * (c.a_free + slide_sign(mode) * fmax(fn) / c.m_star) / law.kt;
    }
    void events(const Slip1& c, double fn, double z, int mode, double* g) const {
      if (mode == stick_mode) {
        const double fs = test(c, z);
        g[0] = fs - fmax(fn);
        g[1] = -fs - fmax(fn);
        return;
      }
      const int s = slide_sign(mode);
      g[0] = s * c.v() + stick_speed(c, fn, s);
      g[1] = -1;
    }
    int on_event(const Slip1& c, double fn, double& z, int mode, int which) const {
      if (mode == stick_mode) return which == 0 ? slide_pos : slide_neg;
      if (which != 0) return mode;
      z = on_limit(c, fn, slide_sign(mode));  // slide -> stick: the spring sits on eq. 3 at the switch itself
      return stick_mode;
    }
    void project(const Slip1& c, double fn, double& z, int mode) const {
      if (mode == free_mode) return;
      if (mode == stick_mode) {
        const double fs = test(c, z);
        if (std::abs(fs) > fmax(fn)) z = -(std::copysign(fmax(fn), fs) + gamma(c) * c.v()) / law.kt;
        return;
      }
      z = on_limit(c, fn, slide_sign(mode));
    }
    // The rule's reset (eq. 3). Free mode (events off): the Coulomb test on the evaluation state, a failed test sets
    // the spring of the newly assigned state. Sliding (events on): the force is s F_max whatever xi is, and eq. 3 is
    // the mode's constraint, so the assigned state itself is put on it with its own v (the evaluation state's would
    // report the spring one reset late: an error gamma F_max dt/(m k) in xi). The map v -> xi of eq. 3 is affine,
    // so a Runge-Kutta combination of stages on it (dsds-stage) lies on it too.
    void adjust(const Slip1& c_eval, double fn_eval, const Slip1& c_assigned, double fn_assigned, double z_eval,
                double& z_assigned, int mode) const {
      if (mode == stick_mode) return;
      if (mode == free_mode) {
        VecD<1> a(z_assigned);
        law.reset(c_eval, fn_eval, VecD<1>(z_eval), a);
        z_assigned = a[0];
        return;
      }
      z_assigned = on_limit(c_assigned, fn_assigned, slide_sign(mode));
    }
    bool algebraic(int mode) const { return algebraic_slide && (mode == slide_pos || mode == slide_neg); }
    double residual(const Slip1& c, double fn, double z, double zdot, int mode) const {
      if (algebraic(mode)) return law.kt * z + gamma(c) * c.v() + slide_sign(mode) * fmax(fn);  // eq. 3
      return zdot - rate(c, fn, z, mode);
    }
    ModelForm form() const { return algebraic_slide ? ModelForm::ode : ModelForm::step_rule; }
    bool holds_slip(int) const { return false; }
  };
  Hybrid hybrid() const { return {*this, false}; }
  Hybrid dae(bool) const { return {*this, true}; }
};

// The D-SDS with its reset after every stage assignment (the plates' dsds-stage).
struct DsdsStage : Dsds {
  static constexpr const char* name = "dsds-stage";
  static constexpr const char* summary = "D-SDS with the reset after every Runge-Kutta stage (Appendix A eq. 22-28)";
  static constexpr AdjustPolicy reset_policy = AdjustPolicy::per_stage;
  static DsdsStage from(const std::array<double, 3>& v) { return {Dsds::from(v)}; }
};

}  // namespace stickslip
