// models/contact_model.hpp — the assembler of the small systems: one 1-D relation (models/sliding_plates.hpp,
// incline_block.hpp, friction_oscillator.hpp) and any tangential law of the registry (models/contact/registry.hpp)
// become a Model (core/model.hpp) in the form the driver needs, or a FilippovSystem for a set-valued law.
//
// A relation R provides (state x = [body..., law state z (0 or 1), extra...]):
//   body_names(), extra_names()                 the state components of the bodies and of the relation's extras
//                                               (the plates' friction work W); spring_name, force_name: the name
//                                               of z when it is a spring ("xi") or an algebraic force ("F_t")
//   slip_row                                    the body row whose rate is the slip acceleration
//   contact(t, b), normal_force(t, b)           the Slip1 the law sees (slip velocity, m*, a_free, f_stick) and F_n,
//                                               from the body state b
//   rates(t, b, e, F, bdot, edot)               the body and extra rates with contact force F
//   residual(t, b, e, bdot, edot, F, rb, re)    the same rows in the relation's residual form (the DAE laws)
//   hold_slip(b)                                puts the slip velocity to zero (velocity projection)
//   optional, for a slip velocity that is not one state component (a rotating body: v_t = v + omega (e_z x r) . t):
//   hold_rate(t, b, bdot)                       the body rates of a held slip: the slip acceleration zero (default:
//                                               bdot[slip_row] = 0)
//   slip_gradient(t, b, grad)                   d(slip velocity)/d(body state), the Filippov surface's gradient
//                                               (default: 1 at slip_row)
//   energy(b, e)                                kinetic, external energy and friction work (core/energy_ledger.hpp)
// The forms, chosen from the law's forms, the driver and the events flag (choose_contact_form; law.hpp lists the
// rules):
//   slip_force  F = slip_force(v), no law state           rate   F = force(z), z' = rate(z)
//   reset       the rate plus the law's reset between steps (adjust(), after each step or stage)
//   hybrid      the law's modes and events (hybrid(); with the reset between steps when the law's hybrid is a rule)
//   dae         the law's hybrid DAE (dae_form(): Coulomb's stick constraint, the D-SDS's continuous limit): the
//               relation's residual rows, the law's row, the slip row replaced by 0 = v while the law holds it
//   filippov    ContactFilippov: the surface h = slip velocity, the field with F = -sigma sliding_force(|v|)
//   lookahead   F = lookahead_force(v, a_free), no law state (Krengel & Matuttis' scheme, fixed-step drivers)
// Modes: one int, the law's hybrid mode (free_mode 0 when the form has no events).
#pragma once

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/filippov_system.hpp"
#include "core/model.hpp"
#include "models/contact/formed_law.hpp"
#include "models/contact/registry.hpp"

namespace stickslip {

// The form of law `law` (its forms on 1-D relations: `forms`) that driver d runs, with events on or off; an
// InputError naming solver_key (the driver cannot run the law), "events" (a DAE law without events) otherwise.
ContactForm choose_contact_form(const std::string& law, unsigned forms, Driver d, bool events,
                                const std::string& solver_key, const std::string& solver_text);

// What the studies and the runner see of an assembled small system.
class ContactModelBase : public Model {
 public:
  virtual ContactForm contact_form() const = 0;
  // The tangential force the contact transmits in this state and mode.
  virtual double contact_force(double t, VecCRef x, const Mode& mode) const = 0;
  // |F_S| - F_max of a spring law (> 0 while sliding; the stick/slip test of a run without events), NaN for laws
  // without one.
  virtual double excess(double t, VecCRef x) const = 0;
  virtual std::string law_name() const = 0;
};

template <class R, class L>
class ContactModel final : public ContactModelBase {
 public:
  ContactModel(R relation, L law, std::string name, ContactForm form, bool projection)
      : rel_(std::move(relation)), fl_(std::move(law), form, projection), name_(std::move(name)) {
    nb_ = rel_.body_names().size();
    nz_ = fl_.state_size();
    ne_ = rel_.extra_names().size();
  }

  ContactForm contact_form() const override { return fl_.form(); }
  std::string law_name() const override { return name_; }
  const R& relation() const { return rel_; }
  const L& law() const { return fl_.law(); }

  std::size_t size() const override { return nb_ + nz_ + ne_; }
  std::vector<std::string> state_names() const override {
    std::vector<std::string> n = rel_.body_names();
    if (nz_) n.push_back(fl_.state_is_force() ? R::force_name : R::spring_name);
    for (const auto& e : rel_.extra_names()) n.push_back(e);
    return n;
  }

  Mode initial_mode(double t, VecCRef x) const override {
    return {fl_.initial_mode(rel_.contact(t, body(x)), rel_.normal_force(t, body(x)), z(x))};
  }

  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override {
    const Slip1 c = rel_.contact(t, body(x));
    const double fn = rel_.normal_force(t, body(x));
    double f = 0, zdot = 0;
    bool held = false;
    fl_.terms(c, fn, z(x), md(mode), f, zdot, held);
    rel_.rates(t, body(x), extra(x), f, xdot.head(nb_), xdot.tail(ne_));
    if (held) {
      if constexpr (requires(const R& r, double tt, VecCRef b, VecRef d) { r.hold_rate(tt, b, d); }) rel_.hold_rate(t, body(x), xdot.head(nb_));
      else xdot[R::slip_row] = 0;
    }
    if (nz_) xdot[nb_] = zdot;
  }

  void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const override {
    if (fl_.form() != ContactForm::dae) {
      Model::residual(t, x, xdot, mode, r);
      return;
    }
    const Slip1 c = rel_.contact(t, body(x));
    const double fn = rel_.normal_force(t, body(x));
    const double zz = z(x), f = fl_.force(c, fn, zz, md(mode));
    rel_.residual(t, body(x), extra(x), xdot.head(nb_), xdot.tail(ne_), f, r.head(nb_), r.tail(ne_));
    if (fl_.holds_slip(md(mode))) r[R::slip_row] = c.v();
    r[nb_] = fl_.residual(c, fn, zz, xdot[nb_], md(mode));
  }

  void differential_mask(const Mode& mode, VecRef id) const override {
    id.setOnes();
    if (fl_.form() != ContactForm::dae) return;
    if (fl_.algebraic(md(mode))) id[nb_] = 0;
    if (fl_.holds_slip(md(mode))) id[R::slip_row] = 0;
  }

  ModelForm form() const override { return fl_.model_form(); }

  std::size_t num_events() const override { return fl_.num_events(); }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override {
    double gg[2];
    fl_.events(rel_.contact(t, body(x)), rel_.normal_force(t, body(x)), z(x), md(mode), gg);
    g[0] = gg[0];
    g[1] = gg[1];
  }
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override {
    if (which >= 2) return {false, false};
    const Slip1 c = rel_.contact(t, body(x));
    const double fn = rel_.normal_force(t, body(x));
    double zz = nz_ ? x[nb_] : 0.0;
    const int next = fl_.on_event(c, fn, zz, md(mode), static_cast<int>(which));
    if (next == md(mode) && which != 0) return {false, false};
    if (nz_) x[nb_] = zz;
    mode.assign(1, next);
    return {true, false};
  }
  void project(double t, VecRef x, const Mode& mode) const override {
    if (fl_.form() != ContactForm::hybrid && fl_.form() != ContactForm::dae) return;
    if (fl_.holds_slip(md(mode))) rel_.hold_slip(x.head(nb_));
    const Slip1 c = rel_.contact(t, body(x));
    double zz = x[nb_];
    fl_.project(c, rel_.normal_force(t, body(x)), zz, md(mode));
    x[nb_] = zz;
  }

  Energy energy(double, VecCRef x, const Mode&) const override {
    Energy e = rel_.energy(body(x), extra(x));
    if constexpr (requires(const L& l) { l.kt; }) {
      if (nz_ && !fl_.state_is_force()) e.potential = fl_.spring_energy(x[nb_]);
    }
    return e;
  }

  AdjustPolicy adjustment_policy() const override { return fl_.adjustment_policy(); }
  void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const override {
    if (fl_.adjustment_policy() == AdjustPolicy::none) return;
    const Slip1 c = rel_.contact(t, body(x_eval));
    const double fn = rel_.normal_force(t, body(x_eval));
    const VecCRef xa = x_assigned;
    const Slip1 ca = rel_.contact(t, body(xa));
    const double fna = rel_.normal_force(t, body(xa));
    double zz = x_assigned[nb_];
    fl_.adjust(c, fn, ca, fna, x_eval[nb_], zz, md(mode));
    x_assigned[nb_] = zz;
  }

  double contact_force(double t, VecCRef x, const Mode& mode) const override {
    return fl_.force(rel_.contact(t, body(x)), rel_.normal_force(t, body(x)), z(x), md(mode));
  }
  double excess(double t, VecCRef x) const override {
    return fl_.excess(rel_.contact(t, body(x)), rel_.normal_force(t, body(x)), z(x));
  }

 private:
  // The contact's mode (free_mode for a caller without one, e.g. a hand-written loop over rhs).
  static int md(const Mode& mode) { return mode.empty() ? static_cast<int>(free_mode) : mode[0]; }
  auto body(VecCRef x) const { return x.head(nb_); }
  auto extra(VecCRef x) const { return x.tail(ne_); }
  double z(VecCRef x) const { return nz_ ? x[nb_] : 0.0; }

  R rel_;
  FormedLaw<L> fl_;
  std::string name_;
  std::size_t nb_ = 0, nz_ = 0, ne_ = 0;
};

// A set-valued law on a relation as a Filippov system: state [body..., extra...], one surface h = slip velocity.
template <class R, class L>
class ContactFilippov final : public FilippovSystem {
 public:
  ContactFilippov(R relation, L law) : rel_(std::move(relation)), law_(std::move(law)) {
    nb_ = rel_.body_names().size();
    ne_ = rel_.extra_names().size();
  }
  std::size_t size() const override { return nb_ + ne_; }
  std::vector<std::string> state_names() const override {
    std::vector<std::string> n = rel_.body_names();
    for (const auto& e : rel_.extra_names()) n.push_back(e);
    return n;
  }
  std::size_t num_surfaces() const override { return 1; }
  void surfaces(double t, VecCRef x, VecRef h) const override { h[0] = rel_.contact(t, x.head(nb_)).v(); }
  void surface_gradient(double t, VecCRef x, std::size_t, VecRef grad) const override {
    grad.setZero();
    if constexpr (requires(const R& r, double tt, VecCRef b, VecRef g) { r.slip_gradient(tt, b, g); }) rel_.slip_gradient(t, x.head(nb_), grad.head(nb_));
    else grad[R::slip_row] = 1;
  }
  void field(double t, VecCRef x, VecCRef sigma, VecRef f) const override {
    const Slip1 c = rel_.contact(t, x.head(nb_));
    rel_.rates(t, x.head(nb_), x.tail(ne_), force(c, rel_.normal_force(t, x.head(nb_)), sigma[0]), f.head(nb_),
               f.tail(ne_));
  }
  // The contact force at side value sigma.
  double force(double t, VecCRef x, double sigma) const {
    return force(rel_.contact(t, x.head(nb_)), rel_.normal_force(t, x.head(nb_)), sigma);
  }
  const R& relation() const { return rel_; }
  // The relation's energy (the ledger's kinetic and external energy and friction work; no law state here).
  Energy energy(VecCRef x) const { return rel_.energy(x.head(nb_), x.tail(ne_)); }

 private:
  double force(const Slip1& c, double fn, double sigma) const {
    if constexpr (SetValuedLaw<L>) return filippov_force(law_, c.v(), fn, sigma);
    else return 0.0;
  }
  R rel_;
  L law_;
  std::size_t nb_ = 0, ne_ = 0;
};

// A law of the registry on a relation, in the form a driver runs: a Model, or (filippov) a FilippovSystem.
struct ContactSystem {
  std::unique_ptr<ContactModelBase> model;       // every form but filippov
  std::unique_ptr<FilippovSystem> filippov;      // the Filippov form
  std::function<double(double, VecCRef, double)> filippov_force;  // (t, x, sigma) -> F of the Filippov form
  std::function<Energy(VecCRef)> filippov_energy;                 // x -> the relation's energy (Filippov form)
  ContactForm form = ContactForm::rate;
  Driver driver = Driver::fixed;  // the driver it was formed for (its run takes that driver's options)
  std::string law;
  std::size_t size() const { return model ? model->size() : filippov->size(); }
};

struct ContactOptions {
  Driver driver = Driver::fixed;
  bool events = false;
  bool projection = true;                 // velocity projection while a DAE law sticks
  std::string solver_key = "solver";      // the study's key and text of the driver, for refusals
  std::string solver_text;
};

// Assembles law object `law` (forms: the forms it offers on a 1-D relation, models/contact/registry.hpp) on
// `relation` in the form the driver of `o` runs: the one assembler of registry laws (make_contact_system below) and
// of laws built elsewhere (a law written in Python, studies/python/python_law.hpp).
template <class R, class L>
ContactSystem assemble_contact_system(const R& relation, const L& law, const std::string& name, unsigned forms,
                                      const ContactOptions& o) {
  ContactSystem s;
  s.law = name;
  s.driver = o.driver;
  s.form = choose_contact_form(name, forms, o.driver, o.events, o.solver_key, o.solver_text);
  if (s.form == ContactForm::filippov) {
    auto f = std::make_unique<ContactFilippov<R, L>>(relation, law);
    const auto* fp = f.get();
    s.filippov_force = [fp](double t, VecCRef x, double sigma) { return fp->force(t, x, sigma); };
    s.filippov_energy = [fp](VecCRef x) { return fp->energy(x); };
    s.filippov = std::move(f);
  } else {
    s.model = std::make_unique<ContactModel<R, L>>(relation, law, name, s.form, o.projection);
  }
  return s;
}

// Builds law `name` (values: its parameters, LawValues::law_key the study's key for it) on relation `relation`.
template <class R>
ContactSystem make_contact_system(const R& relation, const std::string& name, const LawValues& values,
                                  const ContactOptions& o) {
  return with_law(values.law_key, name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    return assemble_contact_system(relation, make_law<L>(values), name, entry_forms(e, RelationKind::one_d), o);
  });
}

}  // namespace stickslip
