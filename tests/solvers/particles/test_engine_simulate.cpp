// simulate, the particle engine's one entry for a run (solvers/particles/engine_simulate.hpp), against the loops it
// replaces, bit for bit:
// - a run to t_end covers [t0, t_end] on the grid k dt, the last step landing on t_end, an observer per step; a run
//   to where the state already is takes no step; the trapezoid's is one trapezoid_run over the span;
// - a run of n steps is n steps of dt; an observer that returns Flow::stop ends it after that step (the step where
//   a condition first holds: the falling body landing on the resting one), and the steps counted are those taken;
// - a split term is applied as two half steps around every step (Strang), as a hand loop does;
// - the trapezoid in a run that can stop takes each step as a trapezoid run of its own, as engine_step does;
// - a counted Verlet run without observer or ledger (verlet_run's fused steps) moves as verlet_step does.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "solvers/particles/engine_simulate.hpp"
#include "tests/solvers/particles/three_body_engine.hpp"

using namespace stickslip;

namespace {

using Engine = test::ThreeBodyEngine;
Engine engine() { return test::three_body_engine(); }
GranularState start() { return test::three_body_start(); }
bool same(const GranularState& a, const GranularState& b) { return test::same_state(a, b); }

// Whether the falling third body touches the resting second one.
bool landed(const GranularState& s) {
  return (s.bodies.x[2] - s.bodies.x[1]).norm() < s.bodies.radius[1] + s.bodies.radius[2];
}

}  // namespace

TEST_CASE("a run to t_end covers [t0, t_end] on the grid k dt, the last step landing on t_end, an observer per step") {
  const Engine e = engine();
  const double dt = 3e-6, t_end = 1e-3 + 1e-6;  // not a multiple of dt: the last step is shortened
  GranularState a = start(), b = start();
  EngineStepper st;
  engine_setup(e, a);
  std::vector<double> times;
  std::vector<long> ks;
  const EngineRunEnd end = simulate(e, a, st, {.dt = dt, .t_end = t_end}, [&](const GranularState& g, long k) {
    times.push_back(g.t);
    ks.push_back(k);
  });
  verlet_setup(e, b);
  VerletStats vs;
  const long steps = static_cast<long>(std::ceil(t_end / dt - 1e-9));
  for (long k = 1; k <= steps; ++k) verlet_step(e, b, std::min(dt, t_end - b.t), vs);
  b.t = t_end;
  CHECK(same(a, b));
  CHECK(end.steps == steps);
  CHECK_FALSE(end.stopped);
  REQUIRE(times.size() == static_cast<std::size_t>(steps));
  CHECK(times.back() == t_end);
  CHECK(times.front() == doctest::Approx(dt).epsilon(1e-12));
  CHECK(ks.front() == 1);
  CHECK(ks.back() == steps);
  // a run to where the state already is takes no step
  const GranularState before = a;
  CHECK(simulate(e, a, st, {.dt = dt, .t_end = a.t}, [&](const GranularState&) { FAIL("no step expected"); }).steps == 0);
  CHECK(same(a, before));

  SUBCASE("the trapezoid: one trapezoid_run over the span") {
    GranularState c = start(), d = start();
    EngineStepper tr;
    tr.scheme = Scheme::trapezoid;
    engine_setup(e, c);
    long observed = 0;
    const EngineRunEnd te = simulate(e, c, tr, {.dt = dt, .t_end = t_end}, [&](const GranularState&) { ++observed; });
    TrapezoidOptions o = tr.trapezoid;
    o.dt = dt;
    trapezoid_setup(e, d);
    const ParticleTrapezoidStats ts = trapezoid_run(e, d, t_end, o);
    CHECK(same(c, d));
    CHECK(observed == ts.steps);
    CHECK(te.steps == ts.steps);
    CHECK(c.t == t_end);
  }
}

TEST_CASE("a run of n steps, and an observer's stop after the step where its condition first holds") {
  const Engine e = engine();
  const double dt = 2e-6;
  GranularState ref = start();
  REQUIRE_FALSE(landed(ref));
  // the hand loop: the step at which the falling body first touches the resting one
  verlet_setup(e, ref);
  VerletStats vs;
  long first = 0;
  for (long k = 1; k <= 200000 && !first; ++k) {
    verlet_step(e, ref, dt, vs);
    if (landed(ref)) first = k;
  }
  REQUIRE(first > 10);  // the bodies fall a while before they land

  GranularState a = start();
  EngineStepper st;
  engine_setup(e, a);
  long seen = 0;
  const EngineRunEnd end = simulate(e, a, st, {.dt = dt, .steps = 200000}, [&](const GranularState& g, long k) {
    seen = k;
    return landed(g) ? Flow::stop : Flow::go_on;
  });
  CHECK(end.stopped);
  CHECK(end.steps == first);
  CHECK(seen == first);
  CHECK(st.steps() == first);
  CHECK(same(a, ref));

  SUBCASE("without a stop: exactly n steps of dt") {
    GranularState c = start(), d = start();
    EngineStepper sc;
    engine_setup(e, c);
    CHECK(simulate(e, c, sc, {.dt = dt, .steps = 123}).steps == 123);
    verlet_setup(e, d);
    VerletStats vd;
    for (int k = 0; k < 123; ++k) verlet_step(e, d, dt, vd);
    CHECK(same(c, d));
  }
  SUBCASE("the trapezoid in a run that can stop: each step a trapezoid run of its own, as engine_step") {
    GranularState c = start(), d = start();
    EngineStepper sc, sd;
    sc.scheme = sd.scheme = Scheme::trapezoid;
    engine_setup(e, c);
    engine_setup(e, d);
    const EngineRunEnd te = simulate(e, c, sc, {.dt = dt, .steps = 300},
                                     [&](const GranularState&, long k) { return k == 250 ? Flow::stop : Flow::go_on; });
    for (int k = 0; k < 250; ++k) engine_step(e, d, dt, sd);
    CHECK(te.steps == 250);
    CHECK(same(c, d));
  }
}

TEST_CASE("a split term: two half steps around every step, as a hand loop") {
  const Engine e = engine();
  const double dt = 2e-6, c_drag = 40;
  GranularState a = start(), b = start();
  const auto drag_of = [&](GranularState& s) {
    return [&s, c_drag](double h) {
      for (std::size_t i = 0; i < s.bodies.size(); ++i) s.bodies.v[i] *= std::exp(-c_drag * h * s.bodies.inv_mass[i]);
    };
  };
  EngineStepper sa, sb;
  engine_setup(e, a);
  engine_setup(e, b);
  long observed = 0;
  simulate(e, a, sa, {.dt = dt, .steps = 500}, [&](const GranularState&) { ++observed; }, drag_of(a));
  const auto drag_b = drag_of(b);
  for (int k = 0; k < 500; ++k) {
    drag_b(0.5 * dt);
    engine_step(e, b, dt, sb);
    drag_b(0.5 * dt);
  }
  CHECK(observed == 500);
  CHECK(same(a, b));
  // the drag did something: without it the state differs
  GranularState c = start();
  EngineStepper scc;
  engine_setup(e, c);
  simulate(e, c, scc, {.dt = dt, .steps = 500});
  CHECK_FALSE(same(a, c));
}

TEST_CASE("a counted Verlet run without observer or ledger takes the fused steps: verlet_step's motion, bit for bit") {
  static_assert(FusedVerletEngine<Engine>, "the three-body engine has the fused steps");
  const Engine e = engine();
  const double dt = 3e-6;
  const long steps = 400;  // the falling third body and the two at rest: every kick, drift and force pass
  GranularState fused = start(), stepped = start();
  EngineStepper a, b;
  engine_setup(e, fused);
  engine_setup(e, stepped);
  const EngineRunEnd end = simulate(e, fused, a, {.dt = dt, .steps = steps});
  simulate(e, stepped, b, {.dt = dt, .steps = steps}, [](const GranularState&) {});  // an observer: verlet_step
  CHECK(same(fused, stepped));
  CHECK(end.steps == steps);
  CHECK(a.verlet.steps == steps);
  CHECK(a.verlet.steps == b.verlet.steps);
  CHECK(a.verlet.rebuilds == b.verlet.rebuilds);
  CHECK(a.verlet.force_evaluations == b.verlet.force_evaluations);
}
