// models/polygon/polygon_slope_block.hpp — Krengel & Matuttis' block on the slope (§4, Figs. 2-5) as what their paper
// simulates: a square polygon on a flat slope that translates AND rotates (it may rock on a corner), with the
// overlap-area relation of models/polygon/polygon_contact.hpp. A relation of models/contact_model.hpp, so every
// tangential law of the registry runs on it in the form its driver needs (Filippov, IDA's DAE, the ODE forms).
//
// Per unit depth, in the slope's frame: s down the slope, y normal to it; the slope is the half-plane y <= 0 (a fixed
// PolygonWall). The square (side l, density rho: m = rho l^2, I = m l^2/6) has its centroid at (s, y + l/2) and
// orientation theta; y is the height of its lower face above the slope while theta = 0 (y < 0: overlap), as in
// models/incline_block.hpp, so at theta = 0 the two blocks are the same state.
// State layout (body rows): [s, v, y, w, theta, omega] (m, m/s, m, m/s, rad, rad/s), v = s', w = y', omega = theta';
// then the law's state (xi or F_t) as for the translating block. slip_row = 1 (v).
// Contact (polygon_contact.hpp's wall_contact, every state): overlap A, force point c (its centroid), normal n (into
// the slope), arm r = c - centroid, v_t = (u(c)) . t with t = e_s the slope's downhill direction and u(c) = v + omega
// e_z x r the velocity of the body's material point at c.
// Normal force: OverlapNormalForce{Y, D} (eq. 18), f_n = max(0, Y A/l_c + D sqrt(Y m_n) (dA/dt)/l_c), with the
// characteristic length l_c = l (the block's size): a face pressed flat then gives F_n = Y delta + D sqrt(Y m) delta',
// the translating block's law exactly (m_n = m for a face). (The particle engine's polygons use the equal-area radius;
// here the block's size, so that the two blocks of the slope study share their normal law.)
// Tangential (the law's force F along t, at c): eq. 21's effective mass m* = 1/(1/m + (r . n)^2/I); the slip
// acceleration of the material point at c without friction,
//   a_free = g sin(alpha) + (F_n . t)/m + (T_n/I) (e_z x r) . t - omega^2 (r . t),   T_n = r x F_n, F_n = -f_n n,
// and f_stick = -m* a_free (eq. 22's force that holds the point). The equations of motion:
//   m s'' = m g sin(alpha) + (F_n + F t) . e_s,  m y'' = -m g cos(alpha) + (F_n + F t) . e_y,  I theta'' = r x (F_n + F t).
// Held slip (velocity projection, a stick constraint): v is set so that v_t = 0 (hold_slip), and s'' so that the slip
// acceleration of the material point is zero (hold_rate). The Filippov surface h = v_t has the gradient
// dh/dv = 1, dh/domega = -(r . e_y), and in s, y, theta the derivative of omega (e_z x r(c)) . t through the force
// point (central differences, step 1e-7 l; zero while omega = 0).
// Out of contact (A = 0): no force, v_t the centroid's speed along t, m* = m.
#pragma once

#include <string>
#include <vector>

#include "models/contact_model.hpp"
#include "models/incline_block.hpp"
#include "models/polygon/overlap_force.hpp"
#include "models/polygon/polygon_contact.hpp"

namespace stickslip {

struct PolygonSlopeBlock {
  BlockParameters p;  // size, alpha, g, rho, Y, mu, D, damping (as the translating block)
  double length = 0;  // characteristic length l_c (m); 0: the block's size (the header)
  static constexpr const char* name = "polygon-slope-block";
  static constexpr std::size_t slip_row = 1;
  static constexpr const char* spring_name = "xi";
  static constexpr const char* force_name = "F_t";

  std::vector<std::string> body_names() const { return {"s", "v", "y", "w", "theta", "omega"}; }
  std::vector<std::string> extra_names() const { return {}; }

  double inertia() const { return p.mass() * p.size * p.size / 6.0; }
  double characteristic_length() const { return length > 0 ? length : p.size; }
  // The contact of the square at body state b with the slope (touching = false when apart).
  PolygonContact relation(VecCRef b) const;
  // f_n (N/m), damping included, >= 0; 0 when apart.
  double normal_force(double, VecCRef b) const;
  Slip1 contact(double, VecCRef b) const;
  void rates(double, VecCRef b, VecCRef, double f, VecRef bdot, VecRef) const;
  void residual(double, VecCRef b, VecCRef, VecCRef bdot, VecCRef, double f, VecRef r, VecRef) const;
  void hold_slip(VecRef b) const;
  void hold_rate(double t, VecCRef b, VecRef bdot) const;
  void slip_gradient(double t, VecCRef b, VecRef grad) const;
  Energy energy(VecCRef, VecCRef) const { return {}; }

 private:
  double normal_force_of(const PolygonContact& c) const;  // f_n of a relation already clipped
  // The force and torque of the contact with friction F on the body (slope frame).
  void load(VecCRef b, double f, Vec2& force, double& torque) const;
};

// Law `law` (a registry name) on the polygon block, as block_system does for the translating block.
ContactSystem polygon_block_system(const BlockParameters& p, const std::string& law, Driver d, bool events,
                                   bool projection, const LawValues& extra = {}, const std::string& solver_text = "");

}  // namespace stickslip
