// solvers/switching_guard.hpp on its own: the noise band, the consistency rule at a restart and the guard of a
// grazing function, on a probe model whose field f is constant and whose switching functions are given directly.
// With g = x_0 (dg/dx = e_0) at x_0 = 0 the band is 10 atol (the round-off part vanishes with x); the rate of g along
// f is f_0, resolved when |f_0| > max(1e3 rtol, 1e-6) of its scale |f_0| (always, unless f_0 = 0).
#include <doctest/doctest.h>

#include <functional>
#include <limits>

#include "solvers/switching_guard.hpp"

using namespace stickslip;

namespace {

struct Probe final : Model {
  Vec f;
  std::vector<int> directions;
  std::size_t size() const override { return static_cast<std::size_t>(f.size()); }
  std::vector<std::string> state_names() const override { return std::vector<std::string>(size(), "x"); }
  void rhs(double, VecCRef, const Mode&, VecRef xdot) const override { xdot = f; }
  std::size_t num_events() const override { return directions.size(); }
  void events(double, VecCRef x, const Mode&, VecRef g) const override {
    for (std::size_t i = 0; i < directions.size(); ++i) g[static_cast<Eigen::Index>(i)] = x[static_cast<Eigen::Index>(i)];
  }
  int event_direction(std::size_t which) const override { return directions[which]; }
};

Probe probe(double f0, std::vector<int> directions = {+1}) {
  Probe p;
  p.f = Vec::Constant(static_cast<Eigen::Index>(directions.size()), f0);
  p.directions = std::move(directions);
  return p;
}

constexpr double kRtol = 1e-8, kAtol = 1e-10;
constexpr double kBand = 10 * kAtol;  // at x = 0

// g as a root finder sees it after a restart at x0 (one function).
double reported(const SwitchingGuard& guard, double t, double g_true) {
  Vec in(1), out(1);
  in << g_true;
  guard.report(t, in, out);
  return out[0];
}

}  // namespace

TEST_CASE("a function clearly past its root at a restart makes the mode inconsistent; one on its valid side does not") {
  RunStats stats;
  const Probe p = probe(0.0);
  SwitchingGuard guard(p, kRtol, kAtol, stats);
  Vec x(1);
  x << 1e-3;  // direction +1: g < 0 is valid, g = 1e-3 is far past the root
  guard.restart(0, x, Mode{0});
  REQUIRE(guard.inconsistent().has_value());
  CHECK(*guard.inconsistent() == 0);
  x << -1e-3;
  guard.restart(0, x, Mode{0});
  CHECK_FALSE(guard.inconsistent().has_value());
  CHECK_FALSE(guard.any_guarded());
  // Direction -1 (valid while g > 0): the same values with the roles exchanged.
  const Probe q = probe(0.0, {-1});
  SwitchingGuard down(q, kRtol, kAtol, stats);
  x << -1e-3;
  down.restart(0, x, Mode{0});
  CHECK(down.inconsistent().has_value());
  x << 1e-3;
  down.restart(0, x, Mode{0});
  CHECK_FALSE(down.inconsistent().has_value());
  CHECK(stats.root_evals > 0);
  CHECK(stats.rhs_evals > 0);
}

TEST_CASE("a grazing function (rate unresolved) inside its band reports its valid side until it leaves the band") {
  RunStats stats;
  const Probe p = probe(0.0);  // no motion: the rate of g is 0, not resolved
  SwitchingGuard guard(p, kRtol, kAtol, stats);
  Vec x(1);
  x << 0.5 * kBand;  // past the root, but inside the band: its sign carries no information
  guard.restart(0, x, Mode{0});
  CHECK_FALSE(guard.inconsistent().has_value());
  CHECK(guard.any_guarded());
  // Noise inside the band is reported as the valid side (-band), so no root is found in it.
  CHECK(reported(guard, 1, 0.9 * kBand) == doctest::Approx(-kBand));
  CHECK(reported(guard, 1, -0.9 * kBand) == doctest::Approx(-kBand));
  // Leaving the band on the firing side is a genuine switch: the true value is reported.
  CHECK(reported(guard, 1, 2 * kBand) == 2 * kBand);
  // An accepted step that ends clearly valid arms it: from then on the true values.
  Vec g(1);
  g << -2 * kBand;
  CHECK_FALSE(guard.arm(g));
  CHECK_FALSE(guard.any_guarded());
  CHECK(reported(guard, 2, 0.5 * kBand) == 0.5 * kBand);
}

TEST_CASE("at a resolved rate: on the root moving out fires right after, past it by round-off maps now, moving in arms") {
  RunStats stats;
  Vec x(1);
  {
    const Probe p = probe(1.0);  // g = x_0 rises: towards the firing side
    SwitchingGuard guard(p, kRtol, kAtol, stats);
    x << 0.0;
    guard.restart(3, x, Mode{0});
    CHECK_FALSE(guard.inconsistent().has_value());
    CHECK_FALSE(guard.any_guarded());
    // At the restart instant the exact zero is reported on the valid side, so the crossing right after is located.
    const double at_restart = reported(guard, 3, 0.0);
    CHECK(at_restart < 0);
    CHECK(at_restart == -std::numeric_limits<double>::denorm_min());
    CHECK(reported(guard, 3.001, 1e-3) == 1e-3);
    // Past the root by round-off and moving on: the mode is not valid here, map now.
    x << 0.5 * kBand;
    guard.restart(3, x, Mode{0});
    CHECK(guard.inconsistent().has_value());
  }
  {
    const Probe p = probe(-1.0);  // moving to the valid side: armed at once, nothing to map
    SwitchingGuard guard(p, kRtol, kAtol, stats);
    x << 0.5 * kBand;
    guard.restart(3, x, Mode{0});
    CHECK_FALSE(guard.inconsistent().has_value());
    CHECK_FALSE(guard.any_guarded());
  }
}

TEST_CASE("a suppressed function (its map declined) stays quiet until clearly valid, even far past its root") {
  RunStats stats;
  const Probe p = probe(0.0);
  SwitchingGuard guard(p, kRtol, kAtol, stats);
  Vec x(1);
  x << 1e-3;
  guard.restart(0, x, Mode{0});
  REQUIRE(guard.inconsistent().has_value());
  guard.suppress(0);
  CHECK_FALSE(guard.inconsistent().has_value());
  CHECK(guard.any_guarded());
  // Held on its valid side however far past the root it is, and while it has not come back beyond the band.
  CHECK(reported(guard, 1, 1e-3) < 0);
  CHECK(reported(guard, 1, -0.5 * kBand) < 0);
  Vec g(1);
  g << -0.5 * kBand;
  CHECK(guard.arm(g));  // not yet clearly valid
  g << -2 * kBand;
  CHECK_FALSE(guard.arm(g));  // clearly valid: released
  CHECK(reported(guard, 2, 1e-3) == 1e-3);
}
