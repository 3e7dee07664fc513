#include "core/energy_ledger.hpp"

#include <algorithm>

namespace stickslip {

void EnergyLedger::add(double t, const Energy& e) {
  t_.push_back(t);
  e_.push_back(e);
}

double EnergyLedger::dissipation(std::size_t i) const {
  const Energy& e0 = e_.front();
  return -(e_[i].work - e0.work) - (e_[i].potential - e0.potential);
}

double EnergyLedger::energy_created() const {
  double lowest = 0;
  for (std::size_t i = 0; i < e_.size(); ++i) lowest = std::min(lowest, dissipation(i));
  return lowest < 0 ? -lowest : 0.0;
}

}  // namespace stickslip
