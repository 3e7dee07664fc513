// models/particles/law_registry.hpp — the particle engine's tangential laws by name, so a study selects one with
// `--set tangential=<name>` and writes no if-chain of its own:
//   with_tangential_law(name, parameters, f)  calls f(law) with the law object of that name and returns its result;
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

template <class F>
std::invoke_result_t<F, Frictionless> with_tangential_law(const std::string& name, const TangentialParameters& p,
                                                           F&& f) {
  if (name == "none") return std::forward<F>(f)(Frictionless{});
  if (name == "csds") return std::forward<F>(f)(Csds{p.kt, p.gamma_t, p.mu});
  if (name == "dsds") return std::forward<F>(f)(Dsds{p.kt, p.gamma_t, p.mu});
  if (name == "dsds-stage") return std::forward<F>(f)(DsdsStage{{p.kt, p.gamma_t, p.mu}});
  if (name == "cundall-strack") return std::forward<F>(f)(CundallStrack{p.kt, p.mu});
  if (name == "mindlin") return std::forward<F>(f)(Mindlin::material(p.young, p.poisson, p.mu));
  if (name == "coulomb") return std::forward<F>(f)(Coulomb{p.mu});
  throw_input("tangential", name, "one of " + particle_law_list());
}

}  // namespace stickslip
