// models/particles/law_registry.hpp — the particle engine's tangential laws by name, so a study selects one with
// `--set tangential=<name>` and writes no if-chain of its own:
//   with_tangential_law(name, parameters, f)  calls f(law) with the law object of that name and returns its result;
//   with_tangential_law(name, pair, wall, f)  the same law with its own parameters against walls (WallFriction);
//   f is instantiated for every law (a generic lambda that builds ParticleEngine<Normal, decltype(law)>).
// Names and the parameters each one reads (models/particles/tangential_laws.hpp for the equations):
//   none            Frictionless
//   csds            Csds{kt, gamma_t, mu}          (gamma_t per effective mass, 1/s: the dashpot is gamma_t m*)
//   dsds            Dsds{kt, gamma_t, mu}          (LAMMPS linear_history)
//   dsds-stage      DsdsStage{kt, gamma_t, mu}     (= dsds in velocity Verlet: one stage per step)
//   cundall-strack  CundallStrack{kt, mu}
//   mindlin         Mindlin::material(young, poisson, mu)
//   coulomb         Coulomb{mu}                    (per-contact exact static friction, seed 002 eq. 21-22)
// dsds-dae has no discrete form for the engine (a DAE only, models/sliding_plates.hpp) and is not a name here.
// An unknown name throws InputError naming the key `tangential`, the value and the allowed list. The parameters'
// ranges are the studies' to validate (under their own keys).
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "models/particles/tangential_laws.hpp"
#include "models/particles/wall_friction.hpp"

namespace stickslip {

struct TangentialParameters {
  double kt = 0, gamma_t = 0, mu = 0;  // N/m, 1/s, -
  double young = 0, poisson = 0;       // Pa, - (mindlin)
};

inline const std::vector<std::string>& particle_law_names() {
  static const std::vector<std::string> names{"none", "csds", "dsds", "dsds-stage", "cundall-strack", "mindlin",
                                              "coulomb"};
  return names;
}

// "none, csds, ..., coulomb" (the allowed list of error messages and help texts).
inline std::string particle_law_list() {
  std::string s;
  for (const std::string& n : particle_law_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

namespace detail {
template <class Law>
struct LawTag {};
inline Frictionless build_law(LawTag<Frictionless>, const TangentialParameters&) { return {}; }
inline Csds build_law(LawTag<Csds>, const TangentialParameters& p) { return {p.kt, p.gamma_t, p.mu}; }
inline Dsds build_law(LawTag<Dsds>, const TangentialParameters& p) { return {p.kt, p.gamma_t, p.mu}; }
inline DsdsStage build_law(LawTag<DsdsStage>, const TangentialParameters& p) { return {{p.kt, p.gamma_t, p.mu}}; }
inline CundallStrack build_law(LawTag<CundallStrack>, const TangentialParameters& p) { return {p.kt, p.mu}; }
inline Mindlin build_law(LawTag<Mindlin>, const TangentialParameters& p) {
  return Mindlin::material(p.young, p.poisson, p.mu);
}
inline Coulomb build_law(LawTag<Coulomb>, const TangentialParameters& p) { return {p.mu}; }

// Calls f(LawTag<Law>{}) for the law of that name.
template <class F>
std::invoke_result_t<F, LawTag<Frictionless>> with_law_kind(const std::string& name, F&& f) {
  if (name == "none") return f(LawTag<Frictionless>{});
  if (name == "csds") return f(LawTag<Csds>{});
  if (name == "dsds") return f(LawTag<Dsds>{});
  if (name == "dsds-stage") return f(LawTag<DsdsStage>{});
  if (name == "cundall-strack") return f(LawTag<CundallStrack>{});
  if (name == "mindlin") return f(LawTag<Mindlin>{});
  if (name == "coulomb") return f(LawTag<Coulomb>{});
  throw_input("tangential", name, "one of " + particle_law_list());
}
}  // namespace detail

template <class F>
std::invoke_result_t<F, Frictionless> with_tangential_law(const std::string& name, const TangentialParameters& p,
                                                           F&& f) {
  return detail::with_law_kind(name, [&](auto tag) { return f(detail::build_law(tag, p)); });
}

// The same law with its own parameters against rigid walls (models/particles/wall_friction.hpp): calls
// f(WallFriction<Law>{law(pair), law(wall)}).
template <class F>
std::invoke_result_t<F, WallFriction<Frictionless>> with_tangential_law(const std::string& name,
                                                                         const TangentialParameters& pair,
                                                                         const TangentialParameters& wall, F&& f) {
  return detail::with_law_kind(name, [&](auto tag) {
    using Law = decltype(detail::build_law(tag, pair));
    return f(WallFriction<Law>{detail::build_law(tag, pair), detail::build_law(tag, wall)});
  });
}

}  // namespace stickslip
