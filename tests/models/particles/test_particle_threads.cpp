// Thread-count independence of the particle engine: the threaded force pass (chunks of rows with their seams, and
// the two-phase pass of a rolling law) sums every particle's forces in the single pass's order, so 1, 2, 3 and 4
// threads give bitwise the same motion and springs (a 3-D gas with a floor, gravity, periodic sides and rebuilds,
// with and without the spatial sort; D-SDS so the springs' resets are exercised, and C-SDS with a
// rolling-resistance law so the moments' order is too). The energy ledger, whose sums run per thread chunk, closes
// to round-off for every thread count (velocity Verlet's exact discrete energy law). verlet_run's fused steps (one
// pass per step: each body kicked, drifted and tested as soon as its force is final) give verlet_step's motion bit
// for bit, on every thread count.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "solvers/particles/velocity_verlet.hpp"
#include "tests/models/particles/floor_gas.hpp"

using namespace stickslip;

namespace {

// fused: verlet_run (no ledger: the fused steps) in runs of `chunk` steps instead of verlet_step per step.
template <class Tangential, class Rolling = NoRolling>
GranularState run_with(const Tangential& law, const Rolling& rolling, int threads, long steps,
                       ParticleLedger* out = nullptr, int sort_interval = 0, long fused = 0) {
  ParticleEngine<LinearSpringDashpot, Tangential, Rolling> e;
  e.normal = {1e5, 100};
  e.tangential = law;
  e.rolling = rolling;
  e.skin = 0.02;
  e.threads = threads;
  e.sort_interval = sort_interval;
  e.min_chunked_particles = 0;  // kick, drift and the ledger's sums on the pool too, at this small N
  const test::FloorGas g{8, 6, 0.2, 0.1, 0.2, 1.0};
  test::floor_gas_boundaries(g, e.boundaries);
  std::mt19937_64 rng(11);
  GranularState s = test::floor_gas_state(g, [](int, int, int) { return 0.1; }, rng);
  ParticleLedger ledger;
  verlet_setup(e, s, &ledger);
  VerletStats st;
  if (fused > 0) {
    for (long k = 0; k < steps; k += fused) {
      const VerletStats r = verlet_run(e, s, 5e-5, std::min(fused, steps - k));
      st.rebuilds += r.rebuilds;
      st.steps += r.steps;
    }
    CHECK(st.steps == steps);
  } else {
    for (long k = 0; k < steps; ++k) verlet_step(e, s, 5e-5, st, &ledger);
  }
  CHECK(st.rebuilds > 0);
  if (out) *out = ledger;
  return s;
}

GranularState run(int threads, long steps, ParticleLedger* out = nullptr, int sort_interval = 0, long fused = 0) {
  return run_with(Dsds{3e4, 100, 0.5}, NoRolling{}, threads, steps, out, sort_interval, fused);
}

void check_same(const GranularState& a, const GranularState& b) {
  CHECK(a.bodies.x == b.bodies.x);
  CHECK(a.bodies.v == b.bodies.v);
  CHECK(a.bodies.omega == b.bodies.omega);
  CHECK(a.xi == b.xi);
  CHECK(a.roll == b.roll);
}

}  // namespace

TEST_CASE("threaded force pass: bitwise the same motion for 1, 2, 3 and 4 threads") {
  const long steps = 1500;
  const GranularState one = run(1, steps);
  std::size_t touching = 0;
  for (const Vec3& xi : one.xi) touching += xi.squaredNorm() > 0;
  MESSAGE(touching << " loaded springs after " << steps << " steps");
  CHECK(touching > 10);  // the springs, and so their order of summation, mattered
  for (int t : {2, 3, 4}) {
    CAPTURE(t);
    const GranularState many = run(t, steps);
    check_same(many, one);
    // some bodies are seams (summed after every chunk), most are not (summed in their chunk): both paths ran
    CHECK(!many.seam_list.empty());
    CHECK(many.seam_list.size() < many.bodies.size());
  }
}

TEST_CASE("threaded force pass with the spatial sort at every rebuild: bitwise the same for 1, 2 and 4 threads") {
  const long steps = 1200;
  const GranularState one = run(1, steps, nullptr, 1);
  CHECK(one.ids.size() == one.bodies.size());
  CHECK(!std::is_sorted(one.ids.begin(), one.ids.end()));  // the sort moved bodies
  for (int t : {2, 4}) {
    CAPTURE(t);
    const GranularState many = run(t, steps, nullptr, 1);
    check_same(many, one);
    CHECK(many.ids == one.ids);
  }
}

TEST_CASE("threaded force pass with rolling resistance: bitwise the same for 1 and 3 threads") {
  const Csds law{3e4, 100, 0.5};
  const RollingResistance rolling{2e3, 5, 0.1};
  const GranularState one = run_with(law, rolling, 1, 800);
  double rolled = 0;
  for (const Vec3& r : one.roll) rolled = std::max(rolled, r.norm());
  CHECK(rolled > 0);
  check_same(run_with(law, rolling, 3, 800), one);
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

TEST_CASE("verlet_run's fused steps: verlet_step's motion bit for bit, on 1-4 threads, with and without the sort") {
  const long steps = 600;
  for (int sort : {0, 1}) {
    const GranularState stepwise = run(1, steps, nullptr, sort);
    for (int t : {1, 2, 4}) {
      // runs of 1 step (opening and closing passes only), of 7 (ends mid-way between rebuilds) and one run
      for (long chunk : {1L, 7L, steps}) {
        if (sort == 1 && chunk == 1) continue;
        CAPTURE(sort);
        CAPTURE(t);
        CAPTURE(chunk);
        const GranularState fused = run(t, steps, nullptr, sort, chunk);
        check_same(fused, stepwise);
        CHECK(fused.bodies.f == stepwise.bodies.f);  // the state's last forces too
        CHECK(fused.ids == stepwise.ids);
        CHECK(fused.t == stepwise.t);
      }
    }
  }
}
