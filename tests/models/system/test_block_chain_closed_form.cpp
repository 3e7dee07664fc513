// A chain of identical blocks on a slope, neighbours coupled by springs, each with a Coulomb contact (the block-chain
// study's system), released together with v0 down the slope: the springs stay at rest length and every block is the
// one-block closed form, q(t) = v0 t - d t^2/2 with d = g (mu cos a - sin a), up to the stop at t_s = v0/d (below the
// friction angle, d > 0) and at rest after it; above the friction angle (d < 0) it slides on. Every driver, over
// seeded random chains (n, angle, mu, v0, k_c) on both sides of the friction angle.
// Tolerances: the event-driven drivers locate the stop, so their error is the scheme's: rk4 is exact on a polynomial
// of degree 2 (rounding, 1e-12 of the distance), dopri5 and the BDFs of IDA at rtol 1e-10: 1e-8 of the distance;
// their stop time to 1e-8 s. Moreau-Jean (theta = 1/2) integrates a constant deceleration exactly on its grid and
// stops at the end of the step in which the speed would reverse: t_s to one step, q to d h^2/2 (h the step).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {

struct Chain {
  std::size_t n;
  double angle, mu, v0, k_c;
  double d() const { return 9.81 * (mu * std::cos(angle) - std::sin(angle)); }
  double q(double t) const {
    if (d() > 0) t = std::min(t, v0 / d());
    return v0 * t - 0.5 * d() * t * t;
  }
};

SystemSpec chain(const Chain& c, const std::string& law) {
  SystemBuilder b("chain");
  for (std::size_t i = 0; i < c.n; ++i) {
    const std::size_t k = b.body("b" + std::to_string(i), 1.0, 0.0, c.v0);
    b.force("g" + std::to_string(i), k, TimeFunction::of(9.81 * std::sin(c.angle)));
    b.contact("c" + std::to_string(i), {{k, 1.0}}, law, LawValues().set("mu", c.mu), 9.81 * std::cos(c.angle));
    if (i > 0) b.spring("k" + std::to_string(i), b.at(k - 1), b.at(k), c.k_c);
  }
  return b.build();
}

}  // namespace

TEST_CASE("a chain released together is the one-block closed form, block by block, for every driver") {
  std::mt19937_64 rng(43);
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 8; ++k) {
    Chain c;
    c.n = 2 + static_cast<std::size_t>(5 * u(rng));
    c.mu = 0.2 + 0.6 * u(rng);
    const double friction_angle = std::atan(c.mu);
    // Below the friction angle (stops) on even draws, above it (slides on) on odd ones.
    c.angle = k % 2 == 0 ? friction_angle * (0.2 + 0.6 * u(rng)) : std::min(1.3, friction_angle * (1.1 + 0.3 * u(rng)));
    c.v0 = 0.1 + 0.9 * u(rng);
    c.k_c = 100 + 900 * u(rng);
    const double t_end = c.d() > 0 ? 1.5 * c.v0 / c.d() : 0.5;
    CAPTURE(k);
    CAPTURE(c.n);
    struct Driver {
      std::string law, solver;
      double dt, q_tol, t_tol;
    };
    const double h = t_end / 500;
    const double distance = c.v0 * t_end;  // the scale of the displacements
    const std::vector<Driver> drivers{{"coulomb-filippov", "filippov:rk4", h, 1e-12 * distance, 1e-12},
                                      {"coulomb-filippov", "filippov:dopri5", h, 1e-8 * distance, 1e-8},
                                      {"coulomb-dae", "ida", h, 1e-8 * distance, 1e-8},
                                      {"coulomb", "moreau", h, 0.5 * std::abs(c.d()) * h * h * 1.01 + 1e-12 * distance, h * 1.01}};
    for (const Driver& dr : drivers) {
      CAPTURE(dr.solver);
      SystemRunSettings st;
      st.solver = dr.solver, st.dt = dr.dt, st.rtol = 1e-10, st.atol = 1e-13;
      double worst = 0, t_stop = -1;
      const SystemRunResult r = simulate(chain(c, dr.law), st, 0, t_end, [&](const SystemSample& s) {
        for (Eigen::Index i = 0; i < s.q.size(); ++i) worst = std::max(worst, std::abs(s.q[i] - c.q(s.t)));
      });
      for (const SystemTransition& tr : r.transitions)
        if (tr.stuck_after) t_stop = std::max(t_stop, tr.t);
      CHECK(worst <= dr.q_tol);
      if (c.d() > 0) {
        CHECK(std::abs(t_stop - c.v0 / c.d()) <= dr.t_tol);
      } else {
        CHECK(r.transitions.empty());  // they slide on
      }
    }
  }
}
