// models/particles/surface_drift.hpp against hand-computed displacements: two discs of a set moved by known vectors
// (a third, outside the set, moved too), and drift_rate as the least-squares slope of a line given exactly.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "models/particles/surface_drift.hpp"

using namespace stickslip;

TEST_CASE("surface drift: mean, centre-of-mass and largest displacement of the chosen discs only") {
  ParticleArrays p;
  for (int i = 0; i < 3; ++i) p.add(Vec3(i, 0, 0), Vec3::Zero(), 0.5, 1.0, true);
  const DriftReference ref(p, {0, 2});
  CHECK(ref.size() == 2);
  const SurfaceDrift still = ref.measure(p);
  CHECK(still.mean == 0);
  CHECK(still.com == 0);
  CHECK(still.max == 0);
  p.x[0] += Vec3(3, 4, 0);   // |d| = 5
  p.x[1] += Vec3(100, 0, 0);  // not in the set
  p.x[2] += Vec3(-3, 0, 0);  // |d| = 3
  const SurfaceDrift d = ref.measure(p);
  CHECK(d.mean == doctest::Approx(4));
  CHECK(d.com == doctest::Approx(2));  // <d> = (0, 2, 0)
  CHECK(d.max == doctest::Approx(5));
}

TEST_CASE("surface drift: an empty set drifts by 0") {
  ParticleArrays p;
  p.add(Vec3::Zero(), Vec3::Zero(), 0.5, 1.0, true);
  const DriftReference ref(p, {});
  p.x[0] += Vec3(1, 1, 0);
  const SurfaceDrift d = ref.measure(p);
  CHECK(d.mean == 0);
  CHECK(d.com == 0);
  CHECK(d.max == 0);
}

TEST_CASE("drift rate: the slope of the samples from t_from on, NaN with fewer than two") {
  const std::vector<double> t{0, 1, 2, 3, 4}, y{7, 7, 1, 3, 5};  // y = 2 t - 3 from t = 2 on
  CHECK(drift_rate(t, y, 2) == doctest::Approx(2));
  CHECK(std::isnan(drift_rate(t, y, 4)));
}
