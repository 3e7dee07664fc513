// solvers/particles/engine_drivers.hpp — the particle engine's drivers behind one entry. An integrator spec
// (solvers/integrator_spec.hpp) names the method; the tangential law's forms (models/contact/registry.hpp) decide
// whether it runs, so no study keeps a table of drivers or compares integrator names:
//   verlet      velocity Verlet (solvers/particles/velocity_verlet.hpp)                   the law's increment
//   trapezoid   the generalized trapezoidal rule of Campello (2015), Algorithm 1, solved by fixed-point sweeps
//               (solvers/particles/particle_trapezoid.hpp)                                 the increment, not exact-static
//   euler, midpoint, heun, rk4, dopri5, cvode, ida
//               the engine's state-vector form (models/particles/engine_model.hpp) under solvers/integrate.hpp
//                                                                                           the modes, rate or slip force
// Every other spec (filippov:, bdf, em, sde-heun) has no form on the engine: InputError naming the key.
// The fixed-step drivers run through engine_setup and simulate (solvers/particles/engine_simulate.hpp: a whole run,
// observers and stop conditions as arguments), which takes engine_step (one step of either driver). They drive any
// engine with the interface of ParticleEngine (models/particles/particle_engine.hpp: forces, neighbor updates,
// threads, boundaries' gravity).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/trapezoid_options.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/particles/particle_trapezoid.hpp"
#include "solvers/particles/velocity_verlet.hpp"

namespace stickslip {

// The driver of the registry's matrix that `spec` names on the particle engine (InputError naming key otherwise).
Driver engine_driver(const std::string& key, const IntegratorSpec& spec);
// The same, and the law `law` (a registry name, read from law_key) checked to have the form that driver runs:
// InputError naming law_key, the law, the form the driver needs and the laws that have one.
Driver engine_driver(const std::string& key, const IntegratorSpec& spec, const std::string& law_key,
                     const std::string& law);
inline bool fixed_step_driver(Driver d) { return d == Driver::verlet || d == Driver::trapezoid; }
// The schemes an engine study accepts (integrator_spec's grammar restricted to the engine's drivers).
const std::vector<std::string>& engine_schemes();

// A fixed-step driver of the engine and what it has counted.
struct EngineStepper {
  Scheme scheme = Scheme::verlet;  // verlet or trapezoid
  TrapezoidOptions trapezoid;      // the trapezoid's iteration (its dt: the step's)
  VerletStats verlet;
  ParticleTrapezoidStats trapezoid_stats;
  ParticleTrapezoidWork work;      // kept from step to step: the trapezoid's predictor carries over
  long steps() const { return scheme == Scheme::trapezoid ? trapezoid_stats.steps : verlet.steps; }
  long force_evaluations() const {
    return scheme == Scheme::trapezoid ? trapezoid_stats.force_evaluations : verlet.force_evaluations;
  }
  long rebuilds() const { return scheme == Scheme::trapezoid ? trapezoid_stats.rebuilds : verlet.rebuilds; }
};

// A fixed-step driver for `spec` (verlet or trapezoid; InputError naming key otherwise) with the trapezoid's options.
EngineStepper engine_stepper(const std::string& key, const IntegratorSpec& spec, const TrapezoidOptions& trapezoid = {});

// Set-up: neighbor lists and the forces at the initial state; starts the ledger (the same for both drivers).
template <class Engine>
void engine_setup(const Engine& e, GranularState& s, ParticleLedger* ledger = nullptr) {
  verlet_setup(e, s, ledger);
}

namespace detail {
// The trapezoid over `duration` (> 0, else nothing) in steps of dt, its counts added to st's; the exact-static law,
// which has no trapezoid form, is refused naming the law.
template <class Engine, class Observer>
void trapezoid_span(const Engine& e, GranularState& s, double duration, double dt, EngineStepper& st,
                    ParticleLedger* ledger, Observer&& observer) {
  using Tangential = std::remove_cvref_t<decltype(e.tangential)>;
  if constexpr (is_exact_static<Tangential>) {
    throw_input("tangential", Tangential::name, refusal(Tangential::name, RelationKind::particles, Driver::trapezoid));
  } else {
    TrapezoidOptions o = st.trapezoid;
    o.dt = dt;
    validate_trapezoid_options(o);
    if (!(duration > 0)) return;
    const ParticleTrapezoidStats one = trapezoid_run(e, s, duration, o, ledger, observer, st.work);
    st.trapezoid_stats.add(one);
    st.trapezoid_stats.rebuilds += one.rebuilds;
  }
}
}  // namespace detail

// One step of dt under the stepper's driver (the trapezoid may take it in smaller steps after a rejection).
template <class Engine>
void engine_step(const Engine& e, GranularState& s, double dt, EngineStepper& st, ParticleLedger* ledger = nullptr) {
  if (st.scheme == Scheme::verlet) verlet_step(e, s, dt, st.verlet, ledger);
  else detail::trapezoid_span(e, s, dt, dt, st, ledger, [](const GranularState&) {});
}

}  // namespace stickslip
