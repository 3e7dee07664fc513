// models/contact/registry.hpp — the one registry of tangential contact laws (models/contact/law.hpp describes the
// layer). Each entry is a law type and the name it is selected by; a name may offer only some of the law's forms
// (coulomb-filippov is Coulomb's Filippov form, dsds-dae the D-SDS's DAE). From this list come:
//   with_law(key, name, f)        f(entry) for the entry of that name (InputError naming the key and the names)
//   law_forms(name, relation)     the forms the entry offers on a relation (its type's forms, detected by concepts on
//                                 the relation's contact type, within the name's restriction)
//   runs(forms, driver)           whether a driver finds a form it runs among them (the rules of law.hpp)
//   the law x relation x driver matrix of `stickslip list` (registry.cpp), each study's law choices and the help
//   and defaults of the law parameters it does not bind itself (declare_law_parameters), the particle engine's law
//   dispatch (models/particles/engine_laws.hpp), the LAMMPS pair styles (solvers/lammps/register_styles.cpp) and
//   the generic checks of `verify` (studies/checks/property_checks_laws.cpp).
// ADDING A LAW: its header, and one entry in tangential_law_entries() below.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "models/contact/coulomb.hpp"
#include "models/contact/coulomb_km.hpp"
#include "models/contact/csds.hpp"
#include "models/contact/cundall_strack.hpp"
#include "models/contact/dsds.hpp"
#include "models/contact/frictionless.hpp"
#include "models/contact/law.hpp"
#include "models/contact/mindlin.hpp"
#include "models/contact/rate_state.hpp"
#include "models/contact/set_valued.hpp"
#include "models/contact/slip_force_laws.hpp"
#include "models/contact/stribeck.hpp"
#include "models/contact/weakening.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

// ---- forms and drivers ----

enum Form : unsigned {
  form_increment = 1u << 0,   // discrete increment (velocity Verlet, trapezoid, LAMMPS)
  form_rate = 1u << 1,        // spring rate (ODE)
  form_slip_force = 1u << 2,  // force of the slip velocity alone (ODE without law state; SDE magnitude)
  form_reset = 1u << 3,       // rate + reset between steps (fixed-step rule)
  form_hybrid = 1u << 4,      // modes + events (1-D), ODE form
  form_hybrid_rule = 1u << 5, // modes + events with the reset between steps (fixed-step rule)
  form_dae = 1u << 6,         // hybrid DAE that needs IDA
  form_dae_ode = 1u << 7,     // hybrid DAE whose rate keeps its algebraic rows (any driver with events)
  form_filippov = 1u << 8,    // set-valued pieces
  form_exact_static = 1u << 9,  // the increment needs the relation's StickKinematics (velocity Verlet only)
  form_jumps = 1u << 10,        // its rate or slip force jumps (a cut-off, sign(v)): no smooth residual for IDA
  form_modes = 1u << 11,        // 3-D stick/slip modes + events (the engine's state-vector form)
  form_lookahead = 1u << 12,    // a force of v and the free slip acceleration (Krengel & Matuttis' scheme; fixed step)
  all_forms = ~0u,
};
// "rate, hybrid, ..." (the names of the forms in a mask).
std::string form_list(unsigned forms);

// The kinds of relation: 1-D small systems (Slip1), sphere and disc pairs and walls (ContactKinematics), the
// stochastic pair (the engine's pair relation under the SDE drivers, models/particles/engine_sde.hpp: a slip force
// with a dissipative magnitude f(u)).
enum class RelationKind { one_d, particles, stochastic_pair };

// The drivers of the matrix. fixed: euler, midpoint, heun, rk4; engine_ode: the particle engine as a Model
// (models/particles/engine_model.hpp) under odeint or CVODE, from a modes form or a rate whose increment is its Euler
// step; sde: Euler-Maruyama and stochastic Heun.
enum class Driver { fixed, dopri5, cvode, ida, filippov, verlet, trapezoid, engine_ode, lammps, sde };
const char* to_string(Driver d);
bool runs(unsigned forms, Driver d);
// The drivers of a kind of relation, in the matrix's column order.
const std::vector<Driver>& drivers_of(RelationKind kind);

// ---- the entries ----

template <class L>
struct LawEntry {
  using Law = L;
  const char* name;
  unsigned offers;  // the forms this name offers (all_forms: every form the law has)
  const char* summary;
};

template <class L>
constexpr LawEntry<L> entry(unsigned offers = all_forms, const char* name = L::name, const char* summary = L::summary) {
  return {name, offers, summary};
}

// Every tangential law, in the order `stickslip list` shows them. Adding a law is one line here.
inline constexpr auto tangential_law_entries() {
  return std::tuple{
      entry<Frictionless>(),
      entry<Csds>(),
      entry<Dsds>(form_increment | form_rate | form_reset | form_hybrid_rule),
      entry<DsdsStage>(form_increment | form_rate | form_reset | form_hybrid_rule),
      entry<Dsds>(form_dae | form_dae_ode, "dsds-dae",
                  "D-SDS as an exact DAE: xi algebraic (eq. 3) while sliding, xi' = v while sticking"),
      entry<CundallStrack>(),
      entry<Mindlin>(),
      entry<Coulomb>(),
      entry<Coulomb>(form_filippov, "coulomb-filippov", "Coulomb's Filippov form: the convex hull (Krengel & Matuttis eq. 4-14)"),
      entry<Coulomb>(form_dae, "coulomb-dae", "Coulomb's DAE form: stick as a constraint through IDA, friction force algebraic"),
      entry<Coulomb>(form_slip_force, "coulomb-sign", "Coulomb's sign form: f(u) = mu F_n, sign(0) = 0 (the naive ODE; the stochastic pair)"),
      entry<CoulombKm>(),
      entry<Viscous>(),
      entry<TanhFriction>(),
      entry<Weakening>(),
      entry<Stribeck>(),
      entry<RateState>(),
  };
}

// f(entry) for every entry, in order.
template <class F>
void for_each_law(F&& f) {
  std::apply([&](const auto&... e) { (f(e), ...); }, tangential_law_entries());
}

std::vector<std::string> law_names();

// The result of f(entry) for the entry named `name`; an unknown name is an InputError naming `key`.
template <class F>
auto with_law(const std::string& key, const std::string& name, F&& f) {
  using R = decltype(f(std::get<0>(tangential_law_entries())));
  if constexpr (std::is_void_v<R>) {
    bool found = false;
    for_each_law([&](const auto& e) {
      if (!found && name == e.name) found = true, f(e);
    });
    if (!found) throw_input(key, name, "allowed: " + join(law_names()));
  } else {
    std::optional<R> r;
    for_each_law([&](const auto& e) {
      if (!r && name == e.name) r.emplace(f(e));
    });
    if (!r) throw_input(key, name, "allowed: " + join(law_names()));
    return std::move(*r);
  }
}

// ---- forms of a law type on a relation ----

// The forms law type L has on a contact C (1-D: Slip1; particles: ContactKinematics).
template <class L, class C>
unsigned forms_of_type() {
  unsigned f = 0;
  const L law{};
  if constexpr (IncrementForm<L, C>) f |= form_increment;
  if constexpr (std::is_same_v<C, ContactKinematics>) {
    if constexpr (is_exact_static<L> && IncrementForm<L, StickKinematics>) f |= form_increment | form_exact_static;
    if constexpr (HasContactModes<L, ModeKinematics>) f |= form_modes;
  }
  if constexpr (RateForm<L, C>) {
    // On particle contacts the engine's state-vector form (EngineModel) takes its rate from one increment: a rate
    // form whose increment is its explicit Euler step (euler_increment).
    if constexpr (!std::is_same_v<C, ContactKinematics> || requires { requires L::euler_increment; }) f |= form_rate;
  }
  if constexpr (SlipForceForm<L, C> || SetValuedLaw<L>) f |= form_slip_force;
  if constexpr (ResetForm<L, C>) f = (f & ~form_rate) | form_reset;  // its rate means nothing without the reset
  if constexpr (std::is_same_v<C, Slip1>) {
    if constexpr (requires { requires L::rate_jumps; }) if (f & form_rate) f |= form_jumps;
    if constexpr (SetValuedLaw<L>) if (f & form_slip_force) f |= form_jumps;  // sign(v) at v = 0
    if constexpr (HasHybrid<L>) f |= law.hybrid().form() == ModelForm::ode ? form_hybrid : form_hybrid_rule;
    if constexpr (HasDae<L> || SetValuedLaw<L>) f |= dae_form(law, true).form() == ModelForm::ode ? form_dae_ode : form_dae;
    if constexpr (SetValuedLaw<L>) f |= form_filippov;
    if constexpr (LookAheadForm<L>) f |= form_lookahead;
  }
  return f;
}

template <class E>
unsigned entry_forms(const E& e, RelationKind kind) {
  using L = typename E::Law;
  switch (kind) {
    case RelationKind::one_d: {
      unsigned f = (e.offers | form_jumps) & forms_of_type<L, Slip1>();
      if (!(f & (form_rate | form_slip_force))) f &= ~form_jumps;  // a jump matters to the forms that have it
      return f;
    }
    case RelationKind::particles: {
      unsigned f = e.offers & forms_of_type<L, ContactKinematics>();
      if (!(f & form_increment)) f &= ~form_exact_static;
      return f;
    }
    default:  // the Markovian pair (the engine's pair relation) needs a dissipative f(u): its noise strength follows from f
      return make_law<L>(LawValues{}).sliding_force(1.0, 1.0) > 0
                 ? e.offers & form_slip_force & forms_of_type<L, ContactKinematics>()
                 : 0u;
  }
}

// Whether a law with these forms runs only with its switches located (a hybrid or DAE form and no event-free one).
inline bool needs_events(unsigned forms) {
  return !(forms & (form_rate | form_slip_force | form_reset)) &&
         (forms & (form_hybrid | form_hybrid_rule | form_dae | form_dae_ode));
}

// The forms of the entry `name` on a kind of relation (InputError naming `key` for an unknown name).
unsigned law_forms(const std::string& key, const std::string& name, RelationKind kind);
// The entries that run under at least one of `drivers` on a kind of relation.
std::vector<std::string> laws_running(RelationKind kind, const std::vector<Driver>& drivers);
// Why `name` does not run under driver d on a kind of relation ("" if it does): the forms it has, the form d needs
// and the drivers that run it.
std::string refusal(const std::string& name, RelationKind kind, Driver d);
// The same for a law with these forms (a law outside the registry: one written in Python).
std::string refusal_of_forms(const std::string& name, unsigned forms, RelationKind kind, Driver d);

// ---- parameters ----

// The parameter declarations of the entry `name` (InputError naming `key` for an unknown name).
std::vector<Param> law_parameter_list(const std::string& key, const std::string& name);
// Declares, in p, every parameter of the listed laws that the study does not bind itself (bound: the law parameter
// names it sets from keys of its own), with the law's default and help ("help [unit] (of laws a, b)"), each checked
// when set (Parameters::accepts) against its range (the widest of the laws that declare it), whichever law runs.
void declare_law_parameters(Parameters& p, const std::vector<std::string>& laws, const std::vector<std::string>& bound);
// The values of the unbound parameters of law `name` read from p (as declared by declare_law_parameters), plus
// `bound` (the study's own values, carrying its keys), each value read checked against law `name`'s range (InputError
// naming the key). law_key: the study's key that selects the law.
LawValues law_values(const Parameters& p, const std::string& name, LawValues bound, const std::string& law_key);

// law_values for every law of `laws` at once (a study that runs several laws reads the keys of all of them), but the
// parameters in `bound` (those the study sets from keys of its own).
LawValues all_law_values(const Parameters& p, const std::vector<std::string>& laws, const std::string& law_key,
                         const std::vector<std::string>& bound = {});

// ---- what a study asks of a law, answered from its type and parameters (never from its name) ----

// Whether law `name` at `values` (its defaults where not given) is Coulomb friction: set-valued, its sliding force its
// static threshold at every slip speed (coulomb and its forms; weakening without weakening or drop). Where it is, *mu
// gets the coefficient. The exact Coulomb solutions (the dry-friction oscillator, systems) hold for these laws only.
bool is_constant_coulomb(const std::string& name, const LawValues& values, double* mu = nullptr);
// Whether law `name` computes Coulomb's law |F| <= mu F_n by a scheme of its own (computes_coulomb: coulomb-km, no
// set-valued form) or is Coulomb friction (is_constant_coulomb): either way the exact Coulomb solution is the
// reference its error is measured against (the dry-friction oscillator).
bool coulomb_is_the_reference(const std::string& name, const LawValues& values);
// Whether law `name` at `values` is viscous friction: no static threshold, its sliding force proportional to the
// slip speed (linear): on the Markovian pair its noise strength is then state-independent (an Ornstein-Uhlenbeck
// process, Ito = Stratonovich).
bool is_linear_friction(const std::string& name, const LawValues& values);
// Whether law `name` transmits no tangential force at all (static threshold and sliding force 0: the smooth
// reference "none").
bool is_frictionless(const std::string& name);
// Whether law `name` declares the parameter `parameter` (kt, gamma_t, ...).
bool law_declares(const std::string& name, const std::string& parameter);
// Whether law `name` has a spring while it sticks (a declared stiffness(c): csds, dsds, cundall-strack, mindlin, ...).
bool has_stick_spring(const std::string& name);
// Whether law `name` declares that it never creates energy (creates_no_energy, models/contact/law.hpp).
bool law_creates_no_energy(const std::string& name);
// Whether law `name`'s spring relaxes through its dashpot while sliding (spring_relaxes_by_dashpot: a time scale
// gamma_t/k_t of its own).
bool spring_relaxes_by_dashpot(const std::string& name);
// The other entries of law `name`'s type ("coulomb" -> coulomb-filippov, coulomb-dae, coulomb-sign), in order.
std::vector<std::string> sibling_entries(const std::string& name);

// The `stickslip list` block of the laws: one line per law with its forms, then the law x relation x driver matrix.
std::string law_catalog();

}  // namespace stickslip
