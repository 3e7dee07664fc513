// models/polygon/polygon_slope_block.cpp — see polygon_slope_block.hpp.
#include "models/polygon/polygon_slope_block.hpp"

#include <array>
#include <cmath>

#include "models/contact/relation_system.hpp"
#include "models/polygon/convex_polygon.hpp"

namespace stickslip {

namespace {

// The square's corners about its centroid (counter-clockwise), its pose and motion from the body state.
std::array<Vec2, 4> square_corners(double l, VecCRef b) {
  const double h = 0.5 * l, c = std::cos(b[4]), s = std::sin(b[4]);
  const Vec2 x(b[0], b[2] + h);
  std::array<Vec2, 4> out;
  const std::array<Vec2, 4> q{Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)};
  for (std::size_t k = 0; k < 4; ++k) out[k] = x + Vec2(c * q[k].x() - s * q[k].y(), s * q[k].x() + c * q[k].y());
  return out;
}

RigidMotion motion(double l, VecCRef b) { return RigidMotion{Vec2(b[0], b[2] + 0.5 * l), Vec2(b[1], b[3]), b[5]}; }

const PolygonWall& slope_wall() {
  static const PolygonWall w = half_plane_wall(Vec2(0, 0), Vec2(0, 1));  // the solid below y = 0
  return w;
}

}  // namespace

PolygonContact PolygonSlopeBlock::relation(VecCRef b) const {
  const std::array<Vec2, 4> corners = square_corners(p.size, b);
  return wall_contact(std::span<const Vec2>(corners.data(), 4), motion(p.size, b), slope_wall(), RigidMotion{},
                      characteristic_length());
}

double PolygonSlopeBlock::normal_force(double, VecCRef b) const { return normal_force_of(relation(b)); }

double PolygonSlopeBlock::normal_force_of(const PolygonContact& c) const {
  if (!c.touching) return 0.0;
  const double inv_n = inv_mass_normal(c, 1.0 / p.mass(), 1.0 / inertia(), 0.0, 0.0);
  return OverlapNormalForce{p.young, p.damping ? p.normal_damping : 0.0}.force(c, 1.0 / inv_n).total;
}

Slip1 PolygonSlopeBlock::contact(double, VecCRef b) const {
  const double m = p.mass(), g_s = p.g * std::sin(p.alpha);
  const PolygonContact c = relation(b);
  if (!c.touching) return {VecD<1>(b[1]), m, g_s, -m * g_s};
  const double inv_I = 1.0 / inertia();
  const double inv_t = inv_mass_tangential(c, 1.0 / m, inv_I, 0.0, 0.0);
  const Vec2 fn = -normal_force_of(c) * c.n, e_s = Vec2::UnitX();
  const double slip = (Vec2(b[1], b[3]) + b[5] * perp(c.arm_i)).dot(e_s);
  const double a_free = g_s + fn.dot(e_s) / m + inv_I * cross2(c.arm_i, fn) * perp(c.arm_i).dot(e_s) -
                        b[5] * b[5] * c.arm_i.dot(e_s);
  const double m_star = 1.0 / inv_t;
  return {VecD<1>(slip), m_star, a_free, -m_star * a_free};
}

void PolygonSlopeBlock::load(VecCRef b, double f, Vec2& force, double& torque) const {
  force.setZero();
  torque = 0;
  const PolygonContact c = relation(b);
  if (!c.touching) return;
  const ContactLoad q = contact_load(c, normal_force_of(c), f * Vec2::UnitX());
  force = q.force_i;
  torque = q.torque_i;
}

void PolygonSlopeBlock::rates(double, VecCRef b, VecCRef, double f, VecRef bdot, VecRef) const {
  Vec2 force;
  double torque;
  load(b, f, force, torque);
  const double m = p.mass();
  bdot[0] = b[1];
  bdot[1] = p.g * std::sin(p.alpha) + force.x() / m;
  bdot[2] = b[3];
  bdot[3] = -p.g * std::cos(p.alpha) + force.y() / m;
  bdot[4] = b[5];
  bdot[5] = torque / inertia();
}

void PolygonSlopeBlock::residual(double, VecCRef b, VecCRef, VecCRef bdot, VecCRef, double f, VecRef r, VecRef) const {
  Vec2 force;
  double torque;
  load(b, f, force, torque);
  const double m = p.mass();
  r[0] = bdot[0] - b[1];
  r[1] = m * bdot[1] - (m * p.g * std::sin(p.alpha) + force.x());
  r[2] = bdot[2] - b[3];
  r[3] = m * bdot[3] - (-m * p.g * std::cos(p.alpha) + force.y());
  r[4] = bdot[4] - b[5];
  r[5] = inertia() * bdot[5] - torque;
}

void PolygonSlopeBlock::hold_slip(VecRef b) const {
  const PolygonContact c = relation(b);
  if (!c.touching) return;
  b[1] -= (Vec2(b[1], b[3]) + b[5] * perp(c.arm_i)).x();
}

void PolygonSlopeBlock::hold_rate(double, VecCRef b, VecRef bdot) const {
  const PolygonContact c = relation(b);
  if (!c.touching) return;
  // the material point at c: s'' + omega' (e_z x r) . e_s - omega^2 r . e_s = 0
  bdot[1] = -bdot[5] * perp(c.arm_i).x() + b[5] * b[5] * c.arm_i.x();
}

void PolygonSlopeBlock::slip_gradient(double, VecCRef b, VecRef grad) const {
  grad.setZero();
  grad[1] = 1;
  const PolygonContact c = relation(b);
  if (!c.touching) return;
  grad[5] = perp(c.arm_i).x();
  if (b[5] == 0) return;
  // through the force point: omega (e_z x r) . e_s = -omega r_y, r = c - centroid
  const double h = 1e-7 * p.size;
  Vec work = b;
  for (const int k : {0, 2, 4}) {
    const double x0 = work[k];
    work[k] = x0 + h;
    const PolygonContact up = relation(work);
    work[k] = x0 - h;
    const PolygonContact down = relation(work);
    work[k] = x0;
    if (up.touching && down.touching) grad[k] = b[5] * (perp(up.arm_i).x() - perp(down.arm_i).x()) / (2 * h);
  }
}

ContactSystem polygon_block_system(const BlockParameters& p, const std::string& law, Driver d, bool events,
                                   bool projection, const LawValues& extra, const std::string& solver_text) {
  p.validate();
  // the block binds Table 1's laws with its own mass (gamma_t per effective mass: the block's m, as the square's)
  return make_contact_system(PolygonSlopeBlock{p}, law, bind_law_values(extra, p.law_values()),
                             relation_options(d, events, projection, solver_text));
}

}  // namespace stickslip
