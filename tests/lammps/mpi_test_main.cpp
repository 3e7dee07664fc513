// tests/lammps/mpi_test_main.cpp — doctest's main inside MPI_Init/MPI_Finalize for the LAMMPS tests; ranks other
// than 0 run the same cases (LAMMPS is collective) and stay quiet.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <mpi.h>

#include <filesystem>
#include <fstream>

#include "tests/cli_runner.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  doctest::Context context(argc, argv);
  std::ofstream quiet("/dev/null");
  if (rank != 0) context.setCout(&quiet);
  int failed = context.run();
  std::filesystem::remove_all(stickslip::test::scratch_dir("lammps_gas"));  // tests/lammps/test_styles.cpp
  MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed;
}
