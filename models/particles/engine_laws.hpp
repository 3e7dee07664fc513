// models/particles/engine_laws.hpp — the particle engine's tangential laws by name, generated from the law registry
// (models/contact/registry.hpp): every entry with a discrete increment on sphere and disc contacts is a law of the
// engine; a study selects one with its law key and writes no if-chain of its own:
//   with_tangential_law(name, parameters, f)  calls f(law) with the law object of that name and returns its result;
//   with_tangential_law(name, pair, wall, f)  the same law with its own parameters against walls (WallFriction);
//   f is instantiated for every law with an increment (a generic lambda that builds ParticleEngine<Normal, Law>).
// TangentialParameters carries the law parameters the engine studies bind to keys of their own (kt, gamma_t, mu,
// young, poisson; each reaches every law that declares it) and, in `extra`, the values of the others (read from the
// study's keys declared by declare_law_parameters). An unknown name, or one without an engine form (dsds-dae, the
// Filippov, DAE and sign forms of Coulomb, the slip-force laws), throws InputError naming the key `tangential`, the
// value and the allowed list; a value out of a law's range names its key.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "models/particles/wall_friction.hpp"

namespace stickslip {

struct TangentialParameters {
  double kt = 0, gamma_t = 0, mu = 0;  // N/m, 1/s, -
  double young = 0, poisson = 0;       // Pa, - (mindlin)
  LawValues extra = {};                // the other parameters of the registry's laws (Stribeck's mu_s, ...)
};

// The names of the laws the engine runs (an increment on particle contacts), in the registry's order.
inline const std::vector<std::string>& particle_law_names() {
  static const std::vector<std::string> names = laws_running(RelationKind::particles, {Driver::verlet});
  return names;
}

// "none, csds, ..., coulomb" (the allowed list of error messages and help texts).
inline std::string particle_law_list() { return join(particle_law_names()); }

// The law parameters the engine studies bind to keys of their own (TangentialParameters' numbers).
inline const std::vector<std::string>& engine_bound_parameters() {
  static const std::vector<std::string> names{"kt", "gamma_t", "mu", "young", "poisson"};
  return names;
}
// Declares, in an engine study's parameters, the other parameters of every engine law (Stribeck's mu_s, ...).
inline void declare_engine_law_parameters(Parameters& p) {
  declare_law_parameters(p, particle_law_names(), engine_bound_parameters());
}
// Their values (TangentialParameters::extra); law_key: the study's key for the law.
inline LawValues engine_law_values(const Parameters& p, const std::string& law_key) {
  return all_law_values(p, particle_law_names(), law_key, engine_bound_parameters());
}

namespace detail {
inline LawValues engine_values(const TangentialParameters& p) {
  LawValues v = p.extra;
  v.law_key = "tangential";
  for (const auto& [name, value] : {std::pair<const char*, double>{"kt", p.kt}, {"gamma_t", p.gamma_t}, {"mu", p.mu},
                                     {"young", p.young}, {"poisson", p.poisson}})
    if (!v.has(name)) v.set(name, value);
  return v;
}

template <class L>
constexpr bool engine_law = IncrementForm<L, ContactKinematics> || (is_exact_static<L> && IncrementForm<L, StickKinematics>);

// Calls f(LawEntry) for the entry `name` when it has an engine form.
template <class R, class F>
R with_engine_entry(const std::string& name, F&& f) {
  return with_law("tangential", name, [&](const auto& e) -> R {
    using L = typename std::decay_t<decltype(e)>::Law;
    if constexpr (engine_law<L>) {
      if (entry_forms(e, RelationKind::particles) & form_increment) return f(e);
    }
    throw_input("tangential", name, "one of " + particle_law_list() + " (" + name + " has no discrete increment on "
                                    "particle contacts)");
  });
}
}  // namespace detail

template <class F>
std::invoke_result_t<F, Frictionless> with_tangential_law(const std::string& name, const TangentialParameters& p, F&& f) {
  using R = std::invoke_result_t<F, Frictionless>;
  if (std::find(particle_law_names().begin(), particle_law_names().end(), name) == particle_law_names().end())
    throw_input("tangential", name, "one of " + particle_law_list());
  return detail::with_engine_entry<R>(name, [&](const auto& e) -> R {
    using L = typename std::decay_t<decltype(e)>::Law;
    return f(make_law<L>(detail::engine_values(p)));
  });
}

// The same law with its own parameters against rigid walls (models/particles/wall_friction.hpp): calls
// f(WallFriction<Law>{law(pair), law(wall)}).
template <class F>
std::invoke_result_t<F, WallFriction<Frictionless>> with_tangential_law(const std::string& name,
                                                                         const TangentialParameters& pair,
                                                                         const TangentialParameters& wall, F&& f) {
  using R = std::invoke_result_t<F, WallFriction<Frictionless>>;
  if (std::find(particle_law_names().begin(), particle_law_names().end(), name) == particle_law_names().end())
    throw_input("tangential", name, "one of " + particle_law_list());
  return detail::with_engine_entry<R>(name, [&](const auto& e) -> R {
    using L = typename std::decay_t<decltype(e)>::Law;
    return f(WallFriction<L>{make_law<L>(detail::engine_values(pair)), make_law<L>(detail::engine_values(wall))});
  });
}

// The stiffness of law `name`'s spring while the contact c sticks (its stiffness(c): Mindlin's 8 G* sqrt(r* h), a
// constant k_t), 0 for a law without one (coulomb, none); the law made from p as with_tangential_law makes it.
inline double stick_stiffness(const std::string& name, const TangentialParameters& p, const ContactKinematics& c) {
  if (!has_stick_spring(name)) return 0.0;
  return with_tangential_law(name, p, [&](const auto& law) {
    if constexpr (requires { law.stiffness(c); }) return static_cast<double>(law.stiffness(c));
    else return 0.0;
  });
}

}  // namespace stickslip
