// models/system/system_assembly.hpp — the one assembler of a researcher's system (models/system/system_spec.hpp): each
// contact's law from the registry (models/contact/registry.hpp) in the form the driver runs (choose_contact_form, the
// rules of the built-in relations), the whole a SystemModel (rate, reset, hybrid, DAE) or a SystemFilippov.
//   filippov driver   set-valued laws take their Filippov form (one surface each); the other contacts their rate or
//                     slip-force form (a contact with neither, e.g. the D-SDS rule, is refused)
//   moreau            set-valued laws (their static threshold and sliding force bound the impulses) and slip-force
//                     laws; a law with a state (a spring) is refused
//   any other driver  choose_contact_form per contact; the system is a DAE if one contact is (IDA only), a rule if one
//                     contact's law resets between steps (fixed-step schemes only); a DAE and a rule together are
//                     refused, as are two reset policies
// Law parameters are the spec's (unknown names refused, every value checked against the law's range), reported under
// the system file's keys contact.NAME.PARAMETER and contact.NAME.law.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "models/contact/registry.hpp"
#include "models/system/system_filippov.hpp"
#include "models/system/system_model.hpp"

namespace stickslip {

struct SystemAssemblyOptions {
  Driver driver = Driver::fixed;      // the driver of the registry's matrix (filippov: the Filippov driver)
  Driver filippov_base = Driver::dopri5;  // under the Filippov driver: the scheme it runs on
  bool moreau = false;                // Moreau-Jean (solvers/moreau_jean.hpp): set-valued laws and slip forces only
  bool events = true;
  bool projection = true;             // velocity projection while a DAE contact sticks
  Transitions transitions = Transitions::joint;
  int ledger = -1;                    // 1 on, 0 off, -1: on for at most kLedgerDofs bodies (a banded solve needs it off)
  std::string solver_key = "solver", solver_text;
};
inline constexpr std::size_t kLedgerDofs = 50;

struct AssembledSystem {
  std::unique_ptr<SystemModel> model;        // every form but Filippov
  std::unique_ptr<SystemFilippov> filippov;  // the Filippov form
  const SystemMechanics& mechanics() const { return model ? model->mechanics() : filippov->mechanics(); }
  const SystemLayout& layout() const { return model ? model->layout() : filippov->layout(); }
  std::size_t size() const { return layout().size(); }
  Vec initial_state() const { return model ? model->initial_state() : filippov->initial_state(); }
  // "contact c1: coulomb (DAE), c2: csds (rate)".
  std::string forms() const;
};

// The forms of law `name` on a 1-D contact (the key names the contact for an unknown law).
unsigned system_law_forms(const std::string& key, const std::string& name);

AssembledSystem assemble_system(const SystemSpec& spec, const SystemAssemblyOptions& options);

// The law checks of assemble_system without choosing a form for a driver: every contact's law known (a registry name,
// or a custom law without parameters), its parameters the law's and within their ranges (InputError under
// contact.NAME.law, contact.NAME.PARAMETER). What Python's stickslip.system checks when it builds a system.
void check_contact_laws(const SystemSpec& spec);

}  // namespace stickslip
