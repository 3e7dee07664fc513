// solvers/lammps/bad_input.hpp — the project's bad-input contract inside LAMMPS styles: one line on stderr
// naming the command, the key, the value and what is allowed, then exit code 2 on every rank. Called by all ranks
// of the instance (style arguments are parsed everywhere alike).
#pragma once

#include <string>

#include "solvers/lammps/lammps_headers.hpp"

namespace stickslip::lammps {

[[noreturn]] void bad_input(LAMMPS_NS::LAMMPS* lmp, const std::string& command, const std::string& key,
                            const std::string& value, const std::string& allowed);

// A number for `key` of `command`, or bad_input (the text must be a whole finite number).
double parse_number(LAMMPS_NS::LAMMPS* lmp, const std::string& command, const std::string& key, const char* text);

}  // namespace stickslip::lammps

namespace stickslip::lammps {
// A failure of the run found on one rank (e.g. more contacts on an atom than fix stickslip/history holds): one line
// on stderr, then MPI_Abort with exit code 3.
[[noreturn]] void run_failure(LAMMPS_NS::LAMMPS* lmp, const std::string& message);
}  // namespace stickslip::lammps
