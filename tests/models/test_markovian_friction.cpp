// Tests of models/markovian_friction: D(u) of Hofmann et al.'s Markovian friction (S7) against closed forms and
// identities, erfcx, and the pair force / torque (S2-S5, S9) on the engine's pair relation
// (models/particles/contact_kinematics.hpp: u_perp = -v_t) against hand-computed cases at kT = 0.
#include <cmath>
#include <doctest/doctest.h>
#include <numbers>
#include <random>

#include "core/errors.hpp"
#include "models/markovian_friction.hpp"
#include "models/contact/slip_force_laws.hpp"
#include "models/particles/contact_kinematics.hpp"

using namespace stickslip;

namespace {

double rel(double a, double b) { return std::abs(a - b) / std::abs(b); }

// Velocities u / s probed: inside the table, at its end, beyond it and far beyond (where a naive
// exp(u^2 / 2 kT nu) would overflow for u > ~38 s).
const double kScaledSpeeds[] = {0, 1e-3, 0.3, 1, 2.7, 5, 11.9, 12.5, 50, 1e3, 1e6};

// u_perp of the seed (S2) from the engine's pair relation: the slip velocity of i's contact point against j's, negated.
Vec3 u_perp(const Vec3& n, const Vec3& vi, const Vec3& vj, const Vec3& wi, const Vec3& wj, double Ri, double Rj) {
  return -pair_kinematics(n, 1.0, vi, vj, wi, wj, Ri, Rj, 1.0).vt;
}
// The friction force on i, f u_hat (S4), as the law's slip force -f v_t/|v_t|.
Vec3 friction_force(const Vec3& u, double f) {
  return slip_force_of(Vec3(-u), [f](double) { return f; });
}

Vec3 random_vec(std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  return {n(rng), n(rng), n(rng)};
}

}  // namespace

TEST_CASE("erfcx agrees with exp(x^2) erfc(x) in long double and with its asymptotic series") {
  CHECK(erfcx(0) == doctest::Approx(1).epsilon(1e-15));
  for (double x : {0.1, 0.5, 1.0, 2.0, 4.9, 5.0, 5.1, 7.0, 10.0, 20.0, 50.0}) {
    const long double lx = x;
    const double ref = static_cast<double>(std::exp(lx * lx) * std::erfc(lx));
    CHECK_MESSAGE(rel(erfcx(x), ref) < 2e-13, "x=" << x);
  }
  // erfcx(x) = 1/(x sqrt(pi)) (1 - 1/(2x^2) + 3/(4x^4) - ...): the truncation error is 15/(8 x^6) relative.
  for (double x : {1e3, 1e5, 1e8}) {
    const double ref = 1 / (x * std::sqrt(std::numbers::pi)) * (1 - 1 / (2 * x * x) + 3 / (4 * x * x * x * x));
    CHECK(rel(erfcx(x), ref) < 1e-15);
  }
}

TEST_CASE("nu = 1/m_i + 1/m_j + R_i^2/I_i + R_j^2/I_j; equal solid spheres give 7/m") {
  CHECK(pair_mobility(1, 1, 0.5, 0.5, 0.1, 0.1) == doctest::Approx(7));
  CHECK(pair_mobility(2, 3, 1, 2, 0.8, 4.8) == doctest::Approx(0.5 + 1.0 / 3 + 1.25 + 4 / 4.8));
}

TEST_CASE("D(u) of the linear law is gamma for every u (closed form)") {
  for (double kT : {0.1, 1.0}) {
    const double gamma = 1.7, nu = 5.25;
    const NoiseStrength D(FrictionLaw::linear(gamma), kT, nu);
    for (double x : kScaledSpeeds) {
      const double u = x * D.thermal_velocity();
      // Quadrature tolerance 1e-13; Hermite interpolation of a constant is exact.
      CHECK_MESSAGE(rel(D(u, 1.0), gamma) < 1e-11, "kT=" << kT << " u/s=" << x);
      CHECK_MESSAGE(rel(D.by_quadrature(u, 1.0), gamma) < 1e-11, "kT=" << kT << " u/s=" << x);
    }
  }
}

TEST_CASE("D(u) of the Coulomb law matches c sqrt(pi/(2 kT nu)) erfcx(u / sqrt(2 kT nu))") {
  for (double kT : {0.1, 1.0}) {
    const double mu = 0.5, Fn = 2, nu = 7;
    const NoiseStrength D(FrictionLaw::coulomb(mu, Fn), kT, nu);
    for (double x : kScaledSpeeds) {
      const double u = x * D.thermal_velocity();
      const double ref = coulomb_noise_strength_closed_form(mu * Fn, kT, nu, u);
      // Table: cubic Hermite error ~ h^4 max|D''''| / 384 with h = 12 s / 2048, i.e. ~1e-10 relative.
      CHECK_MESSAGE(rel(D(u, 1.0), ref) < 1e-9, "kT=" << kT << " u/s=" << x);
      CHECK_MESSAGE(rel(D.by_quadrature(u, 1.0), ref) < 1e-11, "kT=" << kT << " u/s=" << x);
    }
    // Interior points between nodes, where interpolation error is largest.
    for (int k = 0; k < 200; ++k) {
      const double u = (0.0137 + 0.0591 * k) * D.thermal_velocity();
      CHECK(rel(D(u, 1.0), coulomb_noise_strength_closed_form(mu * Fn, kT, nu, u)) < 1e-9);
    }
  }
}

TEST_CASE("D(u) of the tanh law satisfies D' = (u D - f)/(kT nu) and tends to f/u (1 - kT nu/u^2)") {
  const double kT = 0.3, nu = 7, c = 0.5, us = 0.1;
  const FrictionLaw law = FrictionLaw::tanh_coulomb(c, 1, us);
  const NoiseStrength D(law, kT, nu);
  const double s = D.thermal_velocity();
  for (double x : {0.05, 0.4, 1.0, 3.0, 8.0}) {
    const double u = x * s, h = 1e-5 * s;
    const double fd = (D.by_quadrature(u + h, 0) - D.by_quadrature(u - h, 0)) / (2 * h);
    // Central difference: truncation h^2 |D'''| / 6 with D''' ~ -f''/(kT nu), |f''| <= 0.77 c / u_s^2, plus
    // quadrature noise ~1e-13 D / h.
    const double bound = h * h * 0.77 * c / (us * us * kT * nu) / 6 + 1e-12 * D(u, 0) / h;
    CHECK_MESSAGE(std::abs(fd - D.derivative(u, 0)) < bound, "u/s=" << x);
  }
  // D = c/u (1 - kT nu/u^2 + O(u^-4)) for u >> s, u_s (the constant-f expansion; tanh(u/u_s) = 1 to 1e-16).
  for (double x : {30.0, 100.0, 1e4}) {
    const double u = x * s;
    CHECK_MESSAGE(std::abs(D(u, 0) * u / law(u, 0) - (1 - kT * nu / (u * u))) < 4 * std::pow(kT * nu / (u * u), 2) + 4e-15,
                  "u/s=" << x);
  }
}

TEST_CASE("D is linear in f: a user callable gamma u + c gives gamma + D_coulomb(c)") {
  const double gamma = 0.8, c = 0.3, kT = 1, nu = 4;
  const FrictionLaw law("user", [&](double u, double) { return gamma * u + c; });
  const NoiseStrength D(law, kT, nu);
  for (double x : kScaledSpeeds) {
    const double u = x * D.thermal_velocity();
    CHECK(rel(D(u, 0), gamma + coulomb_noise_strength_closed_form(c, kT, nu, u)) < 1e-9);
  }
}

TEST_CASE("an r-dependent user law is integrated at the given r") {
  const FrictionLaw law("user-r", [](double u, double r) { return (1 + r * r) * u; }, true);
  const NoiseStrength D(law, 0.5, 3);
  CHECK(rel(D(0.7, 0.0), 1.0) < 1e-11);
  CHECK(rel(D(0.7, 2.0), 5.0) < 1e-11);
}

TEST_CASE("a law with f < 0 (anti-dissipative) or kT <= 0 is rejected") {
  CHECK_THROWS_AS(NoiseStrength(FrictionLaw("bad", [](double u, double) { return -u; }), 1, 1), InputError);
  CHECK_THROWS_AS(NoiseStrength(FrictionLaw::linear(1), 0, 1), InputError);
}

TEST_CASE("hand-computed force and torque at kT = 0 (linear and Coulomb)") {
  const double Ri = 0.5, Rj = 0.7;
  const Vec3 n(1, 0, 0);
  // Translation: v_j = (0, 1, 0) relative to i at rest -> u_perp = (0, 1, 0). A normal velocity is projected out.
  Vec3 u = u_perp(n, Vec3::Zero(), Vec3(3, 1, 0), Vec3::Zero(), Vec3::Zero(), Ri, Rj);
  CHECK((u - Vec3(0, 1, 0)).norm() < 1e-15);
  // Spin of i about z: its contact point (r_i + R_i x) moves with omega x R_i x = (0, R_i, 0), so u_perp = -(0, R_i, 0).
  u = u_perp(n, Vec3::Zero(), Vec3::Zero(), Vec3(0, 0, 1), Vec3::Zero(), Ri, Rj);
  CHECK((u - Vec3(0, -0.5, 0)).norm() < 1e-15);
  // Spin of j about z: its contact point (r_j - R_j x) moves with omega x (-R_j x) = (0, -R_j, 0).
  u = u_perp(n, Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3(0, 0, 1), Ri, Rj);
  CHECK((u - Vec3(0, -0.7, 0)).norm() < 1e-15);

  // Linear f = gamma u with gamma = 2 and u_perp = (0, 1, 0): F_i = (0, 2, 0), F_j = -F_i,
  // tau_i = R_i x x F_i = (0, 0, 2 R_i) = (0, 0, 1), tau_j = R_j x x F_i = (0, 0, 1.4).
  const Vec3 F = friction_force(Vec3(0, 1, 0), FrictionLaw::linear(2)(1, 0));
  const PairLoad load = pair_load(n, Ri, Rj, F);
  CHECK((load.force_i - Vec3(0, 2, 0)).norm() < 1e-15);
  CHECK((load.force_j - Vec3(0, -2, 0)).norm() < 1e-15);
  CHECK((load.torque_i - Vec3(0, 0, 1)).norm() < 1e-15);
  CHECK((load.torque_j - Vec3(0, 0, 1.4)).norm() < 1e-15);
  // Coulomb: magnitude mu F_n = 0.3 whatever |u|, along u_hat; zero at u = 0.
  const Vec3 Fc = friction_force(Vec3(0, 0, -5), FrictionLaw::coulomb(0.3, 1)(5, 0));
  CHECK((Fc - Vec3(0, 0, -0.3)).norm() < 1e-15);
  CHECK(friction_force(Vec3::Zero(), 0.3).norm() == 0);
}

TEST_CASE("random configurations: power -f u, du/dt = -nu F, momentum and torque balance") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const double Ri = 0.3 + 0.1 * (trial % 5), Rj = 0.9;
    const double mi = 1.3, mj = 0.6, Ii = 0.4 * mi * Ri * Ri, Ij = 0.4 * mj * Rj * Rj;
    const Vec3 n = random_vec(rng).normalized();
    const double gap = trial % 2 ? 0.0 : 0.05;  // touching or separated by a gap
    const Vec3 ri = random_vec(rng), rj = ri + (Ri + Rj + gap) * n;
    const Vec3 vi = random_vec(rng), vj = random_vec(rng), wi = random_vec(rng), wj = random_vec(rng);
    const Vec3 u = u_perp(n, vi, vj, wi, wj, Ri, Rj);
    CHECK(std::abs(u.dot(n)) < 1e-14 * u.norm() + 1e-15);
    const double f = 0.7 * std::sqrt(u.norm());
    const Vec3 F = friction_force(u, f);
    const PairLoad L = pair_load(n, Ri, Rj, F);
    const double power = L.force_i.dot(vi) + L.force_j.dot(vj) + L.torque_i.dot(wi) + L.torque_j.dot(wj);
    CHECK(power == doctest::Approx(-f * u.norm()).epsilon(1e-12));
    // Applying the load for a time eps changes u by -nu F eps exactly (u is linear in the velocities).
    const double eps = 0.01, nu = pair_mobility(mi, mj, Ri, Rj, Ii, Ij);
    const Vec3 u2 = u_perp(n, vi + eps * L.force_i / mi, vj + eps * L.force_j / mj,
                                                 wi + eps * L.torque_i / Ii, wj + eps * L.torque_j / Ij, Ri, Rj);
    CHECK((u2 - u + nu * eps * F).norm() < 1e-13 * (1 + u.norm()));
    CHECK((L.force_i + L.force_j).norm() == 0);
    // Total torque about the origin: (R_i + R_j - |r_ij|) r_hat x F, zero when touching.
    const Vec3 torque = ri.cross(L.force_i) + rj.cross(L.force_j) + L.torque_i + L.torque_j;
    const Vec3 expected = (Ri + Rj - (rj - ri).norm()) * n.cross(F);
    CHECK((torque - expected).norm() < 1e-13 * (1 + ri.norm() + rj.norm()) * F.norm());
  }
}

TEST_CASE("noise force: tangential, variance 2 D kT / dt per tangential component, uncorrelated") {
  // xi, N with variance kT/dt per component (S6); sample mean of F_a^2 over n samples has relative
  // standard error sqrt(2/n) = 0.32 % at n = 2e5, so 1.5 % is a > 4 sigma bound.
  const double kT = 0.7, dt = 0.01, D = 1.9;
  const Vec3 n = Vec3(1, 2, 2) / 3;
  const Vec3 e1 = Vec3(2, -1, 0).normalized(), e2 = n.cross(e1);
  std::mt19937_64 rng(11);
  std::normal_distribution<double> g(0, std::sqrt(kT / dt));
  const int samples = 200000;
  double s11 = 0, s22 = 0, s12 = 0, snn = 0;
  for (int k = 0; k < samples; ++k) {
    const Vec3 xi(g(rng), g(rng), g(rng)), N(g(rng), g(rng), g(rng));
    const Vec3 F = noise_force(n, std::sqrt(D), xi, N);
    s11 += std::pow(F.dot(e1), 2);
    s22 += std::pow(F.dot(e2), 2);
    s12 += F.dot(e1) * F.dot(e2);
    snn += std::pow(F.dot(n), 2);
  }
  const double expected = 2 * D * kT / dt;
  CHECK(rel(s11 / samples, expected) < 0.015);
  CHECK(rel(s22 / samples, expected) < 0.015);
  CHECK(std::abs(s12 / samples) < 0.015 * expected);
  CHECK(snn / samples < 1e-25 * expected);
}
