// studies/python/module.cpp — the module stickslip._core: its parts (bindings.hpp) and the translation of
// stickslip's errors into Python exceptions.
#include <pybind11/pybind11.h>

#include <mutex>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/python/bindings.hpp"

namespace py = pybind11;

namespace stickslip::python {

namespace {
// Scopes may nest and overlap (calls from several Python threads with the GIL released): the first one in saves
// Python's handlers and installs stickslip's, the last one out puts Python's back.
struct SignalScopes {
  std::mutex mutex;
  int depth = 0;
  struct sigaction old_int {}, old_term{};
};
SignalScopes& scopes() {
  static SignalScopes s;
  return s;
}
}  // namespace

SignalScope::SignalScope() {
  SignalScopes& s = scopes();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (s.depth++ > 0) return;
  sigaction(SIGINT, nullptr, &s.old_int);
  sigaction(SIGTERM, nullptr, &s.old_term);
  interrupt_flag() = 0;
  install_interrupt_handlers();
}

SignalScope::~SignalScope() {
  SignalScopes& s = scopes();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (--s.depth > 0) return;
  sigaction(SIGINT, &s.old_int, nullptr);
  sigaction(SIGTERM, &s.old_term, nullptr);
  interrupt_flag() = 0;
}

}  // namespace stickslip::python

PYBIND11_MODULE(_core, m) {
  using namespace stickslip;
  m.doc() = "stickslip's C++ engine (use the package stickslip, not this module)";
  static py::exception<SolverError> solver_error(m, "SolverError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const SolverError& e) {
      PyErr_SetString(solver_error.ptr(), e.what());
    } catch (const Interrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const IoError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });
  python::bind_commands(m);
  python::bind_models(m);
  python::bind_particles(m);
  python::bind_system(m);
}
