// models/particles/stick_constraints.cpp — the joint stick constraint of rigid-Coulomb contacts (see the header).
#include "models/particles/stick_constraints.hpp"

#include <algorithm>
#include <array>

#include <Eigen/Dense>

namespace stickslip {

void stick_constraint_forces(const ParticleArrays& p, const std::vector<Vec3>& force, const std::vector<Vec3>& torque,
                             const std::vector<StickRow>& rows, std::vector<Vec3>& out) {
  const std::size_t n = p.size(), K = rows.size();
  out.assign(K, Vec3::Zero());
  if (K == 0) return;
  const auto wall = [](const StickRow& r) { return r.j == StickRow::kWall; };
  // a_rel of row r for the bodies' accelerations a and angular accelerations al
  const auto rel_acc = [&](const StickRow& r, const std::vector<Vec3>& a, const std::vector<Vec3>& al) {
    Vec3 acc = a[r.i] + al[r.i].cross(p.radius[r.i] * r.n);
    if (!wall(r)) acc -= a[r.j] + al[r.j].cross(-p.radius[r.j] * r.n);
    return acc;
  };
  std::vector<Vec3> a(n), al(n);
  for (std::size_t b = 0; b < n; ++b) {
    a[b] = p.inv_mass[b] * force[b];
    al[b] = p.inv_inertia[b] * torque[b];
  }
  std::vector<std::array<Vec3, 2>> basis(K);
  Eigen::VectorXd rhs(2 * K);
  for (std::size_t q = 0; q < K; ++q) {
    const StickRow& r = rows[q];
    basis[q][0] = r.n.unitOrthogonal();
    basis[q][1] = r.n.cross(basis[q][0]);
    Vec3 vel = p.omega[r.i].cross(p.radius[r.i] * r.ndot);
    if (!wall(r)) vel -= p.omega[r.j].cross(-p.radius[r.j] * r.ndot);
    const Vec3 acc = rel_acc(r, a, al) + vel - r.ndot * r.hdot;
    for (int e = 0; e < 2; ++e) rhs[static_cast<Eigen::Index>(2 * q + e)] = -basis[q][e].dot(acc);
  }
  Eigen::MatrixXd A(2 * K, 2 * K);
  std::vector<Vec3> da(n, Vec3::Zero()), dal(n, Vec3::Zero());
  for (std::size_t q = 0; q < K; ++q)
    for (int e = 0; e < 2; ++e) {
      const StickRow& r = rows[q];
      const Vec3& f = basis[q][e];
      da[r.i] += p.inv_mass[r.i] * f;
      dal[r.i] += p.inv_inertia[r.i] * (p.radius[r.i] * r.n).cross(f);
      if (!wall(r)) {
        da[r.j] -= p.inv_mass[r.j] * f;
        dal[r.j] += p.inv_inertia[r.j] * (-p.radius[r.j] * r.n).cross(Vec3(-f));
      }
      for (std::size_t s = 0; s < K; ++s) {
        const Vec3 response = rel_acc(rows[s], da, dal);
        for (int e2 = 0; e2 < 2; ++e2)
          A(static_cast<Eigen::Index>(2 * s + e2), static_cast<Eigen::Index>(2 * q + e)) = basis[s][e2].dot(response);
      }
      da[r.i].setZero();
      dal[r.i].setZero();
      if (!wall(r)) da[r.j].setZero(), dal[r.j].setZero();
    }
  const Eigen::VectorXd x = A.completeOrthogonalDecomposition().solve(rhs);
  for (std::size_t q = 0; q < K; ++q)
    out[q] = x[static_cast<Eigen::Index>(2 * q)] * basis[q][0] + x[static_cast<Eigen::Index>(2 * q + 1)] * basis[q][1];
}

}  // namespace stickslip
