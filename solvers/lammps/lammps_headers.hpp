// solvers/lammps/lammps_headers.hpp — the installed LAMMPS headers (Debian liblammps-dev, LAMMPS 2022), made to
// compile against the system fmt 9.
//
// The headers' fmt-templated logging (Error::all(file, line, format, args...), utils::logmesg(lmp, format, args...))
// calls fmt::make_args_checked, which LAMMPS' bundled fmt 7 has and fmt 9 dropped; liblammps was built against its
// bundled fmt, so those templates must never be instantiated here (their fmt::format_args would be fmt 9's).
// The declaration below lets the headers parse and has no definition: an instantiation fails at link time.
// Report errors with the std::string overloads only: lammps_error() below.
#pragma once

#include <fmt/format.h>

#include <string>

namespace fmt {
template <typename... Args, typename S>
int make_args_checked(const S&, const Args&...);  // deliberately undefined (see above)
}  // namespace fmt

#include <mpi.h>

#include "atom.h"
#include "comm.h"
#include "compute.h"
#include "domain.h"
#include "error.h"
#include "fix.h"
#include "force.h"
#include "lammps.h"
#include "memory.h"  // not pulled in by the others
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "pair.h"
#include "update.h"

namespace stickslip::lammps {

// Error::all with a std::string (the non-template overload; a string literal would pick the fmt template).
[[noreturn]] inline void lammps_error(LAMMPS_NS::Error* error, const char* file, int line, const std::string& msg) {
  error->all(file, line, msg);
}
[[noreturn]] inline void lammps_error_one(LAMMPS_NS::Error* error, const char* file, int line, const std::string& msg) {
  error->one(file, line, msg);
}

}  // namespace stickslip::lammps
