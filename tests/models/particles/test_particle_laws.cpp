// Law kernels of the particle engine against analytic single-contact responses: linear spring-dashpot restitution
// and contact time, Mindlin loading/unloading, the C-SDS and D-SDS sliding plates of seed 001 embedded as a sphere on
// a frozen partner, and the energy the D-SDS creates (seed 001 §3.3).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>

#include "solvers/particles/velocity_verlet.hpp"
#include "models/sliding_plates_exact.hpp"

using namespace stickslip;

namespace {

struct Impact {
  double restitution, contact_time;
};

// Two equal spheres approaching head-on at relative speed 2 (no friction: mu = 0).
Impact head_on(double kn, double gamma_n, double dt) {
  ParticleEngine<LinearSpringDashpot, Dsds> e;
  e.normal = {kn, gamma_n};
  e.tangential = {kn, 0.0, 0.0};
  e.skin = 0.01;
  GranularState s;
  s.bodies.add(Vec3(0, 0, 0), Vec3(1, 0, 0), 0.1, 1.0);
  s.bodies.add(Vec3(0.2 + 1e-3, 0, 0), Vec3(-1, 0, 0), 0.1, 1.0);
  verlet_setup(e, s);
  VerletStats st;
  bool touched = false;
  long steps_in = 0;
  for (long k = 0; k < 1000000; ++k) {
    verlet_step(e, s, dt, st);
    const double gap = (s.bodies.x[1] - s.bodies.x[0]).norm() - 0.2;
    if (gap < 0) {
      touched = true;
      ++steps_in;
    } else if (touched) {
      break;
    }
  }
  const double vrel = s.bodies.v[1][0] - s.bodies.v[0][0];
  return {vrel / 2.0, static_cast<double>(steps_in) * dt};
}

}  // namespace

TEST_CASE("linear spring-dashpot: restitution and contact time of a binary impact against the closed form") {
  const double kn = 1e5, meff = 0.5, w0 = std::sqrt(kn / meff);
  for (double zeta : {0.05, 0.2, 0.5}) {
    const double gamma_n = 2 * zeta * w0;
    const double e_exact = std::exp(-M_PI * zeta / std::sqrt(1 - zeta * zeta));
    const double tc_exact = M_PI / (w0 * std::sqrt(1 - zeta * zeta));
    for (double per : {200.0, 400.0, 800.0}) {
      const Impact im = head_on(kn, gamma_n, tc_exact / per);
      const double err = std::abs(im.restitution - e_exact);
      CAPTURE(zeta);
      CAPTURE(per);
      MESSAGE("zeta " << zeta << " dt = t_c/" << per << ": e " << im.restitution << " (exact " << e_exact
                      << ", error " << err << "), t_c " << im.contact_time << " (exact " << tc_exact << ")");
      CHECK(err < 1.0 / per);  // first order in dt (the dashpot sees the half-step velocity)
      CHECK(std::abs(im.contact_time - tc_exact) < 2.0 * tc_exact / per);
    }
  }
}

TEST_CASE("Mindlin: loading to the cone, sliding, elastic unloading and reverse sliding at fixed overlap") {
  const Mindlin law = Mindlin::material(1e8, 0.3, 0.4);
  ContactKinematics c;
  c.n = Vec3::UnitZ();
  c.h = 1e-4;
  c.hdot = 0;
  c.r_star = 0.05;
  c.m_star = 1;
  c.wall = false;
  const double normal = 100.0;
  const double kt = mindlin_stiffness(ContactPair{c.r_star, 0, law.g_pair, 1}, c.h);
  const double cone = law.mu * normal / kt;  // slip displacement
  const double dt = 1e-3, speed = cone / 50 / dt;
  Vec3 s = Vec3::Zero();
  double u = 0, u_turn = 0, max_err = 0, dissipated = 0;
  int phase = 0;  // 0 loading, 1 unloading
  for (int k = 0; k < 400; ++k) {
    const double dir = k < 150 ? 1.0 : -1.0;
    if (dir < 0 && phase == 0) phase = 1, u_turn = u;
    c.vt = Vec3(dir * speed, 0, 0);
    TangentialEnergy te;
    const Vec3 f = law.step(c, normal, s, dt, te);
    u += dir * speed * dt;
    // Analytic: F = -k_t u on loading up to the cone, then -mu N; after the turn F = -mu N + k_t (u_turn - u)
    // until +mu N.
    const double f_exact = phase == 0 ? std::max(-kt * u, -law.mu * normal)
                                      : std::min(-law.mu * normal + kt * (u_turn - u), law.mu * normal);
    max_err = std::max(max_err, std::abs(f[0] - f_exact));
    CHECK(te.jump <= 1e-12);
    dissipated -= te.jump;
  }
  MESSAGE("Mindlin max force error " << max_err << " N of mu N = " << law.mu * normal << "; slider dissipated "
                                     << dissipated);
  CHECK(max_err < 1e-9 * law.mu * normal);
  CHECK(dissipated > 0);
}

namespace {

// The sliding plates of seed 001 (m = k = F_max = 1, gamma = 2, v(0) = 4) as a sphere (no rotation, m = 1) pressed by
// gravity g = 1 onto a frozen partner with mu = 1, so F_max = mu m g = 1. wall = true: the partner is a plane wall;
// otherwise a frozen sphere of radius 1e7 (a plate to within x/R <= 1e-6 over the run).
template <class Tangential>
GranularState plates_on_engine(const Tangential& law, bool wall, double dt, double t_end, ParticleLedger* ledger) {
  ParticleEngine<LinearSpringDashpot, Tangential> e;
  const double kn = 1e4, m = 1, g = 1;
  e.normal = {kn, 2 * std::sqrt(kn / m)};  // critically damped normal
  e.tangential = law;
  e.boundaries.gravity = Vec3(0, 0, -g);
  e.skin = 0.1;
  GranularState s;
  const double r = 0.5, h0 = m * g / kn;
  if (wall) {
    e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
    s.bodies.add(Vec3(0, 0, r - h0), Vec3(4, 0, 0), r, m, false, false, false);
  } else {
    const double big = 1e7;
    s.bodies.add(Vec3(0, 0, 0), Vec3::Zero(), big, 1.0, false, true);
    s.bodies.add(Vec3(0, 0, big + r - h0), Vec3(4, 0, 0), r, m, false, false, false);
  }
  verlet_setup(e, s, ledger);
  VerletStats st;
  const long steps = std::lround(t_end / dt);
  for (long k = 0; k < steps; ++k) verlet_step(e, s, dt, st, ledger);
  return s;
}

}  // namespace

TEST_CASE("C-SDS: a sphere on a frozen partner reproduces the sliding plates' exact solution") {
  const PlateParameters pp;  // m = k = F_max = 1, gamma = 2
  const ExactSlidingPlates exact(pp, Csds{}, 4.0, 0.0, 10.0);
  for (bool wall : {true, false}) {
    double prev = 1;
    for (double dt : {2e-3, 1e-3, 5e-4}) {
      const Csds law{1.0, 2.0, 1.0};
      ParticleLedger ledger;
      const GranularState s = plates_on_engine(law, wall, dt, 5.0, &ledger);
      const Vec3 v = s.bodies.v.back();
      const double err_v = std::abs(v[0] - exact.at(5.0).v);
      // The pair (0, 1) holds the spring of body 0 (the frozen partner) against body 1: minus the plate's.
      const double xi = wall ? s.wall_xi.at(0)[0] : -s.xi.at(0)[0];
      const double err_xi = std::abs(xi - exact.at(5.0).xi);
      MESSAGE((wall ? "wall" : "pair") << " dt " << dt << ": v(5) " << v[0] << " exact " << exact.at(5.0).v
                                       << " error " << err_v << ", xi error " << err_xi << "; created " << ledger.created() << ", balance "
                                       << ledger.balance());
      CHECK(err_v < 5.0 * dt);
      CHECK(err_xi < 5.0 * dt);
      CHECK(err_v < prev);
      CHECK(ledger.created() == 0.0);
      prev = err_v;
    }
  }
}

TEST_CASE("D-SDS: the plates' D-SDS on the engine, and the energy its first reset creates") {
  const PlateParameters pp;
  const ExactSlidingPlates exact(pp, Dsds{}, 4.0, 0.0, 10.0);
  const double created_exact = std::pow(pp.gamma * 4.0 - pp.fmax, 2) / (2 * pp.k);  // 24.5
  for (double dt : {1e-3, 5e-4}) {
    const Dsds law{1.0, 2.0, 1.0};
    ParticleLedger ledger;
    const GranularState s = plates_on_engine(law, true, dt, 5.0, &ledger);
    const double err_v = std::abs(s.bodies.v.back()[0] - exact.at(5.0).v);
    MESSAGE("dt " << dt << ": v(5) error " << err_v << "; energy created " << ledger.created() << " (exact "
                  << created_exact << ")");
    CHECK(err_v < 10.0 * dt);
    CHECK(ledger.created() == doctest::Approx(created_exact).epsilon(0.01));
    CHECK(ledger.start.elastic_tangential == 0.0);  // set-up evaluates without resetting the stored spring
    CHECK(ledger.tangential_dissipation() > 0);
  }
}

TEST_CASE("dsds-stage: in velocity Verlet (one stage per step) it is the D-SDS, bit for bit, on the plates") {
  const PlateParameters pp;
  const ExactSlidingPlates exact(pp, Dsds{}, 4.0, 0.0, 10.0);
  const double dt = 1e-3;
  ParticleLedger ls, ld;
  const GranularState st = plates_on_engine(DsdsStage{{1.0, 2.0, 1.0}}, true, dt, 5.0, &ls);
  const GranularState sd = plates_on_engine(Dsds{1.0, 2.0, 1.0}, true, dt, 5.0, &ld);
  const double err_v = std::abs(st.bodies.v.back()[0] - exact.at(5.0).v);
  MESSAGE("dsds-stage dt " << dt << ": v(5) error " << err_v << ", created " << ls.created());
  CHECK(st.bodies.v == sd.bodies.v);
  CHECK(st.wall_xi == sd.wall_xi);
  CHECK(ls.created() == ld.created());
  CHECK(err_v < 10.0 * dt);
}
