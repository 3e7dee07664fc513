// Cell-list neighbour search against brute force, and the flat contact arrays of the many-particle stepper.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "models/cell_list.hpp"
#include "models/sphere_scene.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/trapezoid_fixed_point.hpp"

using namespace stickslip;

namespace {
std::vector<Eigen::Vector3d> random_points(std::size_t n, double box, bool planar, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, box);
  std::vector<Eigen::Vector3d> x(n);
  for (auto& p : x) p = Eigen::Vector3d(u(rng), u(rng), planar ? 0.0 : u(rng));
  return x;
}
}  // namespace

TEST_CASE("cell list finds exactly the pairs of a brute-force O(N^2) search") {
  for (bool planar : {false, true})
    for (unsigned seed : {1u, 2u, 3u})
      for (double range : {0.03, 0.1, 0.25, 0.7}) {
        CAPTURE(planar);
        CAPTURE(seed);
        CAPTURE(range);
        const auto x = random_points(planar ? 400 : 600, 1.0, planar, seed);
        std::vector<std::pair<std::size_t, std::size_t>> brute, cells;
        for (std::size_t i = 0; i < x.size(); ++i)
          for (std::size_t j = i + 1; j < x.size(); ++j)
            if ((x[j] - x[i]).squaredNorm() < range * range) brute.emplace_back(i, j);
        CellList cl;
        for (double cell : {range, 1.5 * range}) {  // cell edge >= range, also a coarser grid
          cl.build(x, cell);
          CHECK(cl.cell_size() >= cell);
          cells.clear();
          cl.for_each_pair(x, range, [&](std::size_t i, std::size_t j) { cells.emplace_back(i, j); });
          std::sort(cells.begin(), cells.end());
          CHECK(cells.size() == brute.size());
          CHECK(cells == brute);
        }
      }
}

TEST_CASE("cell list: clustered points far apart (grid coarsened) and coincident points") {
  std::vector<Eigen::Vector3d> x = random_points(200, 0.1, false, 7);
  for (const auto& p : random_points(200, 0.1, false, 8)) x.push_back(p + Eigen::Vector3d(1000, 0, 0));
  x.push_back(x[0]);
  const double range = 0.02;
  std::size_t brute = 0, found = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) brute += (x[j] - x[i]).squaredNorm() < range * range;
  CellList cl;
  cl.build(x, range);
  CHECK(cl.num_cells() <= 4 * x.size() + 27);
  cl.for_each_pair(x, range, [&](std::size_t, std::size_t) { ++found; });
  CHECK(found == brute);
  CHECK(brute > 0);
}

TEST_CASE("stepper: contact arrays stop growing once the contacts are established; 1 and 2 threads agree bitwise") {
  // A resting 2-D heap: 20 particles settled in a small container, then 400 more steps.
  ContainerSpec spec;
  spec.particles = 20;
  spec.vessel_height = 2.0;
  spec.vessel_gap = 0.1;
  ContainerSetup c = build_container(spec);
  c.scene.params.xi = 0.9;
  c.scene.params.drag = 0.005;
  TrapezoidOptions o;
  o.dt = 2e-4;
  SphereStepper stepper(c.scene);
  ParticleState s = c.initial;
  run_trapezoid(stepper, 0.0, 2.5, s, o);
  const std::size_t cap = stepper.contact_capacity();
  const std::size_t contacts = stepper.num_contacts();
  CHECK(contacts > 0);
  std::size_t max_cap = cap;
  run_trapezoid(stepper, 2.5, 2.58, s, o, [&](double, const ParticleState&) { max_cap = std::max(max_cap, stepper.contact_capacity()); });
  CHECK(max_cap == cap);
  CHECK(stepper.num_contacts() == contacts);

  // Threads: a 3-D block of 2744 touching spheres on a floor (more than the 2048 items that start a second thread).
  SphereScene box;
  box.params.xi = 0.5;
  box.params.gravity = Vec3(0, -9.81, 0);
  const int side = 14;
  ParticleState b;
  for (int k = 0; k < side * side * side; ++k) box.add_sphere(0.1, 10.0, 1e8, 0.25);
  b.resize(box.num_particles());
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1e-3, 1e-3);
  for (int k = 0; k < side * side * side; ++k)
    b.x[k] = Vec3(0.2 * (k % side) + u(rng), 0.1 + 0.199 * ((k / side) % side), 0.2 * (k / (side * side)) + u(rng));
  box.add_plane(Vec3(0, 0, 0), Vec3(0, 1, 0));
  std::vector<ParticleState> ends;
  for (int threads : {1, 2}) {
    SphereStepper st(box);
    st.set_threads(threads);
    TrapezoidOptions ot;
    ot.dt = 1e-4;
    ot.threads = threads;
    ParticleState z = b;
    run_trapezoid(st, 0.0, 5e-4, z, ot);
    ends.push_back(z);
  }
  bool same = true;
  for (std::size_t p = 0; p < b.size(); ++p)
    same = same && ends[0].x[p] == ends[1].x[p] && ends[0].v[p] == ends[1].v[p] && ends[0].omega[p] == ends[1].omega[p];
  CHECK(same);
}

TEST_CASE("container placement: no particle overlaps another or a wall, for several geometries") {
  for (double gap : {0.0, 0.1, 0.825})
    for (double width : {0.5, 0.75}) {
      ContainerSpec spec;
      spec.particles = 30;
      spec.vessel_height = 5.0;
      spec.vessel_width = width;
      spec.vessel_gap = gap;
      const ContainerSetup c = build_container(spec);
      double min_gap = 1e9;
      for (std::size_t i = 0; i < spec.particles; ++i) {
        for (std::size_t j = i + 1; j < spec.particles; ++j)
          min_gap = std::min(min_gap, -c.scene.sphere_geometry(i, j, c.initial.x[i], c.initial.x[j]).h);
        for (std::size_t w = 0; w < c.scene.num_walls(); ++w)
          min_gap = std::min(min_gap, -c.scene.wall_geometry(i, w, c.initial.x[i]).h);
      }
      CAPTURE(gap);
      CHECK(min_gap >= 0.0);
    }
}
