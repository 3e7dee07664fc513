// studies/checks/polygon_block_trace.hpp — Krengel & Matuttis' square on the slope as a polygon
// (models/polygon/polygon_slope_block.hpp) under exact Coulomb friction, released in static normal equilibrium at rest
// (s = v = 0, y = -static overlap), traced at every output step (or every step on the particle engine): what `verify`'s polygon-block checks
// (property_checks_polygons.cpp) and the block's tests (tests/models/polygon/test_polygon_slope_block.cpp) measure.
//   dae = false: coulomb-filippov on dopri5 (rtol 1e-10); dae = true: coulomb-dae on IDA with projection (rtol 1e-8:
//   eq. 18 damps dA/dt only, so the undamped rocking, period ~1e-5 s, makes tight BDF runs slow); atol 1e-16,
//   output and maximum step 1e-4 s.
#pragma once

#include <vector>

#include "models/incline_block.hpp"

namespace stickslip {

struct PolygonBlockTrace {
  std::vector<double> t, s, v, theta;  // s, v along the slope (m, m/s), theta (rad)
  bool held = true;     // the contact point stayed stuck after t = 0 (Filippov: sliding mode; DAE: stick mode)
  double max_slip = 0;  // max |v_t| of the material point at the force point (m/s)
  // least-squares slope of v over the second half of the trace (m/s^2; core/line_fit.hpp)
  double late_acceleration() const;
};

PolygonBlockTrace trace_polygon_block_coulomb(const BlockParameters& p, bool dae, double t_end);
// The same start as one body on the particle engine under velocity Verlet at step dt, coulomb as the engine's exact
// static friction (studies/papers/slope_block_engine.hpp); held and max_slip are not traced (true, 0).
PolygonBlockTrace trace_polygon_block_on_engine(const BlockParameters& p, double dt, double t_end);

}  // namespace stickslip
