#include "core/model.hpp"

namespace stickslip {

void Model::residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  rhs(t, x, mode, r);
  r = xdot - r;
}

}  // namespace stickslip
