// The book's polygon contact (Matuttis & Chen, the polygon studies' contact=book; models/polygon/polygon_contact.hpp,
// overlap_force.hpp, polygon_engine.hpp book_contact):
//   - l of eq. 7.6 as we read it, 4 d_i d_j/(d_i + d_j) with d the distances of the centres of mass to the force point,
//     on seeded random polygon pairs against a hand computation from the overlap's centroid found independently
//     (tests/models/polygon/brute_force.hpp hull_overlap: the convex hull of the candidate corners), and a wall's
//     4 d_i; about twice the radius for equal bodies, four times the equal-area l;
//   - the damping cap |f_damp| <= 2 f_el on hand-computed overlaps (above, below and at the cap, approaching and
//     separating), and no cap by default;
//   - the engine's normal force with book_contact: Y A/l + D sqrt(Y m_r) (dA/dt)/l with the pair's reduced mass m_r
//     and the cap, against the hand formula on the engine's own relation;
//   - a square resting on the floor under gravity settles where Y A/l = m g with l = 4 d (d its centroid's height
//     above the overlap's centroid): the static overlap of the book's wall contact.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/contact/frictionless.hpp"
#include "models/polygon/overlap_force.hpp"
#include "models/polygon/polygon_engine.hpp"
#include "models/polygon/random_polygon.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

TEST_CASE("contact=book: l = 4 d_i d_j/(d_i + d_j) from the overlap centroid, against a hand computation on random pairs") {
  std::mt19937_64 rng(4477);
  PolygonEngine<Frictionless> e;
  e.book_contact = true;
  int touching = 0;
  for (int draw = 0; draw < 40; ++draw) {
    GranularState s;
    e.shapes.clear();
    e.shape_of.clear();
    RandomPolygonSpec spec = test::random_spec(rng, 10, 1e-3, 5e-3, 0.8);
    spec.min_corners = 5;
    e.shapes.push_back(random_polygon(spec, rng));
    e.shapes.push_back(random_polygon(spec, rng));
    const double ri = e.shapes[0].bounding_radius(), rj = e.shapes[1].bounding_radius();
    const double phi = test::uniform(rng, 0, 2 * M_PI), gap = test::uniform(rng, 0.6, 0.98) * (ri + rj);
    e.add_body(s, 0, Vec2(0, 0), test::uniform(rng, 0, 2 * M_PI), 5000);
    e.add_body(s, 1, gap * Vec2(std::cos(phi), std::sin(phi)), test::uniform(rng, 0, 2 * M_PI), 5000);
    OverlapPolygon scratch;
    const PolygonContact pc = e.pair_relation(s, 0, 1, scratch);
    if (!pc.touching) continue;
    ++touching;
    std::array<Vec2, kMaxPolygonCorners> ci, cj;
    e.shapes[0].place(Vec2(0, 0), s.theta[0], std::span<Vec2>(ci.data(), static_cast<std::size_t>(e.shapes[0].size())));
    e.shapes[1].place(to_vec2(s.bodies.x[1]), s.theta[1],
                      std::span<Vec2>(cj.data(), static_cast<std::size_t>(e.shapes[1].size())));
    const test::AreaCentroidRef ref = test::hull_overlap(std::span<const Vec2>(ci.data(), static_cast<std::size_t>(e.shapes[0].size())),
                                                         std::span<const Vec2>(cj.data(), static_cast<std::size_t>(e.shapes[1].size())));
    const double di = ref.centroid.norm(), dj = (ref.centroid - to_vec2(s.bodies.x[1])).norm();
    CAPTURE(draw);
    CHECK(pc.l == doctest::Approx(4 * di * dj / (di + dj)).epsilon(1e-9));
    // the equal-area l of the same pair: the book's is about four times it for bodies of similar size
    CHECK(pc.l > characteristic_length(e.shapes[0].equal_area_radius(), e.shapes[1].equal_area_radius()));
  }
  CHECK(touching >= 30);
  // equal bodies touching at the midpoint of their centres: l = 2 d (twice the radius when d is the radius)
  CHECK(contact_point_length(Vec2(1.5, 0), Vec2(-1.5, 0)) == 3.0);
  CHECK(contact_point_length_wall(Vec2(0, -2)) == 8.0);
  CHECK(contact_point_length(Vec2(0, 0), Vec2(0, 0)) == 0.0);  // the engine keeps the equal-area l then
}

TEST_CASE("contact=book: the damping force is capped at twice the elastic one (hand-computed overlaps)") {
  PolygonContact c;
  c.touching = true;
  c.area = 2e-7;  // m^2
  c.l = 5e-3;     // m
  const double Y = 5e7, D = 1.5, m = 0.1, f_el = Y * c.area / c.l;  // 2000 N/m
  const double scale = D * std::sqrt(Y * m) / c.l;                    // f_damp per unit dA/dt
  OverlapNormalForce book{Y, D, 2.0}, plain{Y, D};
  for (double rate : {1e-2, 1e-3, -1e-3, -1e-2, 0.0}) {  // dA/dt (m^2/s): raw damping +-6708 (capped), +-671 N/m
    c.area_rate = rate;
    CAPTURE(rate);
    const double raw = scale * rate;
    const auto fb = book.force(c, m), fp = plain.force(c, m);
    CHECK(fp.damping == doctest::Approx(raw));
    CHECK(fb.damping == doctest::Approx(std::clamp(raw, -2 * f_el, 2 * f_el)));
    CHECK(fb.elastic == doctest::Approx(f_el));
    CHECK(fb.total == doctest::Approx(std::max(0.0, f_el + std::clamp(raw, -2 * f_el, 2 * f_el))));
  }
  c.area_rate = 1e-2;  // 6708 N/m raw: capped to 2 f_el = 4000
  CHECK(book.force(c, m).damping == doctest::Approx(4000));
  c.area = 0;  // first touch: no elastic force, so no damping either (the cap's point)
  c.area_rate = 1e-4;
  CHECK(book.force(c, m).total == 0.0);
  CHECK(plain.force(c, m).total > 0.0);
}

TEST_CASE("contact=book on the engine: the pair's reduced mass in eq. 18 and the cap") {
  std::mt19937_64 rng(91);
  for (int draw = 0; draw < 10; ++draw) {
    PolygonEngine<Frictionless> e;
    e.book_contact = true;
    e.normal = OverlapNormalForce{test::uniform(rng, 1e6, 5e7), test::uniform(rng, 0.5, 3), 2.0};
    RandomPolygonSpec spec;
    spec.mean_radius = 3e-3;
    e.shapes.push_back(random_polygon(spec, rng));
    e.shapes.push_back(random_polygon(spec, rng));
    GranularState s;
    const double rho_i = test::uniform(rng, 1000, 8000), rho_j = test::uniform(rng, 1000, 8000);
    const double gap = 0.9 * (e.shapes[0].bounding_radius() + e.shapes[1].bounding_radius());
    e.add_body(s, 0, Vec2(0, 0), 0.3, rho_i, Vec2(test::uniform(rng, 0, 0.2), 0.0), test::uniform(rng, -5, 5));
    e.add_body(s, 1, Vec2(gap, 0.001), 1.1, rho_j, Vec2(-test::uniform(rng, 0, 0.2), 0.0), test::uniform(rng, -5, 5));
    OverlapPolygon scratch;
    const PolygonContact pc = e.pair_relation(s, 0, 1, scratch);
    if (!pc.touching) continue;
    const double mi = e.shapes[0].mass(rho_i), mj = e.shapes[1].mass(rho_j), m_r = mi * mj / (mi + mj);
    const double f_el = e.normal.young * pc.area / pc.l;
    const double f_d = std::clamp(e.normal.damping * std::sqrt(e.normal.young * m_r) * pc.area_rate / pc.l, -2 * f_el, 2 * f_el);
    Vec3 xi = Vec3::Zero(), energy = Vec3::Zero();
    ContactSums sums;
    const ContactLoad q = e.pair_load<false>(s, 0, 1, xi, energy, 0.0, sums);
    CAPTURE(draw);
    CHECK(-q.force_i.dot(pc.n) == doctest::Approx(std::max(0.0, f_el + f_d)).epsilon(1e-12));
  }
}

TEST_CASE("contact=book: a square at rest on the floor sinks until Y A/l = m g with l = 4 d") {
  const double side = 0.01, rho = 5000, Y = 5e7, g = 9.81;
  PolygonEngine<Frictionless> e;
  e.book_contact = true;
  e.normal = OverlapNormalForce{Y, 1.5, 2.0};
  const std::array<Vec2, 4> sq{Vec2(-side / 2, -side / 2), Vec2(side / 2, -side / 2), Vec2(side / 2, side / 2),
                               Vec2(-side / 2, side / 2)};
  e.shapes.emplace_back(std::span<const Vec2>(sq.data(), 4));
  e.walls.push_back(half_plane_wall(Vec2(0, 0), Vec2(0, 1)));
  e.boundaries.gravity = Vec3(0, -g, 0);
  e.skin = 0.1 * side;
  GranularState s;
  e.add_body(s, 0, Vec2(0, side / 2), 0.0, rho);
  const double m = rho * side * side, k = Y * side / (4 * side / 2);  // face on the floor: l = 4 (side/2) at rest
  const double dt = 0.05 * std::sqrt(m / k);
  EngineStepper stepper;
  engine_setup(e, s);
  simulate(e, s, stepper, {.dt = dt, .t_end = 2000 * dt});
  // at rest: depth z below the floor, overlap A = side z, force point at depth z/2, d = side/2 - z/2
  const double z = -(s.bodies.x[0].y() - side / 2), d = side / 2 - z / 2;
  CHECK(Y * side * z / (4 * d) == doctest::Approx(m * g).epsilon(1e-6));
  CHECK(std::abs(s.bodies.v[0].y()) < 1e-9);
}

TEST_CASE("contact=book: velocity Verlet's bound 2/(omega (zeta + sqrt(zeta^2 + 1))) on the bounce of a square on the floor") {
  // The square face down on the floor: k = Y side/l, l = 4 (side/2) (the wall's book length at small depth), mass m
  // (a wall's reduced mass), eq. 18's c = D sqrt(Y m) side/l: zeta = D/(2 sqrt(2)), omega = sqrt(Y/(2 m)). Started
  // 1 % off its static overlap, the bounce decays below the bound and does not above it (the cap is idle so near
  // rest), a bound sharp to 5 %.
  const double side = 0.01, rho = 5000, Y = 5e7, g = 9.81, D = 1.5;
  const double m = rho * side * side, omega = std::sqrt(Y / (2 * m)), zeta = D / (2 * std::sqrt(2.0));
  const double bound = 2 / (omega * (zeta + std::sqrt(zeta * zeta + 1)));
  const auto amplitude_ratio = [&](double dt) {
    PolygonEngine<Frictionless> e;
    e.book_contact = true;
    e.normal = OverlapNormalForce{Y, D, 2.0};
    const std::array<Vec2, 4> sq{Vec2(-side / 2, -side / 2), Vec2(side / 2, -side / 2), Vec2(side / 2, side / 2),
                                 Vec2(-side / 2, side / 2)};
    e.shapes.emplace_back(std::span<const Vec2>(sq.data(), 4));
    e.walls.push_back(half_plane_wall(Vec2(0, 0), Vec2(0, 1)));
    e.boundaries.gravity = Vec3(0, -g, 0);
    e.skin = 0.1 * side;
    GranularState s;
    const double z = m * g * 2 * side / (Y * side);  // Y side z/l = m g at l ~ 2 side
    e.add_body(s, 0, Vec2(0, side / 2 - 1.01 * z), 0.0, rho);
    EngineStepper stepper;
    engine_setup(e, s);
    double first = 0, last = 0;
    long k = 0;
    simulate(e, s, stepper, {.dt = dt, .t_end = 600 * dt}, [&](const GranularState& q) {
      const double v = std::abs(q.bodies.v[0].y());
      if (k++ < 100) first = std::max(first, v);
      else if (k > 500) last = std::max(last, v);
    });
    return last / first;
  };
  // measured: 1.5e-10, 1.7e-10, 4.9e-9 at 0.9, 0.95, 1.0 of the bound; 1.03, 0.93, 3.0 at 1.05, 1.1, 1.2 (past the bound
  // the bounce grows until the square lifts off and lands again: it does not decay)
  CHECK(amplitude_ratio(0.95 * bound) < 1e-6);
  CHECK(amplitude_ratio(1.05 * bound) > 0.5);
  CHECK(amplitude_ratio(1.2 * bound) > 0.5);
}
