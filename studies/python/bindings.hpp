// studies/python/bindings.hpp — the C++ half of the Python package `stickslip` (the module stickslip._core, built by
// pybind11; the typed Python face over it is studies/python/stickslip/). One part per file:
//   bind_commands.cpp   the command line's commands in process: studies, help, run, converge, sweep, merge, verify
//   bind_models.cpp     the small systems: a relation + a registry law (or a law written in Python) -> a model,
//                       simulated by any integrator spec with its events, modes and energy ledger
//   bind_particles.cpp  the particle engine: discs/spheres and walls from numpy arrays, stepped, read back as arrays
//   bind_system.cpp     a system of several frictional contacts (a dict with a system file's structure, or a file),
//                       registry or Python laws per contact, run by any driver of systems as `stickslip simulate`
// Errors cross as Python exceptions (module.cpp): InputError -> ValueError (the command line's one-line message),
// SolverError -> stickslip.SolverError, Interrupted -> KeyboardInterrupt, IoError -> OSError.
#pragma once

#include <pybind11/pybind11.h>

#include <csignal>

namespace stickslip::python {

void bind_commands(pybind11::module_& m);
void bind_models(pybind11::module_& m);
void bind_particles(pybind11::module_& m);
void bind_system(pybind11::module_& m);

// While alive: SIGINT and SIGTERM set stickslip's interrupt flag (core/interrupt.hpp), so a long C++ run stops at
// its next check (between steps, between runs) as on the command line; when the last scope alive ends (several may
// overlap: calls from several Python threads), Python's own handlers are back and the flag is cleared.
class SignalScope {
 public:
  SignalScope();
  ~SignalScope();
  SignalScope(const SignalScope&) = delete;
  SignalScope& operator=(const SignalScope&) = delete;
};

}  // namespace stickslip::python
