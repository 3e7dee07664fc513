// studies/checks/polygon_block_trace.hpp — Krengel & Matuttis' square on the slope as a polygon
// (models/polygon/polygon_slope_block.hpp) under exact Coulomb friction, released in static normal equilibrium at rest
// (s = v = 0, y = -static overlap), traced at every output step (or every step on the particle engine): what `verify`'s
// polygon-block checks (property_checks_polygons.cpp) and the block's tests
// (tests/models/polygon/test_polygon_slope_block.cpp) measure.
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
  // max |s + l/2 sin(theta)| over the trace (m): the face centre's displacement along the slope for a square of side
  // l, zero while the square only rocks about its held face (a slip of any length adds to it)
  double max_face_displacement(double l) const;
};

// The static tilt's displacement of the centroid along the slope, theta_s l/2 = 3 m g sin(a) l_c/(Y l): the moment
// m g sin(a) l/2 on the overlap's bed (moment stiffness Y l^3/(12 l_c)), the scale of the rest checks.
double static_tilt_displacement(const BlockParameters& p);

PolygonBlockTrace trace_polygon_block_coulomb(const BlockParameters& p, bool dae, double t_end);

// The period of the square's normal spring pressed flat, 2 pi sqrt(m/Y) (k = Y l/l_c = Y per metre of depth).
double block_normal_period(const BlockParameters& p);

// How long to trace a sliding square whose late_acceleration() is read against g (sin a - mu cos a): 20 periods of the
// normal spring, and at least 0.01 s. The square does not slide at a steady rate: friction's moment mu f_n l/2 is a
// step load on the overlap's bed, so the square rocks, and the normal force (hence mu f_n) swings with it, undamped
// (eq. 18 damps dA/dt only; rocking at constant area is free). A wobble of acceleration amplitude B at frequency omega
// moves a least-squares slope over a window T by at most 12 B / (omega T)^2 (1 + 2/(omega T)): a window of whole
// normal periods shrinks it as 1/T^2, a window shorter than one rocking period passes it on whole. Measured over
// random blocks (l 3-30 mm, rho 1000-8000, Y 1e7-1e8, mu 0.1-0.3, tan a 1.5-2.5 mu): over a fixed 0.01 s the slope
// missed by up to 22x the 1e-3 relative tolerance (l = 30 mm, rho = 8000, Y = 1e7: normal period 5.3 ms); over 20
// periods (a 10-period window) by at most 0.15x on both the Filippov relation and the engine, 0.08x over 40.
double sliding_trace_duration(const BlockParameters& p);

// The same start as one body on the particle engine under velocity Verlet at step dt, coulomb as the engine's exact
// static friction (studies/papers/krengel_matuttis/slope_block_engine.hpp); held and max_slip are not traced (true, 0).
PolygonBlockTrace trace_polygon_block_on_engine(const BlockParameters& p, double dt, double t_end);

}  // namespace stickslip
