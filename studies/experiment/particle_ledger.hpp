// studies/experiment/particle_ledger.hpp — the energy ledger of a particle run (models/particles/energy.hpp) as the
// JSON every particle study's result rows carry: the terms, the balance and energy_balance_error = |balance + D_ext| /
// scale, scale = the largest energy term (kinetic start and end, normal damping, tangential and rolling dissipation,
// created, gravity's work, D_ext). D_ext is energy a study removes outside the engine's ledger (the container's drag,
// split off the Verlet step), 0 otherwise.
#pragma once

#include <nlohmann/json.hpp>

#include "models/particles/energy.hpp"

namespace stickslip {

// The scale of energy_balance_error: the largest energy term.
double ledger_scale(const ParticleLedger& ledger, double external_dissipation = 0.0);
nlohmann::json ledger_json(const ParticleLedger& ledger, double external_dissipation = 0.0);

}  // namespace stickslip
