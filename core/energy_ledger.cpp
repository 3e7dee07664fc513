#include "core/energy_ledger.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

namespace {
// D and B of sample e against the first sample e0 (the header's formulas), for the kept and the streamed ledger.
double dissipation_of(const Energy& e0, const Energy& e) { return -(e.work - e0.work) - (e.potential - e0.potential); }
double balance_of(const Energy& e0, const Energy& e) {
  return (e.kinetic + e.external) - (e0.kinetic + e0.external) - (e.work - e0.work) - (e.noise_work - e0.noise_work);
}
}  // namespace

void EnergyLedger::add(double t, const Energy& e) {
  t_.push_back(t);
  e_.push_back(e);
}

double EnergyLedger::dissipation(std::size_t i) const { return dissipation_of(e_.front(), e_[i]); }

double EnergyLedger::energy_created() const {
  double lowest = 0;
  for (std::size_t i = 0; i < e_.size(); ++i) lowest = std::min(lowest, dissipation(i));
  return lowest < 0 ? -lowest : 0.0;
}

double EnergyLedger::balance(std::size_t i) const { return balance_of(e_.front(), e_[i]); }

double EnergyLedger::max_abs_balance() const {
  double worst = 0;
  for (std::size_t i = 0; i < e_.size(); ++i) worst = std::max(worst, std::abs(balance(i)));
  return worst;
}

EnergyBalance::Terms EnergyBalance::add(const Energy& e) {
  if (!started_) first_ = e, started_ = true;
  Terms t;
  t.work = e.work - first_.work;
  t.noise_work = e.noise_work - first_.noise_work;
  t.balance = balance_of(first_, e);
  t.dissipation = dissipation_of(first_, e);
  max_balance_ = std::max(max_balance_, std::abs(t.balance));
  scale_ = std::max({scale_, e.kinetic + e.external, std::abs(t.work), std::abs(t.noise_work)});
  last_dissipation_ = t.dissipation;
  lowest_dissipation_ = std::min(lowest_dissipation_, t.dissipation);
  return t;
}

}  // namespace stickslip
