// The assembler of systems (models/system/) against the built-in one-contact relations (models/contact_model.hpp): the
// friction oscillator and the sliding plates written as systems give the same trajectories, law by law and form by
// form (rate, reset rule, hybrid with events, the set-valued law's Filippov, DAE and sign forms), to round-off: the
// same equations through the same drivers. Both the oscillator's and the system's ledgers are off here (the ledger's
// rows would enter the adaptive drivers' error norms and change their steps).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "models/friction_oscillator.hpp"
#include "models/sliding_plates.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {

struct Sample {
  double t, x, v;
};

std::vector<Sample> builtin_oscillator(const OscillatorParameters& p, const std::string& law, const LawValues& values,
                                       const std::string& solver, double x0, double v0, double t_end, double dt) {
  const IntegratorSpec spec = parse_integrator("solver", solver);
  SolverOptions so;
  so.dt = dt, so.rtol = 1e-9, so.atol = 1e-12;
  so = contact_solver_options(spec, law_forms("friction", law, RelationKind::one_d), "solver", so);
  const ContactSystem sys = oscillator_system(p, law, values, driver_of(so.kind, runs_filippov(spec, law_forms("friction", law, RelationKind::one_d))), true, true);
  Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
  x[0] = x0, x[1] = v0;
  Mode mode = contact_initial_mode(sys, 0, x);
  std::vector<Sample> out;
  simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& s) { out.push_back({s.t, s.x[0], s.x[1]}); });
  return out;
}

SystemSpec oscillator_spec(const OscillatorParameters& p, const std::string& law, const LawValues& values, double x0,
                           double v0) {
  SystemBuilder b("oscillator");
  const std::size_t x = b.body("x", p.m, x0, v0);
  b.spring("k", b.at(x), SystemBuilder::ground(), p.k);
  b.contact("belt", {{x, 1.0}}, law, values, p.fn, TimeFunction::of(p.v_belt));
  return b.build();
}

std::vector<Sample> system_run(const SystemSpec& spec, const std::string& solver, double t_end, double dt) {
  SystemRunSettings st;
  st.solver = solver, st.dt = dt, st.rtol = 1e-9, st.atol = 1e-12, st.ledger = 0;
  std::vector<Sample> out;
  simulate(spec, st, 0, t_end, [&](const SystemSample& s) { out.push_back({s.t, s.q[0], s.v[0]}); });
  return out;
}

void same(const std::vector<Sample>& a, const std::vector<Sample>& b, double tol) {
  REQUIRE(a.size() == b.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].t == doctest::Approx(b[i].t).epsilon(1e-14));
    worst = std::max({worst, std::abs(a[i].x - b[i].x), std::abs(a[i].v - b[i].v)});
  }
  CHECK(worst <= tol);
}

}  // namespace

TEST_CASE("the friction oscillator as a system equals the built-in relation, law by law and form by form") {
  OscillatorParameters p;  // Krengel & Matuttis: m = 0.25, k = 1, mu = 0.4, F_N = 1
  struct Case {
    std::string law, solver;
    double v_belt, tol;
  };
  // Round-off of the same arithmetic in another order (the system's forces go through M^-1 (f + W^T F)); IDA's
  // consistent initial values and Newton iterations let rounding grow to a few 1e-12.
  const std::vector<Case> cases{
      {"coulomb", "filippov:rk4", 0, 1e-12},    {"coulomb", "filippov:dopri5", 0, 1e-11},
      {"coulomb", "ida", 0, 1e-9},              {"coulomb", "rk4", 0, 1e-12},
      {"csds", "rk4", 0, 1e-12},                {"csds", "dopri5", 0, 1e-11},
      {"dsds", "rk4", 0, 1e-12},                {"dsds-dae", "rk4", 0, 1e-12},
      {"cundall-strack", "heun", 0, 1e-12},     {"weakening", "filippov:dopri5", 0.2, 1e-11},
      {"stribeck", "filippov:cvode", 0.2, 1e-9}, {"tanh", "rk4", 0.1, 1e-12},
  };
  for (const Case& c : cases) {
    CAPTURE(c.law);
    CAPTURE(c.solver);
    p.v_belt = c.v_belt;
    LawValues values;
    if (c.law == "csds" || c.law == "dsds" || c.law == "dsds-dae" || c.law == "cundall-strack")
      values.set("mu", 0.4).set("kt", 50).set("gamma_t", 2);
    else if (c.law == "weakening") values.set("mu", 1).set("c_w", 3);
    else if (c.law != "stribeck") values.set("mu", 0.4);
    const double dt = 1e-3, t_end = 6;
    same(builtin_oscillator(p, c.law, values, c.solver, 1.9, 0, t_end, dt),
         system_run(oscillator_spec(p, c.law, values, 1.9, 0), c.solver, t_end, dt), c.tol);
  }
}
