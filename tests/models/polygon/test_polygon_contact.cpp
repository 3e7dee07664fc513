// The polygon relation (models/polygon/polygon_contact.hpp) and the overlap normal force
// (models/polygon/overlap_force.hpp), against independent references:
//   dA/dt            central differences of the reference area (convex hull, tests/models/polygon/brute_force.hpp)
//                    along random rigid motions of both bodies, pairs and walls;
//   slip velocity    central differences of the positions of the two material points at the force point;
//   effective masses the change of the relative velocity at c under a unit impulse applied to the rigid bodies;
//   symmetry         swapping the bodies flips n, v_rel, v_t and the force, keeps A, c, dA/dt;
//   invariance       a rigid motion of the whole pair (and a common velocity field) changes nothing but the frame;
//   N-gon vs wall    a regular N-gon pressed into a floor approaches the disc's circular segment (area, centroid
//                    depth, chord) at the rate of its shape error 1/N^2;
//   wall energy      the closed form Y A z_c/l equals the integral of the elastic power along random translations.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "core/errors.hpp"
#include "core/loglog_slope.hpp"
#include "models/polygon/overlap_force.hpp"
#include "models/polygon/polygon_contact.hpp"
#include "models/polygon/random_polygon.hpp"
#include "tests/models/polygon/brute_force.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

namespace {
using test::uniform;

// A body in motion: its shape, pose and velocities; world corners at time t of the motion with constant v, omega.
struct Moving {
  ConvexPolygon body;
  Vec2 x;
  double theta;
  Vec2 v;
  double omega;
  std::vector<Vec2> at(double t) const {
    std::vector<Vec2> w(body.corners().size());
    body.place(x + t * v, theta + t * omega, w);
    return w;
  }
  RigidMotion motion(double t = 0) const { return {x + t * v, v, omega}; }
};

Moving random_moving(std::mt19937_64& rng, const Vec2& x) {
  return {random_polygon(test::random_spec(rng, 14, 0.5, 1.5, 0.9), rng), x, uniform(rng, -M_PI, M_PI), Vec2(uniform(rng, -1, 1), uniform(rng, -1, 1)),
          uniform(rng, -1, 1)};
}

std::pair<Moving, Moving> random_moving_pair(std::mt19937_64& rng) {
  const Vec2 origin(uniform(rng, -5, 5), uniform(rng, -5, 5));
  Moving a = random_moving(rng, origin), b = random_moving(rng, origin);
  const double d = uniform(rng, 0, 0.8 * (a.body.bounding_radius() + b.body.bounding_radius()));
  const double phi = uniform(rng, 0, 2 * M_PI);
  b.x = origin + d * Vec2(std::cos(phi), std::sin(phi));
  return {std::move(a), std::move(b)};
}

PolygonContact contact_of(const Moving& a, const Moving& b, double t = 0) {
  const double l = characteristic_length(a.body.equal_area_radius(), b.body.equal_area_radius());
  return polygon_contact(a.at(t), a.motion(t), b.at(t), b.motion(t), l);
}
}  // namespace

TEST_CASE("dA/dt of random pairs under random rigid motions equals central differences of the reference area") {
  std::mt19937_64 rng(42);
  int checked = 0;
  for (int draw = 0; draw < 600; ++draw) {
    auto [a, b] = random_moving_pair(rng);
    const PolygonContact c = contact_of(a, b);
    if (!c.touching || c.area < 1e-6) continue;
    ++checked;
    const double h = 1e-6;
    const double fd = (test::hull_overlap(a.at(h), b.at(h)).area - test::hull_overlap(a.at(-h), b.at(-h)).area) / (2 * h);
    // Scale of dA/dt: chord x relative speed, O(1) here. Differences: h^2 A''' ~ 1e-12, round-off eps R^2/h ~ 1e-9.
    CHECK(std::abs(c.area_rate - fd) <= 1e-6);
    // Pure translation (omega_i = omega_j): dA/dt = |T| (v_rel . n), the property that defines n.
    Moving at = a, bt = b;
    at.omega = bt.omega = 0.3;
    const PolygonContact ct = contact_of(at, bt);
    if (!ct.normal_from_centroids) CHECK(ct.area_rate == doctest::Approx(ct.chord * ct.approach_rate).scale(1).epsilon(1e-12));
  }
  CHECK(checked > 300);
}

TEST_CASE("dA/dt against walls (half-plane, segment ends, moving wall) equals central differences") {
  std::mt19937_64 rng(8);
  int checked = 0;
  for (int draw = 0; draw < 400; ++draw) {
    const double phi = uniform(rng, 0, 2 * M_PI), len = uniform(rng, 0.5, 3);
    const Vec2 a(uniform(rng, -2, 2), uniform(rng, -2, 2)), t(std::cos(phi), std::sin(phi));
    const PolygonWall w = draw % 2 ? half_plane_wall(a, -perp(t)) : segment_wall(a, a + len * t);
    // The wall moves too (a conveyor, a shaken floor): translation and rotation about a point.
    const RigidMotion wall{a, draw % 4 == 0 ? Vec2(uniform(rng, -1, 1), uniform(rng, -1, 1)) : Vec2::Zero(),
                           draw % 4 == 0 ? uniform(rng, -1, 1) : 0.0};
    auto wall_at = [&](double tt) {
      // The wall's solid as a large polygon, moved rigidly with `wall` for time tt.
      const double big = 60, c = std::cos(wall.omega * tt), s = std::sin(wall.omega * tt);
      const Vec2 a0 = w.infinite ? Vec2(w.a - big * w.tangent()) : w.a, b0 = w.infinite ? Vec2(w.a + big * w.tangent()) : w.b;
      const Vec2 in = perp(w.tangent());
      std::vector<Vec2> solid{a0, b0, b0 + big * in, a0 + big * in};
      for (Vec2& p : solid) p = wall.x + tt * wall.v + rotate(p - wall.x, c, s);
      return solid;
    };
    Moving m = random_moving(rng, a + uniform(rng, -0.3, len + 0.3) * t + uniform(rng, -0.8, 0.8) * perp(t));
    const double l = characteristic_length_wall(m.body.equal_area_radius());
    const PolygonContact c = wall_contact(m.at(0), m.motion(), w, wall, l);
    if (!c.touching || c.area < 1e-6) continue;
    ++checked;
    const double h = 1e-6;
    const double fd = (test::hull_overlap(m.at(h), wall_at(h)).area - test::hull_overlap(m.at(-h), wall_at(-h)).area) / (2 * h);
    CHECK(std::abs(c.area_rate - fd) <= 1e-5);  // coordinates up to 60 in the reference: round-off 60^2 eps/h
    if (c.flat_side) CHECK(c.flat_depth > 0);
    if (w.infinite && !c.normal_from_centroids) CHECK(c.flat_side);  // a half-plane has one straight side
    if (w.infinite) CHECK((c.n + w.normal()).norm() < 1e-12);  // against a half-plane n is the wall's normal
  }
  CHECK(checked > 150);
}

TEST_CASE("slip velocity, arms and effective masses at the force point") {
  std::mt19937_64 rng(1);
  int checked = 0;
  for (int draw = 0; draw < 300; ++draw) {
    auto [a, b] = random_moving_pair(rng);
    const PolygonContact c = contact_of(a, b);
    if (!c.touching) continue;
    ++checked;
    CHECK((c.arm_i - (c.point - a.x)).norm() < 1e-14 * (1 + a.x.norm()));
    CHECK((c.arm_j - (c.point - b.x)).norm() < 1e-14 * (1 + b.x.norm()));
    // The material point of each body at c, followed in time (body frame, then back to the world).
    auto material = [&](const Moving& m, double t) {
      const Vec2 body = rotate(c.point - m.x, std::cos(-m.theta), std::sin(-m.theta));
      return Vec2(m.x + t * m.v + rotate(body, std::cos(m.theta + t * m.omega), std::sin(m.theta + t * m.omega)));
    };
    const double h = 1e-5;
    const Vec2 vi = (material(a, h) - material(a, -h)) / (2 * h), vj = (material(b, h) - material(b, -h)) / (2 * h);
    CHECK(((vi - vj) - c.v_rel).norm() < 1e-8);
    CHECK(std::abs(c.vt.dot(c.n)) < 1e-14);
    CHECK((c.vt + c.approach_rate * c.n - c.v_rel).norm() < 1e-14);
    // Effective masses: a unit impulse along t (or n) on i at c and its reaction on j change the relative velocity
    // at c along that direction by 1/m_eff (eq. 21 for t).
    const double rho_a = uniform(rng, 1000, 8000), rho_b = uniform(rng, 1000, 8000);
    const double mi = a.body.mass(rho_a), ii = a.body.inertia(rho_a), mj = b.body.mass(rho_b), ij = b.body.inertia(rho_b);
    for (const Vec2& e : {c.tangent(), c.n}) {
      const Vec2 dvi = e / mi, dvj = -e / mj;
      const double dwi = cross2(c.arm_i, e) / ii, dwj = cross2(c.arm_j, -e) / ij;
      const Vec2 dvrel = (dvi + dwi * perp(c.arm_i)) - (dvj + dwj * perp(c.arm_j));
      const double expect = e == c.n ? inv_mass_normal(c, 1 / mi, 1 / ii, 1 / mj, 1 / ij)
                                     : inv_mass_tangential(c, 1 / mi, 1 / ii, 1 / mj, 1 / ij);
      CHECK(dvrel.dot(e) == doctest::Approx(expect).epsilon(1e-12));
    }
  }
  CHECK(checked > 150);
}

TEST_CASE("swapping the bodies flips the normal, the velocities and the force; a rigid motion of the pair only moves the frame") {
  std::mt19937_64 rng(77);
  const OverlapNormalForce law{5e7, 1.5};
  int checked = 0;
  for (int draw = 0; draw < 500; ++draw) {
    auto [a, b] = random_moving_pair(rng);
    const PolygonContact ij = contact_of(a, b), ji = contact_of(b, a);
    REQUIRE(ij.touching == ji.touching);
    if (!ij.touching || ij.area < 1e-8) continue;
    ++checked;
    const double tol = 1e-11 / std::max(ij.chord, 1e-3);  // direction of T from round-off in its ends
    CHECK(ij.area == doctest::Approx(ji.area).epsilon(1e-11));
    CHECK((ij.point - ji.point).norm() < 1e-10 / ij.area);
    CHECK(ij.area_rate == doctest::Approx(ji.area_rate).scale(1).epsilon(1e-10));
    CHECK(ij.intersections == ji.intersections);
    CHECK(ij.l == ji.l);
    if (!ij.normal_from_centroids) {
      CHECK((ij.n + ji.n).norm() < tol);
      CHECK(ij.chord == doctest::Approx(ji.chord).epsilon(1e-10));
    }
    CHECK((ij.v_rel + ji.v_rel).norm() < 1e-10);
    CHECK((ij.vt + ji.vt).norm() < 1e-9);
    CHECK((ij.arm_i - ji.arm_j).norm() < 1e-10 / ij.area);
    // The force on i from (i, j) is the force on j from (j, i) (same normal force, tangential force flipped).
    const double m = 1.0, fn_ij = law.force(ij, m).total, fn_ji = law.force(ji, m).total;
    CHECK(fn_ij == doctest::Approx(fn_ji).epsilon(1e-9));
    const Vec2 ft = 0.3 * fn_ij * ij.tangent();  // a tangential force on i (a law's output lies along t)
    const ContactLoad q1 = contact_load(ij, fn_ij, ft), q2 = contact_load(ji, fn_ji, -ft);
    CHECK((q1.force_i + q2.force_i).norm() < 1e-9 * (1 + fn_ij) + tol * fn_ij);
    CHECK(q1.power == doctest::Approx(q2.power).scale(1 + fn_ij).epsilon(1e-9));
    // No net torque about any point: tau_i + tau_j + x_i x F_i + x_j x F_j = 0; power = f_n (v.n) - F_t . v_t.
    CHECK(std::abs(q1.torque_i + q1.torque_j + cross2(a.x, q1.force_i) - cross2(b.x, q1.force_i)) <
          1e-12 * (1 + fn_ij) * (1 + a.x.norm() + b.x.norm()));
    CHECK(std::abs(q1.power - (fn_ij * ij.approach_rate - ft.dot(ij.vt))) <= 1e-14 * (fn_ij + ft.norm()) * ij.v_rel.norm());
    // Rotate the whole pair by psi about the origin, translate by d, add the common velocity field u(s) = V + W perp(s).
    const double psi = uniform(rng, -M_PI, M_PI), cp = std::cos(psi), sp = std::sin(psi), W = uniform(rng, -1, 1);
    const Vec2 d(uniform(rng, -3, 3), uniform(rng, -3, 3)), V(uniform(rng, -1, 1), uniform(rng, -1, 1));
    auto moved = [&](Moving m) {
      m.x = d + rotate(m.x, cp, sp);
      m.theta += psi;
      m.v = rotate(m.v, cp, sp) + V + W * perp(m.x);
      m.omega += W;
      return m;
    };
    const PolygonContact r = contact_of(moved(a), moved(b));
    CHECK(r.area == doctest::Approx(ij.area).epsilon(1e-10));
    CHECK((r.point - (d + rotate(ij.point, cp, sp))).norm() < 1e-10 / ij.area);
    CHECK(r.area_rate == doctest::Approx(ij.area_rate).scale(1).epsilon(1e-9));
    if (!ij.normal_from_centroids) CHECK((r.n - rotate(ij.n, cp, sp)).norm() < 1e-9 / std::max(ij.chord, 1e-3));
    CHECK((r.v_rel - rotate(ij.v_rel, cp, sp)).norm() < 1e-9);
  }
  CHECK(checked > 250);
}

TEST_CASE("degenerate contacts: touching is no contact; one body inside or crossed squares use the centroid line") {
  const ConvexPolygon sq(std::vector<Vec2>{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}});
  std::vector<Vec2> a(4), b(4);
  sq.place(Vec2(0, 0), 0, a);
  SUBCASE("touching along an edge") {
    sq.place(Vec2(2, 0.5), 0, b);
    CHECK_FALSE(polygon_contact(a, {Vec2(0, 0)}, b, {Vec2(2, 0.5)}, 0.5).touching);
  }
  SUBCASE("a small body deep inside a large one: n along the centroid line, no intersection point") {
    const ConvexPolygon small(regular_polygon_corners(5, 0.2));
    std::vector<Vec2> s(5);
    small.place(Vec2(0.3, 0.4), 0.1, s);
    const PolygonContact c = polygon_contact(s, {Vec2(0.3, 0.4)}, a, {Vec2(0, 0)}, 0.1);
    CHECK(c.touching);
    CHECK(c.normal_from_centroids);
    CHECK(c.intersections == 0);
    CHECK(c.area == doctest::Approx(small.area()));
    CHECK((c.n - Vec2(-0.6, -0.8)).norm() < 1e-15);  // from the small body's centre towards the large one's
    CHECK((c.point - Vec2(0.3, 0.4)).norm() < 1e-15);
  }
  SUBCASE("concentric crossed squares: 8 intersection points, T = 0, no centroid line either: n = (1, 0)") {
    sq.place(Vec2(0, 0), M_PI / 4, b);
    const PolygonContact c = polygon_contact(a, {}, b, {}, 0.5);
    CHECK(c.intersections == 8);
    CHECK(c.normal_from_centroids);
    CHECK(c.n == Vec2(1, 0));
  }
  SUBCASE("crossed squares off centre: 8 intersection points, n = the gradient direction of A") {
    sq.place(Vec2(0.05, 0.02), M_PI / 4, b);
    const PolygonContact c = polygon_contact(a, {}, b, {Vec2(0.05, 0.02)}, 0.5);
    CHECK(c.intersections == 8);
    CHECK_FALSE(c.normal_from_centroids);
    const double h = 1e-7;
    auto area_at = [&](const Vec2& dx) {
      std::vector<Vec2> s = a;
      for (Vec2& v : s) v += dx;
      return test::hull_overlap(s, b).area;
    };
    const Vec2 grad((area_at({h, 0}) - area_at({-h, 0})) / (2 * h), (area_at({0, h}) - area_at({0, -h})) / (2 * h));
    CHECK((grad - c.chord * c.n).norm() < 1e-7);
    CHECK(c.n.dot(Vec2(0.05, 0.02).normalized()) > 0.99);  // into the partner, along the offset
  }
  SUBCASE("a polygon entirely inside a wall: n into the wall") {
    const PolygonWall floor = half_plane_wall(Vec2(0, 5), Vec2(0, 1));  // solid y <= 5
    const PolygonContact c = wall_contact(a, {}, floor, {}, 1.0);
    CHECK(c.normal_from_centroids);
    CHECK((c.n - Vec2(0, -1)).norm() < 1e-15);
    CHECK_FALSE(c.flat_side);
  }
}

TEST_CASE("a regular N-gon pressed into a floor approaches the disc's circular segment at the rate 1/N^2") {
  const double r = 1.0, depth = 0.2;  // disc of radius r, its lowest point 0.2 r below the floor's surface y = 0
  const PolygonWall floor = half_plane_wall(Vec2(0, 0), Vec2(0, 1));
  const double a = std::sqrt(2 * r * depth - depth * depth), alpha = 2 * std::acos((r - depth) / r);
  const double seg_area = 0.5 * r * r * (alpha - std::sin(alpha));
  const double seg_centroid_depth = 2 * a * a * a / (3 * seg_area) - (r - depth);  // centroid below the surface
  std::vector<double> ns, e_area, e_depth, e_chord;
  for (int n = 16; n <= kMaxPolygonCorners; n *= 2) {
    const ConvexPolygon p(regular_polygon_corners(n, r));
    std::vector<Vec2> w(static_cast<std::size_t>(n));
    double ea = 0, ed = 0, ec = 0;
    for (int k = 0; k < 16; ++k) {  // the worst of 16 orientations over one corner spacing
      const double phase = (2 * M_PI / n) * k / 16;
      p.place(Vec2(0, r - depth), phase, w);
      const PolygonContact c = wall_contact(w, {Vec2(0, r - depth)}, floor, {}, characteristic_length_wall(p.equal_area_radius()));
      REQUIRE(c.touching);
      CHECK((c.n - Vec2(0, -1)).norm() < 1e-15);
      CHECK(std::abs(c.point.x()) < 2 * a * M_PI * M_PI / (n * n));  // symmetric up to the shape error
      ea = std::max(ea, std::abs(c.area - seg_area) / seg_area);
      REQUIRE(c.flat_side);
      ed = std::max(ed, std::abs(c.flat_depth - seg_centroid_depth) / seg_centroid_depth);
      ec = std::max(ec, std::abs(c.chord - 2 * a) / (2 * a));
    }
    ns.push_back(n);
    e_area.push_back(ea);
    e_depth.push_back(ed);
    e_chord.push_back(ec);
  }
  // Shape error: the sagitta r (1 - cos(pi/N)) = r pi^2/(2 N^2) (1 + O(N^-2)); measured slopes -1.9 .. -2.1 are
  // second order; a first-order error (a wrong chord, a centroid of the corners) would give about -1.
  MESSAGE("slopes area ", loglog_slope(ns, e_area), " centroid depth ", loglog_slope(ns, e_depth), " chord ",
          loglog_slope(ns, e_chord));
  CHECK(loglog_slope(ns, e_area) == doctest::Approx(-2).epsilon(0.08));
  CHECK(loglog_slope(ns, e_depth) == doctest::Approx(-2).epsilon(0.08));
  CHECK(loglog_slope(ns, e_chord) == doctest::Approx(-2).epsilon(0.08));
  // Absolute size: within the sagitta's share of the segment.
  CHECK(e_area.back() < 3 * (M_PI * M_PI / (2.0 * 128 * 128)) * 2 * a / (seg_area / r));
}

TEST_CASE("flat-sided contacts: the elastic energy Y A z_c/l is the integral of the power along any rigid motions") {
  // Body i (random polygon) dips into a face of j and wanders along it, turning, while j (a half-plane, a long
  // segment wall, or a large square) moves and turns a little: the overlap's j side stays one straight edge.
  std::mt19937_64 rng(12);
  const OverlapNormalForce law{5e7, 0};
  int in_contact = 0;
  for (int draw = 0; draw < 30; ++draw) {
    const int kind = draw % 3;  // 0 half-plane, 1 segment wall, 2 square
    const ConvexPolygon p = random_moving(rng, Vec2::Zero()).body;
    const ConvexPolygon square(std::vector<Vec2>{{-10, -10}, {10, -10}, {10, 10}, {-10, 10}});
    const double theta0 = uniform(rng, -M_PI, M_PI), beta = uniform(rng, 0, 0.3), w3 = uniform(rng, 2, 9);
    const double l = kind == 2 ? characteristic_length(p.equal_area_radius(), square.equal_area_radius())
                               : characteristic_length_wall(p.equal_area_radius());
    double below = 0;  // how far body i reaches below its centroid at the start
    for (const Vec2& q : p.corners()) below = std::max(below, -rotate(q, std::cos(theta0), std::sin(theta0)).y());
    const double y0 = below, dip = uniform(rng, 0.15, 0.4) * below;  // touching at s = 0
    const double ax = uniform(rng, -1, 1), w1 = uniform(rng, 2, 9), w2 = uniform(rng, 2, 9), a8 = 0.8 * M_PI;
    const double w4 = uniform(rng, 1, 5), w5 = uniform(rng, 1, 5), w6 = uniform(rng, 1, 5);
    const bool j_moves = kind == 2;
    struct Pose {
      RigidMotion m;
      double theta;
    };
    auto pose_i = [&](double s) {
      const double bump = 1 + 0.3 * std::sin(w2 * s);
      return Pose{{Vec2(ax * std::sin(w1 * s), y0 - dip * std::sin(a8 * s) * bump),
                   Vec2(ax * w1 * std::cos(w1 * s),
                        -dip * (a8 * std::cos(a8 * s) * bump + std::sin(a8 * s) * 0.3 * w2 * std::cos(w2 * s))),
                   beta * w3 * std::cos(w3 * s)},
                  theta0 + beta * std::sin(w3 * s)};
    };
    auto pose_j = [&](double s) {
      if (!j_moves) return Pose{{}, 0.0};
      return Pose{{Vec2(0.1 * std::sin(w4 * s), -10 + 0.02 * std::sin(w5 * s)),
                   Vec2(0.1 * w4 * std::cos(w4 * s), 0.02 * w5 * std::cos(w5 * s)), 0.03 * w6 * std::cos(w6 * s)},
                  0.03 * std::sin(w6 * s)};
    };
    const PolygonWall wall = kind == 0 ? half_plane_wall(Vec2(0, 0), Vec2(0, 1)) : segment_wall(Vec2(5, 0), Vec2(-5, 0));
    std::vector<Vec2> wi(p.corners().size()), wj(4);
    int flat = 0, touching = 0;
    double u_max = 0;
    auto contact_at = [&](double s) {
      const Pose a = pose_i(s), b = pose_j(s);
      p.place(a.m.x, a.theta, wi);
      PolygonContact c;
      if (kind == 2) {
        square.place(b.m.x, b.theta, wj);
        c = polygon_contact(wi, a.m, wj, b.m, l);
      } else {
        c = wall_contact(wi, a.m, wall, {}, l);
      }
      touching += c.touching;
      flat += c.flat_side;
      u_max = std::max(u_max, flat_side_elastic_energy(c, law));
      return c;
    };
    auto work = [&](int steps) {  // trapezoid rule on the power along the path
      double u = 0, prev = elastic_power(contact_at(0), law);
      for (int k = 1; k <= steps; ++k) {
        const double cur = elastic_power(contact_at(static_cast<double>(k) / steps), law);
        u += 0.5 * (prev + cur) / steps;
        prev = cur;
      }
      return u;
    };
    const double du = flat_side_elastic_energy(contact_at(1), law) - flat_side_elastic_energy(contact_at(0), law);
    const double w1k = work(2000), w2k = work(4000);
    if (touching < 1000) continue;  // the path missed j
    ++in_contact;
    CHECK(flat == touching);  // the closed form applies all along
    // Second-order quadrature: the error of w2k is about |w2k - w1k|/3; allow the whole difference.
    CHECK(std::abs(w2k - du) <= std::abs(w2k - w1k) + 1e-12 * u_max);
    CHECK(std::abs(w2k - w1k) < 1e-4 * u_max);  // and the quadrature is resolved
  }
  CHECK(in_contact >= 25);
}

TEST_CASE("eq. 18: a square hitting a floor face-on rebounds with the restitution of the clamped spring-dashpot") {
  // Face-on at fixed orientation the overlap is a strip of width w and depth d: A = w d, dA/dt = w d', so the law is
  // f = k d + c d' with k = Y w/l, c = D sqrt(Y m) w/l, clamped at f >= 0 (m_eff = m: translation only). Reference:
  // the damped oscillator from d = 0, d' = v0, d(t) = v0/w_d e^(-zeta w0 t) sin(w_d t), until f = 0 (bisection on
  // the closed form); the restitution is -d'(t*)/v0. The simulation: RK4 on the centroid height with the force of
  // wall_contact + OverlapNormalForce at every stage, starting at first touch.
  std::mt19937_64 rng(31);
  const double rho = 5000, young = 5e7;
  for (int draw = 0; draw < 12; ++draw) {
    const double w = uniform(rng, 2e-3, 2e-2), damping = uniform(rng, 0.05, 1.3), v0 = uniform(rng, 0.05, 0.5);
    const ConvexPolygon sq(std::vector<Vec2>{{0, 0}, {w, 0}, {w, w}, {0, w}});
    const double m = sq.mass(rho), l = characteristic_length_wall(sq.equal_area_radius());
    const double k = young * w / l, c = damping * std::sqrt(young * m) * w / l;
    const double w0 = std::sqrt(k / m), zeta = c / (2 * std::sqrt(k * m)), wd = w0 * std::sqrt(1 - zeta * zeta);
    auto depth = [&](double t) { return v0 / wd * std::exp(-zeta * w0 * t) * std::sin(wd * t); };
    auto rate = [&](double t) {
      return v0 * std::exp(-zeta * w0 * t) * (std::cos(wd * t) - zeta * w0 / wd * std::sin(wd * t));
    };
    double lo = 0, hi = M_PI / wd;  // f(0) = c v0 > 0, f(pi/w_d) = c d' < 0
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (lo + hi);
      (k * depth(mid) + c * rate(mid) > 0 ? lo : hi) = mid;
    }
    const double e_exact = -rate(lo) / v0;
    const PolygonWall floor = half_plane_wall(Vec2(0, 0), Vec2(0, 1));
    const OverlapNormalForce law{young, damping};
    std::vector<Vec2> corners(4);
    auto accel = [&](double y, double v) {
      sq.place(Vec2(0, y), 0, corners);
      const PolygonContact ct = wall_contact(corners, {Vec2(0, y), Vec2(0, v), 0.0}, floor, {}, l);
      return -law.force(ct, m).total * ct.n.y() / m;  // the force on the square is -f_n n
    };
    auto restitution = [&](double dt) {
      double y = 0.5 * w, v = -v0;  // first touch, moving down
      for (long n = 0; n < 1000000 && (y < 0.5 * w || v < 0); ++n) {
        const double k1y = v, k1v = accel(y, v);
        const double k2y = v + 0.5 * dt * k1v, k2v = accel(y + 0.5 * dt * k1y, k2y);
        const double k3y = v + 0.5 * dt * k2v, k3v = accel(y + 0.5 * dt * k2y, k3y);
        const double k4y = v + dt * k3v, k4v = accel(y + dt * k3y, k4y);
        y += dt / 6 * (k1y + 2 * k2y + 2 * k3y + k4y);
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
      }
      return v / v0;
    };
    const double period = M_PI / wd, e1 = restitution(period / 400), e2 = restitution(period / 800);
    // First order: the damping force jumps from 0 to c v0 at first touch (A = 0 there is no contact), which RK4's
    // first stage misses; halving dt halves the error, and the extrapolation 2 e(dt/2) - e(dt) removes it.
    const double extrapolated = 2 * e2 - e1;
    CHECK(std::abs(e2 - e_exact) <= 1.2 * std::abs(e1 - e2));
    CHECK(std::abs(extrapolated - e_exact) <= 0.05 * std::abs(e1 - e2) + 1e-12);
    CHECK(zeta == doctest::Approx(damping * std::sqrt(w / l) / 2).epsilon(1e-12));  // the header's damping ratio
  }
}

TEST_CASE("the overlap normal force: Y A/l, eq. 18's damping on dA/dt, no pull; parameters validated") {
  PolygonContact c;
  c.touching = true;
  c.area = 2e-8;
  c.l = 1e-3;
  c.area_rate = -3e-6;
  const OverlapNormalForce law{5e7, 1.5};
  const double m = 0.03;
  const OverlapNormalForce::Value f = law.force(c, m);
  CHECK(f.elastic == doctest::Approx(5e7 * 2e-8 / 1e-3));
  CHECK(f.damping == doctest::Approx(1.5 * std::sqrt(5e7 * m) * -3e-6 / 1e-3));
  CHECK(f.total == doctest::Approx(std::max(0.0, f.elastic + f.damping)));
  c.area_rate = -3e-3;  // separating fast: the damping would pull
  CHECK(law.force(c, m).total == 0);
  c.touching = false;
  CHECK(law.force(c, m).elastic == 0);
  CHECK(characteristic_length(2.0, 2.0) == 1.0);
  CHECK(characteristic_length_wall(2.0) == 2.0);
  CHECK_THROWS_WITH_AS(check_overlap_normal_force({0, 1}, "polygon."), "polygon.young=0: a finite Young's modulus > 0 (Pa)", InputError);
  CHECK_THROWS_WITH_AS(check_overlap_normal_force({1e7, -1}), "damping=-1: a finite damping coefficient >= 0 (eq. 18's D)", InputError);
  CHECK_NOTHROW(check_overlap_normal_force({5e7, 1.5}));
}
