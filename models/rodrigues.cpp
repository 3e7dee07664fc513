// models/rodrigues.cpp — Rodrigues rotation-vector algebra (seed 004, eq. 9-11, 47).
#include "models/rodrigues.hpp"

#include <cmath>

namespace stickslip {

Mat3 skew(const Vec3& a) {
  Mat3 s;
  s << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return s;
}

Mat3 rodrigues_tensor(const Vec3& alpha) {
  const Mat3 a = skew(alpha);
  return Mat3::Identity() + 4.0 / (4.0 + alpha.squaredNorm()) * (a + 0.5 * a * a);
}

Vec3 rodrigues_compose(const Vec3& alpha1, const Vec3& alpha2) {
  return 4.0 / (4.0 - alpha1.dot(alpha2)) * (alpha1 + alpha2 - 0.5 * alpha1.cross(alpha2));
}

Vec3 rodrigues_from_rotation_vector(const Vec3& theta) {
  const double t = theta.norm();
  if (t < 1e-8) return theta * (1.0 + t * t / 12.0);  // tan(t/2)/(t/2) = 1 + t^2/12 + O(t^4)
  return std::tan(0.5 * t) / (0.5 * t) * theta;
}

Vec3 rotation_vector_from_rodrigues(const Vec3& alpha) {
  const double a = alpha.norm();
  if (a < 1e-8) return alpha * (1.0 - a * a / 12.0);  // 2 atan(a/2)/a = 1 - a^2/12 + O(a^4)
  return 2.0 * std::atan(0.5 * a) / a * alpha;
}

Vec3 rodrigues_rate(const Vec3& alpha, const Vec3& omega) {
  return omega - 0.5 * alpha.cross(omega) + 0.25 * alpha.dot(omega) * alpha;
}

}  // namespace stickslip
