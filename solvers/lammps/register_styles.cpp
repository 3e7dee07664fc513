// solvers/lammps/register_styles.cpp — see register_styles.hpp.
#include "solvers/lammps/register_styles.hpp"

#include "solvers/lammps/history_fix.hpp"
#include "solvers/lammps/ledger_compute.hpp"
#include "solvers/lammps/pair_stickslip.hpp"

namespace stickslip::lammps {

namespace {
template <class T>
LAMMPS_NS::Fix* create_fix(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) {
  return new T(lmp, narg, arg);
}
template <class T>
LAMMPS_NS::Compute* create_compute(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) {
  return new T(lmp, narg, arg);
}
}  // namespace

void register_styles(LAMMPS_NS::LAMMPS* lmp) {
  register_pair_styles(lmp);  // stickslip/<law>, stickslip/hertz/<law> from the law registry
  (*lmp->modify->fix_map)[FixStickslipHistory::style_name] = &create_fix<FixStickslipHistory>;
  (*lmp->modify->compute_map)[ComputeStickslipLedger::style_name] = &create_compute<ComputeStickslipLedger>;
}

}  // namespace stickslip::lammps
