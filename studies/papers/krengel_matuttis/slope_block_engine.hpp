// studies/papers/krengel_matuttis/slope_block_engine.hpp — Krengel & Matuttis' block on the slope (§4) as one square
// polygon on the polygon engine (models/polygon/polygon_engine.hpp) under velocity Verlet: the slope-drift study's
// solver=verlet with block=polygon. The same physics as the relation models/polygon/polygon_slope_block.hpp, assembled
// by the engine: the square (side l, density rho) on the half-plane y <= 0, gravity in the slope's frame (g sin a, -g
// cos a), the overlap-area normal force Y A/l_c with eq. 18's damping (D, 0 with damping off) and l_c = l
// (PolygonEngine:: wall_length: the block's size, as the relation's), and the registry's law in its particle-engine
// form with the block's Table 1 parameters (k_t = 2/7 Y, gamma_t = 1/4 sqrt(k_t m) per mass, mu): cundall-strack, csds,
// dsds, ... and coulomb as the engine's exact static friction (eq. 21-22: one Gauss-Seidel sweep, here of one contact).
// Samples after every step: s, v along the slope (the centroid's x, v_x), y = the centroid's height - l/2 (the lower
// face's height while theta = 0, as the relation's y), theta, and the contact's force along the slope,
// f_x - m g sin(a) (the friction force, plus the normal force's share when the square tilts).
#pragma once

#include <cmath>
#include <functional>
#include <string>

#include "models/incline_block.hpp"

namespace stickslip {

struct SlopeEngineSample {
  double t, s, v, y, force, theta;
};

// Why `law` has no velocity-Verlet form on the engine ("" if it has): the registry's refusal.
std::string block_engine_refusal(const std::string& law);
// Velocity Verlet's stability bound for the block's normal spring, 2/omega with omega = sqrt(Y/m) (a face pressed
// flat: k = Y l/l_c = Y per metre of depth, m = rho l^2): beyond it a step throws the block off the slope.
inline double block_engine_stable_dt(const BlockParameters& p) { return 2 * std::sqrt(p.mass() / p.young); }

// From (s, v, y, theta) = (0, v0, y0, 0) at t = 0 to t_end in steps of dt (the last shortened to land on t_end);
// observe(sample) at t = 0 and after every step. Returns the steps. InputError naming `friction` for a law without
// an engine form or with a parameter out of its range; SolverError on a non-finite state (dt beyond Verlet's bound).
long run_block_on_engine(const BlockParameters& p, const std::string& law, const LawValues& extra, double y0, double v0,
                         double dt, double t_end, const std::function<void(const SlopeEngineSample&)>& observe);

}  // namespace stickslip
