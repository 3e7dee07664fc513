// The engine trapezoid on threads (solvers/particles/particle_trapezoid.hpp): with more bodies than one block of the
// sweeps' error sums (kTrapezoidBlock), the predictor, the sweeps' updates and the force passes all run on the pool,
// and the error sums are added block by block in order, so the iteration takes the same sweeps and the motion is
// bitwise the same for 1, 2 and 3 threads. The case: a periodic simple cubic lattice of compressed spheres (every
// bond a contact) with seeded random velocities, linear spring-dashpot + C-SDS, at t_c/20 where the sweeps need
// several iterations; random draws of the stiffness and the velocity scale.
#include <doctest/doctest.h>

#include <random>

#include "solvers/particles/particle_trapezoid.hpp"

using namespace stickslip;

namespace {

struct Lattice {
  int side;
  double kn, speed;
  unsigned seed;
};

struct Result {
  GranularState s;
  ParticleTrapezoidStats stats;
};

Result run(const Lattice& l, int threads) {
  constexpr double r = 0.1, rho = 2500, spacing = 2 * r * (1 - 2e-3);
  const double m = rho * 4.0 / 3.0 * M_PI * r * r * r;
  ParticleEngine<LinearSpringDashpot, Csds> e;
  e.normal = {l.kn, 50};
  e.tangential = Csds{2.0 / 7.0 * l.kn, 50, 0.4};
  e.skin = 0.02;
  e.threads = threads;
  e.boundaries.box.lo = Vec3::Constant(-0.5 * spacing);
  e.boundaries.box.hi = Vec3::Constant((l.side - 0.5) * spacing);
  e.boundaries.box.periodic = {true, true, true};
  Result out;
  std::mt19937_64 rng(l.seed);
  std::uniform_real_distribution<double> u(-l.speed, l.speed);
  for (int k = 0; k < l.side; ++k)
    for (int j = 0; j < l.side; ++j)
      for (int i = 0; i < l.side; ++i)
        out.s.bodies.add(Vec3(i, j, k) * spacing, Vec3(u(rng), u(rng), u(rng)), r, m);
  const double t_c = M_PI / std::sqrt(l.kn / (0.5 * m));  // the linear spring's contact time
  TrapezoidOptions o;
  o.dt = t_c / 20;
  o.threads = threads;
  trapezoid_setup(e, out.s);
  out.stats = trapezoid_run(e, out.s, 15 * o.dt, o);
  return out;
}

}  // namespace

TEST_CASE("engine trapezoid with several error-sum blocks: bitwise the same for 1, 2 and 3 threads") {
  std::mt19937_64 draw(2026);
  for (int d = 0; d < 2; ++d) {
    const Lattice l{17, std::uniform_real_distribution<double>(1e5, 1e6)(draw),
                    std::uniform_real_distribution<double>(0.02, 0.3)(draw), static_cast<unsigned>(d + 1)};
    CAPTURE(l.kn);
    CAPTURE(l.speed);
    const Result one = run(l, 1);
    REQUIRE(one.s.bodies.size() > 2 * kTrapezoidBlock);  // three blocks (and the per-body loops chunked: N > 4096)
    CHECK(one.stats.steps >= 15);
    CHECK(one.stats.mean_iterations() > 2);  // the sweeps iterated: their error sums decided when to stop
    for (int t : {2, 3}) {
      CAPTURE(t);
      const Result many = run(l, t);
      CHECK(many.stats.iterations == one.stats.iterations);
      CHECK(many.s.bodies.x == one.s.bodies.x);
      CHECK(many.s.bodies.v == one.s.bodies.v);
      CHECK(many.s.bodies.omega == one.s.bodies.omega);
      CHECK(many.s.xi == one.s.xi);
    }
  }
}
