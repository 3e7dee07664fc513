// Property tests of the Rodrigues algebra (seed 004, eq. 9-11, 47) against rotation matrices built
// independently by Eigen::AngleAxis (axis-angle, no Rodrigues parameters involved).
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <random>

#include "models/rodrigues.hpp"

using namespace stickslip;

namespace {
constexpr double kPi = 3.14159265358979323846;

Mat3 axis_angle(const Vec3& theta) {
  const double t = theta.norm();
  if (t == 0) return Mat3::Identity();
  return Eigen::AngleAxisd(t, theta / t).toRotationMatrix();
}

// Random rotation vector with angle uniform in [lo, hi) (hi < pi) and an isotropic axis.
Vec3 random_rotation(std::mt19937_64& rng, double lo, double hi) {
  std::normal_distribution<double> n(0, 1);
  std::uniform_real_distribution<double> u(lo, hi);
  Vec3 e(n(rng), n(rng), n(rng));
  return u(rng) * e.normalized();
}
}  // namespace

TEST_CASE("Q(alpha) of eq. 10 equals the axis-angle rotation matrix and is orthogonal") {
  std::mt19937_64 rng(4);
  for (int k = 0; k < 500; ++k) {
    const Vec3 theta = random_rotation(rng, 0.0, 3.1);
    const Mat3 q = rodrigues_tensor(rodrigues_from_rotation_vector(theta));
    // Q entries are O(1); eq. 10 costs a handful of flops, and near pi alpha = 2 tan(theta/2) is ~50,
    // so a few hundred ulps of cancellation is the honest bound.
    CHECK((q - axis_angle(theta)).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((q.transpose() * q - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(q.determinant() == doctest::Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("the factor 4/(1+alpha^2) printed in the seed's eq. 10 is not orthogonal; 4/(4+alpha^2) is") {
  const Vec3 alpha(0.3, -0.8, 0.5);
  const Mat3 a = skew(alpha);
  const Mat3 printed = Mat3::Identity() + 4.0 / (1.0 + alpha.squaredNorm()) * (a + 0.5 * a * a);
  CHECK((printed.transpose() * printed - Mat3::Identity()).cwiseAbs().maxCoeff() > 0.1);
  const Mat3 q = rodrigues_tensor(alpha);
  CHECK((q.transpose() * q - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("composition (eq. 11) is the Rodrigues vector of Q2 Q1") {
  std::mt19937_64 rng(11);
  for (int k = 0; k < 500; ++k) {
    const Vec3 t1 = random_rotation(rng, 0.0, 2.5), t2 = random_rotation(rng, 0.0, 2.5);
    const Vec3 a1 = rodrigues_from_rotation_vector(t1), a2 = rodrigues_from_rotation_vector(t2);
    const Vec3 a12 = rodrigues_compose(a1, a2);
    const Mat3 expected = axis_angle(t2) * axis_angle(t1);
    const double denom = 4.0 - a1.dot(a2);
    if (std::abs(denom) < 1e-3) continue;  // the composed rotation is within ~1e-3 rad of pi
    // Conditioning: Q(alpha) loses |alpha|^2 relative digits when the composed angle nears pi.
    const double tol = 1e-13 * (1.0 + a12.squaredNorm());
    CHECK((rodrigues_tensor(a12) - expected).cwiseAbs().maxCoeff() < tol);
  }
}

TEST_CASE("composition is associative and the inverse undoes a rotation") {
  std::mt19937_64 rng(47);
  for (int k = 0; k < 300; ++k) {
    const Vec3 a1 = rodrigues_from_rotation_vector(random_rotation(rng, 0.0, 1.5));
    const Vec3 a2 = rodrigues_from_rotation_vector(random_rotation(rng, 0.0, 1.5));
    const Vec3 a3 = rodrigues_from_rotation_vector(random_rotation(rng, 0.0, 1.5));
    const Vec3 left = rodrigues_compose(rodrigues_compose(a1, a2), a3);
    const Vec3 right = rodrigues_compose(a1, rodrigues_compose(a2, a3));
    CHECK((rodrigues_tensor(left) - rodrigues_tensor(right)).cwiseAbs().maxCoeff() < 1e-11);
    CHECK(rodrigues_compose(a1, rodrigues_inverse(a1)).norm() < 1e-15);
    CHECK(rodrigues_compose(rodrigues_inverse(a1), a1).norm() < 1e-15);
    CHECK((rodrigues_tensor(rodrigues_inverse(a1)) - rodrigues_tensor(a1).transpose()).cwiseAbs().maxCoeff() < 1e-14);
  }
}

TEST_CASE("small angles: alpha -> theta and Q -> I + Skew(theta)") {
  for (double t : {1e-3, 1e-6, 1e-9, 1e-12}) {
    const Vec3 theta = t * Vec3(0.6, 0.0, -0.8);
    const Vec3 alpha = rodrigues_from_rotation_vector(theta);
    // alpha = theta (1 + theta^2/12 + ...): the relative difference is theta^2/12.
    CHECK((alpha - theta).norm() <= theta.norm() * (t * t / 12.0 * 1.001 + 1e-15));
    CHECK((rodrigues_tensor(alpha) - (Mat3::Identity() + skew(theta))).cwiseAbs().maxCoeff() <= t * t + 1e-16);
    CHECK((rotation_vector_from_rodrigues(alpha) - theta).norm() <= 1e-15 * t + 1e-300);
  }
}

TEST_CASE("near pi: Q stays a rotation, and composing through pi wraps alpha without a matrix") {
  const Vec3 e = Vec3(1, 2, -2) / 3.0;
  for (double gap : {1e-2, 1e-4, 1e-6}) {
    const Vec3 theta = (kPi - gap) * e;
    const Vec3 alpha = rodrigues_from_rotation_vector(theta);
    CHECK(alpha.norm() == doctest::Approx(2.0 * std::tan(0.5 * (kPi - gap))).epsilon(1e-9));
    const Mat3 q = rodrigues_tensor(alpha);
    CHECK((q - axis_angle(theta)).cwiseAbs().maxCoeff() < 1e-9);
    CHECK((q.transpose() * q - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-12);
  }
  // Rotate by 0.9 pi, then by 0.2 pi about the same axis: total 1.1 pi = -0.9 pi, alpha flips sign.
  const Vec3 a1 = rodrigues_from_rotation_vector(0.9 * kPi * e);
  const Vec3 a2 = rodrigues_from_rotation_vector(0.2 * kPi * e);
  const Vec3 a12 = rodrigues_compose(a1, a2);
  CHECK((a12 - rodrigues_from_rotation_vector(-0.9 * kPi * e)).norm() < 1e-12);
  // Many small steps through pi (the trapezoid's eq. 47 with alpha_Delta = omega dt) stay on the exact angle.
  Vec3 a = Vec3::Zero();
  const Vec3 step = rodrigues_from_rotation_vector(0.01 * e);
  for (int k = 0; k < 500; ++k) a = rodrigues_compose(a, step);  // 5 rad = 5 - 2 pi
  CHECK((rodrigues_tensor(a) - axis_angle(5.0 * e)).cwiseAbs().maxCoeff() < 1e-11);
}

TEST_CASE("alpha' = omega - alpha x omega / 2 + (alpha.omega) alpha / 4 is the limit of eq. 47") {
  std::mt19937_64 rng(9);
  for (int k = 0; k < 100; ++k) {
    const Vec3 alpha = rodrigues_from_rotation_vector(random_rotation(rng, 0.0, 2.0));
    const Vec3 omega = random_rotation(rng, 0.5, 2.0);
    const double h = 1e-6;
    const Vec3 fd = (rodrigues_compose(alpha, rodrigues_from_rotation_vector(h * omega)) -
                     rodrigues_compose(alpha, rodrigues_from_rotation_vector(-h * omega))) /
                    (2 * h);
    // central difference: O(h^2 |alpha'''|) truncation plus O(eps/h) rounding with |alpha| <= 2 tan(1)
    CHECK((fd - rodrigues_rate(alpha, omega)).norm() < 1e-7);
  }
}
