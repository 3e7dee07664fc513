// studies/lammps/main.cpp — stickslip-lammps: LAMMPS (Debian's liblammps) with stickslip's styles registered
// (solvers/lammps/register_styles.hpp). The command line is lmp's: -in file, -var name value, -log file,
// -screen file, -echo, -nocite, ... e.g.
//   mpirun -np 2 build/stickslip-lammps -in studies/lammps/gas.in
#include <mpi.h>

#include "solvers/lammps/lammps_headers.hpp"
#include "input.h"
#include "solvers/lammps/register_styles.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  {
    auto* lmp = new LAMMPS_NS::LAMMPS(argc, argv, MPI_COMM_WORLD);
    stickslip::lammps::register_styles(lmp);
    lmp->input->file();
    delete lmp;
  }
  MPI_Finalize();
  return 0;
}
