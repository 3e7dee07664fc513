// coulomb-km, Krengel & Matuttis' scheme as printed (models/contact/coulomb_km.hpp), against independent references:
//   - eq. 15-17 evaluated literally (delta from eq. 17, then (v + delta f/m)/delta) on seeded random states: the
//     closed forms -f_I/(9 m), f_II/(9 m); eq. 7-8 at v = 0; the case list; lambda = eq. 13; no NaN at v = 0, f = 0;
//   - the 1-D lambda of eq. 12-13 against the Filippov driver's (solvers/filippov_driver.hpp, surface_flow) on the
//     dry-friction oscillator's sliding mode, at seeded random places in the stick band;
//   - the dry-friction oscillator (m = 0.25, k = 1, mu F_N = 0.4, x0 = 1.9) under Heun against its exact stick time pi
//     and place 0.3 (models/dry_friction_exact.hpp): the stick time (first sign change of v in the stick band) is
//     first order (within 2 dt), the place second order (Heun's sliding phases: errors 2.1e-5 .. 2.7e-7 for dt 4e-3 ..
//     5e-4); after it the place creeps towards x = 0 at the rate dt k/(2 m) (the chatter's mean slip, derived in the
//     law's header);
//   - the block below the friction angle (models/incline_block.hpp, normal equilibrium, Table 1): released at exact
//     rest it does not move (F = f_stick); launched at v0 it stops and then creeps by dt^2 g sin(alpha)/2 per Heun
//     step, the mean of the circle rotation u -> (u + A) mod B (the law's header), for seeded dt, angle and mu;
//   - the engine's increment on a hand-made contact: v_t != 0 -> -F_s v_t/|v_t|, v_t = 0 -> -f_ext inside the cone and
//     -F_s f_ext/|f_ext| outside, no v_t/dt term.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/contact/coulomb_km.hpp"
#include "models/contact/registry.hpp"
#include "models/dry_friction_exact.hpp"
#include "models/friction_oscillator.hpp"
#include "models/incline_block.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {

double uniform(std::mt19937_64& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

}  // namespace

TEST_CASE("eq. 15-17 as printed: -1/9 of eq. 7-8 off v = 0, eq. 7-8 on it, lambda = eq. 13, never NaN") {
  std::mt19937_64 rng(44);
  for (int i = 0; i < 200; ++i) {
    const double m = uniform(rng, 0.01, 10), fs = uniform(rng, 0, 5), f_ext = uniform(rng, -10, 10);
    const double v = i % 4 == 0 ? 0.0 : uniform(rng, -1, 1);
    CAPTURE(v);
    CAPTURE(f_ext);
    CAPTURE(fs);
    const LookAhead r = look_ahead(v, f_ext, fs, m);
    const double f_I = f_ext - fs, f_II = f_ext + fs;
    double a_I = f_I / m, a_II = -f_II / m;  // eq. 7-8
    if (v != 0) {                            // eq. 15-17 literally
      const double d_I = -0.9 * m * v / f_I, d_II = -0.9 * m * v / f_II;
      a_I = (v + d_I * f_I / m) / d_I;
      a_II = -(v + d_II * f_II / m) / d_II;
      CHECK(r.a_I == doctest::Approx(-f_I / (9 * m)));
      CHECK(r.a_II == doctest::Approx(f_II / (9 * m)));
    }
    CHECK(r.a_I == doctest::Approx(a_I));
    CHECK(r.a_II == doctest::Approx(a_II));
    if (v == 0 && std::abs(f_ext) <= fs) {
      CHECK(r.which == LookAheadCase::pushing);
      CHECK(r.force == -f_ext);
      if (fs > 0) CHECK(r.lambda == doctest::Approx(f_I / (f_I - f_II)));  // eq. 13
    } else {
      // off v = 0 in the stick band the printed signs say case 3 (pulling away); outside it case 1: the side's force
      CHECK(r.which == (std::abs(f_ext) <= fs ? LookAheadCase::pulling : LookAheadCase::crossing));
      const double side = v != 0 ? (v > 0 ? 1.0 : -1.0) : (f_ext > 0 ? 1.0 : -1.0);
      CHECK(r.force == -side * fs);
    }
  }
  for (const auto& [v, f_ext, fs] : {std::array<double, 3>{0, 0, 0}, {0, 0, 1}, {0, 1, 1}, {1, 0, 0}, {1, 1, 1}, {-1, 0, 0}}) {
    const LookAhead r = look_ahead(v, f_ext, fs, 1.0);
    CHECK(std::isfinite(r.a_I));
    CHECK(std::isfinite(r.a_II));
    CHECK(std::isfinite(r.lambda));
    CHECK(std::isfinite(r.force));
  }
}

TEST_CASE("coulomb-km's lambda (eq. 12-13) is the Filippov driver's on the oscillator's sliding mode") {
  OscillatorParameters p;  // m 0.25, k 1, F_N 1
  const LawValues mu = LawValues().set("mu", 0.4);
  const ContactSystem fil = oscillator_system(p, "coulomb-filippov", mu, Driver::filippov, true, true);
  const FilippovModel wrapper(*fil.filippov);
  const CoulombKm km = make_law<CoulombKm>(mu);
  const FrictionOscillator rel{p};
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50; ++i) {
    Vec x(2);
    x << uniform(rng, -0.4, 0.4), 0.0;  // |k x| < mu F_N: the stick band
    const SurfaceFlow flow = wrapper.surface_flow(0, x, Mode{sliding_mode}, 0);
    const LookAhead r = km.evaluate(rel.contact(0, x), p.fn);
    CAPTURE(x[0]);
    CHECK(flow.kind == FlowKind::sliding);
    CHECK(r.which == LookAheadCase::pushing);
    CHECK(r.lambda == doctest::Approx(flow.lambda).epsilon(1e-12));
    CHECK(r.a_I == doctest::Approx(flow.a_I).epsilon(1e-12));
    CHECK(r.a_II == doctest::Approx(flow.a_II).epsilon(1e-12));
    // and the force: F = -f_ext = k x, the Filippov field's at sigma = 1 - 2 lambda
    CHECK(r.force == doctest::Approx(fil.filippov_force(0, x, 1 - 2 * flow.lambda)).epsilon(1e-12));
  }
}

namespace {

struct OscillatorOutcome {
  double t_stick = std::nan(""), x_stick = std::nan(""), x_end = 0;
};

// coulomb-km on the dry-friction oscillator under `spec`: the stick as the study samples it (the first step at which
// v changes sign with |k x| <= mu F_N), and x at t_end.
OscillatorOutcome oscillator_km(const std::string& spec, double dt, double t_end) {
  OscillatorParameters p;
  const ContactSystem sys = oscillator_system(p, "coulomb-km", LawValues().set("mu", 0.4), Driver::fixed, false, true);
  REQUIRE(sys.form == ContactForm::lookahead);
  Vec x(2);
  x << 1.9, 0;
  Mode mode = contact_initial_mode(sys, 0, x);
  SolverOptions so = parse_integrator("solver", spec).options("solver", {});
  so.dt = dt;
  OscillatorOutcome o;
  double v_prev = 0;
  simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& q) {
    if (std::isnan(o.t_stick) && v_prev != 0 && v_prev * q.x[1] <= 0 && std::abs(q.x[0]) <= 0.4) {
      o.t_stick = q.t;
      o.x_stick = q.x[0];
    }
    v_prev = q.x[1];
  });
  o.x_end = x[0];
  return o;
}

}  // namespace

TEST_CASE("coulomb-km on the dry-friction oscillator: stick time within dt, place second order, then a creep at dt k/(2m)") {
  OscillatorParameters p;
  const DryFrictionOscillatorExact exact(p, Coulomb{0.4}, 1.9, 0);
  REQUIRE(exact.t_stick() == doctest::Approx(M_PI));
  REQUIRE(exact.x_stick() == doctest::Approx(0.3));
  std::vector<double> place;
  for (double dt : {4e-3, 2e-3, 1e-3, 5e-4}) {
    CAPTURE(dt);
    const double t_end = 4.0;
    const OscillatorOutcome o = oscillator_km("heun", dt, t_end);
    REQUIRE(std::isfinite(o.t_stick));
    const double dt_err = o.t_stick - exact.t_stick();
    // first order: the first step past the crossing (up to dt late) plus the O(dt) shift of stepping across v = 0 at
    // the turning point t = pi/2 (measured 1.6, 1.2, 0.41, 0.81 dt for dt = 4e-3 .. 5e-4)
    CHECK(dt_err >= -1e-12);
    CHECK(dt_err <= 2 * dt);
    place.push_back(std::abs(o.x_stick - exact.x_stick()));
    // the chatter's mean slip: x' = dt a_free/2 = -dt k x/(2 m) (circle rotation of the law's header); the rotation
    // number A/B = k x/(mu F_N) sits near 3/4 at x = 0.3, where a period-4 orbit's mean u is B/2 within B/8, i.e. the
    // creep within a third of its mean value
    const double rate = dt * p.k / (2 * p.m), expected = o.x_stick * std::exp(-rate * (t_end - o.t_stick));
    CHECK(o.x_end < o.x_stick);
    CHECK(std::abs(o.x_end - expected) <= 0.4 * std::abs(o.x_stick - expected));
  }
  // the place: Heun's second order (dt 4e-3 .. 5e-4: ratio 2^6 over three halvings, at least 2^4.5)
  CHECK(place[0] / place[3] >= std::pow(2.0, 4.5));
}

TEST_CASE("coulomb-km on the block below the friction angle: exact rest holds, a slip creeps by dt^2 g sin(a)/2 per Heun step") {
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 6; ++i) {
    BlockParameters p;
    p.mu = uniform(rng, 0.4, 0.8);
    p.alpha = std::atan(uniform(rng, 0.2, 0.8) * p.mu);
    p.size = uniform(rng, 0.005, 0.03);
    const double dt = uniform(rng, 2e-6, 2e-5);
    CAPTURE(p.mu);
    CAPTURE(p.alpha);
    CAPTURE(dt);
    const ContactSystem sys = block_system(p, "coulomb-km", Driver::fixed, false, false);
    REQUIRE(sys.form == ContactForm::lookahead);
    SolverOptions so;
    so.kind = Scheme::heun;
    so.dt = dt;
    struct Half {
      double s_mid = std::nan(""), v_mid = 0, t_mid = 0, s_end = 0;
    };
    const auto run = [&](double v0, double t_end) {
      Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
      x[1] = v0, x[2] = -p.static_overlap();
      Mode mode = contact_initial_mode(sys, 0, x);
      Half h;
      simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& q) {
        if (std::isnan(h.s_mid) && q.t >= t_end / 2) h.s_mid = q.x[0], h.v_mid = q.x[1], h.t_mid = q.t;
      });
      h.s_end = x[0];
      return h;
    };
    const double A = p.g * std::sin(p.alpha), B = p.mu * p.normal_force(-p.static_overlap(), 0) / p.mass();
    // At exact rest the scheme returns f_stick (eq. 14): the block stays unless the relation's g sin(a) + f_stick/m
    // leaves a rounding error, which the sign law then turns into the creep below from the first step.
    const Half rest = run(0.0, 2000 * dt);
    CHECK(rest.s_end >= 0);
    CHECK(rest.s_end <= 1.1 * 2000 * dt * dt * A / 2 + 1e-18);
    // Launched at v0 it stops after v0/(g (mu cos - sin)) and creeps: the second half of the run is the creep.
    const double v0 = 1e-3, t_stop = v0 / p.coulomb_deceleration(), t_end = 2 * t_stop + 40000 * dt;
    const Half h = run(v0, t_end);
    const long steps = std::lround((t_end - h.t_mid) / dt);
    // The derived map (the law's header): u = v/dt, slip h^2 (u + (A - B)/2) per step, u -> (u + A) mod B.
    double u = h.v_mid / dt, slip = 0;
    for (long n = 0; n < steps; ++n) {
      slip += dt * dt * (u + (A - B) / 2);
      u = u > B - A ? u - (B - A) : u + A;
    }
    CHECK((h.s_end - h.s_mid) == doctest::Approx(slip).epsilon(1e-3));
    // and its mean, u = B/2 on average (an irrational rotation is equidistributed): dt^2 A/2 per step
    CHECK((h.s_end - h.s_mid) == doctest::Approx(steps * dt * dt * A / 2).epsilon(0.1));
  }
}

namespace {
struct FakeStick {
  Vec3 vt = Vec3::Zero();
  Vec3 a_other = Vec3::Zero();
  double inv_mass_t = 0;
  bool replay = false;
};
}  // namespace

TEST_CASE("coulomb-km's engine increment: the sign law off v_t = 0, -f_ext inside the cone at v_t = 0, no v_t/dt") {
  const CoulombKm km{0.5};
  TangentialEnergy e;
  Vec3 slot = Vec3::Zero();
  FakeStick c;
  c.inv_mass_t = 2.0;  // m_t = 0.5 kg
  c.vt = Vec3(1e-9, 0, 0);
  c.a_other = Vec3(0.3, 0, 0);
  Vec3 f = km.step(c, 10.0, slot, 1e-6, e);  // F_s = 5 N
  CHECK(f.x() == doctest::Approx(-5.0));
  CHECK(slot == f);
  c.vt.setZero();
  c.a_other = Vec3(2, 1, 0);  // f_ext = (1, 0.5, 0) N, inside the cone
  f = km.step(c, 10.0, slot, 1e-6, e);
  CHECK(f.x() == -1.0);
  CHECK(f.y() == -0.5);
  c.a_other = Vec3(40, 0, 0);  // f_ext = 20 N > F_s
  f = km.step(c, 10.0, slot, 1e-6, e);
  CHECK(f.x() == doctest::Approx(-5.0));
  c.replay = true;
  CHECK(km.step(c, 10.0, slot, 1e-6, e) == slot);
}

TEST_CASE("coulomb-km's forms: look-ahead on 1-D relations (fixed step only), the exact-static increment on particles") {
  const unsigned one_d = law_forms("friction", "coulomb-km", RelationKind::one_d);
  CHECK(one_d == form_lookahead);
  CHECK(runs(one_d, Driver::fixed));
  for (Driver d : {Driver::dopri5, Driver::cvode, Driver::ida, Driver::filippov}) CHECK_FALSE(runs(one_d, d));
  const unsigned particles = law_forms("friction", "coulomb-km", RelationKind::particles);
  CHECK(runs(particles, Driver::verlet));
  CHECK_FALSE(runs(particles, Driver::trapezoid));
  CHECK_FALSE(runs(particles, Driver::lammps));
}
