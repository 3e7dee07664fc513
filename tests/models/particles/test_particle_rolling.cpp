// Rolling resistance of the particle engine (models/contact/rolling.hpp) against its analytic single-contact
// response: a disc (2-D) and a sphere (3-D) rolling without slip on a plane wall with the moment saturated
// decelerate at a = mu_roll g/(1 + kappa) (I = kappa m r^2) and stop after v0^2/(2a); on an incline steeper than
// atan(mu_roll) they accelerate at g (sin alpha - mu_roll cos alpha)/(1 + kappa); below it they stay, displaced by
// exactly the two springs' static loads m g sin alpha (1/k_t + 1/k_roll) and not a bit more afterwards, also across
// a neighbor rebuild (the rolling spring is carried like xi). The
// energy ledger closes to round-off and the moment's dissipation equals its work mu_roll m g cos alpha * distance.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "solvers/particles/particle_trapezoid.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "tests/models/particles/on_plane.hpp"

using namespace stickslip;

namespace {

constexpr double kn = 1e5, mass = 1.0, radius = 0.1, grav = 9.81, mu = 0.5, mu_roll = 0.1, k_roll = 1e5;

using RollingEngine = ParticleEngine<LinearSpringDashpot, Csds, RollingResistance>;

struct Roller {
  RollingEngine e;
  GranularState s;
  test::OnPlane o;
  ParticleLedger ledger;
};

// A disc or a sphere on the plane (tests/models/particles/on_plane.hpp) at v0 in pure rolling.
Roller roller(bool disc, double alpha, double v0) {
  Roller r;
  const double w0 = std::sqrt(kn / mass);
  r.e.normal = {kn, 2 * 0.5 * w0};
  r.e.tangential = {2.0 / 7.0 * kn, 2 * 0.5 * w0, mu};
  r.e.rolling = {k_roll, 2 * 0.5 * w0, mu_roll};
  r.e.rolling.validate();
  r.e.skin = 0.01;
  r.o = test::on_plane(r.e, r.s, disc, alpha, v0, true, true, radius, mass, grav);
  verlet_setup(r.e, r.s, &r.ledger);
  return r;
}

double along(const Roller& r) { return r.s.bodies.x[0].dot(r.o.down); }
double speed(const Roller& r) { return r.s.bodies.v[0].dot(r.o.down); }

}  // namespace

TEST_CASE("rolling resistance: a disc and a sphere rolling on a plane decelerate at mu_r g/(1+kappa) and stop") {
  const double v0 = 0.5, dt = 5e-5;
  for (bool disc : {true, false}) {
    Roller r = roller(disc, 0.0, v0);
    const double a = mu_roll * grav / (1 + r.o.kappa);  // deceleration of the slider phase (derivation in the header)
    const double t_stop = v0 / a, s_stop = v0 * v0 / (2 * a);
    VerletStats st;
    // measured deceleration between 0.2 t_stop and 0.8 t_stop (after the springs' start-up, before the stop)
    const long k1 = std::lround(0.2 * t_stop / dt), k2 = std::lround(0.8 * t_stop / dt);
    double v1 = 0, x_stop = -1, t_meas = -1;
    for (long k = 1; k <= 2 * k2; ++k) {
      verlet_step(r.e, r.s, dt, st, &r.ledger);
      if (k == k1) v1 = speed(r);
      if (k == k2) {
        const double a_meas = (v1 - speed(r)) / ((k2 - k1) * dt);
        MESSAGE(std::string(disc ? "disc" : "sphere") << ": deceleration " << a_meas << " m/s^2 (analytic " << a
                                           << ", rel. error " << std::abs(a_meas / a - 1) << ")");
        CHECK(std::abs(a_meas / a - 1) < 1e-6);  // measured 6e-10 (disc), 2e-9 (sphere): the slider's force is exact
      }
      if (x_stop < 0 && speed(r) <= 0) x_stop = along(r), t_meas = k * dt;
    }
    const double scale = r.ledger.start.kinetic;
    // the stop: the rolling spring carries F_max/k_roll of roll displacement, the tangential spring 2/3 mu_r m g/k_t;
    // the start-up and the step add O(v0 dt): the bound is their sum
    const double bound = mu_roll * mass * grav / k_roll + mu_roll * mass * grav / r.e.tangential.kt + 2 * v0 * dt;
    MESSAGE("  stop at " << x_stop << " m after " << t_meas << " s (analytic " << s_stop << " m, " << t_stop
                         << " s; bound " << bound << " m); rolling dissipation " << r.ledger.rolling_dissipation()
                         << " J of K0 " << scale << " J; balance " << r.ledger.balance());
    CHECK(std::abs(x_stop - s_stop) < bound);
    // the stop is seen at the step after it (dt) and shifted by the rolling spring's loading time F_max/(k_roll v0)
    CHECK(std::abs(t_meas - t_stop) < dt + 2 * mu_roll * mass * grav / (k_roll * v0));
    // all the kinetic energy went into the friction moment (its work mu_r m g s), the springs hold a little
    CHECK(std::abs(r.ledger.rolling_dissipation() - mu_roll * mass * grav * s_stop) < 2e-3 * scale);
    CHECK(r.ledger.rolling_dissipation() <= scale);
    CHECK(std::abs(r.ledger.balance()) < 1e-12 * scale);
    if (disc) CHECK((r.s.bodies.x[0][2] == 0.0 && r.s.bodies.omega[0][0] == 0.0 && r.s.bodies.omega[0][1] == 0.0));
  }
}

TEST_CASE("rolling resistance on an incline: above atan(mu_r) it accelerates at g (sin a - mu_r cos a)/(1+kappa)") {
  const double alpha = std::atan(2 * mu_roll), dt = 5e-5;
  for (bool disc : {true, false}) {
    Roller r = roller(disc, alpha, 0.0);
    const double a = grav * (std::sin(alpha) - mu_roll * std::cos(alpha)) / (1 + r.o.kappa);
    VerletStats st;
    for (long k = 0; k < 4000; ++k) verlet_step(r.e, r.s, dt, st, &r.ledger);
    const double v1 = speed(r);
    for (long k = 0; k < 16000; ++k) verlet_step(r.e, r.s, dt, st, &r.ledger);
    const double a_meas = (speed(r) - v1) / (16000 * dt);
    MESSAGE(std::string(disc ? "disc" : "sphere") << ": a " << a_meas << " (analytic " << a << ", rel. error "
                                                   << std::abs(a_meas / a - 1) << ")");
    CHECK(std::abs(a_meas / a - 1) < 1e-6);
    CHECK(std::abs(r.ledger.balance()) < 1e-12 * std::abs(r.ledger.now.gravity_work));
  }
}

TEST_CASE("rolling resistance on an incline below atan(mu_r): the body stays, displaced by its springs' loads") {
  const double alpha = std::atan(0.4 * mu_roll), dt = 5e-5;
  for (bool disc : {true, false}) {
    Roller r = roller(disc, alpha, 0.0);
    VerletStats st;
    verlet_run(r.e, r.s, dt, 20000, &r.ledger);  // 1 s: the start-up oscillations die out (zeta 0.5)
    const double x1 = along(r);
    r.e.prepare(r.s);  // a neighbor rebuild carries the loaded springs over (else the body would roll on)
    verlet_run(r.e, r.s, dt, 100000, &r.ledger);  // 5 s more
    const double x2 = along(r);
    // sticking springs advance with the same half-step velocities as x: x - x0 = xi_t + xi_r exactly, and at rest
    // k_t xi_t = k_roll xi_r = m g sin alpha (force and moment balance)
    const double load = mass * grav * std::sin(alpha);
    const double expected = load / r.e.tangential.kt + load / k_roll;
    MESSAGE(std::string(disc ? "disc" : "sphere") << ": displacement " << x2 << " m (springs' static loads " << expected
                                       << " m), drift over the last 1e5 steps " << x2 - x1 << " m");
    CHECK(std::abs(x2 - expected) < 1e-12);
    CHECK(std::abs(x2 - x1) < 1e-12);
    CHECK(std::abs(r.ledger.balance()) < 1e-12 * std::abs(r.ledger.now.gravity_work) + 1e-15);
  }
}

TEST_CASE("rolling resistance parameters are validated") {
  CHECK_THROWS_AS((RollingResistance{0.0, 1.0, 0.1}.validate()), InputError);
  CHECK_THROWS_AS((RollingResistance{1e5, 0.0, 0.1}.validate()), InputError);
  CHECK_THROWS_AS((RollingResistance{1e5, 1.0, -0.1}.validate()), InputError);
  CHECK_NOTHROW(RollingResistance{1e5, 1.0, 0.0}.validate());
}

TEST_CASE("rolling resistance under the engine trapezoid: the same deceleration, springs restored every sweep") {
  // The trapezoid (solvers/particles/particle_trapezoid.hpp) restarts every sweep from the springs advanced over
  // (1-phi) dt; the rolling springs must be restored with xi, else each sweep would add another phi dt of roll.
  // With the moment saturated the slider phase is a constant force: the fixed point reproduces a to its tol.
  const double v0 = 0.5, dt = 5e-5;
  for (bool disc : {true, false}) {
    Roller r = roller(disc, 0.0, v0);
    const double a = mu_roll * grav / (1 + r.o.kappa);
    const double t_stop = v0 / a;
    TrapezoidOptions o;
    o.dt = dt;
    o.tol = 1e-10;
    ParticleTrapezoidWork w;
    trapezoid_run(r.e, r.s, 0.2 * t_stop, o, nullptr, [](const GranularState&) {}, w);
    const double v1 = speed(r);
    trapezoid_run(r.e, r.s, 0.6 * t_stop, o, nullptr, [](const GranularState&) {}, w);
    const double a_meas = (v1 - speed(r)) / (0.6 * t_stop);
    MESSAGE(std::string(disc ? "disc" : "sphere") << " (trapezoid): deceleration " << a_meas << " m/s^2 (analytic " << a
                                                  << ")");
    CHECK(std::abs(a_meas / a - 1) < 1e-5);
  }
}

TEST_CASE("rolling spring below its cap: the engine trapezoid and velocity Verlet agree") {
  // v0 = 1 mm/s: the rolling spring's energy stays below its cap's (mu_r f_n)^2/(2 k_roll), so the disc rocks on the
  // spring (period ~ 2 pi sqrt((1+kappa) m/k), damped). A spring advanced more than once per step (not restored
  // each sweep) changes the period and the amplitude; the two drivers differ only by their O(dt) error here.
  const double v0 = 1e-3, dt = 2e-6, t_end = 0.02;
  for (bool disc : {true, false}) {
    Roller a = roller(disc, 0.0, v0), b = roller(disc, 0.0, v0);
    TrapezoidOptions o;
    o.dt = dt;
    o.tol = 1e-10;
    ParticleTrapezoidWork w;
    VerletStats st;
    double worst = 0, amplitude = 0;
    const long steps = std::lround(0.002 / dt);
    for (double t = 0; t < t_end - 1e-12; t += steps * dt) {
      trapezoid_run(a.e, a.s, steps * dt, o, nullptr, [](const GranularState&) {}, w);
      for (long k = 0; k < steps; ++k) verlet_step(b.e, b.s, dt, st, nullptr);
      worst = std::max(worst, std::abs(along(a) - along(b)));
      amplitude = std::max(amplitude, std::abs(along(b)));
    }
    MESSAGE(std::string(disc ? "disc" : "sphere") << ": |x_trapezoid - x_verlet| <= " << worst << " m of " << amplitude
                                                  << " m");
    CHECK(amplitude > 0);
    CHECK(worst < 0.01 * amplitude);
  }
}
