// studies/python/bind_models.cpp — see bindings.hpp.
#include "studies/python/bindings.hpp"

namespace stickslip::python {

void bind_models(pybind11::module_&) {}

}  // namespace stickslip::python
