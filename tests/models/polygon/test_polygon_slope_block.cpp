// The square polygon on the slope (models/polygon/polygon_slope_block.hpp), a relation of models/contact_model.hpp,
// against things independent of it:
//   reduction     at theta = 0 the polygon's contact is the translating block's (models/incline_block.hpp): the same
//                 normal force, slip velocity and, with no friction, the same rates of s, v, y, w, over seeded draws.
//   engine        C-SDS friction, the relation under dopri5 (tight tolerances) against the polygon engine
//                 (models/polygon/polygon_engine.hpp) under velocity Verlet, which assembles the same physics from
//                 the same overlap relation on its own: the difference falls with the engine's step.
//   Coulomb       below the friction angle the Filippov driver and IDA hold the contact point (sliding mode / stick
//                 mode throughout); the centroid only tilts on the overlap's bed, bounded by twice the static tilt;
//                 above it the block slides with g (sin a - mu cos a).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/incline_block.hpp"
#include "models/polygon/polygon_engine.hpp"
#include "models/contact/relation_system.hpp"
#include "models/polygon/polygon_slope_block.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "studies/checks/polygon_block_trace.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;
using stickslip::test::uniform;

namespace {
constexpr double kDeg = M_PI / 180;

BlockParameters draw_block(std::mt19937_64& rng, double angle_deg) {
  BlockParameters p;
  p.size = uniform(rng, 3e-3, 3e-2);
  p.rho = uniform(rng, 1000, 8000);
  p.young = uniform(rng, 1e7, 1e8);
  p.mu = uniform(rng, 0.4, 0.8);
  p.normal_damping = uniform(rng, 0.5, 1.5);
  p.alpha = angle_deg * kDeg;
  return p;
}

}  // namespace

TEST_CASE("polygon block at theta = 0: the translating block's normal force, slip velocity and rates") {
  std::mt19937_64 rng(901);
  for (int draw = 0; draw < 20; ++draw) {
    const BlockParameters p = draw_block(rng, uniform(rng, 0, 40));
    const PolygonSlopeBlock poly{p};
    const InclineBlock block{p};
    const double y = -uniform(rng, 0.1, 3) * p.static_overlap(), w = uniform(rng, -1e-3, 1e-3), v = uniform(rng, -1, 1);
    Vec b6(6), b4(4);
    b6 << 0.1, v, y, w, 0.0, 0.0;
    b4 << 0.1, v, y, w;
    const double fn = block.normal_force(0, b4);
    // the overlap area l delta comes from clipping corners of size l: round-off ~ eps l/delta relative
    const double eps = 1e-14 * p.size / -y;
    CHECK(poly.normal_force(0, b6) == doctest::Approx(fn).epsilon(eps));
    CHECK(poly.contact(0, b6).v() == doctest::Approx(v).epsilon(1e-14));
    Vec d6(6), d4(4), none(0);
    poly.rates(0, b6, none, 0.0, d6, none);
    block.rates(0, b4, none, 0.0, d4, none);
    for (int k = 0; k < 4; ++k) CHECK(d6[k] == doctest::Approx(d4[k]).epsilon(eps).scale(p.g));
    CHECK(std::abs(d6[5]) <= 1e-9 * p.g / p.size);  // a face pressed flat: no torque
    // eq. 21 at the overlap's centroid (height y/2, the face at y < 0), (l + y)/2 below the body's centroid:
    // 1/m* = 1/m + ((l + y)/2)^2 6/(m l^2)
    const double r_n = 0.5 * (p.size + y);
    CHECK(poly.contact(0, b6).m_star ==
          doctest::Approx(1.0 / (1.0 / p.mass() + r_n * r_n * 6.0 / (p.mass() * p.size * p.size))).epsilon(eps));
  }
}

TEST_CASE("polygon block with C-SDS: the relation under dopri5 against the polygon engine under velocity Verlet") {
  std::mt19937_64 rng(902);
  for (int draw = 0; draw < 2; ++draw) {
    BlockParameters p = draw_block(rng, 10);
    p.alpha = std::atan(uniform(rng, 0.2, 0.5) * p.mu);  // sticking throughout: no switch of the C-SDS in the window
    const ConvexPolygon sq(std::vector<Vec2>{{0, 0}, {p.size, 0}, {p.size, p.size}, {0, p.size}});
    const double l_c = characteristic_length_wall(sq.equal_area_radius());
    const double period = 2 * M_PI * std::sqrt(p.mass() * l_c / (p.young * p.size));  // of the normal spring
    const double t_end = 20 * period, v0 = 0;
    // the relation through the law registry (Table 1: k_t = 2/7 Y, gamma_t = 1/4 sqrt(k_t m)/m per effective mass)
    PolygonSlopeBlock rel{p};
    rel.length = l_c;
    const LawValues values = p.law_values();
    const ContactSystem sys = make_contact_system(rel, "csds", values, relation_options(Driver::dopri5, false, false, ""));
    SolverOptions o;
    o.kind = Scheme::dopri5;
    o.dt = t_end;
    o.rtol = 1e-11;
    o.atol = 1e-18;
    Vec x(static_cast<Eigen::Index>(sys.size()));
    x.setZero();
    x[1] = v0;
    x[2] = -p.mass() * p.g * std::cos(p.alpha) * l_c / (p.young * p.size);  // F_n = Y A/l_c = m g cos a
    const Vec x0 = x;
    Mode mode = contact_initial_mode(sys, 0, x);
    simulate(sys, {0, t_end, o}, x, mode, [](const ContactSample&) {});
    // the engine: the same square on the half-plane, gravity in the slope's frame
    auto engine_run = [&](double dt) {
      PolygonEngine<Csds> e;
      e.normal = {p.young, p.normal_damping};
      e.tangential = Csds(p.kt(), p.gamma_t() / p.mass(), p.mu);
      e.boundaries.gravity = Vec3(p.g * std::sin(p.alpha), -p.g * std::cos(p.alpha), 0);
      e.shapes = {sq};
      e.walls = {half_plane_wall(Vec2(0, 0), Vec2(0, 1))};
      e.skin = 0.1 * p.size;
      GranularState s;
      e.add_body(s, 0, Vec2(0, x0[2] + 0.5 * p.size), 0.0, p.rho, Vec2(v0, 0));
      verlet_setup(e, s);
      (void)verlet_run(e, s, dt, std::lround(t_end / dt));
      return Vec3(s.bodies.x[0].x(), s.bodies.x[0].y() - 0.5 * p.size, s.theta[0]);
    };
    const double dt = period / 100;
    const Vec3 ref(x[0], x[2], x[4]);
    const Vec3 e1 = engine_run(dt) - ref, e2 = engine_run(dt / 2) - ref;
    const double scale = std::abs(x[0] - x0[0]) + p.size * std::abs(x[4]) + 1e-300;
    MESSAGE("draw " << draw << ": s(t_end) " << x[0] << " m, theta " << x[4] << " rad; engine - relation at dt "
                    << e1.transpose() << ", at dt/2 " << e2.transpose());
    CHECK(e2.norm() < 0.6 * e1.norm());  // the engine converges onto the relation's solution
    CHECK(std::abs(e2[0]) <= 1e-2 * scale);
  }
}

TEST_CASE("polygon block, Coulomb below the friction angle: Filippov and IDA hold the contact point") {
  std::mt19937_64 rng(903);
  for (int draw = 0; draw < 2; ++draw) {
    BlockParameters p = draw_block(rng, 10);
    p.alpha = std::atan(uniform(rng, 0.2, 0.5) * p.mu);  // well below: the rocking's swing of f_n never reaches mu f_n
    for (const bool dae : {false, true}) {
      const PolygonBlockTrace tr = trace_polygon_block_coulomb(p, dae, 0.01);
      const double drift_scale = static_tilt_displacement(p);
      // the face centre's displacement along the slope: the square rocks about its held face (up to l theta^2/4 of
      // geometry, below 0.3 % of the tilt's displacement); a slip of any length adds to it (verify's rest check)
      const double face = tr.max_face_displacement(p.size);
      MESSAGE(std::string(dae ? "IDA" : "Filippov") << ": alpha " << p.alpha / kDeg << " deg, mu " << p.mu
                                                    << ", max |s + l/2 sin theta| " << face << " m vs tilt "
                                                    << drift_scale << " m, max |v_t| " << tr.max_slip << " m/s, held "
                                                    << tr.held);
      CHECK(tr.held);
      CHECK(face <= 0.01 * drift_scale);
      CHECK(tr.max_slip <= 1e-9);
    }
  }
}

TEST_CASE("polygon block, Coulomb above the friction angle: slides with g (sin a - mu cos a)") {
  std::mt19937_64 rng(904);
  for (int draw = 0; draw < 2; ++draw) {
    BlockParameters p = draw_block(rng, 10);
    // mu < 1/3: the friction moment mu f_n l/2 moves the normal force's centre by mu l/2 < l/6, inside the face's kern,
    // so the face stays pressed (beyond, the sliding square tips onto its front corner and the force point moves)
    p.mu = uniform(rng, 0.1, 0.3);
    p.alpha = std::atan(uniform(rng, 1.5, 2.5) * p.mu);
    const double expected = p.g * (std::sin(p.alpha) - p.mu * std::cos(p.alpha));
    for (const bool dae : {false, true}) {
      // the least-squares slope of v over the second half of 20 normal periods, where the rocking's wobble averages out
      const PolygonBlockTrace tr = trace_polygon_block_coulomb(p, dae, sliding_trace_duration(p));
      const double a = tr.late_acceleration();
      MESSAGE(std::string(dae ? "IDA" : "Filippov") << ": a " << a << " vs g (sin a - mu cos a) " << expected);
      CHECK(std::abs(a - expected) <= 1e-3 * expected);
    }
  }
}
