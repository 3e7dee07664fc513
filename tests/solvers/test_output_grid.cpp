// The output grid (solvers/output_grid.hpp): t0, every multiple of dt_out and t_end are kept, and both samples of
// an event (the same time twice), the one before the switch held back until its partner comes.
#include <doctest/doctest.h>

#include <vector>

#include "solvers/output_grid.hpp"

using namespace stickslip;

namespace {
// The times kept of a driver's samples, in the order a caller keeps them.
std::vector<double> kept(OutputGrid g, const std::vector<double>& samples) {
  std::vector<double> out;
  double previous = 0;
  for (double t : samples) {
    const OutputGrid::Keep k = g.next(t);
    if (k.previous) out.push_back(previous);
    if (k.current) out.push_back(t);
    previous = t;
  }
  return out;
}
}  // namespace

TEST_CASE("a fixed-step run at dt = dt_out / 4 keeps t0, the multiples of dt_out and t_end") {
  std::vector<double> samples;
  for (int k = 0; k <= 10; ++k) samples.push_back(0.025 * k);  // t_end = 0.25 is no multiple of 0.1
  const std::vector<double> want{0, 0.1, 0.2, 0.25};
  const std::vector<double> got = kept(OutputGrid(0.1, 0.25), samples);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(got[i] == doctest::Approx(want[i]).epsilon(1e-12));
}

TEST_CASE("an event between grid points keeps both of its samples, once each") {
  // samples: 0, 0.03, event at 0.05 (twice), 0.08, 0.1 (grid), event at 0.1 (on the grid: its first half is kept as
  // a grid point, its second as the pair), 0.13, t_end 0.15
  const std::vector<double> samples{0, 0.03, 0.05, 0.05, 0.08, 0.1, 0.1, 0.13, 0.15};
  const std::vector<double> want{0, 0.05, 0.05, 0.1, 0.1, 0.15};
  CHECK(kept(OutputGrid(0.1, 0.15), samples) == want);
}

TEST_CASE("a grid coarser than the run keeps only t0 and t_end, and a sample within 1e-9 dt_out of a grid point") {
  CHECK(kept(OutputGrid(10, 1), {0, 0.5, 1}) == std::vector<double>{0, 1});
  CHECK(kept(OutputGrid(1, 3), {0, 1 - 1e-12, 2 + 1e-12, 3}) == std::vector<double>{0, 1 - 1e-12, 2 + 1e-12, 3});
}
