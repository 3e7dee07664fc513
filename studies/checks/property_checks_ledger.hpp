// studies/checks/property_checks_ledger.hpp — what the property checks of the particle engine under velocity Verlet
// (studies/checks/property_checks_heap.cpp, property_checks_particles.cpp) measure on its energy ledger
// (models/particles/energy.hpp, studies/experiment/particle_ledger.hpp), from one state run at dt and at dt/2:
//   balance   |dK + W_n + W_t + W_r + S - Q - W_g| / scale: velocity Verlet's exact discrete energy law
//             (solvers/particles/velocity_verlet.hpp) closes it to round-off: <= 8 eps per step (the sums of one
//             step round a handful of terms of at most the scale each).
//   scheme    S, the work the contact forces do on the bodies as the scheme moves them minus the trapezoid of the
//             powers the laws report, is the scheme's first-order energy error (velocity-dependent forces seen at
//             v_{n+1/2}): |S(dt/2)| / |S(dt)| must be near 1/2; tolerance 0.65 (measured: <= 0.53 over 120 draws of
//             the heap and container checks, where the two runs differ after the first collisions). Forces that the
//             bodies feel differently from what the laws' powers report (a wrong lever arm, sign or Newton's third
//             law in the engine, a kick that is not the scheme's) leave an S that does not vanish with dt: ratio ~1.
//             Below w dt / 100 of the scale (w dt = pi dt/t_c), S is no error worth finding and the ratio is not
//             taken.
//   damping   max(0, -D_n) / scale, D_n = W_n - (U_n - U_n0) the normal dashpots' dissipation, >= 0 up to the
//             first-order error w dt: a normal elastic energy that disagrees with the spring force shows here.
// scale: the largest ledger term (ledger_scale). observe(state) is called after every step of both runs.
// Also drawn_law: the tangential law of a draw's `law` index.
#pragma once

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/interrupt.hpp"
#include "models/particles/engine_laws.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "studies/experiment/particle_ledger.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {

// The tangential law a draw names by its index `law` into particle_law_names() (models/particles/engine_laws.hpp).
inline const std::string& drawn_law(const Draw& d) {
  const long index = std::lround(std::floor(d["law"]));
  const auto& names = particle_law_names();
  if (index < 0 || index >= static_cast<long>(names.size()))
    throw_input("law", format_value(d["law"]), "an index into " + particle_law_list());
  return names[static_cast<std::size_t>(index)];
}

namespace detail {
struct LedgerRun {
  double balance = 0, scheme = 0, negative_damping = 0;  // relative to the run's scale
};
template <class Engine, class Observe>
LedgerRun verlet_ledger_run(const Engine& e, GranularState s, double dt, long steps, Observe& observe) {
  ParticleLedger ledger;
  engine_setup(e, s, &ledger);
  EngineStepper stepper;  // velocity Verlet; a signal ends the run between steps (verify reports the draws done)
  simulate(e, s, stepper, {.dt = dt, .steps = steps, .ledger = &ledger}, [&](const GranularState& q) { observe(q); });
  const double scale = ledger_scale(ledger);
  if (!(scale > 0)) return {NAN, NAN, NAN};
  return {std::abs(ledger.balance()) / scale, std::abs(ledger.now.scheme_work) / scale,
          std::max(0.0, -ledger.normal_damping()) / scale};
}
}  // namespace detail

// Runs the engine from s over `steps` steps of dt and over 2 steps of dt/2 each.
template <class Engine, class Observe>
std::vector<Measurement> verlet_ledger_measurements(const Engine& e, const GranularState& s, double dt, long steps,
                                                    double t_c, Observe&& observe) {
  const detail::LedgerRun coarse = detail::verlet_ledger_run(e, s, dt, steps, observe);
  const detail::LedgerRun fine = detail::verlet_ledger_run(e, s, 0.5 * dt, 2 * steps, observe);
  const double eps = std::numeric_limits<double>::epsilon(), w_dt = M_PI * dt / t_c;
  // below w dt / 100 the scheme work is too small for its ratio to mean anything (and is no error worth finding)
  const double ratio = coarse.scheme > 0.01 * w_dt ? fine.scheme / coarse.scheme : 0.0;
  return {{"|energy balance| / scale (round-off)", std::max(coarse.balance, fine.balance),
           8 * eps * static_cast<double>(2 * steps)},
          {"|scheme work(dt/2)| / |scheme work(dt)| (first order: 1/2)", ratio, 0.65},
          {"max(0, -normal damping) / scale", std::max(coarse.negative_damping, fine.negative_damping), w_dt}};
}

}  // namespace stickslip
