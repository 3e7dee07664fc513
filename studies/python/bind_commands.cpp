// studies/python/bind_commands.cpp — see bindings.hpp.
#include "studies/python/bindings.hpp"

namespace stickslip::python {

void bind_commands(pybind11::module_&) {}

}  // namespace stickslip::python
