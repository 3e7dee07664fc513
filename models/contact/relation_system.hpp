// models/contact/relation_system.hpp — the plumbing the small models' builders share (plates_system, block_system,
// oscillator_system): the law's values with the parameters the relation binds to its own keys laid over the user's,
// and the driver options of make_contact_system (models/contact_model.hpp).
#pragma once

#include <string>

#include "models/contact_model.hpp"

namespace stickslip {

// extra (the user's law parameters) with bound (the relation's, each naming the key the user gave) laid over it.
inline LawValues bind_law_values(LawValues extra, const LawValues& bound) {
  for (const auto& [name, value] : bound.values()) extra.set(name, value.value, value.key, value.text);
  return extra;
}

inline ContactOptions relation_options(Driver d, bool events, bool projection, const std::string& solver_text) {
  ContactOptions o;
  o.driver = d;
  o.events = events;
  o.projection = projection;
  o.solver_text = solver_text.empty() ? to_string(d) : solver_text;
  return o;
}

}  // namespace stickslip
