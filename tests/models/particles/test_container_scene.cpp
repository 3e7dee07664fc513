// tests/models/particles/test_container_scene.cpp — the container of Campello ex. 5.3 as engine data
// (models/particles/container_scene.hpp). References that follow from the geometry alone: no two centres closer than
// 2 r and no centre closer than r to a wall (a brute-force O(N^2) pass over the placement, the engine's own segment
// geometry for the walls), every centre inside the vessel, the bodies' mass rho 4/3 pi r^3 and inertia 2/5 m r^2,
// the vessel's area fraction N pi r^2 / (w h); over seeded random geometries as well as the defaults. The seeds whose
// random sequential addition jams at the default 230 particles (24 and 27) fall back to the jittered lattice; a
// vessel too small for the particles at any lattice is refused naming vessel_height, bad values naming their key.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <string>

#include "models/particles/container_scene.hpp"
#include "tests/input_error.hpp"

using namespace stickslip;

namespace {

struct Gaps {
  double pair = 1e300;  // smallest |x_i - x_j|^2 / (2 r)^2 - 1 (squared, as the placement tests it)
  double wall = 1e300;  // smallest centre-to-wall distance - r
  bool inside = true;   // every centre in the vessel
};

// Random sequential addition keeps |x_i - x_j|^2 >= 4 r^2 exactly; the lattice fits floor(w_c / 2r + 1e-9) + 1
// centres in a row of span w_c, so its spacing may fall short of 2 r by 1e-9 of it (never more).
double pair_tolerance(const ContainerSetup& c) { return c.placement == "lattice" ? 4e-9 : 0.0; }

Gaps gaps(const ContainerSpec& spec, const ContainerSetup& c) {
  Gaps g;
  const ParticleArrays& b = c.bodies;
  const double r = spec.radius, x_mid = 0.5 * (spec.floor_width + c.x_right);
  const double x0 = x_mid - 0.5 * spec.vessel_width, x1 = x_mid + 0.5 * spec.vessel_width;
  for (std::size_t i = 0; i < b.size(); ++i) {
    for (std::size_t j = i + 1; j < b.size(); ++j)
      g.pair = std::min(g.pair, (b.x[i] - b.x[j]).squaredNorm() / (4 * r * r) - 1);
    for (std::size_t w = 0; w < c.boundaries.num_walls(); ++w)
      g.wall = std::min(g.wall, c.boundaries.wall(w, b.x[i]).distance - r);
    g.inside = g.inside && b.x[i][0] >= x0 + r && b.x[i][0] <= x1 - r && b.x[i][1] >= c.vessel_bottom &&
               b.x[i][1] <= c.vessel_top && b.x[i][2] == 0.0;
  }
  return g;
}

}  // namespace

TEST_CASE("container scene: the default 230 spheres at rest in the vessel, walls, gravity, bodies") {
  const ContainerSpec spec;
  const ContainerSetup c = build_container(spec);
  CHECK(c.placement == "random");
  REQUIRE(c.bodies.size() == 230);
  const double r = spec.radius, m = spec.density * 4.0 / 3.0 * M_PI * r * r * r;
  CHECK(c.mass() == doctest::Approx(m).epsilon(1e-15));
  for (std::size_t i = 0; i < c.bodies.size(); ++i) {
    CHECK(c.bodies.radius[i] == r);
    CHECK(c.bodies.inv_inertia[i] == doctest::Approx(1 / (0.4 * m * r * r)).epsilon(1e-15));
    CHECK(c.bodies.v[i] == Vec3::Zero());
    CHECK(c.bodies.omega[i] == Vec3::Zero());
  }
  CHECK(c.young == spec.young);
  CHECK(c.poisson == spec.poisson);
  CHECK(c.boundaries.gravity == Vec3(0, -9.81, 0));
  CHECK(c.boundaries.planes.empty());
  REQUIRE(c.boundaries.segments.size() == 4);
  // floor width 2, incline 45 deg up to 3 m: the right wall at x = 5
  CHECK(c.x_right == doctest::Approx(5.0).epsilon(1e-14));
  CHECK(c.boundaries.segments[2].b == Vec3(c.x_right, 3.0, 0));
  CHECK(c.vessel_top - c.vessel_bottom == doctest::Approx(spec.vessel_height - 2 * r).epsilon(1e-14));
  CHECK(c.vessel_packing == doctest::Approx(230 * M_PI * r * r / (spec.vessel_width * spec.vessel_height)).epsilon(1e-14));
  const Gaps g = gaps(spec, c);
  CHECK(g.pair >= -pair_tolerance(c));
  CHECK(g.wall >= 0.0);
  CHECK(g.inside);
  // rotations off: the spins held at zero, nothing else changed
  const ParticleArrays frozen = container_bodies(c, false);
  for (std::size_t i = 0; i < frozen.size(); ++i) {
    CHECK(frozen.inv_inertia[i] == 0.0);
    CHECK(frozen.x[i] == c.bodies.x[i]);
    CHECK(frozen.inv_mass[i] == c.bodies.inv_mass[i]);
  }
  CHECK(container_bodies(c, true).inv_inertia == c.bodies.inv_inertia);
}

TEST_CASE("container placement: no overlaps, inside the vessel, for several and for random geometries") {
  std::vector<ContainerSpec> specs;
  for (double gap : {0.0, 0.1, 0.825})
    for (double width : {0.5, 0.75}) {
      ContainerSpec spec;
      spec.particles = 30;
      spec.vessel_height = 5.0;
      spec.vessel_width = width;
      spec.vessel_gap = gap;
      specs.push_back(spec);
    }
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int k = 0; k < 24; ++k) {
    ContainerSpec spec;
    spec.radius = 0.05 + 0.1 * u(rng);
    spec.vessel_width = spec.radius * (2.3 + 8 * u(rng));
    spec.vessel_height = spec.radius * (3 + 40 * u(rng));
    spec.vessel_gap = u(rng);
    spec.incline_deg = 10 + 70 * u(rng);
    spec.floor_width = 1 + 2 * u(rng);
    spec.seed = rng() % 1000;
    // the vessel over the face, inside the walls (wider: refused, below)
    spec.vessel_width = std::min(spec.vessel_width, spec.incline_rise / std::tan(spec.incline_deg * M_PI / 180));
    // up to 0.5 of the vessel's area: the random addition, and near its jamming limit (in narrow vessels) the lattice
    const double capacity = spec.vessel_width * spec.vessel_height / (M_PI * spec.radius * spec.radius);
    spec.particles = 1 + static_cast<std::size_t>(0.5 * u(rng) * capacity);
    specs.push_back(spec);
  }
  int lattices = 0;
  for (const ContainerSpec& spec : specs) {
    CAPTURE(spec.particles);
    CAPTURE(spec.radius);
    CAPTURE(spec.vessel_width);
    CAPTURE(spec.vessel_height);
    CAPTURE(spec.seed);
    ContainerSetup c;
    const std::string refused = test::input_error_message([&] { c = build_container(spec); });
    if (!refused.empty()) {  // a narrow vessel may hold fewer at any lattice: refused by its height, never a crash
      CHECK(refused.find("vessel_height") != std::string::npos);
      continue;
    }
    REQUIRE(c.bodies.size() == spec.particles);
    lattices += c.placement == "lattice";
    const Gaps g = gaps(spec, c);
    CHECK(g.pair >= -pair_tolerance(c));
    CHECK(g.wall >= 0.0);
    CHECK(g.inside);
  }
  MESSAGE(lattices << " of " << specs.size() << " placements fell back to the lattice");
}

TEST_CASE("container placement: the same seed gives the same placement, another seed another") {
  ContainerSpec spec;
  spec.particles = 40;
  spec.vessel_height = 3;
  spec.vessel_width = 1;
  const ContainerSetup a = build_container(spec), b = build_container(spec);
  CHECK(a.bodies.x == b.bodies.x);
  spec.seed = 2;
  CHECK(build_container(spec).bodies.x != a.bodies.x);
}

TEST_CASE("seeds whose random placement jams fall back to a jittered lattice without overlaps") {
  for (std::uint64_t seed : {24, 27}) {
    CAPTURE(seed);
    ContainerSpec spec;
    spec.seed = seed;
    const ContainerSetup c = build_container(spec);
    CHECK(c.placement == "lattice");
    const Gaps g = gaps(spec, c);
    CHECK(g.pair >= -pair_tolerance(c));
    CHECK(g.wall >= 0.0);
    CHECK(g.inside);
  }
}

TEST_CASE("container scene: bad values are refused naming their key") {
  const auto refused = [](auto change) {
    ContainerSpec spec;
    change(spec);
    return test::input_error_message([&] { build_container(spec); });
  };
  CHECK(refused([](ContainerSpec& s) { s.particles = 0; }).find("n=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.radius = 1.5; }).find("r=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.density = -1; }).find("rho=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.incline_deg = 90; }).find("incline_deg=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.incline_rise = 0; }).find("incline_rise=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.vessel_width = 0.2; }).find("vessel_width=") == 0);
  CHECK(refused([](ContainerSpec& s) { s.vessel_gap = -0.1; }).find("vessel_gap=") == 0);
  // at 80 deg the face's run is 3 m / tan(80 deg) = 0.53 m: a 0.75 m vessel would reach through the right wall
  CHECK(refused([](ContainerSpec& s) { s.incline_deg = 80; }).find("vessel_width=0.75: must be <= the inclined face's run") == 0);
  CHECK(refused([](ContainerSpec& s) { s.vessel_height = std::nan(""); }).find("vessel_height=") == 0);
  // 230 particles of r = 0.1 need about 10 rows of 3 in a 0.75 m vessel: 1 m holds at most 5 hexagonal rows
  const std::string small = refused([](ContainerSpec& s) { s.vessel_height = 1; });
  CHECK(small.find("vessel_height=") == 0);
  CHECK(small.find("holds at most") != std::string::npos);
  // a grid of more than 1e8 cells of 2 r
  CHECK(refused([](ContainerSpec& s) { s.radius = 1e-5, s.vessel_height = 1e4, s.particles = 10; }).find("vessel_height=") == 0);
}
