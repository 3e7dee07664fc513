// O(N) pair finding of the particle engine against an O(N^2) brute-force search on random configurations (open,
// periodic, mixed; 3-D and planar), walls, and the history carried across rebuilds by key (i, j).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <random>
#include <set>
#include <utility>

#include "models/particles/neighbor_list.hpp"

using namespace stickslip;

namespace {

ParticleArrays random_particles(std::size_t n, double box, bool planar, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, box), rad(0.01, 0.04);
  ParticleArrays p;
  for (std::size_t i = 0; i < n; ++i)
    p.add(Vec3(u(rng), u(rng), planar ? 0.0 : u(rng)), Vec3::Zero(), rad(rng), 1.0, planar);
  return p;
}

std::set<std::pair<std::uint32_t, std::uint32_t>> brute_force(const ParticleArrays& p, const PeriodicBox& box,
                                                                double skin) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) {
      const double rc = p.radius[i] + p.radius[j] + skin;
      if (box.minimal_image_any(p.x[j] - p.x[i]).squaredNorm() < rc * rc)
        pairs.insert({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j)});
    }
  return pairs;
}

std::set<std::pair<std::uint32_t, std::uint32_t>> listed(const NeighborList& nl) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i + 1 < nl.first().size(); ++i)
    for (std::uint32_t k = nl.first()[i]; k < nl.first()[i + 1]; ++k) {
      if (k > nl.first()[i]) CHECK(nl.neighbors()[k - 1] < nl.neighbors()[k]);  // rows sorted, no duplicates
      pairs.insert({static_cast<std::uint32_t>(i), nl.neighbors()[k]});
    }
  return pairs;
}

// The pairs of CSR rows (first, nbr) equal `expected`, each row ascending without repeats.
bool listed_rows_match_brute_force(const std::vector<std::uint32_t>& first, const std::vector<std::uint32_t>& nbr,
                                   const std::set<std::pair<std::uint32_t, std::uint32_t>>& expected) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i + 1 < first.size(); ++i)
    for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
      if (k > first[i] && !(nbr[k - 1] < nbr[k])) return false;
      pairs.insert({static_cast<std::uint32_t>(i), nbr[k]});
    }
  return pairs == expected;
}

}  // namespace

TEST_CASE("Verlet list with cells finds exactly the brute-force pairs, open and periodic, 3-D and planar") {
  int cases = 0;
  std::size_t total_pairs = 0;
  for (bool planar : {false, true})
    for (int periodic : {0, 1, 2})  // none, all, x only
      for (double box_len : {0.35, 1.0})  // 0.35: fewer than 3 cells on a periodic axis
        for (unsigned seed : {1u, 2u, 3u}) {
          const std::size_t n = planar ? 150 : 300;
          ParticleArrays p = random_particles(n, box_len, planar, seed);
          Boundaries b;
          b.box.lo = Vec3::Zero();
          b.box.hi = Vec3::Constant(box_len);
          if (periodic == 1) b.box.periodic = {true, true, !planar};
          if (periodic == 2) b.box.periodic = {true, false, false};
          const double skin = 0.02;
          // Move some particles outside the box: the build folds them back on periodic axes.
          for (std::size_t i = 0; i < n; i += 7) p.x[i][0] += box_len;
          NeighborList nl;
          std::vector<Vec3> xi, wxi;
          nl.build(p, b, skin, xi, wxi);
          const auto expected = brute_force(p, b.box, skin);
          CAPTURE(planar);
          CAPTURE(periodic);
          CAPTURE(box_len);
          CHECK(listed(nl) == expected);
          CHECK(xi.size() == nl.num_pairs());
          total_pairs += expected.size();
          ++cases;
        }
  MESSAGE(cases << " configurations, " << total_pairs << " pairs, all equal to brute force");
  CHECK(total_pairs > 1000);
}

TEST_CASE("a periodic axis shorter than twice the cut-off is refused") {
  ParticleArrays p = random_particles(10, 0.1, false, 4);
  Boundaries b;
  b.box.hi = Vec3::Constant(0.1);
  b.box.periodic = {true, true, true};
  NeighborList nl;
  std::vector<Vec3> xi, wxi;
  CHECK_THROWS(nl.build(p, b, 0.02, xi, wxi));
}

TEST_CASE("springs survive rebuilds by key (i, j); new candidates start at zero; walls likewise") {
  ParticleArrays p = random_particles(400, 1.0, false, 5);
  Boundaries b;
  b.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
  b.segments.push_back(SegmentWall{Vec3(0, 0, 0), Vec3(1, 0, 0)});
  const double skin = 0.03;
  NeighborList nl;
  std::vector<Vec3> xi, wxi;
  nl.build(p, b, skin, xi, wxi);
  auto tag = [](std::uint32_t i, std::uint32_t j) { return Vec3(i, j, 1.0); };
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::uint32_t k = nl.first()[i]; k < nl.first()[i + 1]; ++k) xi[k] = tag(i, nl.neighbors()[k]);
    for (std::uint32_t k = nl.wall_first()[i]; k < nl.wall_first()[i + 1]; ++k) wxi[k] = tag(i, 1000 + nl.walls()[k]);
  }
  const auto before = listed(nl);
  std::set<std::pair<std::uint32_t, std::uint32_t>> wall_before;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::uint32_t k = nl.wall_first()[i]; k < nl.wall_first()[i + 1]; ++k) wall_before.insert({i, nl.walls()[k]});
  std::mt19937_64 rng(9);
  std::normal_distribution<double> step(0.0, 0.02);
  for (auto& x : p.x) x += Vec3(step(rng), step(rng), step(rng));
  CHECK(nl.needs_rebuild(p));
  nl.build(p, b, skin, xi, wxi);
  std::size_t kept = 0, fresh = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::uint32_t k = nl.first()[i]; k < nl.first()[i + 1]; ++k) {
      const std::uint32_t j = nl.neighbors()[k];
      if (before.count({static_cast<std::uint32_t>(i), j})) {
        CHECK(xi[k] == tag(i, j));
        ++kept;
      } else {
        CHECK(xi[k] == Vec3::Zero());
        ++fresh;
      }
    }
    for (std::uint32_t k = nl.wall_first()[i]; k < nl.wall_first()[i + 1]; ++k) {
      const std::uint32_t w = nl.walls()[k];
      CHECK(b.wall(w, p.x[i]).distance - p.radius[i] < skin);
      if (wall_before.count({static_cast<std::uint32_t>(i), w})) CHECK(wxi[k] == tag(i, 1000 + w));
      else CHECK(wxi[k] == Vec3::Zero());
    }
  }
  MESSAGE(kept << " springs carried, " << fresh << " new candidates");
  CHECK(kept > 50);
  CHECK(fresh > 10);
}

TEST_CASE("a build on threads gives the serial lists, transpose and carried springs, for any thread count") {
  // Random draws: open, periodic and mixed boxes with a wall, rows of every length; a first build, springs tagged by
  // key, a random move, and a second build that carries them. Every thread count must give the serial result.
  for (unsigned seed : {11u, 12u, 13u}) {
    std::mt19937_64 rng(seed);
    const bool planar = seed == 12;
    const std::size_t n = 700 + 300 * (seed - 11);
    const double box_len = std::uniform_real_distribution<double>(0.6, 1.2)(rng);
    ParticleArrays p0 = random_particles(n, box_len, planar, seed);
    Boundaries b;
    b.box.lo = Vec3::Zero();
    b.box.hi = Vec3::Constant(box_len);
    if (seed == 11) b.box.periodic = {true, true, true};
    if (seed == 13) b.box.periodic = {true, false, false};
    b.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
    const double skin = std::uniform_real_distribution<double>(0.005, 0.03)(rng);
    std::normal_distribution<double> step(0.0, 0.01);
    std::vector<Vec3> moves(n);
    for (auto& m : moves) m = Vec3(step(rng), step(rng), planar ? 0.0 : step(rng));
    struct Result {
      std::vector<std::uint32_t> first, nbr, wfirst, wall, tfirst, tslot;
      std::vector<Vec3> xi, wxi, roll, x;
    };
    auto run = [&](int threads) {
      ParticleArrays p = p0;
      NeighborList nl;
      std::vector<Vec3> xi, wxi, roll, wroll;
      std::unique_ptr<ThreadPool> pool;
      if (threads > 1) pool = std::make_unique<ThreadPool>(threads);
      nl.build(p, b, skin, xi, wxi, &roll, &wroll, pool.get());
      for (std::size_t i = 0; i < n; ++i) {
        for (std::uint32_t k = nl.first()[i]; k < nl.first()[i + 1]; ++k)
          xi[k] = Vec3(static_cast<double>(i), nl.neighbors()[k], 1.0), roll[k] = -xi[k];
        for (std::uint32_t k = nl.wall_first()[i]; k < nl.wall_first()[i + 1]; ++k) wxi[k] = Vec3(i, 1.0, 2.0);
      }
      for (std::size_t i = 0; i < n; ++i) p.x[i] += moves[i];
      nl.build(p, b, skin, xi, wxi, &roll, &wroll, pool.get());
      return Result{nl.first(), nl.neighbors(), nl.wall_first(), nl.walls(), nl.partner_first(), nl.partner_slots(),
                    xi, wxi, roll, p.x};
    };
    const Result serial = run(1);
    CHECK(listed_rows_match_brute_force(serial.first, serial.nbr, [&] {
      ParticleArrays p = p0;
      for (std::size_t i = 0; i < n; ++i) p.x[i] = b.box.wrap(p.x[i] + moves[i]);
      return brute_force(p, b.box, skin);
    }()));
    std::size_t carried = 0;
    for (const Vec3& x : serial.xi) carried += x[2] == 1.0;
    CHECK(carried > n / 4);  // springs did survive the move (the comparison below sees carried values)
    for (int threads : {2, 3, 4}) {
      CAPTURE(seed);
      CAPTURE(threads);
      const Result r = run(threads);
      CHECK(r.first == serial.first);
      CHECK(r.nbr == serial.nbr);
      CHECK(r.wfirst == serial.wfirst);
      CHECK(r.wall == serial.wall);
      CHECK(r.tfirst == serial.tfirst);
      CHECK(r.tslot == serial.tslot);
      CHECK(r.xi == serial.xi);
      CHECK(r.wxi == serial.wxi);
      CHECK(r.roll == serial.roll);
      CHECK(r.x == serial.x);
    }
  }
}

TEST_CASE("a build's counting sorts on threads (binning, transpose): the serial lists for narrow and wide key spans") {
  // A periodic lattice in row order (each thread's particles span a few cells and partners: the threaded sort) and the
  // same lattice shuffled (with 16 threads the spans add up to more than 4 (keys + n): the serial fallback); lists and
  // transpose equal the serial build's for 2, 4 and 16 threads.
  const int side = 14;
  const double pitch = 0.1, r = 0.0499;
  for (bool shuffled : {false, true}) {
    ParticleArrays p0;
    for (int k = 0; k < side * side * side; ++k)
      p0.add(Vec3(k % side, (k / side) % side, k / (side * side)) * pitch, Vec3::Zero(), r, 1.0);
    if (shuffled) {
      std::vector<std::uint32_t> order(p0.size());
      for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<std::uint32_t>(k);
      std::shuffle(order.begin(), order.end(), std::mt19937_64(5));
      p0.permute(order);
    }
    Boundaries b;
    b.box.lo = Vec3::Constant(-0.5 * pitch);
    b.box.hi = Vec3::Constant((side - 0.5) * pitch);
    b.box.periodic = {true, true, true};
    auto run = [&](int threads) {
      ParticleArrays p = p0;
      NeighborList nl;
      std::vector<Vec3> xi, wxi;
      std::unique_ptr<ThreadPool> pool;
      if (threads > 1) pool = std::make_unique<ThreadPool>(threads);
      nl.build(p, b, 0.01, xi, wxi, nullptr, nullptr, pool.get());
      return std::array<std::vector<std::uint32_t>, 4>{nl.first(), nl.neighbors(), nl.partner_first(),
                                                        nl.partner_slots()};
    };
    const auto serial = run(1);
    CHECK(serial[1].size() == 3 * p0.size());  // every lattice bond once
    for (int threads : {2, 4, 16}) {
      CAPTURE(shuffled);
      CAPTURE(threads);
      CHECK(run(threads) == serial);
    }
  }
}

TEST_CASE("the spatial sort on threads (order, rows and springs renumbered): the serial result for 2, 3, 4 and 16 threads") {
  for (unsigned seed : {21u, 22u}) {
    std::mt19937_64 rng(seed);
    const std::size_t n = 900;
    ParticleArrays p0 = random_particles(n, 1.0, seed == 22, seed);
    Boundaries b;
    b.box.lo = Vec3::Zero();
    b.box.hi = Vec3::Constant(1.0);
    b.box.periodic = {true, true, seed == 21};
    b.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
    const double skin = 0.02;
    struct Result {
      std::vector<std::uint32_t> order, first, nbr, wfirst, wall;
      std::vector<Vec3> xi, wxi, roll;
    };
    auto run = [&](int threads) {
      ParticleArrays p = p0;
      NeighborList nl;
      std::vector<Vec3> xi, wxi, roll, wroll;
      std::unique_ptr<ThreadPool> pool;
      if (threads > 1) pool = std::make_unique<ThreadPool>(threads);
      nl.build(p, b, skin, xi, wxi, &roll, &wroll, pool.get());
      for (std::size_t i = 0; i < n; ++i) {  // springs tagged by key, so that a wrong move or sign shows
        for (std::uint32_t k = nl.first()[i]; k < nl.first()[i + 1]; ++k)
          xi[k] = Vec3(static_cast<double>(i), nl.neighbors()[k], 1.0), roll[k] = 2.0 * xi[k];
        for (std::uint32_t k = nl.wall_first()[i]; k < nl.wall_first()[i + 1]; ++k) wxi[k] = Vec3(i, 1.0, 2.0);
      }
      Result r;
      nl.spatial_order(p, b, skin, r.order, pool.get());
      std::vector<std::uint32_t> new_of_old(n);
      for (std::size_t k = 0; k < n; ++k) new_of_old[r.order[k]] = static_cast<std::uint32_t>(k);
      nl.renumber(new_of_old, xi, wxi, &roll, &wroll, pool.get());
      r.first = nl.first(), r.nbr = nl.neighbors(), r.wfirst = nl.wall_first(), r.wall = nl.walls();
      r.xi = xi, r.wxi = wxi, r.roll = roll;
      return r;
    };
    const Result serial = run(1);
    std::vector<std::uint32_t> sorted = serial.order;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < n; ++k) CHECK(sorted[k] == k);  // a permutation
    CHECK(!std::is_sorted(serial.order.begin(), serial.order.end()));
    for (int threads : {2, 3, 4, 16}) {
      CAPTURE(seed);
      CAPTURE(threads);
      const Result r = run(threads);
      CHECK(r.order == serial.order);
      CHECK(r.first == serial.first);
      CHECK(r.nbr == serial.nbr);
      CHECK(r.wfirst == serial.wfirst);
      CHECK(r.wall == serial.wall);
      CHECK(r.xi == serial.xi);
      CHECK(r.wxi == serial.wxi);
      CHECK(r.roll == serial.roll);
    }
  }
}
