// models/particles/tangential_laws.hpp — tangential contact laws of the particle engine, as discrete increments.
//
// Each law provides
//   Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const
// for a spring xi already turned into the tangent plane (rotate_into_plane): it advances xi over dt with the slip
// velocity v_t the driver hands over and returns the tangential force on body i. F_max = mu |f_n|.
// Seed 001 symbols (models/spring_dashpot_slider.hpp holds the vector formulas used here, written once):
//   F_S = -k xi - gamma v_t (eq. 1), gamma = gamma_t m* (LAMMPS: damp_tangential = xgammat eta_n).
//   Csds          xi' = v_t sticking, -(F_max F_S/|F_S| + k xi)/gamma sliding (eq. 9-10). Advanced like a position
//                 in velocity Verlet: xi_{n+1} = xi_n + dt xi'(xi_n, v_t), v_t the slip velocity of the step (the
//                 half-step velocity in Verlet), so while sticking it is exactly x_{n+1} = x_n + dt v_{n+1/2};
//                 then F = F_S(xi_{n+1}) clipped to F_max (never a jump of xi).
//   Dsds          LAMMPS linear_history: xi += v_t dt; F = F_S clipped; if |F_S| > F_max the spring is reset to
//                 xi = -(F_max F_S/|F_S| + gamma v_t)/k (eq. 3). The reset changes the spring energy without work
//                 (e.jump, signed); whether a step created energy is decided by the engine from the contact's
//                 work and energies (models/particles/energy.hpp; seed 001 §3.3).
//   DsdsStage     the D-SDS with its reset after every stage assignment (seed 001 Appendix A eq. 22-28; the plates'
//                 dsds-stage, models/sliding_plates.hpp). Velocity Verlet assigns the spring once per step, in its
//                 only force evaluation, so stage and step coincide: the same kernel as Dsds, bit for bit (the
//                 form differs only in multi-stage drivers, which the engine does not have).
//   (dsds-dae)    the D-SDS's continuous limit with the spring algebraic while sliding (models/sliding_plates.hpp,
//                 IDA): a residual form only, no discrete increment for velocity Verlet, so no engine law.
//   CundallStrack seed 002 §4: the D-SDS without the dashpot (gamma = 0): xi += v_t dt, |k xi| capped at F_max.
//   Frictionless  no tangential force (smooth spheres: the reference of the granular gas, spins never change).
//   Mindlin       seed 004 eq. 29-37: s += v_t dt (eq. 29-30), k_t = 8 G* sqrt(r* h) (eq. 37), return mapping
//                 (eq. 31-36, models/hertz_mindlin.hpp mindlin_return_mapping) with mu_s = mu_d = mu, N = |f_n|.
//                 The mapping's change of 1/2 k_t |s|^2 is recorded as a jump (never positive).
//   Coulomb       per-contact exact static friction, seed 002 eq. 21-22 (1-D form eq. 3-17): no spring; the slot
//                 holds the force the contact applied at its last evaluation. The engine hands over (StickKinematics)
//                 1/m_eff,tan = 1/m_i + 1/m_j + r_i^2/I_i + r_j^2/I_j (eq. 21, the arms r are the radii: the contact
//                 vectors are along n; a frozen body or spin adds 0) and a_other, the relative tangential
//                 acceleration of the contact points from every force but this contact's friction (eq. 22). Then
//                   F_stick = -m_eff,tan (a_other + v_t/dt),   F = F_stick if |F_stick| <= mu |f_n|,
//                   else F = mu |f_n| F_stick/|F_stick|.
//                 Discrete form in velocity Verlet (v_t the half-step slip velocity v_t,{n+1/2}, F acting from
//                 n+1/2 to n+3/2): F_stick is the force that makes v_t,{n+3/2} = v_t,{n+1/2} + dt (a_other +
//                 F/m_eff,tan) zero, and the projection onto the disc |F| <= mu |f_n| is the implicit (backward
//                 Euler in velocity) Coulomb law F = -mu |f_n| v_t,{n+3/2}/|v_t,{n+3/2}| while sliding (the
//                 continuous -mu |f_n| v_t/|v_t| with the slip velocity at the end of the step; defined at
//                 v_t = 0 too). Guarantee: when a_other is exact (one contact per body: a wall, a pair of bodies
//                 with no other contact) a sticking contact's half-step slip velocity is zero to round-off, so the
//                 positions, which velocity Verlet advances with half-step velocities, do not drift at all; with
//                 several contacts per body a_other is estimated (engine: one Gauss-Seidel sweep per evaluation,
//                 warm-started from the last forces) and any error is removed at the next step by v_t/dt.
//                 dt = 0 (set-up): F_stick = -m_eff,tan a_other (zero relative acceleration).
//                 Energy: no spring (U_t = 0); the ledger's tangential work is its dissipation. The ledger's
//                 power -F . v_t is taken at the half-step slip velocity, and a force that stops a reversal can
//                 point along it, so "created" is not exactly 0 in many-contact runs (4e-5 J against 0.96 J
//                 dissipated in a 300-sphere gas): a discrete-power artefact of O(dt), not a spring. Not usable where
//                 the relation gives no StickKinematics (the LAMMPS pair styles: a compile error there).
// Spring energy before and after the step: e.before, e.elastic = k |xi|^2 / 2 (k_t(h) |s|^2/2 for Mindlin, with the
// stiffness of the current overlap for both).
#pragma once

#include <cmath>

#include "models/hertz_mindlin.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/spring_dashpot_slider.hpp"

namespace stickslip {

struct TangentialEnergy {
  double before = 0;   // spring energy at the start of the step (J)
  double elastic = 0;  // spring energy after the step (J)
  double jump = 0;     // energy put into the spring by resets (J, signed)
};

// The relation's kinematics plus what an exact-static law needs (Coulomb; filled by the particle engine).
struct StickKinematics : ContactKinematics {
  Vec3 a_other = Vec3::Zero();  // relative tangential acceleration of the contact points without this friction
  double inv_mass_t = 0;        // 1/m_eff,tan, seed 002 eq. 21
  bool replay = false;          // report the slot's last applied force, compute nothing (dumps of contact forces)
};

// Laws whose slot is the force they applied (written at set-up too) and that need StickKinematics.
template <class T>
constexpr bool is_exact_static = requires { requires T::exact_static; };

struct Frictionless {
  static constexpr const char* name = "none";
  Vec3 step(const ContactKinematics&, double, Vec3& xi, double, TangentialEnergy& e) const {
    xi.setZero();
    e = TangentialEnergy{};
    return Vec3::Zero();
  }
};

struct Csds {
  double kt = 1e5;      // N/m
  double gamma_t = 1;   // 1/s, > 0 (eq. 10 divides by gamma)
  double mu = 0.5;
  static constexpr const char* name = "csds";
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    const double g = gamma_t * c.m_star, fmax = mu * std::abs(fn);
    e.before = 0.5 * kt * xi.squaredNorm();
    xi += dt * csds_xi_rate<3>(xi, c.vt, kt, g, fmax);
    e.elastic = 0.5 * kt * xi.squaredNorm();
    return sds_force<3>(xi, c.vt, kt, g, fmax);
  }
};

namespace detail {
// The D-SDS update shared by Dsds and CundallStrack.
inline Vec3 dsds_step(double kt, double g, double fmax, const Vec3& vt, Vec3& xi, double dt, TangentialEnergy& e) {
  e.before = 0.5 * kt * xi.squaredNorm();
  xi += dt * vt;
  const Vec3 f = sds_force<3>(xi, vt, kt, g, fmax);
  const double before = 0.5 * kt * xi.squaredNorm();
  xi = dsds_reset<3>(xi, vt, kt, g, fmax);
  e.elastic = 0.5 * kt * xi.squaredNorm();
  e.jump = e.elastic - before;
  return f;
}
}  // namespace detail

struct Dsds {
  double kt = 1e5, gamma_t = 1, mu = 0.5;
  static constexpr const char* name = "dsds";
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    return detail::dsds_step(kt, gamma_t * c.m_star, mu * std::abs(fn), c.vt, xi, dt, e);
  }
};

struct DsdsStage : Dsds {
  static constexpr const char* name = "dsds-stage";
};

struct CundallStrack {
  double kt = 1e5, mu = 0.5;
  static constexpr const char* name = "cundall-strack";
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    return detail::dsds_step(kt, 0.0, mu * std::abs(fn), c.vt, xi, dt, e);
  }
};

struct Mindlin {
  double g_pair = 0, g_wall = 0;  // G* of two bodies of the material, and against a rigid wall
  double mu = 0.5;
  static constexpr const char* name = "mindlin";
  static Mindlin material(double young, double poisson, double mu) {
    return {sphere_sphere_pair(1, 1, young, poisson, 1, 1, young, poisson).g_star,
            sphere_wall_pair(1, 1, young, poisson).g_star, mu};
  }
  Vec3 step(const ContactKinematics& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    const double k = mindlin_stiffness(ContactPair{c.r_star, 0.0, c.wall ? g_wall : g_pair, c.m_star}, c.h);
    e.before = 0.5 * k * xi.squaredNorm();
    xi += dt * c.vt;
    const double before = 0.5 * k * xi.squaredNorm();
    const TangentialStep s = mindlin_return_mapping(xi, k, std::abs(fn), mu, mu);
    xi = s.s;
    e.elastic = 0.5 * k * xi.squaredNorm();
    e.jump = e.elastic - before;
    return s.force;
  }
};

struct Coulomb {
  double mu = 0.5;
  static constexpr const char* name = "coulomb";
  static constexpr bool exact_static = true;
  Vec3 step(const StickKinematics& c, double fn, Vec3& f_last, double dt, TangentialEnergy& e) const {
    e = TangentialEnergy{};
    if (c.replay) return f_last;
    Vec3 f = Vec3::Zero();
    if (c.inv_mass_t > 0) {
      f = -(dt > 0 ? Vec3(c.a_other + c.vt / dt) : c.a_other) / c.inv_mass_t;
      const double fmax = mu * std::abs(fn), norm2 = f.squaredNorm();
      if (norm2 > fmax * fmax) f *= fmax / std::sqrt(norm2);
    }
    f_last = f;
    return f;
  }
};

}  // namespace stickslip
