// The progress of the current run (core/progress.hpp) as the progress line reads it: inside a driver's time loop
// the fraction is (t - t0) / (t_end - t0) of the step just taken; an outer span (a study running one model in
// pieces) wins over the drivers' spans inside it; no span open: negative.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/progress.hpp"
#include "models/sliding_plates.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {
// Runs the sliding plates from t0 to t1 with rk4 (dt 0.01) and returns the largest |fraction - expected(t)| seen by
// the observer, which runs after progress_at(t) of the same step.
template <class Expected>
double worst_mismatch(double t0, double t1, Expected expected) {
  const auto model_owned = plates_model(PlateParameters{}, "csds", Driver::fixed, false);
  const Model& model = *model_owned;
  Vec x(3);
  x << 4, 0, 0;
  Mode mode = model.initial_mode(t0, x);
  SolverOptions o;
  o.kind = Scheme::rk4;
  o.dt = 0.01;
  double worst = 0;
  integrate(model, t0, t1, x, mode, o, [&](double t, VecCRef, const Mode&) {
    if (t > t0) worst = std::max(worst, std::abs(run_fraction() - expected(t)));
  });
  return worst;
}
}  // namespace

TEST_CASE("the fraction of the run follows the driver's time loop; an outer span wins; none open is negative") {
  CHECK(run_fraction() < 0);
  CHECK(worst_mismatch(2, 4, [](double t) { return (t - 2) / 2; }) < 1e-12);
  CHECK(run_fraction() < 0);  // the driver's span closed with the run
  {
    const RunSpan outer(0, 8);  // e.g. a pour run in chunks of 2
    CHECK(run_fraction() == 0);
    CHECK(worst_mismatch(2, 4, [](double t) { return t / 8; }) < 1e-12);
    CHECK(run_fraction() == doctest::Approx(0.5));  // still open, at the last time reported
  }
  CHECK(run_fraction() < 0);
}
