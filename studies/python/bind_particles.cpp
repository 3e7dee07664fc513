// studies/python/bind_particles.cpp — see bindings.hpp.
#include "studies/python/bindings.hpp"

namespace stickslip::python {

void bind_particles(pybind11::module_&) {}

}  // namespace stickslip::python
