#include "core/model.hpp"

namespace stickslip {

std::string to_string(ModelForm form) {
  return form == ModelForm::ode ? "ODE" : form == ModelForm::dae ? "DAE" : "time-stepping rule";
}

void Model::residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  rhs(t, x, mode, r);
  r = xdot - r;
}

}  // namespace stickslip
