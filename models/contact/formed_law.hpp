// models/contact/formed_law.hpp — one law of the registry in the form a driver runs (ContactForm), as the assemblers of
// small systems see it: one contact, its law state z (none, a spring, or the algebraic force of a DAE), its mode, and
// the contact's Slip1 (slip velocity, effective mass, the slip acceleration without the contact's own force, the
// force that holds it) and normal force given by the assembler. Written once for both assemblers:
// models/contact_model.hpp (one contact on a built-in relation) and models/system/ (a researcher's system of several
// contacts), so a law behaves the same on both to the last bit.
//
// The forms (models/contact/law.hpp lists which driver runs which):
//   slip_force  F = slip_force(v), no law state              rate   F = force(z), z' = rate(z)
//   reset       the rate plus the law's reset between steps (adjust(), after each step or stage)
//   hybrid      the law's modes and events (hybrid(); with the reset between steps when the law's hybrid is a rule)
//   dae         the law's hybrid DAE (dae_form(): a set-valued law's stick constraint, the D-SDS's continuous limit)
//   filippov    no state and no modes here: the assembler's Filippov system takes F = -sigma sliding_force(|v|)
//   lookahead   F = lookahead_force(c) of the slip velocity and the free slip acceleration, no state (Krengel &
//               Matuttis' scheme, models/contact/coulomb_km.hpp)
// Modes: the law's HybridMode (free_mode when the form has no events). Two switching functions per contact.
// ForAnyLaw below erases the law's type, for an assembler that holds contacts with different laws.
#pragma once

#include <cmath>
#include <memory>
#include <string>

#include "core/model.hpp"
#include "models/contact/law.hpp"
#include "models/contact/set_valued.hpp"

namespace stickslip {

enum class ContactForm { slip_force, rate, reset, hybrid, dae, filippov, lookahead };
const char* to_string(ContactForm f);

template <class L>
class FormedLaw {
 public:
  FormedLaw(L law, ContactForm form, bool projection) : law_(std::move(law)), form_(form), projection_(projection) {}

  const L& law() const { return law_; }
  ContactForm form() const { return form_; }
  // The law's state: none (slip force, Filippov) or one number.
  std::size_t state_size() const {
    return form_ == ContactForm::slip_force || form_ == ContactForm::filippov || form_ == ContactForm::lookahead ? 0 : 1;
  }
  // Whether z is the algebraic friction force of a DAE (set-valued laws) rather than a spring.
  bool state_is_force() const { return form_ == ContactForm::dae && !spring_dae(); }
  std::size_t num_events() const { return form_ == ContactForm::hybrid || form_ == ContactForm::dae ? 2 : 0; }

  int initial_mode(const Slip1& c, double fn, double z) const {
    if (form_ == ContactForm::hybrid) {
      if constexpr (HasHybrid<L>) return law_.hybrid().initial_mode(c, fn, z);
    } else if (form_ == ContactForm::dae) {
      if constexpr (has_dae) return dae().initial_mode(c, fn, z);
    }
    return free_mode;
  }

  // The force, the law state's rate, and whether the slip row is held, in the chosen form. force() of every form but
  // the look-ahead reads only the slip velocity, the effective mass and the state (never a_free or f_stick): an
  // assembler of several contacts evaluates the forces first and the slip accelerations they cause after, and so
  // refuses the look-ahead form (models/system/system_assembly.cpp).
  void terms(const Slip1& c, double fn, double z, int mode, double& f, double& zdot, bool& held) const {
    switch (form_) {
      case ContactForm::slip_force:
        if constexpr (SlipForceForm<L, Slip1> || SetValuedLaw<L>) f = slip_force(law_, c, fn)[0];
        return;
      case ContactForm::lookahead:
        if constexpr (LookAheadForm<L>) f = law_.lookahead_force(c, fn);
        return;
      case ContactForm::rate:
      case ContactForm::reset:
        if constexpr (RateForm<L, Slip1>) {
          const VecD<1> zz(z);
          f = law_.force(c, fn, zz)[0];
          zdot = law_.rate(c, fn, zz)[0];
        }
        return;
      default:
        with_hybrid([&](const auto& h) {
          f = h.force(c, fn, z, mode);
          zdot = h.rate(c, fn, z, mode);
          held = h.holds_slip(mode);
        });
    }
  }
  double force(const Slip1& c, double fn, double z, int mode) const {
    double f = 0, zdot = 0;
    bool held = false;
    terms(c, fn, z, mode, f, zdot, held);
    return f;
  }

  void events(const Slip1& c, double fn, double z, int mode, double* g) const {
    g[0] = g[1] = -1;
    with_hybrid([&](const auto& h) { h.events(c, fn, z, mode, g); });
  }
  // The new mode after switching function `which` (mode itself: nothing happens); z is mapped in place.
  int on_event(const Slip1& c, double fn, double& z, int mode, int which) const {
    int next = mode;
    with_hybrid([&](const auto& h) { next = h.on_event(c, fn, z, mode, which); });
    return next;
  }
  // Whether the mode holds the slip velocity (a DAE's stick with velocity projection): the slip row is the constraint.
  bool holds_slip(int mode) const {
    bool held = false;
    with_hybrid([&](const auto& h) { held = h.holds_slip(mode); });
    return held;
  }
  // Puts z on the mode's constraint (after the assembler has held the slip, where holds_slip).
  void project(const Slip1& c, double fn, double& z, int mode) const {
    with_hybrid([&](const auto& h) { h.project(c, fn, z, mode); });
  }
  bool algebraic(int mode) const {
    if (form_ != ContactForm::dae) return false;
    if constexpr (has_dae) return dae().algebraic(mode);
    return false;
  }
  // The law's row of the DAE form.
  double residual(const Slip1& c, double fn, double z, double zdot, int mode) const {
    if constexpr (has_dae) {
      if (form_ == ContactForm::dae) return dae().residual(c, fn, z, zdot, mode);
    }
    double f = 0, rate = 0;
    bool held = false;
    terms(c, fn, z, mode, f, rate, held);
    return zdot - rate;
  }

  ModelForm model_form() const {
    switch (form_) {
      case ContactForm::reset: return ModelForm::step_rule;
      case ContactForm::hybrid:
        if constexpr (HasHybrid<L>) return law_.hybrid().form();
        break;
      case ContactForm::dae:
        if constexpr (has_dae) return dae().form();
        break;
      default: break;
    }
    return ModelForm::ode;
  }
  AdjustPolicy adjustment_policy() const {
    if constexpr (ResetForm<L, Slip1>) {
      if (form_ == ContactForm::reset) return L::reset_policy;
      if constexpr (HasHybrid<L>) {
        if (form_ == ContactForm::hybrid && AdjustingHybrid<decltype(law_.hybrid())>) return L::reset_policy;
      }
    }
    return AdjustPolicy::none;
  }
  // The reset between steps: c_eval/fn_eval at the state the force was evaluated at, c_assigned/fn_assigned at the
  // newly assigned state; z_assigned is changed in place.
  void adjust(const Slip1& c_eval, double fn_eval, const Slip1& c_assigned, double fn_assigned, double z_eval,
              double& z_assigned, int mode) const {
    if constexpr (ResetForm<L, Slip1>) {
      if (form_ == ContactForm::reset) {
        VecD<1> a(z_assigned);
        law_.reset(c_eval, fn_eval, VecD<1>(z_eval), a);
        z_assigned = a[0];
      } else if constexpr (HasHybrid<L>) {
        if constexpr (AdjustingHybrid<decltype(law_.hybrid())>)
          law_.hybrid().adjust(c_eval, fn_eval, c_assigned, fn_assigned, z_eval, z_assigned, mode);
      }
    }
  }

  // |F_S| - F_max of a spring law (> 0 while sliding), NaN for laws without one.
  double excess(const Slip1& c, double fn, double z) const {
    if constexpr (requires(const L& l, const Slip1& cc) { l.excess(cc, 0.0, 0.0); }) {
      if (state_size()) return law_.excess(c, fn, z);
    }
    return std::nan("");
  }
  // The elastic energy in the law's state (a spring's 1/2 kt z^2; 0 for a force or no state).
  double spring_energy(double z) const {
    if constexpr (requires(const L& l) { l.kt; }) {
      if (state_size() && !state_is_force()) return 0.5 * law_.kt * z * z;
    }
    return 0.0;
  }

  // The set-valued law's two functions (0 for other laws): the Filippov form's force is -sigma sliding_force(|v|).
  double static_threshold(double fn) const {
    if constexpr (SetValuedLaw<L>) return law_.static_threshold(fn);
    return 0.0;
  }
  double sliding_force(double u, double fn) const {
    if constexpr (SetValuedLaw<L>) return law_.sliding_force(u, fn);
    return 0.0;
  }
  bool set_valued() const { return SetValuedLaw<L>; }

 private:
  static constexpr bool has_dae = HasDae<L> || SetValuedLaw<L>;
  auto dae() const { return dae_form(law_, projection_); }
  // Whether the DAE's state is a spring (the D-SDS's) rather than the algebraic friction force (set-valued laws); a
  // law that decides at run time (a law written in Python) says so itself.
  bool spring_dae() const {
    if constexpr (requires(const L& l) { l.dae_holds_spring(); }) return law_.dae_holds_spring();
    else return HasDae<L>;
  }
  template <class F>
  void with_hybrid(F&& f) const {
    if (form_ == ContactForm::hybrid) {
      if constexpr (HasHybrid<L>) f(law_.hybrid());
    } else if (form_ == ContactForm::dae) {
      if constexpr (has_dae) f(dae());
    }
  }

  L law_;
  ContactForm form_;
  bool projection_;
};

// A formed law of any type, for an assembler of contacts with different laws (models/system/). The same members as
// FormedLaw, virtual.
class AnyFormedLaw {
 public:
  virtual ~AnyFormedLaw() = default;
  virtual ContactForm form() const = 0;
  virtual std::size_t state_size() const = 0;
  virtual bool state_is_force() const = 0;
  virtual std::size_t num_events() const = 0;
  virtual int initial_mode(const Slip1& c, double fn, double z) const = 0;
  virtual void terms(const Slip1& c, double fn, double z, int mode, double& f, double& zdot, bool& held) const = 0;
  virtual double force(const Slip1& c, double fn, double z, int mode) const = 0;
  virtual void events(const Slip1& c, double fn, double z, int mode, double* g) const = 0;
  virtual int on_event(const Slip1& c, double fn, double& z, int mode, int which) const = 0;
  virtual bool holds_slip(int mode) const = 0;
  virtual void project(const Slip1& c, double fn, double& z, int mode) const = 0;
  virtual bool algebraic(int mode) const = 0;
  virtual double residual(const Slip1& c, double fn, double z, double zdot, int mode) const = 0;
  virtual ModelForm model_form() const = 0;
  virtual AdjustPolicy adjustment_policy() const = 0;
  virtual void adjust(const Slip1& c_eval, double fn_eval, const Slip1& c_assigned, double fn_assigned, double z_eval,
                      double& z_assigned, int mode) const = 0;
  virtual double excess(const Slip1& c, double fn, double z) const = 0;
  virtual double spring_energy(double z) const = 0;
  virtual double static_threshold(double fn) const = 0;
  virtual double sliding_force(double u, double fn) const = 0;
  virtual bool set_valued() const = 0;
};

template <class L>
class ForAnyLaw final : public AnyFormedLaw {
 public:
  explicit ForAnyLaw(FormedLaw<L> f) : f_(std::move(f)) {}
  ContactForm form() const override { return f_.form(); }
  std::size_t state_size() const override { return f_.state_size(); }
  bool state_is_force() const override { return f_.state_is_force(); }
  std::size_t num_events() const override { return f_.num_events(); }
  int initial_mode(const Slip1& c, double fn, double z) const override { return f_.initial_mode(c, fn, z); }
  void terms(const Slip1& c, double fn, double z, int mode, double& f, double& zdot, bool& held) const override {
    f_.terms(c, fn, z, mode, f, zdot, held);
  }
  double force(const Slip1& c, double fn, double z, int mode) const override { return f_.force(c, fn, z, mode); }
  void events(const Slip1& c, double fn, double z, int mode, double* g) const override { f_.events(c, fn, z, mode, g); }
  int on_event(const Slip1& c, double fn, double& z, int mode, int which) const override {
    return f_.on_event(c, fn, z, mode, which);
  }
  bool holds_slip(int mode) const override { return f_.holds_slip(mode); }
  void project(const Slip1& c, double fn, double& z, int mode) const override { f_.project(c, fn, z, mode); }
  bool algebraic(int mode) const override { return f_.algebraic(mode); }
  double residual(const Slip1& c, double fn, double z, double zdot, int mode) const override {
    return f_.residual(c, fn, z, zdot, mode);
  }
  ModelForm model_form() const override { return f_.model_form(); }
  AdjustPolicy adjustment_policy() const override { return f_.adjustment_policy(); }
  void adjust(const Slip1& c_eval, double fn_eval, const Slip1& c_assigned, double fn_assigned, double z_eval,
              double& z_assigned, int mode) const override {
    f_.adjust(c_eval, fn_eval, c_assigned, fn_assigned, z_eval, z_assigned, mode);
  }
  double excess(const Slip1& c, double fn, double z) const override { return f_.excess(c, fn, z); }
  double spring_energy(double z) const override { return f_.spring_energy(z); }
  double static_threshold(double fn) const override { return f_.static_threshold(fn); }
  double sliding_force(double u, double fn) const override { return f_.sliding_force(u, fn); }
  bool set_valued() const override { return f_.set_valued(); }

 private:
  FormedLaw<L> f_;
};

}  // namespace stickslip
