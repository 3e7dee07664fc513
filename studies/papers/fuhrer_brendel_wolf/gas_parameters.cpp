// studies/papers/fuhrer_brendel_wolf/gas_parameters.cpp — see gas_parameters.hpp.
#include "studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp"

#include "core/errors.hpp"

namespace stickslip {

void declare_gas_parameters(Parameters& p) {
  p.declare("r", "0.01", "radius (m)")
      .declare("rho", "2500", "density (kg/m^3)")
      .declare("rot_ratio", "1", "initial T_rot/T_tr")
      .declare("skin", "0.3", "Verlet skin in radii");
}

GasStart read_gas_spec(const Parameters& p, long n_min, long n_max, double phi_min, GasConfig& g) {
  g.spec.n = p.integer("n", n_min, n_max);
  g.spec.phi = p.in_range("phi", phi_min, 0.3);
  g.spec.radius = p.in_range("r", 1e-6, 10);
  g.spec.density = p.in_range("rho", 1e-3, 1e6);
  const double v_thermal = p.in_range("v_thermal", 1e-6, 1e6);
  const double rot_ratio = p.in_range("rot_ratio", 0, 1e3);
  g.spec.t0 = g.spec.mass() * v_thermal * v_thermal;
  g.spec.t_rot0 = rot_ratio * g.spec.t0;
  return {v_thermal, rot_ratio};
}

void require_box_fits(const Parameters& p, const GasConfig& g) {
  if (g.spec.box_edge() <= 2 * (2 * g.spec.radius + g.skin))
    throw_input("n", p.raw("n"), "the periodic box must be longer than 2 (2r + skin): more spheres or lower phi");
}

}  // namespace stickslip
