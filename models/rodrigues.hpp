// models/rodrigues.hpp — the (rescaled) Rodrigues rotation vector alpha of seed 004, §2.
//
//   alpha = tan(theta/2)/(theta/2) theta,   |alpha| = 2 tan(theta/2)                       (eq. 9)
//   Q(alpha) = I + 4/(4 + alpha^2) [Skew(alpha) + 1/2 Skew(alpha)^2]                         (eq. 10)
//   alpha_{1+2} = 4/(4 - alpha_1.alpha_2) (alpha_1 + alpha_2 - 1/2 alpha_1 x alpha_2),
//                 the Rodrigues vector of Q_{1+2} = Q_2 Q_1 (first Q_1, then Q_2)             (eq. 11, 47)
// Note on eq. 10/27: the seed's text prints the factor as 4/(1 + alpha^2); substituting alpha = 2 vartheta
// into eq. 7 gives 4/(4 + alpha^2), the only factor for which Q is orthogonal (tests/models/test_rodrigues.cpp).
// The parameterisation is singular at theta = pi (|alpha| -> infinity); composition (eq. 11) passes through
// that singularity without a rotation matrix (alpha changes sign through infinity), as tan(theta/2) does.
// Kinematics (the continuous limit of eq. 47 with alpha_2 = omega dt, omega the spatial spin):
//   alpha' = omega - 1/2 alpha x omega + 1/4 (alpha . omega) alpha
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace stickslip {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

Mat3 skew(const Vec3& a);
// Q of eq. 10 (used by the contact-point mapping eq. 26-28 and by tests).
Mat3 rodrigues_tensor(const Vec3& alpha);
// eq. 11: first alpha1, then alpha2.
Vec3 rodrigues_compose(const Vec3& alpha1, const Vec3& alpha2);
inline Vec3 rodrigues_inverse(const Vec3& alpha) { return -alpha; }
// theta e <-> alpha (eq. 9); from_rotation_vector requires |theta| < pi.
Vec3 rodrigues_from_rotation_vector(const Vec3& theta);
Vec3 rotation_vector_from_rodrigues(const Vec3& alpha);
// alpha' for spatial spin omega.
Vec3 rodrigues_rate(const Vec3& alpha, const Vec3& omega);

}  // namespace stickslip
