// The block on an incline (seed 002, §4): Coulomb friction as a Filippov system and as a DAE through IDA
// keeps a block released at rest at 30 deg with mu = 0.6 (below arctan 0.6 = 30.96 deg) in place to 1e-12 m
// over 10 s, and stops a block launched down the slope at the analytic time and place
//   t_stop = v0 / (g (mu cos a - sin a)),  s_stop = v0^2 / (2 g (mu cos a - sin a))
// (constant deceleration: from static normal equilibrium F_n = m g cos a holds exactly). The compliant
// laws (Cundall-Strack, C-SDS, D-SDS) load a tangential spring first and so move.
#include <doctest/doctest.h>

#include <cmath>

#include "core/errors.hpp"
#include "models/incline_block.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {
constexpr double kDeg = 3.14159265358979323846 / 180;

BlockParameters block30() {
  BlockParameters p;
  p.alpha = 30 * kDeg;
  return p;
}

struct Result {
  double t_rest = std::nan(""), s_rest = std::nan(""), s_end = 0, max_dev_after = 0;
};

Result run_filippov(const BlockParameters& p, double v0, double t_end, Scheme kind, double dt) {
  const ContactSystem sys = block_system(p, "coulomb-filippov", driver_of(kind, true), false, false);
  SolverOptions o;
  o.kind = kind;
  o.dt = dt;
  o.rtol = 1e-12;
  o.atol = 1e-15;
  Vec x(4);
  x << 0, v0, -p.static_overlap(), 0;
  Mode mode;
  Result r;
  if (v0 == 0) r.t_rest = 0, r.s_rest = 0;
  simulate(sys, {0, t_end, o}, x, mode, [&](const ContactSample& q) {
    if (std::isnan(r.t_rest) && q.mode[0] == sliding_mode) r.t_rest = q.t, r.s_rest = q.x[0];
    if (!std::isnan(r.t_rest)) r.max_dev_after = std::max(r.max_dev_after, std::abs(q.x[0] - r.s_rest));
  });
  r.s_end = x[0];
  return r;
}

std::unique_ptr<ContactModelBase> block_model(const BlockParameters& p, const std::string& law, Driver d, bool events) {
  return std::move(block_system(p, law, d, events, true).model);
}

Result run_dae(const BlockParameters& p, double v0, double t_end) {
  const auto owned = block_model(p, "coulomb-dae", Driver::ida, true);
  const Model& blk = *owned;
  SolverOptions o;
  o.kind = Scheme::ida;
  o.dt = 0.01;
  o.rtol = 1e-12;
  o.atol = 1e-15;
  Vec x(5);
  x << 0, v0, -p.static_overlap(), 0, 0;
  Mode mode = blk.initial_mode(0, x);
  Result r;
  if (v0 == 0) r.t_rest = 0, r.s_rest = 0;
  integrate(blk, 0, t_end, x, mode, o, [&](double t, VecCRef y, const Mode& md) {
    if (std::isnan(r.t_rest) && md[0] == stick_mode) r.t_rest = t, r.s_rest = y[0];
    if (!std::isnan(r.t_rest)) r.max_dev_after = std::max(r.max_dev_after, std::abs(y[0] - r.s_rest));
  });
  r.s_end = x[0];
  return r;
}
}  // namespace

TEST_CASE("Coulomb (Filippov and DAE) holds a block released at rest at 30 deg, mu = 0.6: drift <= 1e-12 m over 10 s") {
  const BlockParameters p = block30();
  REQUIRE(p.coulomb_deceleration() > 0);  // below the critical angle
  for (Scheme kind : {Scheme::dopri5, Scheme::cvode}) {
    CAPTURE(to_string(kind));
    const Result r = run_filippov(p, 0, 10, kind, 0.01);
    CHECK(r.max_dev_after <= 1e-12);
    CHECK(std::abs(r.s_end) <= 1e-12);
  }
  const Result d = run_dae(p, 0, 10);
  CHECK(d.max_dev_after <= 1e-12);
  CHECK(std::abs(d.s_end) <= 1e-12);
}

TEST_CASE("Coulomb stops a block launched down the slope at the analytic time and place") {
  BlockParameters p = block30();
  for (double v0 : {0.05, 0.1}) {
    CAPTURE(v0);
    const double a = p.coulomb_deceleration();
    const double t_stop = v0 / a, s_stop = v0 * v0 / (2 * a);
    for (Scheme kind : {Scheme::dopri5, Scheme::cvode}) {
      CAPTURE(to_string(kind));
      const Result r = run_filippov(p, v0, 2 * t_stop, kind, 0.01);
      CHECK(std::abs(r.t_rest - t_stop) <= 1e-8);
      CHECK(std::abs(r.s_rest - s_stop) <= 1e-8);
      CHECK(r.max_dev_after <= 1e-12);
    }
    const Result d = run_dae(p, v0, 2 * t_stop);
    CHECK(std::abs(d.t_rest - t_stop) <= 1e-8);
    CHECK(std::abs(d.s_rest - s_stop) <= 1e-8);
    CHECK(d.max_dev_after <= 1e-12);
  }
}

TEST_CASE("Cundall-Strack, C-SDS and D-SDS must load their spring: the block moves where Coulomb does not") {
  BlockParameters p = block30();
  for (const char* law : {"cundall-strack", "csds", "dsds"}) {
    CAPTURE(law);
    const auto owned = block_model(p, law, Driver::fixed, false);
    const Model& blk = *owned;
    SolverOptions o;
    o.kind = Scheme::rk4;
    o.dt = 5e-6;
    Vec x(5);
    x << 0, 0, -p.static_overlap(), 0, 0;
    Mode mode = blk.initial_mode(0, x);
    integrate(blk, 0, 0.05, x, mode, o);
    // At least the static spring deflection m g sin(a)/k_t (the spring must carry the load).
    const double xi_static = p.mass() * p.g * std::sin(p.alpha) / p.kt();
    CHECK(std::abs(x[0]) > 0.5 * xi_static);
  }
}

TEST_CASE("residual = 0 on the right-hand side in every ODE law; DAE residual consistent after projection") {
  BlockParameters p = block30();
  Vec x(5), xd(5), r(5);
  x << 0.1, 0.02, -1.1 * p.static_overlap(), 1e-4, 1e-8;
  for (const char* law : {"cundall-strack", "csds", "dsds"}) {
    const auto blk = block_model(p, law, Driver::fixed, false);
    blk->rhs(0, x, {free_mode}, xd);
    blk->residual(0, x, xd, {free_mode}, r);
    CHECK(r.norm() == 0);
  }
  const auto dae = block_model(p, "coulomb-dae", Driver::ida, true);
  for (int mode : {stick_mode, slide_pos, slide_neg}) {
    Vec y = x;
    dae->project(0, y, {mode});
    dae->rhs(0, y, {mode}, xd);
    dae->residual(0, y, xd, {mode}, r);
    CHECK(r.norm() < 1e-12 * p.mass() * p.g);
  }
}

TEST_CASE("the form of each block law decides its drivers (Model::form, form_refuses)") {
  const BlockParameters p;
  CHECK(block_model(p, "coulomb-dae", Driver::ida, true)->form() == ModelForm::dae);
  CHECK(block_model(p, "dsds", Driver::fixed, false)->form() == ModelForm::step_rule);
  CHECK(block_model(p, "cundall-strack", Driver::fixed, false)->form() == ModelForm::ode);
  // A driver without a form of the law refuses it, naming what the law is and the drivers that run it.
  CHECK_THROWS_WITH_AS(block_system(p, "dsds", Driver::dopri5, false, false), doctest::Contains("time-stepping rule"),
                       InputError);
  CHECK_THROWS_WITH_AS(block_system(p, "coulomb-dae", Driver::fixed, true, true), doctest::Contains("allowed: ida"),
                       InputError);
  CHECK_THROWS_WITH_AS(block_system(p, "csds", Driver::filippov, false, false), doctest::Contains("no form that filippov"),
                       InputError);
  CHECK_THROWS_WITH_AS(block_system(p, "mindlin", Driver::fixed, false, false), doctest::Contains("friction=mindlin"),
                       InputError);
  CHECK(form_refuses(ModelForm::dae, Scheme::ida).empty());
  CHECK_FALSE(form_refuses(ModelForm::dae, Scheme::rk4).empty());
  CHECK_FALSE(form_refuses(ModelForm::step_rule, Scheme::cvode).empty());
  CHECK(form_refuses(ModelForm::step_rule, Scheme::heun).empty());
  CHECK(form_refuses(ModelForm::ode, Scheme::ida).empty());
}
