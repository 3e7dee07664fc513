// tests/models/particles/test_container_packing.cpp — the packing measures of models/particles/container_packing.hpp
// on arrangements whose values follow by hand: a row of discs resting on the floor of the default container of
// Campello ex. 5.3 (models/particles/container_scene.hpp), each
// overlapping its neighbours and the floor slightly (every bond angle 0 or pi, so |psi_6| = 1; N - 1 pair contacts and
// N floor contacts; the area fraction of N discs in the floor window), and a hexagonal patch (psi_6 = 1, its centre
// with exactly 6 neighbours).
#include <cmath>
#include <doctest/doctest.h>
#include <vector>

#include "models/particles/container_packing.hpp"

using namespace stickslip;

TEST_CASE("container packing: a row of discs on the floor") {
  const ContainerSpec spec;  // r = 0.1, floor 2 m
  const ContainerSetup setup = build_container(spec);
  const double r = spec.radius;
  std::vector<Vec3> x;
  for (int k = 0; k < 8; ++k) x.emplace_back(0.3 + k * 1.99 * r, 0.99 * r, 0.0);
  const ContainerPacking pk = container_packing(setup, spec, x);
  const double n = static_cast<double>(x.size());
  CHECK(pk.particles_inside == x.size());
  CHECK(pk.centroid_y == doctest::Approx(0.99 * r).epsilon(1e-12));
  CHECK(pk.top_y == doctest::Approx(1.99 * r).epsilon(1e-12));
  CHECK(pk.wall_contacts == n);
  CHECK(pk.contacts_per_particle == doctest::Approx((2 * (n - 1) + n) / n).epsilon(1e-12));
  CHECK(pk.psi6 == doctest::Approx(1).epsilon(1e-12));
  CHECK(pk.six_neighbour_fraction == 0);
  // Window x in [2r, floor - 2r], y in [0, 10r]: N discs of area pi r^2 (the overlaps are below 1 % of it), sampled
  // on a 200 x 100 grid.
  const double window = (spec.floor_width - 4 * r) * 10 * r;
  CHECK(pk.area_fraction == doctest::Approx(n * M_PI * r * r / window).epsilon(0.03));
}

TEST_CASE("container packing: a hexagonal patch has psi_6 = 1 and one particle with 6 neighbours") {
  const ContainerSpec spec;
  const ContainerSetup setup = build_container(spec);
  const double r = spec.radius, d = 2.02 * r;  // neighbours within 1.05 d, not touching
  const Vec3 centre(1.0, 0.5, 0.0);
  std::vector<Vec3> x{centre};
  for (int k = 0; k < 6; ++k) x.push_back(centre + d * Vec3(std::cos(k * M_PI / 3), std::sin(k * M_PI / 3), 0.0));
  const ContainerPacking pk = container_packing(setup, spec, x);
  CHECK(pk.psi6 == doctest::Approx(1).epsilon(1e-12));
  CHECK(pk.six_neighbour_fraction == doctest::Approx(1.0 / 7).epsilon(1e-12));
  CHECK(pk.contacts_per_particle == 0);
  CHECK(pk.wall_contacts == 0);
  CHECK(pk.particles_inside == x.size());
}
