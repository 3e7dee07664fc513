// Tests of the particle engine's SDE form (models/particles/engine_sde.hpp): its drift and diffusion against the
// formulas of Hofmann et al.'s Markovian friction pair written out here independently (S2 u_perp, S4 friction,
// S5 noise impulse, S9 moments, the harmonic bond, the ledger rows W_f and W_R with the Ito heating 2 kT nu D),
// for random configurations (positions, velocities, spins, masses, radii, inertia factor, so nu) of a pair, a
// triangle and a tetrahedron, fixed and bonded, each law of the pair and both calculi; and hand-computed values.
#include <cmath>
#include <doctest/doctest.h>
#include <random>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "models/particles/engine_sde.hpp"

using namespace stickslip;

namespace {

Vec3 random_vec(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  return Vec3(u(rng), u(rng), u(rng));
}

// The seed's pair, written out: u_perp (S2) of j's surface relative to i's, P = 1 - r r^T.
Vec3 seed_u_perp(const Vec3& r, const Vec3& vi, const Vec3& vj, const Vec3& wi, const Vec3& wj, double Ri, double Rj) {
  const Eigen::Matrix3d P = Eigen::Matrix3d::Identity() - r * r.transpose();
  return P * (vj - vi) - (Ri * wi + Rj * wj).cross(r);
}

// The three laws of the study's defaults, their magnitudes f(u) and noise strengths D(u) (S7) in closed form where
// one exists (linear: gamma; Coulomb: c sqrt(pi / (2 kT nu)) erfcx(u / sqrt(2 kT nu))), else Simpson's rule.
struct LawCase {
  std::string name;
  double gamma = 1.3, mu = 0.4, u_scale = 1.0;
};
double seed_f(const LawCase& l, double u, double Fn) {
  if (l.name == "linear") return l.gamma * u;
  if (l.name == "coulomb-sign") return l.mu * Fn;
  return l.mu * Fn * std::tanh(u / l.u_scale);
}
double seed_D(const LawCase& l, double u, double Fn, double kT, double nu) {
  if (l.name == "linear") return l.gamma;
  if (l.name == "coulomb-sign") return coulomb_noise_strength_closed_form(l.mu * Fn, kT, nu, u);
  // (S7) as an integral over w = u' - u: 1/(kT nu) int_0^inf f(u + w) exp(-w (2u + w) / s^2) dw, s^2 = 2 kT nu;
  // composite Simpson on [0, 40 L], L = s^2 / (u + sqrt(u^2 + s^2)) the decay length (the tail is below e^-40).
  const double s2 = 2 * kT * nu, L = s2 / (u + std::sqrt(u * u + s2)), W = 40 * L;
  const int m = 20000;
  const double h = W / m;
  double sum = 0;
  for (int k = 0; k <= m; ++k) {
    const double w = k * h, g = seed_f(l, u + w, Fn) * std::exp(-w * (2 * u + w) / s2);
    sum += (k == 0 || k == m ? 1 : k % 2 ? 4 : 2) * g;
  }
  return sum * h / 3 / (kT * nu);
}

struct Config {
  EngineSdeSetup setup;
  std::vector<double> inertia;
  Vec x;
};

// n spheres (2, 3, 4) in contact along all pairs, random masses, radii and inertia factors; touching positions
// scaled (bonded: stretched or compressed a little); random velocities and spins.
Config random_config(std::mt19937_64& rng, std::size_t n, ContactGeometry g, double kT, NoiseCalculus calc) {
  std::uniform_real_distribution<double> U(0, 1);
  Config c;
  const double R = 0.3 + 0.5 * U(rng);
  const std::vector<Vec3> pos = touching_cluster(n, R);
  const Vec3 shift = random_vec(rng);
  const double stretch = g == ContactGeometry::bonded ? 1 + 0.1 * (U(rng) - 0.5) : 1.0;
  for (std::size_t p = 0; p < n; ++p) {
    // Pair: its own radii; clusters of equal spheres (touching_cluster), but random masses and inertias.
    const double Rp = n == 2 ? (p == 0 ? R : 0.2 + U(rng)) : R;
    const Vec3 xp = n == 2 && p == 1 ? Vec3(R + Rp, 0, 0) : pos[p];
    const double m = 0.5 + 2 * U(rng), factor = 0.2 + 0.8 * U(rng);
    c.setup.bodies.add(shift + stretch * xp, Vec3::Zero(), Rp, m);
    c.inertia.push_back(factor * m * Rp * Rp);
    c.setup.bodies.inv_inertia[p] = 1 / c.inertia[p];
  }
  c.setup.contacts = all_pairs(n);
  c.setup.geometry = g;
  c.setup.bond_stiffness = 50 + 500 * U(rng);
  c.setup.normal_force = 0.5 + 3 * U(rng);
  c.setup.kT = kT;
  c.setup.calculus = calc;
  c.x = Vec::Zero(9 * n + 2);
  for (std::size_t p = 0; p < n; ++p) {
    c.x.segment<3>(3 * p) = c.setup.bodies.x[p];
    c.x.segment<3>(3 * (n + p)) = random_vec(rng);
    c.x.segment<3>(3 * (2 * n + p)) = 2 * random_vec(rng);
  }
  return c;
}

}  // namespace

TEST_CASE("drift and diffusion equal the seed's formulas written out, random configurations") {
  // Both sides are the same sums of O(1) terms in other orders: agreement to round-off, 1e-12 relative to the
  // largest entry (the bond rows are O(k 0.05) ~ 25).
  std::mt19937_64 rng(20261125);
  std::normal_distribution<double> gauss(0, 1);
  int cases = 0;
  for (const LawCase& law : {LawCase{"linear"}, LawCase{"coulomb-sign"}, LawCase{"tanh"}})
    for (std::size_t n : {2, 3, 4})
      for (ContactGeometry g : {ContactGeometry::fixed, ContactGeometry::bonded})
        for (NoiseCalculus calc : {NoiseCalculus::ito, NoiseCalculus::stratonovich})
          for (int draw = 0; draw < 3; ++draw) {
            const double kT = 0.2 + 2 * std::uniform_real_distribution<double>(0, 1)(rng);
            Config cf = random_config(rng, n, g, kT, calc);
            const EngineSdeSetup& s = cf.setup;
            LawValues values;
            values.law_key = "law";
            values.set("gamma", law.gamma).set("mu", law.mu).set("u_scale", law.u_scale);
            const auto model = make_engine_sde(s, "law", law.name, values);
            const Vec& x = cf.x;
            Vec dW(6 * s.contacts.size());
            for (Eigen::Index k = 0; k < dW.size(); ++k) dW[k] = gauss(rng);

            // The seed's drift and b dW.
            Vec a = Vec::Zero(x.size()), b = Vec::Zero(x.size());
            if (g == ContactGeometry::bonded) a.head(3 * n) = x.segment(3 * n, 3 * n);
            for (const PermanentContact& pc : s.contacts) {
              const std::size_t i = pc.i, j = pc.j, c = &pc - s.contacts.data();
              const double Ri = s.bodies.radius[i], Rj = s.bodies.radius[j], mi = s.bodies.mass[i], mj = s.bodies.mass[j];
              const Vec3 rij = x.segment<3>(3 * j) - x.segment<3>(3 * i);
              const Vec3 r = rij.normalized();
              const Vec3 u = seed_u_perp(r, x.segment<3>(3 * (n + i)), x.segment<3>(3 * (n + j)),
                                         x.segment<3>(3 * (2 * n + i)), x.segment<3>(3 * (2 * n + j)), Ri, Rj);
              const double nu = 1 / mi + 1 / mj + Ri * Ri / cf.inertia[i] + Rj * Rj / cf.inertia[j];  // (S8)
              CHECK(model->nu(c) == doctest::Approx(nu).epsilon(1e-14));
              const double f = seed_f(law, u.norm(), s.normal_force), D = seed_D(law, u.norm(), s.normal_force, kT, nu);
              const Vec3 F = f * u / u.norm();                                                       // (S4)
              const Vec3 bond = g == ContactGeometry::bonded ? Vec3(s.bond_stiffness * (rij.norm() - Ri - Rj) * r) : Vec3::Zero();
              const Eigen::Matrix3d P = Eigen::Matrix3d::Identity() - r * r.transpose();
              const Vec3 FR = std::sqrt(D * kT) * (P * dW.segment<3>(6 * c) - r.cross(dW.segment<3>(6 * c + 3)));  // (S5)
              for (const auto& [force, out] : {std::pair{F, &a}, std::pair{FR, &b}}) {  // (S9)
                out->segment<3>(3 * (n + i)) += force / mi;
                out->segment<3>(3 * (n + j)) -= force / mj;
                out->segment<3>(3 * (2 * n + i)) += Ri * r.cross(force) / cf.inertia[i];
                out->segment<3>(3 * (2 * n + j)) += Rj * r.cross(force) / cf.inertia[j];
              }
              a.segment<3>(3 * (n + i)) += bond / mi;
              a.segment<3>(3 * (n + j)) -= bond / mj;
              a[9 * n] -= f * u.norm();                                       // W_f' = -f u
              if (calc == NoiseCalculus::ito) a[9 * n + 1] += 2 * kT * nu * D;  // Ito heating
              b[9 * n + 1] -= FR.dot(u);                                      // dW_R = -F^R . u_perp dt
            }
            Vec a_new(x.size()), b_new(x.size());
            model->drift(0, x, a_new);
            model->diffusion(0, x, dW, b_new);
            const double scale_a = a.cwiseAbs().maxCoeff(), scale_b = b.cwiseAbs().maxCoeff();
            const std::string what = law.name + " n=" + std::to_string(n) + (g == ContactGeometry::bonded ? " bonded" : " fixed") +
                                     (calc == NoiseCalculus::ito ? " ito" : " stratonovich");
            // The rows that carry D(u): the model tabulates D with cubic Hermite interpolation on [0, 12 s] (2049
            // nodes, s = sqrt(2 kT nu) <= 7.8 here). Linear: D constant, interpolated exactly. Coulomb: 1e-9
            // relative (the table's error against erfcx, tests/models/test_markovian_friction.cpp). tanh: the bound
            // h^4 max|D| / 384 with D ~ D / u_s^4 (u_s = 1) gives 1.2e-8 relative at h = 12 s / 2048.
            const double tol_D = law.name == "linear" ? 1e-12 : law.name == "coulomb-sign" ? 1e-9 : 1e-7;
            CHECK_MESSAGE((a_new - a).head(9 * n + 1).cwiseAbs().maxCoeff() < 1e-12 * scale_a, what);
            CHECK_MESSAGE(std::abs(a_new[9 * n + 1] - a[9 * n + 1]) <= tol_D * (1 + std::abs(a[9 * n + 1])), what);
            CHECK_MESSAGE((b_new - b).cwiseAbs().maxCoeff() < tol_D * scale_b, what);
            Vec q(3 * n);
            model->configuration_rate(0, x, q);
            CHECK(model->configuration_size() == (g == ContactGeometry::bonded ? 3 * n : 0));
            if (g == ContactGeometry::bonded) CHECK(q == x.segment(3 * n, 3 * n));
            ++cases;
          }
  CHECK(cases == 3 * 3 * 2 * 2 * 3);
}

TEST_CASE("hand-computed force, torque and ledger rows at kT = 0 (linear law)") {
  // Pair on the x axis, R_i = 0.5, R_j = 0.7, I_i = 0.1, I_j = 0.392; v_j = (0, 1, 0): u_perp = (0, 1, 0), v_t = -u_perp.
  // Linear f = gamma u, gamma = 2: F_i = (0, 2, 0), F_j = -F_i, tau_i = R_i x x F_i = (0, 0, 1), tau_j = (0, 0, 1.4).
  EngineSdeSetup setup;
  setup.bodies.add(Vec3(0, 0, 0), Vec3::Zero(), 0.5, 1.0);
  setup.bodies.add(Vec3(1.2, 0, 0), Vec3::Zero(), 0.7, 2.0);
  setup.bodies.inv_inertia = {1 / 0.1, 1 / 0.392};
  setup.contacts = {{0, 1}};
  setup.kT = 0;
  LawValues v;
  v.set("gamma", 2);
  const auto model = make_engine_sde(setup, "law", "linear", v);
  Vec x = model->initial_state();
  x.segment<3>(9) = Vec3(3, 1, 0);  // v_j; the normal part 3 is not touched by friction
  const ContactKinematics k = model->kinematics(x, 0);
  CHECK((k.vt - Vec3(0, -1, 0)).norm() < 1e-15);
  CHECK(k.h == doctest::Approx(0).scale(1));
  Vec a(model->size());
  model->drift(0, x, a);
  CHECK((a.segment<3>(6) - Vec3(0, 2, 0)).norm() < 1e-15);    // v_i' = F_i / m_i
  CHECK((a.segment<3>(9) - Vec3(0, -1, 0)).norm() < 1e-15);   // v_j' = -F_i / m_j
  CHECK((a.segment<3>(12) - Vec3(0, 0, 10)).norm() < 1e-13);  // omega_i' = 1 / 0.1
  CHECK((a.segment<3>(15) - Vec3(0, 0, 1.4 / 0.392)).norm() < 1e-13);
  CHECK(a[18] == doctest::Approx(-2));  // W_f' = -f u
  CHECK(a[19] == 0);                    // no heating at kT = 0
  Vec b(model->size());
  model->diffusion(0, x, Vec::Ones(6), b);
  CHECK(b.norm() == 0);
  // Spin of i about z: its contact point moves with omega x R_i x = (0, R_i, 0) = v_t; of j: (0, -R_j, 0) = -v_t.
  x.setZero();
  x.head(6) = model->initial_state().head(6);
  x.segment<3>(12) = Vec3(0, 0, 1);
  CHECK((model->kinematics(x, 0).vt - Vec3(0, 0.5, 0)).norm() < 1e-15);
  x.segment<3>(12).setZero();
  x.segment<3>(15) = Vec3(0, 0, 1);
  CHECK((model->kinematics(x, 0).vt - Vec3(0, 0.7, 0)).norm() < 1e-15);
}

TEST_CASE("bad setups and laws without a dissipative slip force are refused naming the key") {
  EngineSdeSetup s;
  s.bodies.add(Vec3::Zero(), Vec3::Zero(), 0.5, 1);
  s.bodies.add(Vec3(1, 0, 0), Vec3::Zero(), 0.5, 1);
  s.contacts = {{0, 1}};
  const LawValues v;
  auto refuses = [&](const EngineSdeSetup& bad, const std::string& law, const std::string& key) {
    try {
      (void)make_engine_sde(bad, "law", law, v);
      FAIL("no InputError for " << key);
    } catch (const InputError& e) {
      CHECK_MESSAGE(std::string(e.what()).find(key) != std::string::npos, e.what());
    }
  };
  refuses(s, "mindlin", "law");    // a spring, no slip force
  refuses(s, "frictionless", "law");  // f = 0: no noise strength
  EngineSdeSetup b = s;
  b.contacts = {{0, 0}};
  refuses(b, "linear", "contact");
  b = s;
  b.geometry = ContactGeometry::bonded;
  refuses(b, "linear", "bond_stiffness");
  b = s;
  b.kT = -1;
  refuses(b, "linear", "kT");
  b = s;
  b.bodies.inv_inertia[1] = 0;
  refuses(b, "linear", "inertia");
}
