#include "models/particles/sde_equipartition.hpp"

#include <Eigen/Dense>

namespace stickslip {
namespace {

Eigen::Matrix3d skew(const Vec3& a) {
  Eigen::Matrix3d s;
  s << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return s;
}

// J (3C x 6N): V = (v_0..v_N-1, omega_0..omega_N-1) -> stacked u_perp (S2).
Eigen::MatrixXd contact_jacobian(const EngineSde& m, VecCRef x) {
  const std::size_t n = m.bodies(), C = m.contacts();
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(3 * C, 6 * n);
  for (std::size_t c = 0; c < C; ++c) {
    const auto& k = m.setup().contacts[c];
    const Vec3 r = m.kinematics(x, c).n;
    const Eigen::Matrix3d P = Eigen::Matrix3d::Identity() - r * r.transpose();
    J.block<3, 3>(3 * c, 3 * k.i) = -P;
    J.block<3, 3>(3 * c, 3 * k.j) = P;
    J.block<3, 3>(3 * c, 3 * (n + k.i)) = m.setup().bodies.radius[k.i] * skew(r);
    J.block<3, 3>(3 * c, 3 * (n + k.j)) = m.setup().bodies.radius[k.j] * skew(r);
  }
  return J;
}

}  // namespace

void tangent_basis(const Vec3& n, Vec3& e1, Vec3& e2) {
  Eigen::Index k;
  n.cwiseAbs().minCoeff(&k);
  Vec3 a = Vec3::Zero();
  a[k] = 1;
  e1 = n.cross(a).normalized();
  e2 = n.cross(e1);
}

EquipartitionPrediction equipartition_prediction(const EngineSde& m, VecCRef x, ContactGeometry geometry, double kT) {
  const std::size_t N = m.bodies();
  const Eigen::MatrixXd J = contact_jacobian(m, x);
  Vec Minv(6 * N);
  for (std::size_t p = 0; p < N; ++p) {
    Minv.segment<3>(3 * p).setConstant(m.setup().bodies.inv_mass[p]);
    Minv.segment<3>(3 * (N + p)).setConstant(m.setup().bodies.inv_inertia[p]);
  }
  const Eigen::MatrixXd A = J * Minv.asDiagonal() * J.transpose();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(A);
  EquipartitionPrediction r;
  r.modes = eig.eigenvalues();
  r.lambda_max = r.modes.maxCoeff();
  r.variance.resize(6);
  if (geometry == ContactGeometry::fixed) {
    Eigen::MatrixXd Aplus = Eigen::MatrixXd::Zero(A.rows(), A.cols());
    for (Eigen::Index k = 0; k < r.modes.size(); ++k)
      if (r.active(k)) Aplus += eig.eigenvectors().col(k) * eig.eigenvectors().col(k).transpose() / r.modes[k];
    const Eigen::MatrixXd covV = kT * Minv.asDiagonal() * J.transpose() * Aplus * J * Minv.asDiagonal();
    for (int a = 0; a < 3; ++a) {
      r.variance[a] = covV(a, a);
      r.variance[3 + a] = covV(3 * N + a, 3 * N + a);
    }
  } else {
    double M = 0;
    for (double mass : m.setup().bodies.mass) M += mass;
    const double m0 = m.setup().bodies.mass[0];
    r.variance.head<3>().setConstant(kT / m0 * (1 - m0 / M));
    r.variance.tail<3>().setConstant(kT / m.inertia(0));
  }
  return r;
}

}  // namespace stickslip
