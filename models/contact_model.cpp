// models/contact_model.cpp — the choice of a law's form for a driver (models/contact_model.hpp).
#include "models/contact_model.hpp"

#include <fmt/format.h>

namespace stickslip {

const char* to_string(ContactForm f) {
  switch (f) {
    case ContactForm::slip_force: return "slip force";
    case ContactForm::rate: return "rate";
    case ContactForm::reset: return "reset rule";
    case ContactForm::hybrid: return "hybrid";
    case ContactForm::dae: return "DAE";
    case ContactForm::lookahead: return "look-ahead";
    default: return "Filippov";
  }
}

ContactForm choose_contact_form(const std::string& law, unsigned f, Driver d, bool events, const std::string& key,
                                const std::string& text) {
  const auto refuse = [&](const std::string& why) -> ContactForm { throw_input(key, text, why); };
  if (f == 0)
    throw_input("friction", law,
                "no form of this law runs on a 1-D relation (its formulas need what the relation's contact does not "
                "give, e.g. the overlap of a Hertz contact); laws that do: " +
                    join(laws_running(RelationKind::one_d, drivers_of(RelationKind::one_d))));
  if (d == Driver::filippov) {
    if (f & form_filippov) return ContactForm::filippov;
    return refuse(refusal_of_forms(law, f, RelationKind::one_d, d));
  }
  const bool fixed = d == Driver::fixed, ida = d == Driver::ida;
  if (d != Driver::fixed && d != Driver::dopri5 && d != Driver::cvode && !ida)
    return refuse(std::string(to_string(d)) + " does not run the 1-D relations");
  if (f & form_reset) {
    if (!fixed)
      return refuse("this model adjusts its state between steps (a time-stepping rule, not an ODE); allowed: euler, "
                    "midpoint, heun, rk4 (friction=" + law + ")");
    return events && (f & form_hybrid_rule) ? ContactForm::hybrid : ContactForm::reset;
  }
  if (events) {
    if ((f & form_dae_ode) || (ida && (f & form_dae))) return ContactForm::dae;
    if (f & form_hybrid) return ContactForm::hybrid;
  }
  if (ida && (f & form_jumps)) {  // a rate or slip force that jumps gives IDA's Newton iteration no smooth residual
    if (f & (form_dae | form_dae_ode | form_hybrid))
      throw_input("events", "off", "friction=" + law + " runs under ida in its hybrid or DAE form, whose switches are events; use events=on");
    return refuse(refusal_of_forms(law, f, RelationKind::one_d, d));
  }
  if (f & form_rate) return ContactForm::rate;
  if (f & form_slip_force) return ContactForm::slip_force;
  if (f & form_lookahead) {
    if (!fixed) return refuse(refusal_of_forms(law, f, RelationKind::one_d, d));
    return ContactForm::lookahead;
  }
  if ((f & form_dae) || (f & form_dae_ode)) {
    if (!events)
      throw_input("events", "off",
                  "friction=" + law + " is a hybrid DAE whose stick/slip switches are events; use events=on");
    return refuse("this model is a DAE (algebraic rows); allowed: ida");
  }
  return refuse(refusal_of_forms(law, f, RelationKind::one_d, d));
}

}  // namespace stickslip
