// models/particles/contact_kinematics.hpp — the relation of a sphere (disc) pair or a sphere and a fixed wall:
// what every contact law receives, and how the law's force acts on the bodies.
//
// Pair i, j (d = minimal image of x_j - x_i, r = |d|):   n = d/r (from i towards j),  overlap h = r_i + r_j - r,
//   relative velocity of i's contact point against j's   v_rel = v_i - v_j + (r_i omega_i + r_j omega_j) x n,
//   overlap rate hdot = v_rel . n (approach positive),    slip velocity v_t = v_rel - hdot n,
//   r* = r_i r_j/(r_i + r_j),  m* = 1/(1/m_i + 1/m_j)  (a frozen body has 1/m = 0, so m* = the other mass).
// Wall: n from the centre towards the wall, h = r_i - distance, v_rel = v_i + r_i omega_i x n, r* = r_i, m* = m_i.
// A law returns the normal force f_n (pushing the bodies apart when positive) and the tangential force F_t on i;
// the force on i is F_i = -f_n n + F_t, on j -F_i; the moments are r_i n x F_t on i and r_j n x F_t on j (seed 004
// eq. 39: r n x f about each centre, n pointing to the contact). The power the contact takes from the bodies is
//   P = f_n hdot - F_t . v_t                                             (translational and rotational together)
// which the energy ledger integrates (models/particles/energy.hpp).
#pragma once

#include "models/rodrigues.hpp"

namespace stickslip {

struct ContactKinematics {
  Vec3 n;       // unit normal from body i towards the partner
  Vec3 vt;      // slip velocity of i's contact point relative to the partner's (in the tangent plane)
  double h;     // overlap (m), > 0 in contact
  double hdot;  // overlap rate (m/s)
  double r_star, m_star;
  bool wall;    // partner is a rigid wall (E*, G* of a sphere against a rigid body)
};

// The relation's kinematics plus what an exact-static law needs (Coulomb, models/contact/coulomb.hpp; filled by
// the particle engine's Gauss-Seidel sweep, models/particles/particle_engine.hpp).
struct StickKinematics : ContactKinematics {
  Vec3 a_other = Vec3::Zero();  // relative tangential acceleration of the contact points without this friction
  double inv_mass_t = 0;        // 1/m_eff,tan, Krengel & Matuttis eq. 21
  bool replay = false;          // report the slot's last applied force, compute nothing (dumps of contact forces)
};

// The relation's kinematics plus the normal load a modes form needs (models/contact/law.hpp's ContactModesForm; the
// state-vector form of the engine, models/particles/engine_model.hpp, fills it).
struct ModeKinematics : ContactKinematics {
  double fn = 0;            // normal force f_n (N), damping included; 0 while h <= 0
  double elastic = 0;       // its elastic part F_el(h) (N)
  double elastic_rate = 0;  // dF_el/dh hdot (N/s)
  double rounding = 0;      // a tangential force at rounding level (N): a constraint force below it picks no direction
};

// The kinematics of the pair i, j at distance r = |d| (d = x_j - x_i, 0 < r < r_i + r_j), with omega the angular
// velocities and m* the effective mass.
inline ContactKinematics pair_kinematics(const Vec3& d, double r, const Vec3& v_i, const Vec3& v_j, const Vec3& omega_i,
                                         const Vec3& omega_j, double r_i, double r_j, double m_star) {
  ContactKinematics c;
  c.n = d * (1.0 / r);  // one division, not three
  c.h = r_i + r_j - r;
  const Vec3 vrel = v_i - v_j + (r_i * omega_i + r_j * omega_j).cross(c.n);
  c.hdot = vrel.dot(c.n);
  c.vt = vrel - c.hdot * c.n;
  c.r_star = r_i * r_j / (r_i + r_j);
  c.m_star = m_star;
  c.wall = false;
  return c;
}

// The kinematics of a body (radius r_i, mass m_i) against a wall whose closest point lies at `distance` from the
// centre along the unit normal n (from the centre towards the wall).
inline ContactKinematics wall_kinematics(const Vec3& n, double distance, const Vec3& v_i, const Vec3& omega_i, double r_i,
                                         double m_i) {
  ContactKinematics c;
  c.n = n;
  c.h = r_i - distance;
  const Vec3 vrel = v_i + (r_i * omega_i).cross(c.n);
  c.hdot = vrel.dot(c.n);
  c.vt = vrel - c.hdot * c.n;
  c.r_star = r_i;
  c.m_star = m_i;
  c.wall = true;
  return c;
}

// Turn a tangential spring into the tangent plane of the current normal, keeping its length (seed 004 eq. 30;
// LAMMPS granular history rotation).
inline void rotate_into_plane(Vec3& xi, const Vec3& n) {
  const double along = xi.dot(n);
  if (along == 0.0) return;
  const double len2 = xi.squaredNorm();
  xi -= along * n;
  const double proj2 = xi.squaredNorm();
  if (proj2 > 0) xi *= std::sqrt(len2 / proj2);
}

}  // namespace stickslip
