// models/system/system_assembly.cpp — see system_assembly.hpp.
#include "models/system/system_assembly.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "models/contact_model.hpp"

namespace stickslip {

unsigned system_law_forms(const std::string& key, const std::string& name) {
  return law_forms(key, name, RelationKind::one_d);
}

namespace {

// The registry's names whose forms include `form` on a 1-D contact.
std::vector<std::string> laws_with(unsigned form) {
  std::vector<std::string> out;
  for (const std::string& name : law_names())
    if (law_forms("law", name, RelationKind::one_d) & form) out.push_back(name);
  return out;
}

// The contact's law values under its own keys (contact.NAME.PARAMETER), unknown parameters refused.
LawValues contact_values(const SystemContact& c) {
  const std::string prefix = "contact." + c.name + ".";
  const std::vector<Param> params = law_parameter_list(prefix + "law", c.law);
  LawValues v;
  v.law_key = prefix + "law";
  for (const auto& [name, value] : c.values.values()) {
    if (std::none_of(params.begin(), params.end(), [&](const Param& p) { return name == p.name; })) {
      std::vector<std::string> names;
      for (const Param& p : params) names.emplace_back(p.name);
      throw_input(prefix + name, value.text.empty() ? format_value(value.value) : value.text,
                  "law " + c.law + " has no parameter " + name + "; its parameters: " +
                      (names.empty() ? std::string("none") : join(names)));
    }
    v.set(name, value.value, value.key.empty() ? prefix + name : value.key, value.text);
  }
  return v;
}

// The form a law with these forms runs in under the options' driver.
ContactForm form_for(const SystemContact& c, unsigned forms, const SystemAssemblyOptions& o) {
  const std::string key = "contact." + c.name + ".law";
  if (forms & form_lookahead)  // the only form of coulomb-km on a 1-D contact
    throw_input(key, c.law,
                "its look-ahead (Krengel & Matuttis eq. 12-17) reads the contact's slip acceleration without its own "
                "force when the force is evaluated, and a system evaluates every contact force before the accelerations; "
                "it runs on the built-in relations (incline-block, friction-oscillator, sliding-plates, the polygon block)");
  ContactForm form;
  if (o.moreau) {  // Moreau-Jean: a set-valued law's impulse bounds, or a slip force taken explicitly
    if (forms & form_filippov) {
      form = ContactForm::slip_force;
    } else {
      form = choose_contact_form(c.law, forms, Driver::fixed, false, o.solver_key, o.solver_text);
      if (form != ContactForm::slip_force)
        throw_input(key, c.law,
                    "Moreau-Jean takes set-valued laws (" + join(laws_with(form_filippov)) +
                        ") and slip forces (linear, tanh, coulomb-sign); " + c.law +
                        " has a law state (" + form_list(forms) + "): run it with an ODE or DAE scheme");
    }
  } else if (o.driver == Driver::filippov) {
    if (forms & form_filippov) {
      form = ContactForm::filippov;
    } else {
      form = choose_contact_form(c.law, forms, o.filippov_base, false, o.solver_key, o.solver_text);
      if (form != ContactForm::rate && form != ContactForm::slip_force)
        throw_input(key, c.law,
                    "under the Filippov driver a law that is not set-valued runs in its rate or slip-force form; " +
                        c.law + " has " + form_list(forms));
    }
  } else {
    form = choose_contact_form(c.law, forms, o.driver, o.events, o.solver_key, o.solver_text);
  }
  return form;
}

// A custom law (one written in Python) takes no parameters from the system.
void check_custom_values(const SystemContact& c) {
  if (!c.values.values().empty())
    throw_input("contact." + c.name + "." + c.values.values().begin()->first, format_value(c.values.values().begin()->second.value),
                "a law written in Python takes its parameters itself, not from the system");
}

SystemContactLaw make_contact_law(const SystemContact& c, const SystemAssemblyOptions& o) {
  if (c.custom) {
    check_custom_values(c);
    return SystemContactLaw{c.custom->name, c.custom->make(form_for(c, c.custom->forms, o), o.projection)};
  }
  const std::string key = "contact." + c.name + ".law";
  const LawValues values = contact_values(c);
  return with_law(key, c.law, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    const ContactForm form = form_for(c, entry_forms(e, RelationKind::one_d), o);
    return SystemContactLaw{c.law, std::make_unique<ForAnyLaw<L>>(FormedLaw<L>(make_law<L>(values), form, o.projection))};
  });
}

}  // namespace

std::string AssembledSystem::forms() const {
  const SystemSpec& s = mechanics().spec();
  std::vector<std::string> parts;
  for (std::size_t c = 0; c < s.contacts.size(); ++c) {
    std::string form;
    if (model) form = to_string(model->law(c).form());
    else form = filippov->contact_surface(c) >= 0 ? "Filippov" : "rate or slip force";
    parts.push_back(s.contacts[c].name + ": " + s.contacts[c].law + " (" + form + ")");
  }
  return join(parts);
}

void check_contact_laws(const SystemSpec& spec) {
  for (const SystemContact& c : spec.contacts) {
    if (c.custom) {
      check_custom_values(c);
      continue;
    }
    const LawValues values = contact_values(c);
    with_law("contact." + c.name + ".law", c.law, [&](const auto& e) {
      using L = typename std::decay_t<decltype(e)>::Law;
      (void)make_law<L>(values);
    });
  }
}

AssembledSystem assemble_system(const SystemSpec& spec, const SystemAssemblyOptions& o) {
  SystemMechanics mech(spec);
  std::vector<SystemContactLaw> laws;
  laws.reserve(spec.contacts.size());
  for (const SystemContact& c : spec.contacts) laws.push_back(make_contact_law(c, o));
  const bool ledger = o.ledger < 0 ? spec.size() <= kLedgerDofs : o.ledger == 1;
  AssembledSystem a;
  if (o.driver == Driver::filippov) a.filippov = std::make_unique<SystemFilippov>(std::move(mech), std::move(laws), ledger);
  else a.model = std::make_unique<SystemModel>(std::move(mech), std::move(laws), o.transitions, ledger);
  return a;
}

}  // namespace stickslip
