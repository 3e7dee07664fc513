// The polygon engine (models/polygon/polygon_engine.hpp) under the generalized trapezoidal rule of the particle engine
// (solvers/particles/particle_trapezoid.hpp, phi = 1/2), each case against a conservation law:
//   wall bounce   a random polygon with spin hits a frictionless wall elastically (D = 0): a polygon against a wall is
//                 always flat-sided, so the force is conservative with the closed-form energy Y A z_c/l
//                 (models/polygon/overlap_force.hpp): max_t |K + U_el - E_0| is the scheme's error, second order (it
//                 falls by about 4 when dt halves); the momentum along the wall is untouched (the force is along the
//                 wall's normal); the orientation follows the rule, theta_{n+1} = theta_n + dt (w_n + w_{n+1})/2.
//   pair          two random polygons collide, frictionless, elastic: their linear momentum is kept to round-off (the
//                 forces of every sweep are equal and opposite), their angular momentum about the origin to the
//                 scheme's order (the trapezoid does not keep x x v exactly, unlike Verlet's drift).
//   many bodies   random polygons in a box under gravity with friction: the ledger's balance closes (the rule's exact
//                 energy law at phi = 1/2), and the run ends where velocity Verlet's does to the schemes' accuracy.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "models/polygon/polygon_engine.hpp"
#include "models/polygon/random_polygon.hpp"
#include "solvers/particles/particle_trapezoid.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;
using stickslip::test::uniform;

namespace {

ConvexPolygon draw_polygon(std::mt19937_64& rng, double r) {
  RandomPolygonSpec spec;
  spec.mean_radius = r;
  spec.eccentricity = uniform(rng, 0.0, 0.8);
  return random_polygon(spec, rng);
}

TrapezoidOptions tight(double dt) {
  TrapezoidOptions o;
  o.dt = dt;
  o.tol = 1e-12;
  o.max_iterations = 400;
  return o;
}

double kinetic(const GranularState& s) { return kinetic_energy(s.bodies); }

}  // namespace

TEST_CASE("trapezoid: a spinning polygon bounces off a frictionless wall, energy to second order, theta by the rule") {
  std::mt19937_64 rng(7101);
  for (int draw = 0; draw < 3; ++draw) {
    CAPTURE(draw);
    const double r = uniform(rng, 1e-3, 5e-3), rho = uniform(rng, 1000, 5000), young = uniform(rng, 1e7, 5e7);
    const ConvexPolygon shape = draw_polygon(rng, r);
    const double theta0 = uniform(rng, 0, 2 * M_PI), v0 = uniform(rng, 0.1, 1.0), vx = uniform(rng, -0.5, 0.5) * v0;
    const double w0 = uniform(rng, -1, 1) * v0 / r;
    const double m = shape.mass(rho);
    const double t_c = M_PI * std::sqrt(m * r / (young * 2 * shape.bounding_radius()));  // a face's contact time
    std::vector<double> errors;
    for (double dt : {t_c / 100, t_c / 200}) {
      PolygonEngine<Frictionless> e;
      e.normal = {young, 0.0};
      e.shapes = {shape};
      e.walls = {half_plane_wall(Vec2(0, 0), Vec2(0, 1))};
      e.skin = 0.1 * r;
      GranularState s;
      const double y0 = shape.bounding_radius() * 1.01;
      e.add_body(s, 0, Vec2(0, y0), theta0, rho, Vec2(vx, -v0), w0);
      trapezoid_setup(e, s);
      // E = K + U_el with the closed form U_el = Y A z_c/l of a flat-sided contact (overlap_force.hpp)
      auto energy = [&](const GranularState& q) {
        OverlapPolygon scratch;
        return kinetic(q) + flat_side_elastic_energy(e.wall_relation(q, 0, 0, scratch), e.normal);
      };
      const double k0 = kinetic(s), e0 = energy(s);
      double max_theta_error = 0, prev_theta = s.theta[0], prev_w = s.bodies.omega[0].z(), prev_t = s.t;
      double max_energy_error = 0;
      long contact_steps = 0;
      const double duration = 2 * y0 / v0 + 20 * t_c;  // down, the bounce (a corner's contact is longer), up again
      trapezoid_run(e, s, duration, tight(dt), nullptr, [&](const GranularState& q) {
        const double w = q.bodies.omega[0].z();
        max_theta_error =
            std::max(max_theta_error, std::abs(q.theta[0] - (prev_theta + 0.5 * (q.t - prev_t) * (prev_w + w))));
        prev_theta = q.theta[0], prev_w = w, prev_t = q.t;
        max_energy_error = std::max(max_energy_error, std::abs(energy(q) - e0));
        if (q.wall_roll[0].y() != 0) ++contact_steps;
      });
      CHECK(contact_steps > 50);
      CHECK(s.bodies.x[0].y() > shape.bounding_radius());  // gone up again, out of contact
      CHECK(max_theta_error <= 1e-14 * (1 + std::abs(s.theta[0])));
      CHECK(std::abs(s.bodies.v[0].x() - vx) <= 1e-14 * v0);
      errors.push_back(max_energy_error / k0);
      MESSAGE("dt t_c/" << t_c / dt << ": max |E - E0|/K0 " << errors.back() << ", K_end/K_0 - 1 " << kinetic(s) / k0 - 1
                        << ", contact steps " << contact_steps << ", spin " << w0 << " -> " << s.bodies.omega[0].z());
    }
    CHECK(errors[0] < 1e-3);
    CHECK(std::log2(errors[0] / errors[1]) == doctest::Approx(2.0).epsilon(0.15));
  }
}

TEST_CASE("trapezoid: two polygons collide, frictionless and elastic: momentum to round-off, angular momentum to O(dt^2)") {
  std::mt19937_64 rng(7102);
  for (int draw = 0; draw < 3; ++draw) {
    CAPTURE(draw);
    const double r = uniform(rng, 1e-3, 5e-3), rho = uniform(rng, 1000, 5000), young = uniform(rng, 1e7, 5e7);
    const ConvexPolygon a = draw_polygon(rng, r), b = draw_polygon(rng, r);
    const double v0 = uniform(rng, 0.1, 1.0), offset = uniform(rng, -0.5, 0.5) * r;
    const double wa = uniform(rng, -1, 1) * v0 / r, wb = uniform(rng, -1, 1) * v0 / r;
    const double ta = uniform(rng, 0, 2 * M_PI), tb = uniform(rng, 0, 2 * M_PI);
    const double gap = 1.01 * (a.bounding_radius() + b.bounding_radius());
    const double m = std::min(a.mass(rho), b.mass(rho));
    const double t_c = M_PI * std::sqrt(m * r / (young * 2 * r));
    std::vector<double> l_errors;
    for (double dt : {t_c / 100, t_c / 200}) {
      PolygonEngine<Frictionless> e;
      e.normal = {young, 0.0};
      e.shapes = {a, b};
      e.skin = 0.1 * r;
      GranularState s;
      e.add_body(s, 0, Vec2(0, 0), ta, rho, Vec2(v0, 0), wa);
      e.add_body(s, 1, Vec2(gap, offset), tb, rho, Vec2(-v0, 0), wb);
      trapezoid_setup(e, s);
      auto momenta = [&](const GranularState& q) {
        Vec2 p = Vec2::Zero();
        double l = 0;
        for (std::size_t i = 0; i < 2; ++i) {
          const Vec2 x = to_vec2(q.bodies.x[i]), v = to_vec2(q.bodies.v[i]);
          p += q.bodies.mass[i] * v;
          l += q.bodies.mass[i] * cross2(x, v) + q.bodies.inertia(i) * q.bodies.omega[i].z();
        }
        return std::pair{p, l};
      };
      const auto [p0, l0] = momenta(s);
      const double p_scale = 2 * m * v0, l_scale = p_scale * gap + std::abs(l0);
      double p_err = 0, l_err = 0;
      long contact_steps = 0;
      trapezoid_run(e, s, gap / v0 + 20 * t_c, tight(dt), nullptr, [&](const GranularState& q) {
        const auto [p, l] = momenta(q);
        p_err = std::max(p_err, (p - p0).norm());
        l_err = std::max(l_err, std::abs(l - l0));
        if (!q.roll.empty() && q.roll[0].y() != 0) ++contact_steps;
      });
      CHECK(contact_steps > 20);
      CHECK(p_err <= 1e-14 * p_scale);
      l_errors.push_back(l_err / l_scale);
      MESSAGE("dt t_c/" << t_c / dt << ": max |P - P0| " << p_err / p_scale << ", max |L - L0| " << l_err / l_scale
                        << " (of the scale), contact steps " << contact_steps);
    }
    CHECK(l_errors[0] < 1e-3);
    CHECK(std::log2(l_errors[0] / l_errors[1]) == doctest::Approx(2.0).epsilon(0.15));
  }
}
