// The event locator (solvers/event_locator.hpp: fixed-step re-stepping, dopri5's dense output), the SUNDIALS event
// loop (CVODE, IDA) and the switching guard, on a system whose switching times are known in closed form: a ball
// thrown up at 1/2 from height 1 under unit gravity, bouncing with restitution e = 1/2 (v -> -e v at x = 0):
// apex at 1/2 (height 9/8), impacts at t_1 = 2 (v = -3/2), then every flight 2 e^k 3/2: 3.5, 4.25, 4.625 (the
// impacts accumulate at t = 5), an apex (v falling through 0, a direction -1 function whose map changes nothing)
// halfway through each flight. Every restart starts the impact function exactly on its root (x = 0), moving to
// its valid side: it must not fire there. A root whose map changes nothing is handed over once.
#include <doctest/doctest.h>

#include <cmath>

#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {

struct BouncingBall final : Model {
  double e = 0.5;
  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "v"}; }
  Mode initial_mode(double, VecCRef) const override { return {0}; }
  void rhs(double, VecCRef x, const Mode&, VecRef xdot) const override {
    xdot[0] = x[1];
    xdot[1] = -1;
  }
  std::size_t num_events() const override { return 2; }
  void events(double, VecCRef x, const Mode&, VecRef g) const override {
    g[0] = -x[0];  // rises through 0 when the ball reaches the floor
    g[1] = x[1];   // falls through 0 at an apex
  }
  int event_direction(std::size_t which) const override { return which == 0 ? +1 : -1; }
  EventOutcome on_event(double, VecRef x, Mode& mode, std::size_t which) const override {
    if (which == 1) return {false, false};
    x[0] = 0;
    x[1] = -e * x[1];
    ++mode[0];  // counts the impacts
    return {true, false};
  }
};

struct Expected {
  std::vector<double> impacts, apexes;
};

Expected closed_form(double e, double t_end) {
  Expected x;
  x.apexes.push_back(0.5);
  double t = 2, flight = 2 * e * 1.5;  // the first impact (v = -3/2), the flight after it
  while (t < t_end) {
    x.impacts.push_back(t);
    if (t + flight / 2 < t_end) x.apexes.push_back(t + flight / 2);
    t += flight;
    flight *= e;
  }
  return x;
}

}  // namespace

TEST_CASE("impacts and apexes of a bouncing ball are located at their closed-form times by every driver") {
  const BouncingBall ball;
  const double t_end = 4.7;  // four impacts, four apexes
  const Expected exact = closed_form(ball.e, t_end);
  REQUIRE(exact.impacts.size() == 4);
  REQUIRE(exact.apexes.size() == 4);
  struct Case {
    Scheme kind;
    double tol;  // the time error allowed: RK4 integrates the parabolas exactly, the adaptive drivers to ~rtol
  };
  for (const Case c : {Case{Scheme::rk4, 1e-12}, Case{Scheme::dopri5, 1e-8}, Case{Scheme::cvode, 1e-7},
                       Case{Scheme::ida, 1e-7}}) {
    CAPTURE(to_string(c.kind));
    SolverOptions so;
    so.kind = c.kind;
    so.dt = 0.01;
    so.rtol = 1e-11;
    so.atol = 1e-13;
    Vec x(2);
    x << 1, 0.5;
    Mode mode = ball.initial_mode(0, x);
    // The observer sees each impact just after its map: the first call in the new mode.
    std::vector<double> after;
    int last_mode = 0;
    const RunStats stats = integrate(ball, 0, t_end, x, mode, so, [&](double, VecCRef y, const Mode& m) {
      if (m[0] != last_mode) after.push_back(y[1]), last_mode = m[0];
    });
    std::vector<double> impacts, apexes;
    for (const EventRecord& r : stats.events) {
      (r.which == 0 ? impacts : apexes).push_back(r.t);
      if (r.which == 0) CHECK(r.mode_after[0] == r.mode_before[0] + 1);
      else CHECK(r.mode_after == r.mode_before);
    }
    REQUIRE(impacts.size() == exact.impacts.size());
    REQUIRE(apexes.size() == exact.apexes.size());
    for (std::size_t k = 0; k < impacts.size(); ++k) {
      CAPTURE(k);
      CHECK(std::abs(impacts[k] - exact.impacts[k]) <= c.tol);
    }
    for (std::size_t k = 0; k < apexes.size(); ++k) CHECK(std::abs(apexes[k] - exact.apexes[k]) <= c.tol);
    CHECK(mode == Mode{4});
    // After the fourth impact at t_4 the ball flies up from 0 at v_4 = e^4 3/2 under unit gravity.
    const double v4 = std::pow(ball.e, 4) * 1.5, s = t_end - exact.impacts[3];
    CHECK(x[1] == doctest::Approx(v4 - s).epsilon(1e-6));
    CHECK(x[0] == doctest::Approx(v4 * s - s * s / 2).epsilon(1e-6));
    // Each impact's velocity is reversed and scaled by e (the map saw the located state, not one a step later).
    REQUIRE(after.size() == 4);
    for (std::size_t k = 0; k < after.size(); ++k) CHECK(after[k] == doctest::Approx(std::pow(ball.e, k + 1) * 1.5).epsilon(1e-7));
  }
}
