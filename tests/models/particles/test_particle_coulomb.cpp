// Per-contact exact static friction (Coulomb, models/contact/coulomb.hpp; seed 002 eq. 21-22) against the
// analytic responses of one contact: a non-spinning disc or sphere on an incline below atan(mu) does not move at all
// (its half-step slip velocity is zero to round-off, and velocity Verlet moves positions with it), while the
// Cundall-Strack spring creeps; above atan(mu) it slides at g (sin a - mu cos a); a free disc (sphere) rolls
// without slip at 2/3 (5/7) g sin a while tan a < 3 mu (7/2 mu) and slides otherwise. Many contacts: a pile of three
// discs on a floor comes to rest (frictionless, it spreads). The energy ledger closes in every case.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "solvers/particles/velocity_verlet.hpp"
#include "tests/models/particles/on_plane.hpp"

using namespace stickslip;

namespace {

constexpr double kn = 1e5, mass = 1.0, radius = 0.1, grav = 9.81, mu = 0.5, dt = 1e-4;

std::string body(bool disc) { return disc ? "disc" : "sphere"; }

template <class Tangential>
struct Run {
  ParticleEngine<LinearSpringDashpot, Tangential> e;
  GranularState s;
  test::OnPlane o;
  ParticleLedger ledger;
  VerletStats st;
  Run(const Tangential& law, bool disc, double alpha, bool rotations) {
    e.normal = {kn, 2 * 0.5 * std::sqrt(kn / mass)};
    e.tangential = law;
    e.skin = 0.01;
    o = test::on_plane(e, s, disc, alpha, 0.0, false, rotations, radius, mass, grav);
    verlet_setup(e, s, &ledger);
  }
  double along() const { return s.bodies.x[0].dot(o.down); }
  double speed() const { return s.bodies.v[0].dot(o.down); }
  // slip velocity of the contact point (plane wall: v + r omega x n, n = -up)
  double slip() const { return (s.bodies.v[0] + radius * s.bodies.omega[0].cross(-o.up)).dot(o.down); }
  void steps(long k) {
    for (long q = 0; q < k; ++q) verlet_step(e, s, dt, st, &ledger);
  }
  double scale() const { return ledger.start.kinetic + std::abs(ledger.now.gravity_work) + 1e-300; }
};

// Acceleration along the slope from the speed change over 0.2 .. 1 s, and the largest slip speed seen then.
template <class Tangential>
std::pair<double, double> acceleration(Run<Tangential>& r) {
  r.steps(2000);
  const double v1 = r.speed();
  double slip = 0;
  for (int k = 0; k < 8000; ++k) {
    r.steps(1);
    slip = std::max(slip, std::abs(r.slip()));
  }
  return {(r.speed() - v1) / (8000 * dt), slip};
}

}  // namespace

TEST_CASE("coulomb: a non-spinning disc or sphere below atan(mu) stays put to round-off; cundall-strack creeps") {
  const double alpha = std::atan(0.5 * mu);
  for (bool disc : {true, false}) {
    Run<Coulomb> c(Coulomb{mu}, disc, alpha, false);
    Run<CundallStrack> cs(CundallStrack{2.0 / 7.0 * kn, mu}, disc, alpha, false);
    const double x0 = c.along(), xs0 = cs.along();
    double drift = 0, creep = 0;
    for (int k = 0; k < 100000; ++k) {
      c.steps(1);
      cs.steps(1);
      drift = std::max(drift, std::abs(c.along() - x0));
      creep = std::max(creep, std::abs(cs.along() - xs0));
    }
    MESSAGE(body(disc) << " on " << alpha * 180 / M_PI << " deg, 1e5 steps of " << dt << " s: coulomb drift " << drift
                       << " m, cundall-strack moves up to " << creep << " m (ends at " << cs.along() - xs0
                       << " m); coulomb ledger balance " << c.ledger.balance() << " J, dissipated "
                       << c.ledger.tangential_dissipation() << " J");
    CHECK(drift < 1e-12);
    CHECK(std::abs(c.ledger.balance()) < 1e-12 * c.scale());
  }
}

TEST_CASE("coulomb: a non-spinning body above atan(mu) slides at g (sin a - mu cos a)") {
  const double alpha = std::atan(2 * mu);
  for (bool disc : {true, false}) {
    Run<Coulomb> r(Coulomb{mu}, disc, alpha, false);
    const auto [a, slip] = acceleration(r);
    const double exact = grav * (std::sin(alpha) - mu * std::cos(alpha));
    MESSAGE(body(disc) << ": a " << a << " (analytic " << exact << "), |balance| " << std::abs(r.ledger.balance())
                       << " J of " << r.scale() << " J; tangential dissipation " << r.ledger.tangential_dissipation()
                       << " J, created " << r.ledger.created() << " J");
    CHECK(std::abs(a / exact - 1) < 1e-9);
    CHECK(slip > 0.1);
    CHECK(std::abs(r.ledger.balance()) < 1e-12 * r.scale());
  }
}

TEST_CASE("coulomb: a free disc (sphere) rolls without slip at 2/3 (5/7) g sin a below tan a = 3 mu (7/2 mu)") {
  for (bool disc : {true, false}) {
    const double limit = disc ? 3 * mu : 3.5 * mu;  // tan a at which the static force m g sin a kappa/(1+kappa) = mu m g cos a
    {
      const double alpha = std::atan(0.9 * limit);
      Run<Coulomb> r(Coulomb{mu}, disc, alpha, true);
      const auto [a, slip] = acceleration(r);
      const double exact = grav * std::sin(alpha) / (1 + r.o.kappa);
      MESSAGE(body(disc) << " at tan a = 0.9 * " << limit << ": a " << a << " (analytic " << exact
                         << "), largest slip speed " << slip << " m/s");
      CHECK(std::abs(a / exact - 1) < 1e-9);
      CHECK(slip < 1e-12);
      CHECK(std::abs(r.ledger.balance()) < 1e-12 * r.scale());
    }
    {
      const double alpha = std::atan(1.2 * limit);
      Run<Coulomb> r(Coulomb{mu}, disc, alpha, true);
      const double w0 = r.s.bodies.omega[0].norm();
      const auto [a, slip] = acceleration(r);
      const double exact = grav * (std::sin(alpha) - mu * std::cos(alpha));
      // spin-up by the sliding friction: I dw/dt = mu m g cos a r
      const double spin = (r.s.bodies.omega[0].norm() - w0) / (r.s.t);
      const double spin_exact = mu * grav * std::cos(alpha) / (r.o.kappa * radius);
      MESSAGE(body(disc) << " at tan a = 1.2 * " << limit << ": slides, a " << a << " (analytic " << exact
                         << "), spin-up " << spin << " (analytic " << spin_exact << ")");
      CHECK(std::abs(a / exact - 1) < 1e-9);
      CHECK(std::abs(spin / spin_exact - 1) < 1e-3);  // the first step (set-up, no slip yet) counts in r.s.t
      CHECK(slip > 0.1);
    }
  }
}

namespace {

// 2-D: three discs, two on the floor touching, one on top between them; 3-D: four spheres, three on the floor
// touching (an equilateral triangle), one on top. Returned: the largest change of a bottom body's distance from the
// axis, the kinetic energy after 1 s and 2 s, how far the top body moves in the second second, and the ledger.
struct Pile {
  double spread, k1, k2, balance, scale;
  double top_drift;
};

template <class Tangential>
Pile pile(const Tangential& law, bool disc) {
  ParticleEngine<LinearSpringDashpot, Tangential> e;
  e.normal = {kn, 2 * 0.5 * std::sqrt(kn / (0.5 * mass))};
  e.tangential = law;
  e.skin = 0.01;
  const Vec3 up = disc ? Vec3::UnitY() : Vec3::UnitZ();
  e.boundaries.gravity = -grav * up;
  e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), up});
  GranularState s;
  const double h = 1e-5, d = 2 * radius - 2 * h;  // small initial overlaps: centre distances d
  const int bottom = disc ? 2 : 3;
  const double ring = disc ? 0.5 * d : d / std::sqrt(3.0);  // bottom centres' distance from the axis
  for (int b = 0; b < bottom; ++b) {
    const double phi = 2 * M_PI * b / bottom;
    const Vec3 planar = disc ? Vec3(std::cos(phi), 0, 0) : Vec3(std::cos(phi), std::sin(phi), 0);
    s.bodies.add(ring * planar + (radius - h) * up, Vec3::Zero(), radius, mass, disc);
  }
  s.bodies.add((radius - h + std::sqrt(d * d - ring * ring)) * up, Vec3::Zero(), radius, mass, disc);
  const std::size_t top = s.bodies.size() - 1;
  auto spread = [&] {
    double m = 0;
    for (int b = 0; b < bottom; ++b) {
      const Vec3 x = s.bodies.x[b];
      m = std::max(m, std::abs((x - x.dot(up) * up).norm() - ring));
    }
    return m;
  };
  ParticleLedger ledger;
  verlet_setup(e, s, &ledger);
  VerletStats st;
  verlet_run(e, s, dt, 10000, &ledger);
  const double k1 = kinetic_energy(s.bodies);
  const Vec3 top1 = s.bodies.x[top];
  verlet_run(e, s, dt, 10000, &ledger);
  return {spread(), k1, kinetic_energy(s.bodies), ledger.balance(),
          ledger.start.kinetic + std::abs(ledger.now.gravity_work) + mass * grav * radius,
          (s.bodies.x[top] - top1).norm()};
}

}  // namespace

TEST_CASE("coulomb: a pile of three discs (four spheres) on a floor comes to rest; frictionless it spreads") {
  for (bool disc : {true, false}) {
    const Pile c = pile(Coulomb{mu}, disc);
    const Pile f = pile(Frictionless{}, disc);
    MESSAGE(body(disc) << " pile, coulomb: spread " << c.spread << " m, K after 1 s " << c.k1 << " J, after 2 s "
                       << c.k2 << " J, top moves " << c.top_drift << " m in the second second; balance " << c.balance
                       << " J; frictionless spread " << f.spread << " m");
    CHECK(f.spread > radius);                   // without friction the pile falls apart
    CHECK(c.spread < 1e-3 * radius);            // with it the bottom bodies hold (elastic adjustments only)
    CHECK(c.k2 < 1e-20 * mass * grav * radius);  // at rest
    CHECK(c.top_drift < 1e-12);
    CHECK(std::abs(c.balance) < 1e-12 * c.scale);
  }
}
