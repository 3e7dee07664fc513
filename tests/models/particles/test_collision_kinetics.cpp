// The cooling of a rough-sphere gas predicted from binary collisions
// (models/particles/collision_kinetics.hpp), against closed forms:
//   - the draws of a flux-weighted Maxwellian collision put into the hard rough-sphere map with constant normal and
//     tangential restitution (e, beta) give the moments of kinetic theory (Luding, Huthmann, McNamara, Zippelius,
//     PRE 58, 3416 (1998)): <dK_tr> = -4 [(1 - e^2)/4 + eta (1 - eta)] T + 4 (eta^2/q) T_rot,
//     <dK_tr + dK_rot> = -(1 - e^2) T - (1 - beta^2) m_t/2 <|v_t|^2>, eta = q (1 + beta)/(2 (1 + q)), m_t = eta m/(1 +
//     beta), <|v_t|^2> = 4T/m + 4 T_rot/(q m) (q = I/(m r^2) = 2/5);
//   - frictionless engine collisions of the linear law: <dK_tr> = -(1 - e^2) T, Enskog's cooling rate;
//   - integrate_cooling on these closed-form means: T_rot/T reaches the fixed point of the quadratic
//     b r^2 + (d - a) r - c = 0 and Heun's rule converges at second order against a fine RK4 reference;
//   - cooling_time_through: the time through a bin of a constant rate a = -<dK_tr>/T is Haff's
//     (2/a)(e_b^-1/2 - e_a^-1/2).
#include <doctest/doctest.h>

#include <cmath>

#include "models/particles/collision_kinetics.hpp"
#include "solvers/particles/binary_collision.hpp"
#include "models/contact/csds.hpp"
#include "models/contact/dsds.hpp"
#include "models/contact/normal_registry.hpp"

using namespace stickslip;

namespace {

constexpr double kR = 0.01, kQ = 0.4;
const double kM = 2500 * 4.0 / 3.0 * M_PI * kR * kR * kR, kI = kQ * kM * kR * kR;

// The hard rough-sphere collision (n = e_x): the pair's change of translational and rotational kinetic energy.
struct Change {
  double tr, rot;
};
Change rough_map(const PairApproach& a, double e, double beta) {
  const double ms = 0.5 * kM, mt = kQ * kM / (2 * (1 + kQ));
  const Vec3 n = Vec3::UnitX(), g = a.vn * n + a.gt;
  const Vec3 vc = g + kR * (a.omega_i + a.omega_j).cross(n);
  const Vec3 vt = vc - vc.dot(n) * n;
  const Vec3 p = -ms * (1 + e) * a.vn * n - mt * (1 + beta) * vt;  // impulse on i
  const double dtr = g.dot(p) + p.squaredNorm() / (2 * ms);
  const double dtotal = -(1 - e * e) * 0.5 * ms * a.vn * a.vn - (1 - beta * beta) * 0.5 * mt * vt.squaredNorm();
  return {dtr, dtotal - dtr};
}

struct Coefficients {  // <dK_tr> = -a T + b R, <dK_rot> = c T - d R
  double a, b, c, d;
};
Coefficients rough_moments(double e, double beta) {
  const double eta = kQ * (1 + beta) / (2 * (1 + kQ)), mt = kQ * kM / (2 * (1 + kQ));
  Coefficients k;
  k.a = 4 * ((1 - e * e) / 4 + eta * (1 - eta));
  k.b = 4 * eta * eta / kQ;
  // total = -(1 - e^2) T - (1 - beta^2) mt/2 (4T/m + 4R/(q m))
  const double tot_T = -(1 - e * e) - (1 - beta * beta) * 0.5 * mt * 4 / kM;
  const double tot_R = -(1 - beta * beta) * 0.5 * mt * 4 / (kQ * kM);
  k.c = tot_T + k.a;
  k.d = -(tot_R - k.b);
  return k;
}

}  // namespace

TEST_CASE("flux-weighted Maxwellian draws in the hard rough-sphere map give kinetic theory's moments") {
  const std::vector<CollisionDraw> draws = draw_collisions(200000, 3);
  const double T = 2e-3, R = 1.3e-3;
  for (const auto& [e, beta] : std::vector<std::pair<double, double>>{{0.8, -1.0}, {0.9, 0.0}, {0.7, 0.6}}) {
    CAPTURE(e);
    CAPTURE(beta);
    double tr = 0, rot = 0, vn2 = 0;
    for (const CollisionDraw& d : draws) {
      const PairApproach a = approach_of(d, T, R, kM, kI);
      const Change c = rough_map(a, e, beta);
      tr += c.tr, rot += c.rot, vn2 += a.vn * a.vn;
    }
    const double n = static_cast<double>(draws.size());
    const Coefficients k = rough_moments(e, beta);
    // Monte Carlo error: each term's relative standard deviation is ~1-2, so ~0.4 % at 2e5 draws; 2 % is 5 sigma.
    CHECK(vn2 / n == doctest::Approx(4 * T / kM).epsilon(0.015));
    CHECK(tr / n == doctest::Approx(-k.a * T + k.b * R).epsilon(0.02));
    if (beta > -1) CHECK(rot / n == doctest::Approx(k.c * T - k.d * R).epsilon(0.03));
    else CHECK(std::abs(rot / n) < 1e-12 * T);  // beta = -1: smooth spheres, spins untouched
  }
}

TEST_CASE("frictionless engine collisions: <dK_tr> = -(1 - e^2) T, Enskog's cooling rate, in the hard-sphere limit") {
  // k_n 400 x the granular gas's default (contacts 20 x shorter than t_c = 1.6 ms): the contact normal turns by
  // ~g_t t_c/(2r) ~ 0.005 rad during a contact, so the soft collision loses what the hard one does to ~0.3 %. (At the
  // default k_n = 2e4 the same draws give 0.950: the finite contact time, as the granular gas's cooling rate is 0.944
  // of Enskog's there.)
  const double kn = 8e6, e = 0.8, ms = 0.5 * kM;
  const double zeta = -std::log(e) / std::sqrt(M_PI * M_PI + std::log(e) * std::log(e));
  const LinearSpringDashpot law{kn, 2 * zeta * std::sqrt(kn / ms)};
  const double tc = M_PI / (std::sqrt(kn / ms) * std::sqrt(1 - zeta * zeta));
  const std::vector<CollisionDraw> draws = draw_collisions(20000, 5);
  const double T = kM * 1.0;
  double sum = 0, sum_exact = 0;
  for (const CollisionDraw& d : draws) {
    const PairApproach a = approach_of(d, T, T, kM, kI);
    sum += binary_collision(law, Frictionless{}, kR, kM, a, tc / 400).dK_tr;
    sum_exact += -(1 - e * e) * 0.5 * ms * a.vn * a.vn;
  }
  const double n = static_cast<double>(draws.size());
  // The same draws through the exact hard-sphere map: the contact time's and the time step's errors (~0.3 % each).
  CHECK(sum / sum_exact == doctest::Approx(1.0).epsilon(0.01));
  // Against the closed form with the Monte Carlo error of <v_n^2> (relative sd 1: 0.7 % at 2e4 draws; 4 % = 5.7 sigma).
  CHECK(sum / n == doctest::Approx(-(1 - e * e) * T).epsilon(0.04));
}

TEST_CASE("integrate_cooling: T_rot/T reaches the rough-sphere fixed point, second order against an RK4 reference") {
  const double e = 0.8, beta = 0.2, T0 = 1.0, R0 = 0.1, T_end = 1e-8;
  const Coefficients k = rough_moments(e, beta);
  const auto mean_at = [&](double T, double R) {
    CollisionMeans m;
    m.dK_tr = -k.a * T + k.b * R;
    m.dK_rot = k.c * T - k.d * R;
    return m;
  };
  // Reference: RK4 on dR/dlnT with many steps.
  const auto f = [&](double x, double R) {
    const double T = T0 * std::exp(x);
    return T * (k.c * T - k.d * R) / (-k.a * T + k.b * R);
  };
  const int n_ref = 40000;
  const double h = std::log(T_end / T0) / n_ref;
  double R = R0;
  for (int i = 0; i < n_ref; ++i) {
    const double x = i * h;
    const double k1 = f(x, R), k2 = f(x + h / 2, R + h / 2 * k1), k3 = f(x + h / 2, R + h / 2 * k2), k4 = f(x + h, R + h * k3);
    R += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  double previous = 0;
  for (int steps : {160, 320, 640}) {
    const auto nodes = integrate_cooling(mean_at, T0, R0, T_end, steps);
    REQUIRE(nodes.size() == static_cast<std::size_t>(steps + 1));
    CHECK(nodes.back().T == doctest::Approx(T_end).epsilon(1e-12));
    const double err = std::abs(nodes.back().T_rot / R - 1);
    MESSAGE(steps << " Heun steps: T_rot(T_end) relative error " << err);
    if (previous > 0) CHECK(previous / err == doctest::Approx(4.0).epsilon(0.25));
    previous = err;
  }
  // After 18 e-folds the ratio sits at the fixed point of b r^2 + (d - a) r - c = 0.
  const double r_star = (-(k.d - k.a) + std::sqrt((k.d - k.a) * (k.d - k.a) + 4 * k.b * k.c)) / (2 * k.b);
  CHECK(R / T_end == doctest::Approx(r_star).epsilon(1e-3));
  // A law that does not cool is a solver failure, not a silent NaN.
  CHECK_THROWS_AS(integrate_cooling([](double, double) { return CollisionMeans{}; }, 1.0, 1.0, 0.5, 2), SolverError);
}

TEST_CASE("cooling_time_through: Haff's time through a bin for a rate that is constant in T, and a linear one") {
  // a = -<dK_tr>/T constant: t = int_{ln e_b}^{ln e_a} e^{-x/2} / a dx = (2/a) (e_b^{-1/2} - e_a^{-1/2}), Haff's
  // law; the trapezoid rule on 64 intervals of ln T is within (h^2/12) max|f''|/|f| of it: 4e-5 relative here.
  const double T0 = 2.0, T_end = 0.1, a = 0.7;
  const int steps = 8;
  std::vector<CoolingNode> path;
  for (int k = 0; k <= steps; ++k) {
    const double T = T0 * std::pow(T_end, static_cast<double>(k) / steps);
    path.push_back({T, 0.0, CollisionMeans{-a * T}});
  }
  const auto haff = [&](double ea, double eb) { return 2 / a * (1 / std::sqrt(eb) - 1 / std::sqrt(ea)); };
  for (const auto& [ea, eb] : {std::pair{1.0, 0.1}, std::pair{0.8, 0.5}, std::pair{0.3, 0.12}})
    CHECK(cooling_time_through(path, ea, eb, T_end, steps) ==
          doctest::Approx(haff(ea, eb)).epsilon(4e-5));
  // The rate twice as large: the time is half (a linear map of the rate, node by node).
  std::vector<CoolingNode> faster = path;
  for (CoolingNode& n : faster) n.means.dK_tr *= 2;
  CHECK(cooling_time_through(faster, 1.0, 0.1, T_end, steps) ==
        doctest::Approx(0.5 * cooling_time_through(path, 1.0, 0.1, T_end, steps)).epsilon(1e-14));
}
