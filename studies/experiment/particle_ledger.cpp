// studies/experiment/particle_ledger.cpp — see particle_ledger.hpp.
#include "studies/experiment/particle_ledger.hpp"

#include <algorithm>
#include <cmath>

#include "studies/experiment/output.hpp"

namespace stickslip {

double ledger_scale(const ParticleLedger& ledger, double external_dissipation) {
  return std::max({std::abs(ledger.start.kinetic), std::abs(ledger.now.kinetic), std::abs(ledger.normal_damping()),
                   std::abs(ledger.tangential_dissipation()), std::abs(ledger.rolling_dissipation()),
                   std::abs(ledger.created()), std::abs(ledger.now.gravity_work), std::abs(external_dissipation)});
}

nlohmann::json ledger_json(const ParticleLedger& ledger, double external_dissipation) {
  const double scale = ledger_scale(ledger, external_dissipation);
  const double balance = ledger.balance() + external_dissipation;
  return {{"kinetic_start", json_number(ledger.start.kinetic)},
          {"kinetic_end", json_number(ledger.now.kinetic)},
          {"elastic_normal", json_number(ledger.now.elastic_normal)},
          {"elastic_tangential", json_number(ledger.now.elastic_tangential)},
          {"normal_damping", json_number(ledger.normal_damping())},
          {"tangential_dissipation", json_number(ledger.tangential_dissipation())},
          {"created", json_number(ledger.created())},
          {"reset_jump", json_number(ledger.now.jump)},
          {"gravity_work", json_number(ledger.now.gravity_work)},
          {"external_dissipation", json_number(external_dissipation)},
          {"scheme_work", json_number(ledger.now.scheme_work)},
          {"scheme_work_relative", json_number(scale > 0 ? ledger.now.scheme_work / scale : 0.0)},
          {"verlet_kick", json_number(ledger.now.kick)},
          {"balance", json_number(balance)},
          {"energy_balance_error", json_number(scale > 0 ? std::abs(balance) / scale : 0.0)}};
}

}  // namespace stickslip
