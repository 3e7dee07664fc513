// The trapezoid fixed point of seed 004 on the particle engine (models/particles/particle_trapezoid.hpp):
// - the same two- and three-body problems (Hertz with damping + Mindlin, a floor and gravity for three bodies) as the
//   old trapezoid path (solvers/trapezoid_fixed_point over models/sphere_stepper): both solve eq. 40-49, so they agree
//   to the fixed-point tolerance plus their O(dt^2)-per-step difference in the spring increment, and the gap closes
//   with dt;
// - second order on a smooth contact (undamped Hertz, frictionless), measured by halving dt;
// - the energy ledger: for phi = 1/2 the rule's exact energy law closes the balance to round-off, the scheme's own
//   energy error (undamped Hertz) is second order, the C-SDS creates no energy and the D-SDS does.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "models/particles/particle_trapezoid.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/trapezoid_fixed_point.hpp"
#include "tests/models/particles/few_bodies.hpp"

using namespace stickslip;

namespace {

constexpr double kR = test::kFewR, kM = test::kFewM, kE = 1e8, kNu = 0.25, kMu = 0.3, kXi = 0.2;

using test::Bodies;
Bodies problem(int n) { return test::few_bodies(n); }
Vec3 gravity(int n) { return test::few_bodies_gravity(n); }
double difference(const Bodies& a, const Bodies& b) { return test::difference(a, b, kR); }

Bodies run_old(int n, const Bodies& start, double t_end, const TrapezoidOptions& o) {
  SphereScene scene;
  scene.params.gravity = gravity(n);
  scene.params.mu_s_pp = scene.params.mu_d_pp = scene.params.mu_s_pw = scene.params.mu_d_pw = kMu;
  scene.params.xi = kXi;
  for (std::size_t i = 0; i < start.x.size(); ++i) scene.add_sphere(kR, kM, kE, kNu);
  if (n == 3) scene.add_plane(Vec3::Zero(), Vec3::UnitY());
  SphereStepper stepper(scene);
  ParticleState s;
  s.resize(start.x.size());
  s.x = start.x, s.v = start.v, s.omega = start.w;
  run_trapezoid(stepper, 0, t_end, s, o);
  return {s.x, s.v, s.omega};
}

using Engine = ParticleEngine<HertzDamped, Mindlin>;

Engine engine(int n) {
  Engine e;
  e.normal = HertzDamped::material(kE, kNu, kXi);
  e.tangential = Mindlin::material(kE, kNu, kMu);
  e.skin = 0.02;
  e.boundaries.gravity = gravity(n);
  if (n == 3) e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  return e;
}

GranularState state_of(const Bodies& start) {
  GranularState s;
  s.bodies = test::few_body_arrays(start);
  return s;
}

Bodies run_engine(int n, const Bodies& start, double t_end, const TrapezoidOptions& o, ParticleTrapezoidStats& st) {
  const Engine e = engine(n);
  GranularState s = state_of(start);
  trapezoid_setup(e, s);
  st = trapezoid_run(e, s, t_end, o);
  return {s.bodies.x, s.bodies.v, s.bodies.omega};
}

}  // namespace

TEST_CASE("engine trapezoid vs the old trapezoid path (SphereStepper) on two- and three-body problems") {
  const double tc = hertz_collision_duration(sphere_sphere_pair(kR, kM, kE, kNu, kR, kM, kE, kNu), 1.0);
  for (int n : {2, 3}) {
    const Bodies start = problem(n);
    const double t_end = test::few_bodies_t_end(n);
    TrapezoidOptions o;
    o.tol = 1e-8;
    o.dt = tc / 1600;
    const Bodies ref = run_old(n, start, t_end, o);  // the old path, fine step
    double moved = 0;
    for (std::size_t i = 0; i < start.x.size(); ++i) moved = std::max(moved, (ref.v[i] - start.v[i]).norm());
    CHECK(moved > 0.1);  // the bodies did collide
    double prev = 1e300;
    for (double per : {100.0, 400.0, 1600.0}) {
      o.dt = tc / per;
      ParticleTrapezoidStats st;
      const Bodies eng = run_engine(n, start, t_end, o, st);
      const Bodies old = run_old(n, start, t_end, o);
      const double d = difference(eng, old), e_eng = difference(eng, ref), e_old = difference(old, ref);
      MESSAGE(n << " bodies, dt = t_c/" << per << ": max |dv|, r|domega| engine - old " << d << " m/s; vs the old path"
                << " at t_c/1600: engine " << e_eng << ", old " << e_old << " (changes up to " << moved << " m/s); "
                << st.mean_iterations() << " sweeps/step, max " << st.max_iterations << ", rejected "
                << st.rejected_steps);
      // Both are first order here (the damping's h^{1/4} at first touch, stick/slip switches); the engine is as
      // accurate as the old path, and the two close on each other as dt shrinks.
      CHECK(e_eng < 2 * e_old + 1e-4 * moved);
      CHECK(d < prev);
      prev = d;
      CHECK(st.rejected_steps == 0);
    }
    CHECK(prev < 2e-4 * moved);  // t_c/1600: measured 6.7e-5 (2 bodies), 5.5e-5 (3 bodies) m/s
  }
}

namespace {

// A frictionless sphere on a floor under gravity, undamped Hertz, released at 1.5x its equilibrium overlap while
// sliding and spinning: the contact never opens (the overlap stays within about [0.5, 1.5] h_eq), so the motion is
// smooth and the scheme's order shows undisturbed. About three periods of the vertical oscillation.
struct Smooth {
  Bodies end;
  double balance, energy_error, scale;
};
Smooth smooth_oscillation(double dt_per_period) {
  ParticleEngine<HertzDamped, Frictionless> e;
  e.normal = HertzDamped::material(kE, kNu, 0.0);
  e.skin = 0.02;
  e.boundaries.gravity = Vec3(0, -9.81, 0);
  e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  const double c = 4.0 / 3.0 * std::sqrt(kR) * e.normal.e_wall, weight = kM * 9.81;
  const double h_eq = std::pow(weight / c, 2.0 / 3.0);
  const double period = 2 * M_PI / std::sqrt(1.5 * c * std::sqrt(h_eq) / kM);
  GranularState s;
  s.bodies.add(Vec3(0, kR - 1.5 * h_eq, 0), Vec3(1.0, 0, 0), kR, kM);
  s.bodies.omega[0] = Vec3(0, 2.0, 0);
  ParticleLedger ledger;
  trapezoid_setup(e, s, &ledger);
  TrapezoidOptions o;
  o.dt = period / dt_per_period;
  o.tol = 1e-12;
  const EnergyTotals& a = ledger.start;
  double worst = 0;  // largest |K + U_n - W_g - (K_0 + U_n0)| over the run
  trapezoid_run(e, s, 3.1 * period, o, &ledger, [&](const GranularState&) {
    const EnergyTotals& b = ledger.now;
    worst = std::max(worst, std::abs((b.kinetic + b.elastic_normal - b.gravity_work) - (a.kinetic + a.elastic_normal)));
  });
  return {{s.bodies.x, s.bodies.v, s.bodies.omega}, ledger.balance(), worst,
          a.kinetic + a.elastic_normal + weight * 1.5 * h_eq};
}

}  // namespace

TEST_CASE("engine trapezoid: second order on a smooth contact (undamped Hertz, no friction), energy to O(dt^2)") {
  std::vector<Smooth> runs;
  for (double per : {40.0, 80.0, 160.0, 320.0}) runs.push_back(smooth_oscillation(per));
  const Vec3 spin(0, 2.0, 0);
  for (std::size_t k = 0; k + 2 < runs.size(); ++k) {
    const double d1 = (runs[k].end.x[0] - runs[k + 1].end.x[0]).norm();
    const double d2 = (runs[k + 1].end.x[0] - runs[k + 2].end.x[0]).norm();
    const double v1 = (runs[k].end.v[0] - runs[k + 1].end.v[0]).norm();
    const double v2 = (runs[k + 1].end.v[0] - runs[k + 2].end.v[0]).norm();
    MESSAGE("successive differences x: " << d1 << ", " << d2 << " m (order " << std::log2(d1 / d2) << "); v: " << v1
                                         << ", " << v2 << " m/s (order " << std::log2(v1 / v2) << ")");
    CHECK(std::log2(d1 / d2) == doctest::Approx(2.0).epsilon(0.1));
    CHECK(std::log2(v1 / v2) == doctest::Approx(2.0).epsilon(0.1));
  }
  for (std::size_t k = 0; k < runs.size(); ++k) {
    CHECK(std::abs(runs[k].balance) < 1e-11 * runs[k].scale);  // the exact energy law of phi = 1/2
    CHECK((runs[k].end.w[0] - spin).norm() == 0.0);            // frictionless: the spin is untouched
    if (k + 1 == runs.size()) break;
    // the scheme's energy error, largest over the run
    MESSAGE("energy error " << runs[k].energy_error << " J -> " << runs[k + 1].energy_error << " J (scale "
                            << runs[k].scale << " J)");
    CHECK(std::abs(runs[k].energy_error) < 1e-2 * runs[k].scale);
    CHECK(std::log2(runs[k].energy_error / runs[k + 1].energy_error) == doctest::Approx(2.0).epsilon(0.1));
  }
}

namespace {
template <class Normal, class Tangential>
ParticleLedger oblique_ledger(const Normal& normal, const Tangential& tangential, double dt) {
  ParticleEngine<Normal, Tangential> e;
  e.normal = normal;
  e.tangential = tangential;
  e.skin = 0.02;
  GranularState s;  // normal approach 1 m/s, tangential 2 m/s: the spring reaches mu f_n early
  s.bodies.add(Vec3(0, 0, 0), Vec3(0.5, 1.0, 0), kR, kM);
  s.bodies.add(Vec3(2 * kR + 1e-4, 0, 0), Vec3(-0.5, -1.0, 0), kR, kM);
  ParticleLedger ledger;
  trapezoid_setup(e, s, &ledger);
  TrapezoidOptions o;
  o.dt = dt;
  o.tol = 1e-10;
  trapezoid_run(e, s, 0.03, o, &ledger);
  return ledger;
}
}  // namespace

TEST_CASE("engine trapezoid ledger: balance to round-off; the D-SDS creates energy, the C-SDS does not") {
  const double kn = 1e5, meff = 0.5 * kM, zeta = 0.1, gamma = 2 * zeta * std::sqrt(kn / meff);
  const double tc = M_PI / std::sqrt(kn / meff);
  const LinearSpringDashpot normal{kn, gamma};
  for (double per : {100.0, 200.0}) {
    const ParticleLedger c = oblique_ledger(normal, Csds{2.0 / 7.0 * kn, gamma, kMu}, tc / per);
    const ParticleLedger d = oblique_ledger(normal, Dsds{2.0 / 7.0 * kn, gamma, kMu}, tc / per);
    const double k0 = c.start.kinetic;
    MESSAGE("dt = t_c/" << per << ": created csds " << c.created() << " J, dsds " << d.created() << " J (K0 " << k0
                        << " J); balance csds " << c.balance() << ", dsds " << d.balance() << "; dissipated csds "
                        << c.normal_damping() + c.tangential_dissipation() << " J");
    CHECK(std::abs(c.balance()) < 1e-11 * k0);
    CHECK(std::abs(d.balance()) < 1e-11 * k0);
    CHECK(d.created() > 1e-3 * k0);
    CHECK(c.created() < 1e-6 * d.created());
    CHECK(c.normal_damping() > 0);
    CHECK(c.tangential_dissipation() > 0);
  }
}
