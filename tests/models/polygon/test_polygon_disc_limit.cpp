// A regular n-gon on the polygon engine (models/polygon/polygon_engine.hpp) against the disc it approaches as n grows,
// each case against a reference computed here without the polygon code:
//   restitution  an n-gon of equal-area radius R dropped onto a wall with eq. 18's damping, no friction, no gravity.
//                The disc's reference is the 1-D motion of the depth d with the same law (Krengel & Matuttis §4, eq. 18):
//                  m d'' = -max(0, (Y/l) A(d) + D sqrt(Y m) (c(d)/l) d'),
//                  A(d) = R^2 acos(1 - d/R) - (R - d) sqrt(2 R d - d^2) (the circular segment), c(d) = dA/dd its chord,
//                l = R (characteristic_length_wall), m_eff = m (the force passes through the centre), integrated by
//                RK4 at 20000 steps per contact until d returns to 0: e = -d'/v0. The n-gon differs from the disc by
//                its shape: its first depths are a face's or a corner's (the sagitta s = R_c (1 - cos(pi/n)) ~ R pi^2/(2
//                n^2)). Checked: at n = 64 |e_n - e_disc| <= s/(10 d_max) e (the difference enters only while the
//                depth is within a few sagittas of first touch), and summed over the draws it falls at least 3x per
//                doubling of n from 16 to 64 (about 4x in the limit; velocity Verlet's O(dt) error, ~1e-5 at
//                10000 steps per d_max/v0, is the floor beyond n = 64).
//   rolling      an n-gon on a floor under tilted gravity (slope alpha), friction enough to roll: a disc rolls without
//                slipping with a = g sin(alpha) / (1 + I/(m R^2)). A rigid n-gon instead pivots from corner to corner;
//                with perfectly inelastic corner impacts it loses 1 - q^2 of its kinetic energy at each new corner,
//                q = 1 - m R_c^2 (1 - cos(2 pi/n)) / I_corner (angular momentum about the new corner kept; I_corner =
//                I + m R_c^2), the most a corner impulse can take. Checked over two turns: the n-gon travels less
//                than the disc, by no more than that bound, the shortfall falling at least 2x per doubling of n
//                (the bound's 1/n: per corner ~1/n^2, ~n corners); and it rolls without slipping: each corner step
//                advances one side while it turns by 2 pi/n, so the distance equals the turned angle x n side/(2 pi)
//                within one side (n >= 64; the 32-gon hops at its corners).
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "models/polygon/polygon_engine.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;
using stickslip::test::uniform;

namespace {

// The circular segment of a disc of radius R cut at depth d: area and chord.
double segment_area(double R, double d) { return R * R * std::acos(1 - d / R) - (R - d) * std::sqrt(2 * R * d - d * d); }
double segment_chord(double R, double d) { return 2 * std::sqrt(std::max(0.0, 2 * R * d - d * d)); }

// The disc's restitution (header): RK4 on (d, d') from d = 0, d' = v0 until d < 0 again.
double disc_restitution(double R, double m, double young, double damping, double v0, double d_max_estimate) {
  const double l = R;
  auto accel = [&](double d, double u) {
    if (d <= 0) return 0.0;
    const double f = young / l * segment_area(R, d) + damping * std::sqrt(young * m) * segment_chord(R, d) / l * u;
    return -std::max(0.0, f) / m;
  };
  const double h = (d_max_estimate / v0) / 20000;
  double d = 0, u = v0;
  for (long k = 0; k < 100000000; ++k) {
    const double k1d = u, k1u = accel(d, u);
    const double k2d = u + 0.5 * h * k1u, k2u = accel(d + 0.5 * h * k1d, u + 0.5 * h * k1u);
    const double k3d = u + 0.5 * h * k2u, k3u = accel(d + 0.5 * h * k2d, u + 0.5 * h * k2u);
    const double k4d = u + h * k3u, k4u = accel(d + h * k3d, u + h * k3u);
    d += h / 6 * (k1d + 2 * k2d + 2 * k3d + k4d);
    u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u);
    if (d < 0) break;
  }
  return -u / v0;
}

// The regular n-gon of equal-area radius R (its circumradius R_c from A = n R_c^2 sin(2 pi/n)/2 = pi R^2).
ConvexPolygon regular_ngon(int n, double R) {
  const double rc = R * std::sqrt(2 * M_PI / (n * std::sin(2 * M_PI / n)));
  return ConvexPolygon(regular_polygon_corners(n, rc));
}

}  // namespace

TEST_CASE("a regular n-gon dropped on a wall rebounds like the disc, the difference falling as 1/n^2") {
  std::mt19937_64 rng(6401);
  std::array<double, 3> sum_err{};
  for (int draw = 0; draw < 4; ++draw) {
    const double R = uniform(rng, 1e-3, 1e-2), rho = uniform(rng, 1000, 5000), young = uniform(rng, 1e6, 5e7);
    const double damping = uniform(rng, 0.1, 1.0), depth_fraction = uniform(rng, 0.03, 0.1);
    const double theta0 = uniform(rng, 0, 2 * M_PI);
    const double m = rho * M_PI * R * R, d_max = depth_fraction * R;
    // v0 from the undamped energy at the target depth: U(d) = (Y/l) integral A ~ (8/15) (Y/R) sqrt(2R) d^(5/2)
    const double v0 = std::sqrt(2 * (8.0 / 15) * young / R * std::sqrt(2 * R) * std::pow(d_max, 2.5) / m);
    const double e_disc = disc_restitution(R, m, young, damping, v0, d_max);
    CAPTURE(draw);
    const std::array<int, 3> corners{16, 32, 64};
    for (std::size_t q = 0; q < corners.size(); ++q) {
      const int n = corners[q];
      const ConvexPolygon shape = regular_ngon(n, R);
      PolygonEngine<Frictionless> e;
      e.normal = {young, damping};
      e.shapes = {shape};
      e.walls = {half_plane_wall(Vec2(0, 0), Vec2(0, 1))};
      e.skin = 0.1 * R;
      GranularState s;
      const double y0 = shape.bounding_radius() * (1 + 1e-3);
      e.add_body(s, 0, Vec2(0, y0), theta0, rho, Vec2(0, -v0));
      verlet_setup(e, s);
      VerletStats st;
      const double dt = (d_max / v0) / 10000;  // Verlet's O(dt) error below 1e-5 (the square's case in test_polygon_engine)
      long steps = 0;
      while (s.bodies.x[0].y() <= y0 && steps < 10000000) verlet_step(e, s, dt, st), ++steps;
      const double e_n = s.bodies.v[0].y() / v0, sagitta = shape.bounding_radius() * (1 - std::cos(M_PI / n));
      sum_err[q] += std::abs(e_n - e_disc);
      MESSAGE("n " << n << ": e " << e_n << ", disc " << e_disc << ", |diff| " << std::abs(e_n - e_disc)
                   << ", s/d_max " << sagitta / d_max << ", spin " << s.bodies.omega[0].z());
      if (n == 64) CHECK(std::abs(e_n - e_disc) <= 0.1 * sagitta / d_max * e_disc);
    }
  }
  MESSAGE("sum over the draws of |e_n - e_disc|: n 16 " << sum_err[0] << ", 32 " << sum_err[1] << ", 64 " << sum_err[2]);
  CHECK(sum_err[1] * 3 <= sum_err[0]);
  CHECK(sum_err[2] * 3 <= sum_err[1]);
}

TEST_CASE("a regular n-gon rolls down a slope like the disc, the difference falling as 1/n") {
  std::mt19937_64 rng(6402);
  for (int draw = 0; draw < 2; ++draw) {
    const double R = uniform(rng, 1e-3, 1e-2), rho = uniform(rng, 1000, 5000), young = uniform(rng, 1e7, 5e7);
    const double alpha = uniform(rng, 10, 25) * M_PI / 180, g = 9.81;
    CAPTURE(draw);
    for (const std::string law : {"coulomb", "cundall-strack"}) {
      TangentialParameters tp;
      tp.mu = 0.9;
      tp.kt = 0.5 * young;
      tp.gamma_t = 0;
      std::vector<double> deficit;
      for (int n : {32, 64, 128}) {
        with_tangential_law(law, tp, [&](const auto& t) {
          const ConvexPolygon shape = regular_ngon(n, R);
          PolygonEngine<std::decay_t<decltype(t)>> e;
          e.normal = {young, 0.5};
          e.tangential = t;
          e.shapes = {shape};
          e.walls = {half_plane_wall(Vec2(0, 0), Vec2(0, 1))};
          e.boundaries.gravity = Vec3(g * std::sin(alpha), -g * std::cos(alpha), 0);
          e.skin = 0.1 * R;
          GranularState s;
          const double rc = shape.bounding_radius(), r_in = rc * std::cos(M_PI / n), side = 2 * rc * std::sin(M_PI / n);
          const double m = shape.mass(rho), I = shape.inertia(rho);
          const double d_eq = m * g * std::cos(alpha) * R / (young * side);  // face-down: f = Y side d / l
          // a face flat on the floor: corners at angles -pi/2 +- pi/n
          e.add_body(s, 0, Vec2(0, r_in - d_eq), -M_PI / 2 + M_PI / n, rho);
          verlet_setup(e, s);
          VerletStats st;
          const double t_c = M_PI * std::sqrt(m * R / (young * side));
          const double dt = t_c / 50;
          const double a_disc = g * std::sin(alpha) / (1 + I / (m * R * R));
          const double T = std::sqrt(2 * 4 * M_PI * R / a_disc);  // the disc's time for two turns
          const long steps = static_cast<long>(T / dt);
          for (long k = 0; k < steps; ++k) verlet_step(e, s, dt, st);
          const double time = steps * dt, x_disc = 0.5 * a_disc * time * time, x = s.bodies.x[0].x();
          // rolling without slip: each corner step advances one side while the body turns by 2 pi/n, so
          // x = -(theta - theta0) n side/(2 pi) at every corner, within one side between corners
          const double rolled = -(s.theta[0] - (-M_PI / 2 + M_PI / n)) * n * side / (2 * M_PI);
          if (n >= 64) CHECK(std::abs(x - rolled) <= side);  // n = 32 hops at its corners: 1.5-2.2 sides
          // the bound: rigid pivoting with perfectly inelastic corner impacts (the most a corner impulse can take)
          // loses 1 - q^2 of the kinetic energy K at each of the N corners, while gravity adds G per corner:
          // dK/dN = G - (1 - q^2) K, so K falls short of G N by 1 - (1 - exp(-L))/L with L = (1 - q^2) N
          const double q = 1 - m * rc * rc * (1 - std::cos(2 * M_PI / n)) / (I + m * rc * rc);
          const double L = (1 - q * q) * x_disc / side, bound = 1 - (1 - std::exp(-L)) / L;
          CHECK((x_disc - x) / x_disc <= bound);
          MESSAGE(law << " n " << n << ": x " << x << ", disc " << x_disc << ", deficit " << (x_disc - x) / x_disc
                      << ", rigid-pivot bound " << bound << ", x - rolled " << (x - rolled) / side << " sides");
          deficit.push_back((x_disc - x) / x_disc);
          return 0;
        });
      }
      CHECK(deficit[0] > 0);                // a polygon rolls less far than the disc
      CHECK(deficit[1] * 2 <= deficit[0]);  // and the difference falls at least as 1/n (as the bound's)
      CHECK(deficit[2] * 2 <= deficit[1]);
    }
  }
}
