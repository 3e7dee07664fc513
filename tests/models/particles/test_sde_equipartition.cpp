// models/particles/sde_equipartition.hpp against a pair worked by hand:
// - fixed geometry, one contact along x: each tangential component (y, z) of u is one mode with
//   a = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j, so Cov(V) = kT M^-1 j j^T M^-1 / a per component: Var(v_i,y) =
//   Var(v_i,z) = kT / (m_i^2 a), Var(omega_i,y) = Var(omega_i,z) = kT R_i^2 / (I_i^2 a), and nothing along the normal
//   (v_i,x, omega_i,x: 0); the modes: two at a, the rest the null space;
// - bonded geometry: Maxwell-Boltzmann with the total momentum fixed, kT/m_i (1 - m_i/M), kT/I_i;
// - tangent_basis: orthonormal and orthogonal to n for random normals.
#include <doctest/doctest.h>

#include <random>

#include "models/contact/registry.hpp"
#include "models/particles/sde_equipartition.hpp"

using namespace stickslip;

namespace {

std::unique_ptr<EngineSde> pair(ContactGeometry g, double kT) {
  EngineSdeSetup setup;
  setup.bodies.add(Vec3(0, 0, 0), Vec3::Zero(), 0.5, 1.0);
  setup.bodies.add(Vec3(1.2, 0, 0), Vec3::Zero(), 0.7, 2.0);
  setup.bodies.inv_inertia = {1 / 0.1, 1 / 0.392};
  setup.contacts = {{0, 1}};
  setup.geometry = g;
  setup.bond_stiffness = 100;  // bonded: the harmonic bond (unused by the prediction)
  setup.kT = kT;
  LawValues v;
  v.set("gamma", 2);
  return make_engine_sde(setup, "law", "linear", v);
}

}  // namespace

TEST_CASE("fixed geometry: the pair's variances and modes by hand") {
  const double kT = 0.7, mi = 1, mj = 2, Ri = 0.5, Rj = 0.7, Ii = 0.1, Ij = 0.392;
  const auto m = pair(ContactGeometry::fixed, kT);
  const EquipartitionPrediction p = equipartition_prediction(*m, m->initial_state(), ContactGeometry::fixed, kT);
  const double a = 1 / mi + 1 / mj + Ri * Ri / Ii + Rj * Rj / Ij;
  REQUIRE(p.variance.size() == 6);
  CHECK(p.variance[0] == doctest::Approx(0).scale(1e-12));  // v_i along the normal
  CHECK(p.variance[1] == doctest::Approx(kT / (mi * mi * a)).epsilon(1e-12));
  CHECK(p.variance[2] == doctest::Approx(kT / (mi * mi * a)).epsilon(1e-12));
  CHECK(p.variance[3] == doctest::Approx(0).scale(1e-12));  // spin about the normal
  CHECK(p.variance[4] == doctest::Approx(kT * Ri * Ri / (Ii * Ii * a)).epsilon(1e-12));
  CHECK(p.variance[5] == doctest::Approx(kT * Ri * Ri / (Ii * Ii * a)).epsilon(1e-12));
  CHECK(p.lambda_max == doctest::Approx(a).epsilon(1e-12));
  int active = 0;
  for (Eigen::Index k = 0; k < p.modes.size(); ++k) active += p.active(k);
  CHECK(active == 2);  // the two tangential components; the normal row of J is zero
}

TEST_CASE("bonded geometry: Maxwell-Boltzmann with the total momentum fixed") {
  const double kT = 1.3;
  const auto m = pair(ContactGeometry::bonded, kT);
  const EquipartitionPrediction p = equipartition_prediction(*m, m->initial_state(), ContactGeometry::bonded, kT);
  for (int a = 0; a < 3; ++a) {
    CHECK(p.variance[a] == doctest::Approx(kT / 1.0 * (1 - 1.0 / 3.0)).epsilon(1e-14));
    CHECK(p.variance[3 + a] == doctest::Approx(kT / 0.1).epsilon(1e-12));
  }
}

TEST_CASE("tangent_basis: an orthonormal pair orthogonal to the normal") {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> z;
  for (int k = 0; k < 200; ++k) {
    const Vec3 n = Vec3(z(rng), z(rng), z(rng)).normalized();
    Vec3 e1, e2;
    tangent_basis(n, e1, e2);
    CHECK(std::abs(e1.norm() - 1) < 1e-14);
    CHECK(std::abs(e2.norm() - 1) < 1e-14);
    CHECK(std::abs(e1.dot(n)) < 1e-14);
    CHECK(std::abs(e2.dot(n)) < 1e-14);
    CHECK(std::abs(e1.dot(e2)) < 1e-14);
  }
}
