// Stribeck friction (models/contact/stribeck.hpp) through every 1-D driver it has a form for, against independent
// references (the engine under velocity Verlet and the LAMMPS pair style stickslip/stribeck are covered by the
// registry's generic checks: studies/checks/property_checks_laws.cpp, tests/lammps):
//   (a) the law's two functions: phi(0) = mu_s F_n, phi(v_s) = (mu_k + (mu_s - mu_k)/e) F_n, phi(u >> v_s) -> mu_k F_n.
//   (b) two sliding plates launched at v0 (no other force: m v' = -phi(|v|) sign v while sliding) under Filippov
//       (dopri5), IDA (the set-valued DAE), dopri5 and rk4 with events (the C-SDS regularisation's slide mode transmits
//       phi exactly) and rk4 without events (its rate form): v(T) against m v' = -phi(v) integrated by RK4 at a step
//       of 1e-4 in this test; tolerances: the drivers' (rtol 1e-10: 1e-7 v0; rk4 at dt 1e-3: 1e-9 v0). Filippov and
//       IDA then stop the plates at the reference's stopping time (to the event location, 1e-6) and hold them at v = 0.
//   (c) the block on a slope (Krengel & Matuttis §4) with mu_k < tan(alpha) < mu_s: released at rest it sticks
//       (static friction mu_s holds, Filippov and IDA: drift < 1e-12 m), launched at v0 = 50 v_s it keeps sliding and
//       accelerates at g (sin alpha - mu_k cos alpha) to within the Stribeck tail (mu_s - mu_k) exp(-(v/v_s)^2) g cos.
//   Random draws (seeded) of mu_s, mu_k, v_s, v0.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/contact/stribeck.hpp"
#include "models/incline_block.hpp"
#include "models/sliding_plates.hpp"
#include "solvers/contact_run.hpp"

using namespace stickslip;

TEST_CASE("Stribeck's sliding force and static threshold") {
  const Stribeck s = Stribeck::from({0.7, 0.3, 0.02, 1e4, 1.0});
  CHECK(s.static_threshold(2.0) == doctest::Approx(1.4).epsilon(1e-15));
  CHECK(s.sliding_force(0.0, 2.0) == doctest::Approx(1.4).epsilon(1e-15));
  CHECK(s.sliding_force(0.02, 2.0) == doctest::Approx(2.0 * (0.3 + 0.4 / std::exp(1.0))).epsilon(1e-14));
  CHECK(s.sliding_force(1.0, 2.0) == doctest::Approx(0.6).epsilon(1e-14));
  CHECK(s.sliding_force(-0.02, 2.0) == s.sliding_force(0.02, 2.0));
  CHECK((law_forms("friction", "stribeck", RelationKind::one_d) & form_filippov) != 0);
  CHECK((law_forms("friction", "stribeck", RelationKind::particles) & form_increment) != 0);
}

namespace {
// m v' = -phi(v) for v > 0, RK4 at step h; returns v(T) and the time v reaches 0 (linear interpolation in the step).
struct Reference {
  double v_T = 0, t_stop = std::nan("");
};
Reference reference(const Stribeck& law, double m, double fn, double v0, double T, double t_end) {
  const auto a = [&](double v) { return -law.sliding_force(std::abs(v), fn) / m; };
  const auto rk4 = [&](double v, double h) {
    const double k1 = a(v), k2 = a(v + h / 2 * k1), k3 = a(v + h / 2 * k2), k4 = a(v + h * k3);
    return v + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  };
  Reference r;
  const int n = static_cast<int>(std::ceil(T / 1e-4));
  double v = v0;
  for (int i = 0; i < n; ++i) v = rk4(v, T / n);
  r.v_T = v;
  const double h = 1e-4;
  for (double t = T; t < t_end; t += h) {
    const double vn = rk4(v, h);
    if (vn <= 0) {  // the last step to v = 0, by bisection on its length
      double lo = 0, hi = h;
      for (int k = 0; k < 60; ++k) (rk4(v, 0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
      r.t_stop = t + lo;
      break;
    }
    v = vn;
  }
  return r;
}
}  // namespace

TEST_CASE("Stribeck on the sliding plates: every 1-D driver follows m v' = -phi(v), and Filippov and IDA stop it") {
  std::mt19937_64 rng(2126);
  std::uniform_real_distribution<double> U(0, 1);
  for (int draw = 0; draw < 4; ++draw) {
    const double mu_s = 0.4 + 0.4 * U(rng), mu_k = mu_s * (0.3 + 0.6 * U(rng)), v_s = 0.1 + 0.4 * U(rng);
    const double v0 = 1 + 2 * U(rng);
    PlateParameters p;
    p.k = 100, p.gamma = 10;  // gamma v0 > phi: the C-SDS regularisation starts sliding
    LawValues extra;
    extra.set("mu_s", mu_s).set("mu_k", mu_k).set("v_s", v_s);
    const Stribeck law = make_law<Stribeck>(LawValues(extra).set("kt", p.k).set("gamma_t", p.gamma / p.m));
    const double T = 0.4 * v0 / (mu_s * p.fmax) / p.m;  // still sliding at T (the force is at most mu_s F_n)
    const Reference ref = reference(law, p.m, p.fmax, v0, T, 10 * v0 / (mu_k * p.fmax));
    REQUIRE(ref.v_T > 0);
    CAPTURE(draw);
    CAPTURE(mu_s);
    CAPTURE(mu_k);
    CAPTURE(v_s);
    CAPTURE(v0);
    struct Case {
      const char* what;
      Scheme kind;
      bool filippov, events;
      double tol;
    };
    const Case cases[] = {{"filippov:dopri5", Scheme::dopri5, true, true, 1e-7},
                          {"ida", Scheme::ida, false, true, 1e-7},
                          {"dopri5 + events", Scheme::dopri5, false, true, 1e-7},
                          {"rk4 + events", Scheme::rk4, false, true, 1e-9},
                          {"rk4", Scheme::rk4, false, false, 1e-9}};
    for (const Case& c : cases) {
      const std::string what = c.what;
      CAPTURE(what);
      const ContactSystem s = plates_system(p, "stribeck", driver_of(c.kind, c.filippov), c.events, extra);
      SolverOptions o;
      o.kind = c.kind;
      o.dt = 1e-3;
      o.rtol = 1e-10;
      o.atol = 1e-12;
      o.events = c.events;
      Vec x = Vec::Zero(static_cast<Eigen::Index>(s.size()));
      x[0] = v0;
      Mode mode;
      simulate(s, {0, T, o}, x, mode);
      CHECK(std::abs(x[0] - ref.v_T) <= c.tol * v0);
      if (c.filippov || c.kind == Scheme::ida) {  // on to the stop, then held
        double t_stop = std::nan("");
        const double t_end = ref.t_stop + 1;
        simulate(s, {T, t_end, o}, x, mode, [&](const ContactSample& q) {
          const bool stopped = c.filippov ? q.mode[0] == sliding_mode : q.mode[0] == stick_mode;
          if (std::isnan(t_stop) && stopped) t_stop = q.t;
        });
        CHECK(t_stop == doctest::Approx(ref.t_stop).epsilon(1e-6));
        CHECK(std::abs(x[0]) < 1e-12);
      }
    }
  }
}

TEST_CASE("Stribeck on the block: static friction holds below mu_s, a launched block slides on at mu_k") {
  std::mt19937_64 rng(2127);
  std::uniform_real_distribution<double> U(0, 1);
  for (int draw = 0; draw < 3; ++draw) {
    const double mu_k = 0.2 + 0.2 * U(rng), mu_s = mu_k + 0.2 + 0.2 * U(rng), v_s = 0.005 + 0.01 * U(rng);
    BlockParameters p;
    p.alpha = std::atan(mu_k + (0.25 + 0.5 * U(rng)) * (mu_s - mu_k));  // mu_k < tan(alpha) < mu_s
    CAPTURE(draw);
    CAPTURE(mu_s);
    CAPTURE(mu_k);
    CAPTURE(v_s);
    LawValues extra;
    extra.set("mu_s", mu_s).set("mu_k", mu_k).set("v_s", v_s);
    const Stribeck law = make_law<Stribeck>(extra);
    for (const bool filippov : {true, false}) {
      CAPTURE(filippov);
      const ContactSystem s = block_system(p, "stribeck", filippov ? Driver::filippov : Driver::ida, !filippov,
                                           true, extra);
      SolverOptions o;
      o.kind = filippov ? Scheme::dopri5 : Scheme::ida;
      o.dt = 1e-3;
      o.rtol = 1e-10;
      o.atol = 1e-14;
      o.events = !filippov;
      for (const double v0 : {0.0, 50 * v_s}) {
        CAPTURE(v0);
        Vec x = Vec::Zero(static_cast<Eigen::Index>(s.size()));
        x[1] = v0;
        x[2] = -p.static_overlap();
        Mode mode;
        const double T = 0.1;
        simulate(s, {0, T, o}, x, mode);
        if (v0 == 0) {
          CHECK(std::abs(x[0]) < 1e-12);
        } else {
          // v >= v0 throughout (tan alpha > mu_k and the block only speeds up), so phi is mu_k F_n to within
          // (mu_s - mu_k) exp(-2500) F_n: v(T) = v0 + g (sin - mu_k cos) T.
          const double a = p.g * (std::sin(p.alpha) - law.mu_k * std::cos(p.alpha));
          CHECK(x[1] == doctest::Approx(v0 + a * T).epsilon(1e-6));
        }
      }
    }
  }
}
