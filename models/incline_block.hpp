// models/incline_block.hpp — the relation of a square block of size l on a plane inclined at alpha (Krengel &
// Matuttis, "Comparing numerically exact and modelled static friction", §4, Table 1). Any tangential law of the
// registry runs on it through models/contact_model.hpp (block_system below).
//
// Two-dimensional, per unit depth: mass m = rho l^2 [kg/m]. Coordinates along the slope (s, downhill positive) and
// normal to it (y, the height of the block's face above the plane; y < 0 is overlap).
// Normal contact: the overlap-area law of eq. 18 (models/contact/normal_registry.hpp, AreaOverlap) with overlap
// delta = -y: F_n = max(0, Y delta + D sqrt(Y m) delta') [N/m] (D = gamma of Table 1, 1.5; damping off: D = 0).
//   m s'' = m g sin(alpha) + F_t,   m y'' = -m g cos(alpha) + F_n.
// Static normal equilibrium: y = -m g cos(alpha)/Y, y' = 0 (the default start). The slip velocity is s', the exact
// static force holding it f_stick = -m g sin(alpha).
// State layout: [s, v, y, w] (m, m/s, m, m/s), v = s', w = y'; then the law's state z if it has one: xi [m] (a
// spring) or F_t [N/m] (the algebraic force of a DAE law).
// The block binds the law parameters of Table 1: kt = 2/7 Y, gamma_t = 1/4 sqrt(k_t m)/m (damping off: 0; per
// effective mass, m* = m), mu (its key mu).
// The DAE residual rows are in mass form (m s'' - ..., m y'' - ...), as IDA integrated them.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "models/contact/area_overlap.hpp"
#include "models/contact_model.hpp"

namespace stickslip {

struct BlockParameters {
  double size = 0.01;         // l [m]
  double alpha = 0.5235987755982988;  // inclination [rad] (30 deg)
  double g = 9.81;            // [m/s^2]
  double rho = 5000;          // [kg/m^3]
  double young = 5e7;         // Y [kg/(m s^2)]
  double mu = 0.6;
  double normal_damping = 1.5;  // D (Table 1's gamma)
  bool damping = true;        // off: D = gamma_t = 0
  void validate() const;      // InputError naming the key

  double mass() const { return rho * size * size; }
  double kt() const { return 2.0 / 7.0 * young; }
  double gamma_t() const { return damping ? 0.25 * std::sqrt(kt() * mass()) : 0.0; }  // absolute [N s/m per m]
  AreaOverlap normal_law() const { return {young, damping ? normal_damping : 0.0}; }
  double normal_force(double y, double w) const;
  double static_overlap() const { return mass() * g * std::cos(alpha) / young; }
  // Deceleration of a block sliding down at static normal equilibrium, g (mu cos alpha - sin alpha).
  double coulomb_deceleration() const { return g * (mu * std::cos(alpha) - std::sin(alpha)); }
  // The law parameters the block binds (Table 1): kt, gamma_t, mu.
  LawValues law_values() const;
};

// The relation (models/contact_model.hpp's interface).
struct InclineBlock {
  BlockParameters p;
  static constexpr const char* name = "incline-block";
  static constexpr std::size_t slip_row = 1;
  static constexpr const char* spring_name = "xi";
  static constexpr const char* force_name = "F_t";
  std::vector<std::string> body_names() const { return {"s", "v", "y", "w"}; }
  std::vector<std::string> extra_names() const { return {}; }
  Slip1 contact(double, VecCRef b) const {
    return {VecD<1>(b[1]), p.mass(), p.g * std::sin(p.alpha), -p.mass() * p.g * std::sin(p.alpha)};
  }
  double normal_force(double, VecCRef b) const { return p.normal_force(b[2], b[3]); }
  void rates(double, VecCRef b, VecCRef, double f, VecRef bdot, VecRef) const {
    const double m = p.mass(), fn = p.normal_force(b[2], b[3]);
    bdot[0] = b[1];
    bdot[2] = b[3];
    bdot[3] = -p.g * std::cos(p.alpha) + fn / m;
    bdot[1] = p.g * std::sin(p.alpha) + f / m;
  }
  void residual(double, VecCRef b, VecCRef, VecCRef bdot, VecCRef, double f, VecRef r, VecRef) const {
    const double m = p.mass(), fn = p.normal_force(b[2], b[3]);
    r[0] = bdot[0] - b[1];
    r[2] = bdot[2] - b[3];
    r[3] = m * bdot[3] - (-m * p.g * std::cos(p.alpha) + fn);
    r[1] = m * bdot[1] - (m * p.g * std::sin(p.alpha) + f);
  }
  void hold_slip(VecRef b) const { b[1] = 0; }
  Energy energy(VecCRef, VecCRef) const { return {}; }
};

// Law `law` (a registry name) on the block for driver d (events: the law's hybrid or DAE form; projection: velocity
// projection while a DAE law sticks). solver_text: the driver as the study's key spelt it (for refusals).
ContactSystem block_system(const BlockParameters& p, const std::string& law, Driver d, bool events, bool projection,
                           const LawValues& extra = {}, const std::string& solver_text = "");

}  // namespace stickslip
