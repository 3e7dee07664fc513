// studies/papers/fuhrer_brendel_wolf/gas_parameters.hpp — the gas both granular-gas studies (granular-gas,
// studies/papers/ granular_gas_study.cpp; dsds-cooling, studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp)
// start from: n spheres of radius r and density rho at solid fraction phi in a periodic box, Maxwellian with T0 = m
// v_thermal^2 and spins with T_rot0 = rot_ratio T0 (models/particles/granular_gas.hpp), under a Verlet list with skin
// (radii). declare_gas_parameters declares the keys the two studies declare alike (the same default and help text: r,
// rho, rot_ratio, skin); each study declares n, phi and v_thermal itself (their defaults and help texts differ).
#pragma once

#include "core/parameters.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"

namespace stickslip {

void declare_gas_parameters(Parameters& p);

// Reads n in [n_min, n_max], phi in [phi_min, 0.3], r, rho, v_thermal and rot_ratio, in this order (the first invalid
// one is the error), into g.spec with its T0 and T_rot0.
struct GasStart {
  double v_thermal = 0;  // m/s
  double rot_ratio = 0;  // T_rot0/T0
};
GasStart read_gas_spec(const Parameters& p, long n_min, long n_max, double phi_min, GasConfig& g);

// Throws the InputError of key n unless the periodic box is longer than 2 (2r + skin) (the neighbour list's need).
void require_box_fits(const Parameters& p, const GasConfig& g);

}  // namespace stickslip
