// models/polygon/overlap_force.hpp — the normal force of an overlap contact of two polygons (or a polygon and a
// wall), Krengel & Matuttis, "Comparing numerically exact and modelled static friction", §4 and eq. 18, on the
// relation of models/polygon/polygon_contact.hpp. Per metre of depth: Y in Pa, A in m^2, l in m, force in N/m.
//
//   elastic  f_el   = Y A / l                                   (§4: proportional to A and Y, inverse to l)
//   damping  f_damp = D sqrt(Y m_eff) (dA/dt) / l               (eq. 18; the printed equation has A where the text
//                                                                says "proportional to the change in overlap area":
//                                                                we read dA/dt)
//   total    f_n    = max(0, f_el + f_damp)                     (ours: no pull while the bodies separate)
//   cap      |f_damp| <= damping_cap f_el where damping_cap > 0   (Matuttis & Chen's contact, "the book's" of the
//                                                                polygon studies' contact=book: damping_cap = 2, the
//                                                                damping force at most twice the elastic one; with the
//                                                                pair's reduced mass as m_eff. 0: no cap, the default)
// D is dimensionless (Table 1's gamma = 1.5 is our reading of it); sqrt(Y m_eff) dA/dt / l has the units of a force
// per depth when m_eff is a mass per depth. Eq. 18 prints m_eff,tan, the effective tangential mass of eq. 21; which
// mass to pass is the caller's (polygon_contact.hpp gives 1/m_t of eq. 21 and the normal twin 1/m_n). For a flat face
// of width w pressed into a wall at fixed orientation the law is a linear spring-dashpot on the depth d,
// f = (Y w/l) d + D sqrt(Y m) (w/l) d', with damping ratio zeta = D sqrt(w/l)/2 for m_eff = m.
//
// Energy. The power the elastic force takes from the bodies is f_el (v_rel . n) (v_rel at the force point c). A closed
// form exists while one side of O is a single straight edge of one body (flat_side: a corner or a face of one body
// pressed into a face of the other, or into a wall; two intersection points): with z the depth below that edge's
// line, into its body,
//   U_el = (Y/l) integral_O z dA = Y A z_c / l                  (z_c = PolygonContact::flat_depth)
// for any rigid motions of both bodies. Proof: if the flat side is j's, Reynolds' theorem and the divergence theorem
// on z u_i (u_i the rigid velocity field of i, divergence-free; z = 0 on j's edge; grad z = n) give
// d/dt integral_O z dA = A n . u_i(c) from i's motion, and differentiating z(s) = n . (s - a) with the face give
// -A n . u_j(c) from j's, so dU_el/dt = (Y A/l) n . (u_i - u_j)(c) = f_el (v_rel . n). It is the energy of a Winkler
// bed of springs Y/l per unit length under the face, whose resultant is exactly Y A/l along the face normal through c:
// the paper's force. Elsewhere (both sides of O bent: a corner against a corner, four or more intersection points,
// a wall's end cap) the force is not conservative (measured below: an elastic collision can end with more or less
// kinetic energy than it began with), and the elastic energy is the integral over the contact's history,
//   U_el(t) = integral_{t_0}^{t} f_el (v_rel . n) dt'           (elastic_power below; what an energy ledger integrates)
// What is left of it when the contact opens is energy the force created or destroyed. Measured in elastic collisions of
// random 5-10 corner polygons (Table 1's rho and Y, 0.05-0.3 m/s, spins; STICKSLIP_POLYGON_COLLISIONS=300
// build/models_polygon_test_polygon_collision -s, dt = 1e-7 s): of 293 collisions the 263 that stayed flat-sided
// returned the kinetic energy to |K_end/K_0 - 1| <= 2.2e-8 (the scheme's error); the 30 that passed through a bent phase
// (a corner against a corner) changed it by -5.4 % to +12.9 %, the same at 2 and 4 times the step: a property of the
// force law, not of the integrator.

#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "models/polygon/polygon_contact.hpp"

namespace stickslip {

struct OverlapNormalForce {
  double young = 5e7;  // Y (Pa), Table 1
  double damping = 0;  // D (1), eq. 18
  double damping_cap = 0;  // |f_damp| <= damping_cap f_el (0: no cap)

  struct Value {
    double elastic = 0, damping = 0, total = 0;  // N/m
  };
  // m_eff: the mass of eq. 18 (kg/m). No contact (touching = false): all zero.
  Value force(const PolygonContact& c, double m_eff) const {
    Value f;
    if (!c.touching) return f;
    f.elastic = young * c.area / c.l;
    f.damping = damping * std::sqrt(young * m_eff) * c.area_rate / c.l;
    if (damping_cap > 0) f.damping = std::clamp(f.damping, -damping_cap * f.elastic, damping_cap * f.elastic);
    f.total = std::max(0.0, f.elastic + f.damping);
    return f;
  }
};

// InputError naming the key (prefix + "young", prefix + "damping") unless Y > 0 and D >= 0, both finite.
void check_overlap_normal_force(const OverlapNormalForce& law, const std::string& prefix = "");

// The rate at which the elastic force stores energy: f_el (v_rel . n) (W per metre of depth).
inline double elastic_power(const PolygonContact& c, const OverlapNormalForce& law) {
  return c.touching ? law.young * c.area / c.l * c.approach_rate : 0.0;
}

// The closed form U_el = Y A z_c / l where the contact is flat-sided (J per metre of depth); 0 without contact.
// Meaningless (the caller integrates elastic_power instead) where c.flat_side is false.
inline double flat_side_elastic_energy(const PolygonContact& c, const OverlapNormalForce& law) {
  return c.touching ? law.young * c.area * c.flat_depth / c.l : 0.0;
}

}  // namespace stickslip
