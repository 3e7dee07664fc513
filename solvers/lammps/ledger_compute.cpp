// solvers/lammps/ledger_compute.cpp — compute stickslip/ledger (see ledger_compute.hpp).
#include "solvers/lammps/ledger_compute.hpp"

#include "solvers/lammps/bad_input.hpp"
#include "solvers/lammps/pair_stickslip.hpp"

namespace stickslip::lammps {

ComputeStickslipLedger::ComputeStickslipLedger(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) : Compute(lmp, narg, arg) {
  if (narg != 3) bad_input(lmp, "compute stickslip/ledger", "arguments", std::to_string(narg - 3), "none");
  vector_flag = 1;
  size_vector = size;
  extvector = 1;
  vector = new double[size]();
}

ComputeStickslipLedger::~ComputeStickslipLedger() { delete[] vector; }

void ComputeStickslipLedger::init() {
  pair_ = dynamic_cast<PairStickslipBase*>(force->pair);
  if (!pair_)
    bad_input(lmp, "compute stickslip/ledger", "pair_style", force->pair_style ? force->pair_style : "none",
              "a stickslip/* pair style");
  pair_->request_ledger();
}

void ComputeStickslipLedger::compute_vector() {
  invoked_vector = update->ntimestep;
  const PairLedger& l = pair_->ledger();
  const double mine[size] = {l.work_normal, l.work_tangential, l.created, l.jump,
                             l.elastic_normal - l.elastic_normal0, l.elastic_tangential - l.elastic_tangential0,
                             0.0};
  double all[size];
  MPI_Allreduce(mine, all, size, MPI_DOUBLE, MPI_SUM, world);
  const double un[2] = {l.elastic_normal, l.elastic_tangential};
  double un_all[2];
  MPI_Allreduce(un, un_all, 2, MPI_DOUBLE, MPI_SUM, world);
  const double dn = all[0] - all[4], dt = all[1] - all[5] + all[2];
  vector[0] = dn + dt;
  vector[1] = all[2];
  vector[2] = dn;
  vector[3] = dt;
  vector[4] = un_all[0];
  vector[5] = un_all[1];
  vector[6] = all[3];
}

}  // namespace stickslip::lammps
