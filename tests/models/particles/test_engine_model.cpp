// The particle engine as a state-vector Model (models/particles/engine_model.hpp) under the odeint and CVODE drivers:
// - Hertz + C-SDS (sticking and sliding): the engine under dopri5 and under cvode:bdf agree to their tolerance, and
//   the engine's trapezoid (solvers/particles/particle_trapezoid.hpp) converges to them as dt shrinks;
// - a law without a modes or rate form (cundall-strack, dsds) is refused with InputError naming it.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/particles/engine_model.hpp"
#include "solvers/particles/particle_trapezoid.hpp"
#include "solvers/integrate.hpp"
#include "tests/models/particles/few_bodies.hpp"

using namespace stickslip;

namespace {

constexpr double kR = test::kFewR, kM = test::kFewM, kE = 1e8, kNu = 0.25, kXi = 0.2;

using test::Bodies;
Bodies problem(int n) { return test::few_bodies(n); }
Vec3 gravity(int n) { return test::few_bodies_gravity(n); }
double t_end(int n) { return test::few_bodies_t_end(n); }
double difference(const Bodies& a, const Bodies& b) { return test::difference(a, b, kR); }

SolverOptions tight(Scheme kind) {
  SolverOptions o;
  o.kind = kind;
  o.rtol = 1e-10;
  o.atol = 1e-12;
  o.dt = 0.01;
  return o;
}

template <class Tangential>
ParticleEngine<HertzDamped, Tangential> engine(int n, const Tangential& law) {
  ParticleEngine<HertzDamped, Tangential> e;
  e.normal = HertzDamped::material(kE, kNu, kXi);
  e.tangential = law;
  e.boundaries.gravity = gravity(n);
  if (n == 3) e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  return e;
}

ParticleArrays arrays(const Bodies& b) { return test::few_body_arrays(b); }

template <class Tangential>
Bodies run_engine_ode(int n, const Tangential& law, Scheme kind) {
  const Bodies start = problem(n);
  const ParticleArrays p0 = arrays(start);
  const EngineModel<HertzDamped, Tangential> model(engine(n, law), p0, 1.0);  // every pair is a candidate
  Vec x = model.make_state(p0);
  Mode mode = model.initial_mode(0, x);
  integrate(model, 0, t_end(n), x, mode, tight(kind));
  ParticleArrays p = p0;
  model.read_bodies(x, p);
  return {p.x, p.v, p.omega};
}

double moved(int n, const Bodies& end) {
  const Bodies start = problem(n);
  double m = 0;
  for (std::size_t i = 0; i < start.x.size(); ++i) m = std::max(m, (end.v[i] - start.v[i]).norm());
  return m;
}

}  // namespace

TEST_CASE("engine with the C-SDS under dopri5, cvode:bdf and the engine trapezoid") {
  const Csds law{2e5, 50.0, 0.3};
  for (int n : {2, 3}) {
    const Bodies dp = run_engine_ode(n, law, Scheme::dopri5);
    const Bodies bdf = run_engine_ode(n, law, Scheme::cvode);
    const double d_bdf = difference(dp, bdf);
    double spin = 0;
    for (std::size_t i = 0; i < dp.w.size(); ++i) spin = std::max(spin, kR * (dp.w[i] - problem(n).w[i]).norm());
    MESSAGE(n << " bodies: dopri5 - cvode:bdf " << d_bdf << " m/s; friction changed r omega by up to " << spin << " m/s");
    CHECK(spin > 0.05);  // friction acted
    CHECK(d_bdf < 1e-5 * moved(n, dp));
    double prev = 1e300, first = 0;
    for (double dt : {1e-4, 6.25e-6}) {
      const auto e = engine(n, law);
      GranularState s;
      s.bodies = arrays(problem(n));
      e.prepare(s);
      trapezoid_setup(e, s);
      TrapezoidOptions o;
      o.dt = dt;
      o.tol = 1e-10;
      trapezoid_run(e, s, t_end(n), o);
      const double d = difference({s.bodies.x, s.bodies.v, s.bodies.omega}, dp);
      MESSAGE("  engine trapezoid dt " << dt << " s: vs dopri5 " << d << " m/s");
      CHECK(d < 1e-2 * moved(n, dp));
      if (first == 0) first = d;
      prev = d;
    }
    // dt / 16: the gap closes at least like dt^{1/2}; the onsets (the dashpots' jump or h^{1/4} at first touch) and
    // the C-SDS sliding part make the trapezoid first order here, with an erratic constant (the onset's phase in
    // the step); measured 1.3e-3 -> 3.1e-5 m/s (2 bodies), 3.2e-3 -> 1.7e-4 m/s (3 bodies)
    CHECK(prev < first / 4);
  }
}

TEST_CASE("the state-vector form refuses laws without a modes or rate form, naming them") {
  const ParticleArrays p = arrays(problem(2));
  std::string message;
  try {
    EngineModel<HertzDamped, CundallStrack> m(engine(2, CundallStrack{}), p, 1.0);
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK(message.find("cundall-strack") != std::string::npos);
  CHECK(message.find("csds") != std::string::npos);
  message.clear();
  try {
    EngineModel<LinearSpringDashpot, Dsds> m(ParticleEngine<LinearSpringDashpot, Dsds>{}, p, 1.0);
  } catch (const InputError& e) {
    message = e.what();
  }
  CHECK(message.find("dsds") != std::string::npos);
}

// A contact closes at h = 0 with a zero spring and a zero cone; when it closes into slip, the slip direction comes from
// the slip velocity. A spring of round-off size (the first stage after the closing) pointed anywhere, and on one step
// size in four it pointed against the slip, so the switch back to stick fired at once: rk4 at dt = 2e-6 s ended the
// oblique two-body impact 0.28 m/s off while 2.5e-6 .. 2e-5 agreed to 1e-7. Every step size now gives the same motion.
TEST_CASE("Mindlin's modes: a contact closing into slip keeps the slip velocity's direction at every step size") {
  const Bodies start = problem(2);
  const ParticleArrays p0 = arrays(start);
  ParticleEngine<HertzDamped, Mindlin> e = engine(2, Mindlin::material(kE, kNu, 0.3));
  e.normal.xi = 0;  // undamped: the contact is smooth but for its switches, so rk4's error shows undisturbed
  const EngineModel<HertzDamped, Mindlin> model(e, p0, 1.0);
  auto run = [&](double dt, std::size_t& events) {
    Vec x = model.make_state(p0);
    Mode mode = model.initial_mode(0, x);
    SolverOptions o;
    o.kind = Scheme::rk4;
    o.dt = dt;
    const RunStats rs = integrate(model, 0, t_end(2), x, mode, o);
    events = rs.events.size();
    ParticleArrays p = p0;
    model.read_bodies(x, p);
    return Bodies{p.x, p.v, p.omega};
  };
  std::size_t events_ref = 0;
  const Bodies ref = run(2.5e-6, events_ref);
  CHECK(moved(2, ref) > 0.1);
  for (double dt : {2e-6, 4e-6, 5e-6, 1e-5, 2e-5}) {
    CAPTURE(dt);
    std::size_t events = 0;
    const Bodies b = run(dt, events);
    // rk4's error at these steps on the smooth pieces, the switches located: measured <= 1.7e-7 m/s
    CHECK(difference(b, ref) < 1e-6 * moved(2, ref));
    // (the count of located roots varies by one: a root where the slot's condition does not hold is handed over
    // and not acted on)
    CHECK(events >= events_ref - 1);
  }
}
