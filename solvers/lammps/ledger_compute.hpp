// solvers/lammps/ledger_compute.hpp — compute stickslip/ledger: the energy ledger of a stickslip pair style for
// thermo_style (models/particles/energy.hpp), summed over ranks.
//   compute ID all stickslip/ledger       -> c_ID[1..7]:
//   [1] dissipated   D_n + D_t            [2] created C (energy the law created: D-SDS resets, seed 001 §3.3)
//   [3] D_n = W_n - (U_n - U_n0)          [4] D_t = W_t - (U_t - U_t0) + C
//   [5] U_n (normal springs now)          [6] U_t (tangential springs now)   [7] reset energy (signed)
// W are the trapezoid sums of the contact powers since the first evaluation after the compute was defined (a run
// read from a restart file starts its own ledger). Extensive (divided by atoms under thermo_modify norm yes).
#pragma once

#include "solvers/lammps/lammps_headers.hpp"

namespace stickslip::lammps {

class ComputeStickslipLedger : public LAMMPS_NS::Compute {
 public:
  static constexpr const char* style_name = "stickslip/ledger";
  static constexpr int size = 7;
  ComputeStickslipLedger(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg);
  ~ComputeStickslipLedger() override;
  void init() override;
  void compute_vector() override;

 private:
  class PairStickslipBase* pair_ = nullptr;
};

}  // namespace stickslip::lammps
