// Thread-count independence of the particle engine: the two-phase threaded force pass gives bitwise the same
// motion and springs for 2, 3 and 4 threads, and agrees with the single pass to round-off (a 3-D gas with a floor,
// gravity, periodic sides and rebuilds; D-SDS so the springs' resets are exercised). The energy ledger, whose sums
// run per thread chunk, closes to round-off for every thread count (velocity Verlet's exact discrete energy law).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "models/particles/velocity_verlet.hpp"
#include "tests/particles/floor_gas.hpp"

using namespace stickslip;

namespace {

GranularState run(int threads, long steps, ParticleLedger* out = nullptr) {
  ParticleEngine<LinearSpringDashpot, Dsds> e;
  e.normal = {1e5, 100};
  e.tangential = {3e4, 100, 0.5};
  e.skin = 0.02;
  e.threads = threads;
  e.min_chunked_particles = 0;  // kick, drift and the ledger's sums on the pool too, at this small N
  const test::FloorGas g{8, 6, 0.2, 0.1, 0.2, 1.0};
  test::floor_gas_boundaries(g, e.boundaries);
  std::mt19937_64 rng(11);
  GranularState s = test::floor_gas_state(g, [](int, int, int) { return 0.1; }, rng);
  ParticleLedger ledger;
  verlet_setup(e, s, &ledger);
  VerletStats st;
  for (long k = 0; k < steps; ++k) verlet_step(e, s, 5e-5, st, &ledger);
  CHECK(st.rebuilds > 0);
  if (out) *out = ledger;
  return s;
}

}  // namespace

TEST_CASE("threaded force pass: bitwise the same for 2, 3 and 4 threads; round-off from the single pass") {
  const long steps = 1500;
  const GranularState two = run(2, steps);
  for (int t : {3, 4}) {
    const GranularState other = run(t, steps);
    CAPTURE(t);
    CHECK(other.bodies.x == two.bodies.x);
    CHECK(other.bodies.v == two.bodies.v);
    CHECK(other.bodies.omega == two.bodies.omega);
    CHECK(other.xi == two.xi);
  }
  const GranularState one = run(1, steps);
  double dx = 0;
  std::size_t touching = 0;
  for (std::size_t i = 0; i < one.bodies.size(); ++i) dx = std::max(dx, (one.bodies.x[i] - two.bodies.x[i]).norm());
  for (const Vec3& xi : two.xi) touching += xi.squaredNorm() > 0;
  MESSAGE("single pass vs 2 threads after " << steps << " steps: max |dx| " << dx << " m; " << touching
                                            << " loaded springs");
  CHECK(touching > 10);
  CHECK(dx < 1e-6);  // chaotic growth of round-off over 1500 steps stays far below the particle size
}

TEST_CASE("threaded ledger: the discrete energy balance closes to round-off for 1, 2 and 3 threads") {
  for (int t : {1, 2, 3}) {
    ParticleLedger l;
    run(t, 600, &l);
    const EnergyTotals& e = l.now;
    const double scale = std::max({std::abs(e.kinetic), std::abs(l.start.kinetic), std::abs(e.work_normal),
                                   std::abs(e.work_tangential), std::abs(e.gravity_work), std::abs(e.scheme_work)});
    CAPTURE(t);
    MESSAGE(t << " threads: |balance| / largest term = " << std::abs(l.balance()) / scale);
    CHECK(scale > 0);
    CHECK(std::abs(l.balance()) < 1e-12 * scale);  // round-off of ~600 steps of sums (measured ~1e-15)
    CHECK(e.work_normal > 0);                         // damping took energy out
  }
}
