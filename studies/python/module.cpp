// studies/python/module.cpp — the module stickslip._core: its parts (bindings.hpp) and the translation of
// stickslip's errors into Python exceptions.
#include <pybind11/pybind11.h>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/python/bindings.hpp"

namespace py = pybind11;

namespace stickslip::python {

SignalScope::SignalScope() {
  sigaction(SIGINT, nullptr, &old_int_);
  sigaction(SIGTERM, nullptr, &old_term_);
  interrupt_flag() = 0;
  install_interrupt_handlers();
}

SignalScope::~SignalScope() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
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
}
