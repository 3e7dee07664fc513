// Rate-and-state friction with the aging law (models/contact/rate_state.hpp) against independent references:
//   (a) the registry: the name, its forms (the rate on 1-D relations, none on particle contacts), the drivers that
//       run it and those that refuse it, every declared range refused with the key, the value and the reason.
//   (b) steady state at constant slip speed v: psi' = 0 at psi_ss = ln(v_ref/v) (theta_ss = D_c/v); the friction
//       there is mu0 + (a - b) ln(v/v_ref) to within the regularisation's exp(-2 mu/a)/4 (parameters of the lab:
//       mu0/a = 60), and, where the regularisation matters (mu0/a = 0.5), the asinh form's own value
//       a asinh((1/2) exp(mu_ss_classic/a)) written here with std::asinh.
//   (c) a velocity step v1 -> v2 from steady state at v1: the direct effect a ln(v2/v1) at once, then over the slip
//       delta = v2 t the aging law's exact solution theta = (D_c/v2)(1 + (v2/v1 - 1) exp(-delta/D_c)), i.e.
//       mu = mu_ss(v2) + b ln(1 + (v2/v1 - 1) exp(-delta/D_c)); through simulate (solvers/system_run.hpp; a body so heavy that the friction
//       does not change its speed: F t/M < 1e-10 v2) under rk4, dopri5, CVODE and IDA. Tolerance: the drivers' error on
//       psi (rtol 1e-10 of |psi| < 10, times b and a margin of 100: 1e-10; rk4 at max(v1, v2) dt/D_c = 1/50: (1/50)^4 b
//       ~ 1e-9) plus the regularisation's exp(-2 mu/a) (zero here).
//   (d) the rate against central finite differences of psi(t) = ln(v_ref theta(t)/D_c) along the aging law's exact
//       solution at constant v (sliding and healing at v = 0), error O(h^2); the friction's partial derivatives (what the
//       spring-slider's stability boundary reads) against central differences.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "models/contact/rate_state.hpp"
#include "models/contact/registry.hpp"
#include "models/contact_model.hpp"
#include "models/particles/engine_laws.hpp"
#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {
Slip1 slip(double v) { return {VecD<1>(v), 1.0, 0.0, 0.0}; }
RateState lab() { return make_law<RateState>(LawValues().set("mu0", 0.6).set("a", 0.01).set("b", 0.015).set("D_c", 1e-5).set("v_ref", 1e-6)); }
}  // namespace

TEST_CASE("rate-state in the registry: its forms, its drivers and its declared ranges") {
  CHECK(form_list(law_forms("friction", "rate-state", RelationKind::one_d)) == form_list(form_rate));
  CHECK(law_forms("friction", "rate-state", RelationKind::particles) == 0u);
  CHECK(law_forms("friction", "rate-state", RelationKind::stochastic_pair) == 0u);
  const unsigned f = law_forms("friction", "rate-state", RelationKind::one_d);
  for (Driver d : {Driver::fixed, Driver::dopri5, Driver::cvode, Driver::ida}) CHECK(runs(f, d));
  CHECK_FALSE(runs(f, Driver::filippov));
  CHECK(choose_contact_form("rate-state", f, Driver::ida, true, "solver", "ida") == ContactForm::rate);
  CHECK(choose_contact_form("rate-state", f, Driver::fixed, true, "solver", "rk4") == ContactForm::rate);
  CHECK_THROWS_WITH_AS(choose_contact_form("rate-state", f, Driver::filippov, true, "solver", "filippov:dopri5"),
                       doctest::Contains("rate-state has no form that filippov runs"), InputError);
  CHECK(refusal("rate-state", RelationKind::particles, Driver::verlet).find("no driver runs it on this relation") !=
        std::string::npos);
  const auto& engine = particle_law_names();
  CHECK(std::find(engine.begin(), engine.end(), "rate-state") == engine.end());
  CHECK(law_catalog().find("  rate-state — ") != std::string::npos);

  const RateState d = make_law<RateState>(LawValues{});
  CHECK(d.mu0 == 0.6);
  CHECK(d.a == 0.01);
  CHECK(d.b == 0.015);
  CHECK(d.d_c == 1e-5);
  CHECK(d.v_ref == 1e-6);
  const auto refused = [](const char* key, double value, const std::string& message) {
    CAPTURE(key);
    CHECK_THROWS_WITH_AS(make_law<RateState>(LawValues().set(key, value)), message.c_str(), InputError);
  };
  refused("a", 0, "a=0: must be > 0 for friction=rate-state (the asinh's argument divides by it)");
  refused("D_c", -1, "D_c=-1: must be > 0 for friction=rate-state (the aging law divides by it)");
  refused("v_ref", 0, "v_ref=0: must be > 0 for friction=rate-state (ln(v/v_ref) divides by it)");
  refused("b", -0.5, "b=-0.5: must be >= 0 for friction=rate-state");
  refused("mu0", -1, "mu0=-1: must be >= 0 for friction=rate-state");
  CHECK_THROWS_AS(make_law<RateState>(LawValues().set("a", std::nan(""))), InputError);
  CHECK_THROWS_AS(make_law<RateState>(LawValues().set("D_c", HUGE_VAL)), InputError);
}

TEST_CASE("rate-state: asinh(exp(L)) without overflow") {
  for (double l = -40; l <= 40; l += 0.37) CHECK(RateState::asinh_exp(l) == doctest::Approx(std::asinh(std::exp(l))).epsilon(1e-14));
  CHECK(RateState::asinh_exp(2000) == doctest::Approx(2000 + std::log(2.0)).epsilon(1e-15));
  CHECK(RateState::asinh_exp(-HUGE_VAL) == 0.0);
  // mu0/a = 1e4: exp((mu0 + b psi)/a) overflows a double, the friction does not.
  const RateState big = make_law<RateState>(LawValues().set("mu0", 100).set("a", 0.01));
  CHECK(big.friction(1e-3, big.steady_state(1e-3)) == doctest::Approx(100 + (0.01 - 0.015) * std::log(1e3)).epsilon(1e-12));
}

TEST_CASE("rate-state: steady state at constant slip speed") {
  const RateState l = lab();
  for (const double v : {1e-9, 1e-6, 3e-4, 1e-1, 10.0}) {
    CAPTURE(v);
    const double psi = l.steady_state(v);
    CHECK(l.theta_of_psi(psi) == doctest::Approx(l.d_c / v).epsilon(1e-14));
    CHECK(l.psi_of_theta(l.d_c / v) == doctest::Approx(psi).epsilon(1e-14));
    CHECK(std::abs(l.rate(slip(v), 10, VecD<1>(psi))[0]) <= 1e-14 * v / l.d_c);
    CHECK(std::abs(l.rate(slip(-v), 10, VecD<1>(psi))[0]) <= 1e-14 * v / l.d_c);
    // mu0/a = 60: the regularisation's correction exp(-2 mu/a)/4 is below 1e-40.
    const double classic = l.mu0 + (l.a - l.b) * std::log(v / l.v_ref);
    CHECK(l.force(slip(v), 10, VecD<1>(psi))[0] == doctest::Approx(-10 * classic).epsilon(1e-13));
    CHECK(l.force(slip(-v), 10, VecD<1>(psi))[0] == doctest::Approx(10 * classic).epsilon(1e-13));
    CHECK(l.sliding_force(v, 10) == doctest::Approx(10 * classic).epsilon(1e-13));
  }
  CHECK(l.force(slip(0), 10, VecD<1>(3.0))[0] == 0.0);
  CHECK(l.static_threshold(10) == 0.0);
  CHECK(l.sliding_force(0, 10) == 0.0);
  // Where the regularisation matters (mu0/a = 0.5): its own value a asinh(X), X = exp(mu_classic/a)/2.
  const RateState r = make_law<RateState>(LawValues().set("mu0", 0.005).set("a", 0.01).set("b", 0.015));
  for (const double v : {1e-7, 1e-6, 1e-5}) {
    CAPTURE(v);
    const double classic = r.mu0 + (r.a - r.b) * std::log(v / r.v_ref);
    const double own = r.a * std::asinh(0.5 * std::exp(classic / r.a));
    CHECK(r.sliding_force(v, 2) == doctest::Approx(2 * own).epsilon(1e-14));
    CHECK(std::abs(own - classic) > 1e-4);  // not the classic value
  }
  // The law is odd and smooth through v = 0: F = -F_n a asinh(v/(2 v_ref) exp(...)).
  for (const double v : {-1e-8, -1e-12, 1e-12, 1e-8}) {
    const double x = v / (2 * r.v_ref) * std::exp((r.mu0 + r.b * 0.7) / r.a);
    CHECK(r.force(slip(v), 2, VecD<1>(0.7))[0] == doctest::Approx(-2 * r.a * std::asinh(x)).epsilon(1e-13));
  }
}

TEST_CASE("rate-state: a velocity step, the direct effect and the aging law's evolution over D_c, under every driver") {
  const RateState l = lab();
  const double fn = 10, mass = 1e18;
  struct Step {
    double v1, v2;
  };
  for (const Step s : {Step{1e-5, 1e-4}, Step{1e-4, 1e-5}}) {
    CAPTURE(s.v1);
    CAPTURE(s.v2);
    const double psi1 = l.steady_state(s.v1);
    // The direct effect, exact in the classic limit (mu0/a = 60).
    const double jump = l.friction(s.v2, psi1) - l.steady_friction(s.v1);
    CHECK(jump == doctest::Approx(l.a * std::log(s.v2 / s.v1)).epsilon(1e-12));
    // mu after a slip delta at v2 (the aging law's exact solution at constant speed).
    const auto mu_exact = [&](double delta) {
      return l.mu0 + (l.a - l.b) * std::log(s.v2 / l.v_ref) +
             l.b * std::log(1 + (s.v2 / s.v1 - 1) * std::exp(-delta / l.d_c));
    };
    CHECK(mu_exact(0) - l.steady_friction(s.v1) == doctest::Approx(l.a * std::log(s.v2 / s.v1)).epsilon(1e-12));
    SystemBuilder b("velocity step");
    const std::size_t x = b.body("x", mass, 0, s.v2);
    b.contact("c", {{x, 1.0}}, "rate-state", LawValues(), fn).z0 = psi1;
    const SystemSpec spec = b.build();
    const double t_end = 8 * l.d_c / s.v2;
    for (const char* solver : {"rk4", "dopri5", "cvode", "ida"}) {
      CAPTURE(std::string(solver));
      SystemRunSettings st;
      st.solver = solver;
      st.dt = l.d_c / std::max(s.v1, s.v2) / 50;  // psi relaxes at v_ref exp(-psi)/D_c: v1/D_c at the start
      st.rtol = 1e-10, st.atol = 1e-12, st.ledger = 0;
      double worst = 0;
      int samples = 0;
      simulate(spec, st, 0, t_end, [&](const SystemSample& q) {
        CHECK(std::abs(q.v[0] - s.v2) <= 1e-10 * s.v2);  // F t/M = 6 N x 8 s/1e18 kg = 5e-17 m/s
        const double delta = q.q[0];
        worst = std::max(worst, std::abs(-q.F[0] / fn - mu_exact(delta)));
        ++samples;
      });
      CHECK(samples >= 400);
      CHECK(worst <= 1e-9);
    }
  }
}

TEST_CASE("rate-state: the rate against finite differences of ln theta along the aging law; mu's partial derivatives") {
  const RateState l = lab();
  // theta(t) at constant |v| from theta0: D_c/v + (theta0 - D_c/v) exp(-v t/D_c); healing (v = 0): theta0 + t.
  for (const double v : {0.0, 1e-6, 1e-4}) {
    for (const double theta0 : {0.01, 1.0, 100.0}) {
      CAPTURE(v);
      CAPTURE(theta0);
      const auto theta = [&](double t) {
        return v > 0 ? l.d_c / v + (theta0 - l.d_c / v) * std::exp(-v * t / l.d_c) : theta0 + t;
      };
      const double tau = v > 0 ? l.d_c / v : theta0;  // the time scale of theta(t)
      for (const double t : {0.0, 0.3 * tau, 2 * tau}) {
        const double h = 1e-5 * std::min(tau, theta(t));  // ln theta varies over theta/|theta'| >= min(tau, theta)/2
        const double fd = (l.psi_of_theta(theta(t + h)) - l.psi_of_theta(theta(t - h))) / (2 * h);
        const double rate = l.rate(slip(v), 1, VecD<1>(l.psi_of_theta(theta(t))))[0];
        CHECK(rate == doctest::Approx(fd).epsilon(1e-7).scale(1e-7 / tau));
        CHECK(l.rate(slip(-v), 1, VecD<1>(l.psi_of_theta(theta(t))))[0] == rate);
      }
    }
  }
  // dmu/dv = a r/v and dmu/dpsi = b r, r = X/sqrt(1 + X^2): the classic limit (r = 1) and the regularised (r < 1).
  for (const RateState& law : {lab(), make_law<RateState>(LawValues().set("mu0", 0.005))}) {
    for (const double v : {1e-7, 1e-6, 1e-3}) {
      for (const double psi : {-3.0, 0.0, 2.0}) {
        CAPTURE(law.mu0);
        CAPTURE(v);
        CAPTURE(psi);
        const double r = law.regularisation_factor(v, psi);
        const double hv = 1e-4 * v, hp = 1e-4;
        const double dv = (law.friction(v + hv, psi) - law.friction(v - hv, psi)) / (2 * hv);
        const double dp = (law.friction(v, psi + hp) - law.friction(v, psi - hp)) / (2 * hp);
        CHECK(dv == doctest::Approx(law.a * r / v).epsilon(1e-7));
        CHECK(dp == doctest::Approx(law.b * r).epsilon(1e-7));
        if (law.mu0 == 0.6) CHECK(r == 1.0);
      }
    }
  }
}
