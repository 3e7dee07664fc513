// RestDetector (solvers/rest_detector.hpp), the run-to-rest test of the heap's and the container's pours:
// at rest once quiet without a break for the hold (met at hold - slack), the stretch starting at its first quiet
// sample; a loud sample ends the stretch, reset forgets it.
#include <doctest/doctest.h>

#include "solvers/rest_detector.hpp"

using namespace stickslip;

TEST_CASE("at rest after `hold` of quiet samples; a loud sample starts the count again") {
  RestDetector r(0.3);
  CHECK_FALSE(r.quiet());
  CHECK(r.t_rest() == -1);
  CHECK_FALSE(r.update(0.0, false));
  CHECK_FALSE(r.update(0.1, true));  // the stretch starts here
  CHECK(r.t_rest() == 0.1);
  CHECK_FALSE(r.update(0.2, true));
  CHECK_FALSE(r.update(0.3, false));  // broken
  CHECK_FALSE(r.quiet());
  CHECK_FALSE(r.update(0.4, true));
  CHECK(r.t_rest() == 0.4);
  CHECK_FALSE(r.update(0.6, true));
  CHECK(r.update(0.75, true));  // 0.35 >= 0.3
  CHECK(r.t_rest() == 0.4);     // the first quiet sample of the stretch
  CHECK(r.at_rest(0.8));
  r.reset();
  CHECK_FALSE(r.quiet());
  CHECK_FALSE(r.at_rest(0.8));
}

TEST_CASE("slack: a hold on a grid of samples is met half a sample early, not earlier") {
  const double dt = 0.01;
  RestDetector exact(0.05), slack(0.05, 0.5 * dt);
  bool exact_done = false, slack_done = false;
  double t_exact = -1, t_slack = -1;
  for (int k = 0; k <= 20; ++k) {
    const double t = k * dt;  // on the grid: 0.05 itself may land a rounding below or above
    if (!exact_done && (exact_done = exact.update(t, true))) t_exact = t;
    if (!slack_done && (slack_done = slack.update(t, true))) t_slack = t;
  }
  CHECK(t_slack == doctest::Approx(0.05));  // the fifth step after the start, whatever the rounding of 5 dt
  CHECK(t_exact >= t_slack);
  CHECK(t_exact <= 0.06 + 1e-12);
  CHECK(RestDetector(0).update(1.0, true));  // no hold: at rest at the first quiet sample
}
