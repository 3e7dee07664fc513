// The particle engine's drivers behind one entry (solvers/particles/engine_drivers.hpp):
// - which driver a spec names, and the refusals (a spec without an engine form; a law without the driver's form),
//   each naming the key, the value and what is allowed, checked against the registry's forms (not a copied table);
// - engine_step advances the engine exactly as the driver it stands for, bit for bit: velocity Verlet step by step,
//   the trapezoid as trapezoid_run of one step with the workspace kept (its predictor carries over). Whole runs
//   (simulate): tests/solvers/particles/test_engine_simulate.cpp.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "solvers/particles/engine_drivers.hpp"
#include "tests/input_error.hpp"
#include "tests/solvers/particles/three_body_engine.hpp"

using namespace stickslip;

namespace {

Driver driver_of(const std::string& spec) { return engine_driver("integrator", parse_integrator("integrator", spec)); }

std::string refusal_of(const std::string& spec, const std::string& law) {
  return test::input_error_message(
      [&] { (void)engine_driver("integrator", parse_integrator("integrator", spec), "tangential", law); });
}

using Engine = test::ThreeBodyEngine;
Engine engine() { return test::three_body_engine(); }
GranularState start() { return test::three_body_start(); }
bool same(const GranularState& a, const GranularState& b) { return test::same_state(a, b); }

}  // namespace

TEST_CASE("a spec names its engine driver; specs without an engine form are refused naming the key") {
  CHECK(driver_of("verlet") == Driver::verlet);
  CHECK(driver_of("trapezoid") == Driver::trapezoid);
  for (const char* ode : {"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "cvode:adams", "ida:3"})
    CHECK(driver_of(ode) == Driver::engine_ode);
  for (const char* none : {"filippov:rk4", "bdf", "bdf2", "em", "sde-heun"}) {
    const std::string m = test::input_error_message([&] { (void)driver_of(none); });
    CHECK(m.rfind("integrator=" + parse_integrator("integrator", none).text() + ":", 0) == 0);  // bdf2 as bdf:2
    CHECK(m.find("verlet") != std::string::npos);
  }
  // every scheme the engine studies offer is one of its drivers
  for (const std::string& s : engine_schemes()) CHECK_NOTHROW((void)driver_of(s));
}

TEST_CASE("a law runs under a driver exactly where the registry gives it that driver's form") {
  for (const std::string& law : particle_law_names())
    for (const std::string& spec : engine_schemes()) {
      const Driver d = driver_of(spec);
      const bool has = runs(law_forms("tangential", law, RelationKind::particles), d);
      const std::string m = refusal_of(spec, law);
      CHECK_MESSAGE(has == m.empty(), law << " x " << spec << ": " << m);
      if (!has) {
        CHECK(m.rfind("tangential=" + law + ":", 0) == 0);
        CHECK(m.find("laws with one:") != std::string::npos);
      }
    }
  // what the registry says, spelt out: coulomb (exact static per contact) has no trapezoid form, dsds (a reset after
  // each step) no state-vector form; csds runs everywhere
  CHECK(!refusal_of("trapezoid", "coulomb").empty());
  CHECK(refusal_of("verlet", "coulomb").empty());
  CHECK(!refusal_of("rk4", "dsds").empty());
  for (const std::string& spec : engine_schemes()) CHECK(refusal_of(spec, "csds").empty());
}

TEST_CASE("engine_stepper takes the fixed-step drivers only") {
  CHECK(engine_stepper("scheme", parse_integrator("scheme", "verlet")).scheme == Scheme::verlet);
  CHECK(engine_stepper("scheme", parse_integrator("scheme", "trapezoid")).scheme == Scheme::trapezoid);
  const std::string m =
      test::input_error_message([] { (void)engine_stepper("scheme", parse_integrator("scheme", "rk4")); });
  CHECK(m.rfind("scheme=rk4:", 0) == 0);
}

TEST_CASE("engine_step is velocity Verlet's step, and the trapezoid's with its workspace kept, bit for bit") {
  const Engine e = engine();
  const double dt = 2e-6;
  SUBCASE("verlet") {
    GranularState a = start(), b = start();
    ParticleLedger la, lb;
    EngineStepper st;
    st.scheme = Scheme::verlet;
    engine_setup(e, a, &la);
    verlet_setup(e, b, &lb);
    VerletStats vs;
    for (int k = 0; k < 400; ++k) {
      engine_step(e, a, dt, st, &la);
      verlet_step(e, b, dt, vs, &lb);
    }
    CHECK(same(a, b));
    CHECK(la.balance() == lb.balance());
    CHECK(st.steps() == 400);
    CHECK(st.force_evaluations() == vs.force_evaluations);
  }
  SUBCASE("trapezoid") {
    GranularState a = start(), b = start();
    EngineStepper st;
    st.scheme = Scheme::trapezoid;
    st.trapezoid.tol = 1e-8;
    engine_setup(e, a);
    trapezoid_setup(e, b);
    ParticleTrapezoidWork w;
    TrapezoidOptions o = st.trapezoid;
    o.dt = dt;
    long sweeps = 0;
    for (int k = 0; k < 200; ++k) {
      engine_step(e, a, dt, st);
      sweeps += trapezoid_run(e, b, dt, o, nullptr, [](const GranularState&) {}, w).iterations;
    }
    CHECK(same(a, b));
    CHECK(st.steps() == 200);
    CHECK(st.trapezoid_stats.iterations == sweeps);
  }
}
