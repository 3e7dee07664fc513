// solvers/moreau_jean.hpp — Moreau-Jean time-stepping for a system of frictional contacts (models/system/): the
// velocity-level theta-method of non-smooth contact dynamics (Moreau 1988, Jean 1999; Siconos' MoreauJeanOSI, LMGC90),
// the rigid-contact method Krengel & Matuttis contrast their approach with. No event is located: each step's contact
// impulses come from one box LCP (core/box_lcp.hpp), so a stuck contact's slip velocity is exactly zero at the step's
// end, and the method is first order in general.
//
// One step t -> t + h, with the spring-dashpot forces split f = -K q - C v + g (K, C the two-sided linear elements;
// g the external forces, the drives and the unilateral elements, taken at (q, v) and theta-weighted in time):
//   Mhat (v+ - v) = h [-K q - (theta h K + C) v + g_theta] + W^T P,    Mhat = M + theta h C + theta^2 h^2 K,
//   q+ = q + h ((1 - theta) v + theta v+),
//   each set-valued contact: P_i in [-h phi_i, h phi_i] with phi_i = sliding_force(|s_i|, F_n,i) at the step's start
//   (the static threshold where it sticks), and s_i+ = w_i . v+ - u_i(t + h) zero inside, of the impulse's opposite
//   sign on a bound: the box LCP with H = Mhat, y = v+ - v, c = u(t + h) - W v (SystemMechanics::decide's form).
// Slip-force laws (viscous, tanh, coulomb-sign) enter g explicitly; laws with a spring (csds, dsds, ...) are refused
// (their own increments are the particle engine's). theta = 1/2 keeps a linear undamped system's energy exactly.
// The contact force reported for a step is P/h. Cost per step: one sparse saddle-point solve per partition tried,
// starting from the last step's partition (usually one): O(n) for a chain.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "models/system/system_model.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

struct MoreauJeanOptions {
  double h = 1e-3;        // step
  double theta = 0.5;     // in [0.5, 1]: 1/2 conserves a linear system's energy, 1 damps it (backward Euler)
  double max_steps = kMaxSteps;
};

struct MoreauJeanSample {
  double t;
  VecCRef q, v;
  VecCRef F;            // contact forces (P/h over the step that ended at t; 0 at t0)
  const std::vector<int>& stuck;  // per contact: 1 when the step ended with its slip held at zero (at t0: at zero slip
                                  // and held by the first step)
  const SystemMechanics::Powers& work;  // the ledger's integrals since t0 (applied, surfaces, friction, dashpots)
};
using MoreauJeanObserver = std::function<void(const MoreauJeanSample&)>;

// Runs `model` (assembled with every contact in its slip-force form: SystemAssemblyOptions::moreau) from its spec's
// initial state. The observer sees t0 and every step's end.
RunStats run_moreau_jean(const SystemModel& model, double t0, double t_end, const MoreauJeanOptions& options,
                         const MoreauJeanObserver& observer);

}  // namespace stickslip
