// models/particles/tangential_dashpot.hpp — a tangential law whose dashpot follows the normal law's, as LAMMPS'
// pair granular defines it (tangential damping = x_gamma_t times the normal damping prefactor):
//   gamma_t(h) m* = x d_n(h),   d_n the normal law's dashpot coefficient of the contact (N s/m) at its overlap h
//   (its dashpot(c), models/contact/normal_registry.hpp): linear gamma_n m* (constant: the same as gamma_t = x
//   gamma_n); hertz d* = 2 xi sqrt(2 sqrt(r*) E* m*) h^(1/4) (Campello's DEM paper eq. 22; LAMMPS damping tsuji).
// With Hertz the tangential dashpot vanishes at first touch, like the normal one, so a D-SDS contact that starts
// sliding has its spring reset to |k xi| = x d*(h) v_t - F_max, which grows from 0 with the overlap (the energy the
// reset creates is spread over the loading instead of appearing at the onset, Fuehrer, Brendel, Wolf §3.3).
// Law: any tangential law with a member gamma_t (1/s, per effective mass): Csds, Dsds, CsdsImplicit
// (models/contact/csds.hpp, dsds.hpp, models/particles/csds_implicit.hpp); the wrapper sets gamma_t per contact and calls it.
#pragma once

#include "models/contact/normal_registry.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

template <class Law, class Normal>
struct DashpotFollowsNormal : Law {
  Normal normal;     // the contact's normal law (only its dashpot is read)
  double ratio = 1;  // x = gamma_t/gamma_n, the tangential over the normal dashpot
  DashpotFollowsNormal() = default;
  DashpotFollowsNormal(const Law& law, const Normal& n, double x) : Law(law), normal(n), ratio(x) {}
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    Law law = *this;
    law.gamma_t = ratio * normal.dashpot(c) / c.m_star;
    return law.step(c, fn, xi, dt, e);
  }
};

}  // namespace stickslip
