// solvers/lammps/bad_input.cpp — see bad_input.hpp.
#include "solvers/lammps/bad_input.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace stickslip::lammps {

void bad_input(LAMMPS_NS::LAMMPS* lmp, const std::string& command, const std::string& key, const std::string& value,
               const std::string& allowed) {
  int rank = 0;
  MPI_Comm_rank(lmp->world, &rank);
  if (rank == 0)
    std::fprintf(stderr, "stickslip-lammps: %s: %s = %s (allowed: %s)\n", command.c_str(), key.c_str(), value.c_str(),
                 allowed.c_str());
  std::fflush(stderr);
  MPI_Barrier(lmp->world);
  MPI_Finalize();
  std::exit(2);
}

double parse_number(LAMMPS_NS::LAMMPS* lmp, const std::string& command, const std::string& key, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v)) bad_input(lmp, command, key, text, "a finite number");
  return v;
}

}  // namespace stickslip::lammps

namespace stickslip::lammps {
void run_failure(LAMMPS_NS::LAMMPS* lmp, const std::string& message) {
  std::fprintf(stderr, "stickslip-lammps: %s\n", message.c_str());
  std::fflush(stderr);
  MPI_Abort(lmp->world, 3);
  std::exit(3);
}
}  // namespace stickslip::lammps
