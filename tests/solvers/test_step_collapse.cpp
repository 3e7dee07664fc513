// Issue 47, item 4: an adaptive run whose steps shrink so far that it could not reach t_end within the shared step
// limit (core/work_limits.hpp, StepCollapseLimit) ends with a SolverError that names the solver, the time and the
// limit, in every adaptive driver (dopri5, CVODE, IDA), instead of running without an end. Here the pace is made
// too slow by a small max_steps: a fast oscillator (omega = 1e4, ~1600 periods in [0, 1]) needs ~1e5 steps at
// rtol = 1e-8, and with max_steps = 1000 a mean step below 1e-3 is a collapse; the same run inside its limit goes
// through.
#include <doctest/doctest.h>

#include <string>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "solvers/step_collapse.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {
struct FastOscillator final : Model {
  double omega = 1e4;
  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "v"}; }
  void rhs(double, VecCRef x, const Mode&, VecRef xdot) const override {
    xdot[0] = x[1];
    xdot[1] = -omega * omega * x[0];
  }
};
}  // namespace

TEST_CASE("dopri5, cvode and ida end a run whose mean step falls below (t_end - t0) / max_steps with the reason") {
  const FastOscillator model;
  for (Scheme kind : {Scheme::dopri5, Scheme::cvode, Scheme::ida}) {
    INFO(to_string(kind));
    SolverOptions o;
    o.kind = kind;
    o.dt = 0.01;
    o.rtol = 1e-8;
    o.atol = 1e-10;
    o.events = false;
    o.max_steps = 1000;
    Vec x(2);
    x << 1, 0;
    Mode mode;
    std::string message;
    try {
      (void)integrate(model, 0, 1, x, mode, o);
    } catch (const SolverError& e) {
      message = e.what();
    }
    INFO(message);
    CHECK(message.find(to_string(kind) + ": step size collapsed") != std::string::npos);
    CHECK(message.find("limit: a mean step of at least (t_end - t0) / 1000 = 0.001") != std::string::npos);
    // Within the shared limit (1e9 steps) the same run goes through.
    o.max_steps = kMaxSteps;
    x << 1, 0;
    mode.clear();
    CHECK_NOTHROW((void)integrate(model, 0, 0.05, x, mode, o));
  }
}

TEST_CASE("StepCollapseLimit: a run whose mean step over 1e4 steps falls below (t_end - t0) / max_steps is a solver failure") {
  // Steps of 1e-6 over [0, 1]: 1e6 steps, far inside 1e9: never refused.
  {
    StepCollapseLimit limit("ida", 0, 1);
    double t = 0;
    for (int i = 0; i < 200000; ++i) limit.step(t += 1e-6);
    CHECK(limit.min_mean_step() == doctest::Approx(1e-9));
  }
  // Normal steps, then steps of 1e-14 (a collapse at t = 0.1): refused at the end of the first window that is all
  // collapsed, naming the solver, the time and the limit.
  StepCollapseLimit limit("ida", 0, 0.2);
  double t = 0;
  for (int i = 0; i < 5000; ++i) limit.step(t += 2e-5);
  std::string message;
  try {
    for (int i = 0; i < 3 * kCollapseWindow; ++i) limit.step(t += 1e-14);
  } catch (const SolverError& e) {
    message = e.what();
  }
  INFO(message);
  CHECK(message.find("ida: step size collapsed") != std::string::npos);
  CHECK(message.find("(t_end - t0) / 1000000000 = 2e-10") != std::string::npos);
  CHECK(message.find("to t = 0.1") != std::string::npos);
}
