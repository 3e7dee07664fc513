// models/particles/particle_arrays.hpp — the bodies of the particle engine: discs and spheres as flat arrays.
//
// Layout (structure of arrays, index p = 0..N-1; one std::vector per property, SI units):
//   x[p] position (m), v[p] velocity (m/s), omega[p] angular velocity (rad/s), f[p] force (N), torque[p] (N m)
//     — each a 3-vector (Eigen::Vector3d, 24 bytes, contiguous), so a contact loads one cache line per body;
//   radius[p] (m), mass[p] (kg), inv_mass[p] (1/kg), inv_inertia[p] (1/(kg m^2)).
// A frozen body (a fixed partner, a plate) has inv_mass = inv_inertia = 0: drivers never move it and the
// contact's effective mass is that of the other body (m* = 1/(1/m_i + 1/m_j) with 1/m_j = 0).
// Discs (2-D) are spheres with z = 0, v_z = 0 and omega = omega_z e_z and I = m r^2/2: every contact normal then
// lies in the plane, (omega_z e_z) x n does too, and r n x F_t is along e_z, so forces, torques and positions stay
// planar exactly (the zeros are multiplied, never rounded). One kernel therefore serves both dimensions; a
// template dimension would double the code for a 1/3 saving of memory in 2-D only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/particles/thread_pool.hpp"
#include "models/rodrigues.hpp"

namespace stickslip {

struct ParticleArrays {
  std::vector<Vec3> x, v, omega, f, torque;
  std::vector<double> radius, mass, inv_mass, inv_inertia;

  std::size_t size() const { return x.size(); }

  // A sphere (I = 2/5 m r^2) or, with disc = true, a disc (I = 1/2 m r^2). frozen: never moves.
  // rotations = false keeps omega at its initial value (inv_inertia = 0).
  std::size_t add(const Vec3& pos, const Vec3& vel, double r, double m, bool disc = false, bool frozen = false,
                  bool rotations = true) {
    x.push_back(pos);
    v.push_back(vel);
    omega.push_back(Vec3::Zero());
    f.push_back(Vec3::Zero());
    torque.push_back(Vec3::Zero());
    radius.push_back(r);
    mass.push_back(m);
    inv_mass.push_back(frozen ? 0.0 : 1.0 / m);
    const double inertia = (disc ? 0.5 : 0.4) * m * r * r;
    inv_inertia.push_back(frozen || !rotations ? 0.0 : 1.0 / inertia);
    return x.size() - 1;
  }
  // Moment of inertia as the ledger needs it (0 for a body whose rotation is frozen).
  double inertia(std::size_t p) const { return inv_inertia[p] > 0 ? 1.0 / inv_inertia[p] : 0.0; }
  // Reorders every array: the body now at p is the one that was at old_of_new[p] (the engine's spatial sort); with a
  // pool, each thread gathers its own range.
  void permute(const std::vector<std::uint32_t>& old_of_new, ThreadPool* pool = nullptr) {
    permute_values(x, old_of_new, pool);
    permute_values(v, old_of_new, pool);
    permute_values(omega, old_of_new, pool);
    permute_values(f, old_of_new, pool);
    permute_values(torque, old_of_new, pool);
    permute_values(radius, old_of_new, pool);
    permute_values(mass, old_of_new, pool);
    permute_values(inv_mass, old_of_new, pool);
    permute_values(inv_inertia, old_of_new, pool);
  }
  template <class T>
  static void permute_values(std::vector<T>& a, const std::vector<std::uint32_t>& old_of_new, ThreadPool* pool = nullptr) {
    if (a.size() != old_of_new.size()) return;
    std::vector<T> b(a.size());
    run_chunks(pool, b.size(), [&](int, std::size_t lo, std::size_t hi) {
      for (std::size_t k = lo; k < hi; ++k) b[k] = a[old_of_new[k]];
    });
    a.swap(b);
  }
  std::size_t bytes() const {
    return 5 * x.capacity() * sizeof(Vec3) + 4 * radius.capacity() * sizeof(double);
  }
};

}  // namespace stickslip
