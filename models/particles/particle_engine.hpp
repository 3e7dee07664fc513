// models/particles/particle_engine.hpp — the assembler for many bodies: contact forces of N discs or spheres,
// walls, a periodic box and gravity, for a normal law and a tangential law given as template parameters (no
// virtual call per contact; the laws are models/particles/normal_laws.hpp and tangential_laws.hpp).
//
// State (GranularState, everything a driver saves, restores and advances; the engine itself is immutable):
//   bodies     ParticleArrays (x, v, omega, f, torque, radius, mass, inverse mass and inertia)
//   xi         tangential spring of every candidate pair, at the slots of neighbors (CSR rows by i, j > i)
//   wall_xi    tangential spring of every candidate sphere-wall pair, at neighbors' wall slots
//   neighbors  the Verlet list with skin (models/particles/neighbor_list.hpp)
// forces(state, dt): f = m g + contact forces, torque = contact moments; each touching candidate's spring is
// turned into the tangent plane and advanced by the law over dt (dt = 0 evaluates without advancing, as LAMMPS
// does at set-up); an open candidate (h <= 0) has its spring set to 0. With Ledger = true the contact powers,
// elastic energies and reset energies are summed (models/particles/energy.hpp). Cost: O(N + candidates).
#pragma once

#include <cmath>
#include <vector>

#include "models/particles/boundaries.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/particles/energy.hpp"
#include "models/particles/neighbor_list.hpp"
#include "models/particles/normal_laws.hpp"
#include "models/particles/particle_arrays.hpp"
#include "models/particles/tangential_laws.hpp"

namespace stickslip {

struct GranularState {
  ParticleArrays bodies;
  std::vector<Vec3> xi, wall_xi;
  NeighborList neighbors;
  double t = 0;
  std::size_t bytes() const {
    return bodies.bytes() + (xi.capacity() + wall_xi.capacity()) * sizeof(Vec3) + neighbors.bytes();
  }
};

template <class Normal, class Tangential>
struct ParticleEngine {
  Normal normal;
  Tangential tangential;
  Boundaries boundaries;
  double skin = 0;  // Verlet skin (m); 0 rebuilds whenever anything moves

  // Builds the neighbor lists (carrying any springs already in the state).
  void prepare(GranularState& s) const { s.neighbors.build(s.bodies, boundaries, skin, s.xi, s.wall_xi); }
  // Rebuilds when some particle moved more than skin/2; returns whether it did.
  bool update_neighbors(GranularState& s) const {
    if (!s.neighbors.needs_rebuild(s.bodies)) return false;
    prepare(s);
    return true;
  }

  // flatten: every call inside (laws, Eigen's fixed-size operations) is inlined into the loop; GCC's inliner
  // otherwise gives up on this large function and leaves calls per contact (measured with perf: 30 % of the time).
  template <bool Ledger>
  [[gnu::flatten]] ContactSums forces(GranularState& s, double dt) const {
    ParticleArrays& p = s.bodies;
    const std::size_t n = p.size();
    const Vec3 g = boundaries.gravity;
    for (std::size_t i = 0; i < n; ++i) {
      p.f[i] = p.mass[i] * g;
      p.torque[i].setZero();
    }
    ContactSums sums;
    const Vec3 len = boundaries.box.lengths(), half = boundaries.box.half_length();
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3 xi_pos = p.x[i], vi = p.v[i], wi = p.omega[i];
      const double ri = p.radius[i], inv_mi = p.inv_mass[i];
      Vec3 fi = Vec3::Zero(), ti = Vec3::Zero();
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        const std::uint32_t j = nbr[k];
        const Vec3 d = PeriodicBox::minimal_image(p.x[j] - xi_pos, len, half);
        const double rj = p.radius[j], rsum = ri + rj, r2 = d.squaredNorm();
        if (r2 >= rsum * rsum) {
          s.xi[k].setZero();
          continue;
        }
        const double r = std::sqrt(r2);
        ContactKinematics c;
        c.n = d / r;
        c.h = rsum - r;
        const Vec3 vrel = vi - p.v[j] + (ri * wi + rj * p.omega[j]).cross(c.n);
        c.hdot = vrel.dot(c.n);
        c.vt = vrel - c.hdot * c.n;
        c.r_star = ri * rj / rsum;
        const double inv_sum = inv_mi + p.inv_mass[j];
        c.m_star = inv_sum > 0 ? 1.0 / inv_sum : 0.0;
        c.wall = false;
        double fn;
        const Vec3 ft = contact<Ledger>(c, s.xi[k], dt, sums, fn);
        const Vec3 force = ft - fn * c.n;
        const Vec3 arm_t = c.n.cross(ft);
        fi += force;
        ti += ri * arm_t;
        p.f[j] -= force;
        p.torque[j] += rj * arm_t;
      }
      p.f[i] += fi;
      p.torque[i] += ti;
    }
    // Walls.
    const auto& wfirst = s.neighbors.wall_first();
    const auto& wall = s.neighbors.walls();
    for (std::size_t i = 0; i < n; ++i)
      for (std::uint32_t k = wfirst[i]; k < wfirst[i + 1]; ++k) {
        const WallGeometry wg = boundaries.wall(wall[k], p.x[i]);
        const double ri = p.radius[i];
        if (wg.distance >= ri) {
          s.wall_xi[k].setZero();
          continue;
        }
        ContactKinematics c;
        c.n = wg.n;
        c.h = ri - wg.distance;
        const Vec3 vrel = p.v[i] + (ri * p.omega[i]).cross(c.n);
        c.hdot = vrel.dot(c.n);
        c.vt = vrel - c.hdot * c.n;
        c.r_star = ri;
        c.m_star = p.mass[i];
        c.wall = true;
        double fn;
        const Vec3 ft = contact<Ledger>(c, s.wall_xi[k], dt, sums, fn);
        p.f[i] += ft - fn * c.n;
        p.torque[i] += ri * c.n.cross(ft);
      }
    return sums;
  }

  // One contact: the laws on the kinematics, the spring advanced; returns F_t on i and sets fn.
  // dt = 0 (set-up) evaluates on a copy of the spring: neither advanced nor reset.
  template <bool Ledger>
  Vec3 contact(const ContactKinematics& c, Vec3& xi, double dt, ContactSums& sums, double& fn) const {
    rotate_into_plane(xi, c.n);
    double un = 0;
    fn = normal.force(c, un);
    TangentialEnergy te;
    Vec3 copy;
    Vec3& spring = dt > 0 ? xi : (copy = xi);
    const Vec3 ft = tangential.step(c, fn, spring, dt, te);
    if constexpr (Ledger) {
      const double power_t = -ft.dot(c.vt);
      sums.power_normal += fn * c.hdot;
      sums.power_tangential += power_t;
      sums.elastic_normal += un;
      sums.elastic_tangential += te.elastic;
      sums.jump += te.jump;
      // This contact's tangential dissipation over the step, dD = P_t dt - (U_t,after - U_t,before); a negative dD
      // is energy the law created (a D-SDS reset that loads the spring beyond the work it received).
      const double dd = power_t * dt - (te.elastic - te.before);
      if (dd < 0) sums.created -= dd;
    }
    return ft;
  }
};

// Kinetic energy (translational + rotational) of the bodies that move.
inline double kinetic_energy(const ParticleArrays& p) {
  double k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p.inv_mass[i] > 0) k += 0.5 * p.mass[i] * p.v[i].squaredNorm();
    if (p.inv_inertia[i] > 0) k += 0.5 * p.omega[i].squaredNorm() / p.inv_inertia[i];
  }
  return k;
}

}  // namespace stickslip
