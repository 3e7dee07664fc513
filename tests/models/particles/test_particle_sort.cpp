// Spatial sorting of the particle engine (ParticleEngine::sort_interval, NeighborList::spatial_order / renumber):
// the same motion as without sorting, body by body through GranularState::ids, with the springs carried (a 3-D gas
// with a floor, gravity, periodic sides and rebuilds; D-SDS springs and C-SDS rolling springs); the order is a
// spatial one (partners close in memory); the trapezoid refuses it.
// Sorting changes the order in which each body's contact forces are summed, so the trajectories differ in the last
// bits and the difference grows as the gas's collisions amplify it (positive Lyapunov exponent); over these 600
// steps it stays at 1e-16 (positions) to 1e-14 (spins): the tolerances leave a factor 100-1000 for other seeds and
// compilers and are still 1e10 below the particle size; the spring counts must match exactly.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/errors.hpp"
#include "solvers/particles/particle_trapezoid.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "tests/models/particles/floor_gas.hpp"

using namespace stickslip;

namespace {

using Engine = ParticleEngine<LinearSpringDashpot, Dsds, RollingResistance>;

Engine make_engine(int sort_interval, const test::FloorGas& g) {
  Engine e;
  e.normal = {1e5, 100};
  e.tangential = {3e4, 100, 0.5};
  e.rolling = {2e3, 5, 0.1};
  e.skin = 0.02;
  e.sort_interval = sort_interval;
  test::floor_gas_boundaries(g, e.boundaries);
  return e;
}

GranularState run(int sort_interval, long steps, VerletStats& st, std::uint64_t seed) {
  const test::FloorGas g{8, 6, 0.2, 0.1, 0.2, 1.0};
  const Engine e = make_engine(sort_interval, g);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> radius(0.07, 0.095);
  GranularState s = test::floor_gas_state(g, [&](int, int, int) { return radius(rng); }, rng);
  verlet_setup(e, s);
  for (long k = 0; k < steps; ++k) verlet_step(e, s, 5e-5, st);
  return s;
}

// Median |i - j| over the candidate pairs: how far apart in memory a contact's two bodies typically are (the median,
// since a space-filling curve has a few long jumps between its blocks, and a periodic box's wrapped bonds span it).
double median_index_gap(const NeighborList& l) {
  std::vector<double> gaps;
  for (std::size_t i = 0; i + 1 < l.first().size(); ++i)
    for (std::uint32_t k = l.first()[i]; k < l.first()[i + 1]; ++k)
      gaps.push_back(static_cast<double>(l.neighbors()[k] - i));
  if (gaps.empty()) return 0.0;
  std::nth_element(gaps.begin(), gaps.begin() + static_cast<long>(gaps.size() / 2), gaps.end());
  return gaps[gaps.size() / 2];
}

}  // namespace

TEST_CASE("spatial sort: the same motion body by body, springs carried, over seeded gases") {
  for (std::uint64_t seed : {3u, 17u, 29u}) {
    CAPTURE(seed);
    VerletStats plain_st, sorted_st;
    const long steps = 600;
    const GranularState plain = run(0, steps, plain_st, seed);
    const GranularState sorted = run(1, steps, sorted_st, seed);
    REQUIRE(sorted.ids.size() == plain.bodies.size());
    CHECK(plain.ids.empty());
    CHECK(sorted_st.rebuilds > 3);  // sorted again at every rebuild, springs renumbered each time
    bool moved = false;
    double dx = 0, dv = 0, dw = 0;
    for (std::size_t k = 0; k < sorted.ids.size(); ++k) {
      const std::size_t i = sorted.ids[k];
      moved |= i != k;
      dx = std::max(dx, (sorted.bodies.x[k] - plain.bodies.x[i]).norm());
      dv = std::max(dv, (sorted.bodies.v[k] - plain.bodies.v[i]).norm());
      dw = std::max(dw, (sorted.bodies.omega[k] - plain.bodies.omega[i]).norm());
      CHECK(sorted.bodies.radius[k] == plain.bodies.radius[i]);
    }
    CHECK(moved);
    auto loaded = [](const std::vector<Vec3>& v) {
      std::size_t c = 0;
      double e = 0;
      for (const Vec3& x : v) c += x.squaredNorm() > 0, e += x.squaredNorm();
      return std::pair<std::size_t, double>{c, e};
    };
    const auto [np, ep] = loaded(plain.xi);
    const auto [ns, es] = loaded(sorted.xi);
    const auto [rp, erp] = loaded(plain.roll);
    const auto [rs, ers] = loaded(sorted.roll);
    MESSAGE("seed " << seed << ": max |dx| " << dx << " m, |dv| " << dv << " m/s, |domega| " << dw << " 1/s; "
                    << np << " loaded springs, " << rp << " rolling springs, " << sorted_st.rebuilds << " rebuilds");
    CHECK(np > 10);
    CHECK(rp > 10);
    CHECK(ns == np);  // a spring lost or doubled at a renumbering would show here
    CHECK(rs == rp);
    CHECK(std::abs(es - ep) <= 1e-9 * ep);
    CHECK(std::abs(ers - erp) <= 1e-9 * erp);
    CHECK(dx < 1e-12);  // measured 0 - 1.1e-16 m
    CHECK(dv < 1e-12);  // measured 2e-16 - 4e-16 m/s
    CHECK(dw < 1e-10);  // measured 7e-15 - 9e-15 1/s
  }
}

TEST_CASE("spatial sort: a shuffled lattice comes out in spatial order") {
  Engine e;
  e.skin = 0.01;
  e.sort_interval = 1;
  e.boundaries.box.lo = Vec3::Zero();
  e.boundaries.box.hi = Vec3::Constant(20 * 0.2);
  e.boundaries.box.periodic = {true, true, true};
  std::vector<Vec3> sites;
  for (int a = 0; a < 20; ++a)
    for (int b = 0; b < 20; ++b)
      for (int c = 0; c < 20; ++c) sites.emplace_back(0.2 * (a + 0.5), 0.2 * (b + 0.5), 0.2 * (c + 0.5));
  std::mt19937_64 rng(5);
  std::shuffle(sites.begin(), sites.end(), rng);
  GranularState plain;
  for (const Vec3& x : sites) plain.bodies.add(x, Vec3::Zero(), 0.1, 1.0);
  GranularState sorted = plain;
  e.prepare(plain);
  verlet_setup(e, sorted);
  const double before = median_index_gap(plain.neighbors), after = median_index_gap(sorted.neighbors);
  MESSAGE("median index gap of a pair: shuffled " << before << ", sorted " << after);
  CHECK(plain.neighbors.num_pairs() == 3 * sites.size());  // every lattice bond is a candidate, nothing else
  CHECK(sorted.neighbors.num_pairs() == plain.neighbors.num_pairs());
  CHECK(before > 1500);  // random order: about N/3 = 2667
  CHECK(after <= 8);     // Morton order of 20^3 cells: x-neighbours 1 apart, y 2, z 4 inside the curve's 2x2x2 blocks
}

TEST_CASE("spatial sort: the trapezoid refuses it (its workspace keeps per-body values in the bodies' order)") {
  const test::FloorGas g{4, 2, 0.25, 0.1, 0.25, 1.0};
  const Engine e = make_engine(1, g);
  std::mt19937_64 rng(1);
  GranularState s = test::floor_gas_state(g, [](int, int, int) { return 0.1; }, rng);
  TrapezoidOptions o;
  o.dt = 1e-4;
  ParticleTrapezoidWork w;
  CHECK_THROWS_AS(trapezoid_run(e, s, 1e-3, o, nullptr, [](const GranularState&) {}, w), InputError);
}
