// Sliding plates: residual consistency, the exact solutions against the ODE they solve, the D-SDS reset.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/sliding_plates.hpp"
#include "models/sliding_plates_exact.hpp"

using namespace stickslip;

namespace {
const PlateParameters kPaper{1, 1, 2, 1};  // seed 001 §3.1: m = k = F_max = 1, gamma = 2

// Closed-form-independent reference: the ODE of the law in the given exact-solution phase.
double ode_v_rate(const PlateParameters& p, const ExactSlidingPlates::State& s) { return s.force / p.m; }
}  // namespace

TEST_CASE("residual(t, x, rhs(x)) == 0 for every law and mode") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-5, 5);
  for (const char* law : {"csds", "dsds", "dsds-stage", "dsds-dae"}) {
    for (bool events : {false, true}) {
      if (law == std::string("dsds-dae") && !events) continue;
      const auto owned = plates_model(kPaper, law, Driver::fixed, events);
      const Model& model = *owned;
      const std::vector<int> modes = events ? std::vector<int>{stick_mode, slide_pos, slide_neg} : std::vector<int>{free_mode};
      for (int m : modes) {
        for (int trial = 0; trial < 20; ++trial) {
          Vec x(3), f(3), r(3);
          x << u(rng), u(rng), u(rng);
          const Mode mode{m};
          model.project(0, x, mode);  // DAE rows hold only on the constraint
          model.rhs(0, x, mode, f);
          model.residual(0, x, f, mode, r);
          CHECK(r.norm() <= 1e-13 * (1 + x.norm()));
        }
      }
    }
  }
}

TEST_CASE("the D-SDS reset (eq. 3) puts the test force exactly on the Coulomb limit") {
  const auto model = plates_model(kPaper, "dsds", Driver::fixed, false);
  const auto test_force = [](VecCRef x) { return -kPaper.k * x[1] - kPaper.gamma * x[0]; };
  Vec x_eval(3), x_new(3);
  x_eval << 4, 0, 0;  // F_S = -8: sliding
  x_new << 3.9, 0.4, 0;
  model->adjust(0, x_eval, x_new, {free_mode});
  CHECK(x_new[1] == doctest::Approx(-7));  // xi_D = -(F_max sign(F_S) + gamma v)/k = -(-1 + 8)
  CHECK(std::abs(test_force(x_eval) - 0) > 0);
  Vec on(3);
  on << x_eval[0], x_new[1], 0;
  CHECK(std::abs(test_force(on)) == doctest::Approx(kPaper.fmax));
}

TEST_CASE("exact C-SDS and D-SDS solutions satisfy their equations of motion phase by phase") {
  for (const bool csds : {true, false}) {
    for (const PlateParameters& p : {kPaper, PlateParameters{1, 1, 0.5, 1}, PlateParameters{2, 3, 5, 0.7}}) {
      const ExactSlidingPlates ex = csds ? ExactSlidingPlates(p, Csds{}, 4, 0, 20) : ExactSlidingPlates(p, Dsds{}, 4, 0, 20);
      const auto& ph = ex.phases();
      for (std::size_t i = 0; i < ph.size(); ++i) {
        const double a = ph[i].t_start, b = i + 1 < ph.size() ? ph[i + 1].t_start : 20;
        for (int j = 1; j < 10; ++j) {
          const double t = a + (b - a) * j / 10, h = 1e-5 * (b - a);
          const auto s = ex.at(t), sp = ex.at(t + h), sm = ex.at(t - h);
          const double v_rate = (sp.v - sm.v) / (2 * h), xi_rate = (sp.xi - sm.xi) / (2 * h);
          // Central differences: O(h^2) truncation, about 1e-9 here.
          CHECK(v_rate == doctest::Approx(ode_v_rate(p, s)).epsilon(1e-6).scale(1));
          double xi_expected;
          if (s.kind == stick_mode) {
            xi_expected = s.v;  // eq. 2
            CHECK(std::abs(s.force) <= p.fmax * (1 + 1e-12));  // sticking stays inside the cone
          } else if (csds) {
            xi_expected = -(s.force + p.k * s.xi) / p.gamma;  // eq. 9 with F = s F_max
          } else {
            xi_expected = -p.gamma * (s.force / p.m) / p.k;  // d/dt of eq. 3
            CHECK(p.k * s.xi + p.gamma * s.v + s.force == doctest::Approx(0).scale(1));
          }
          CHECK(xi_rate == doctest::Approx(xi_expected).epsilon(1e-6).scale(1));
          // Work-energy theorem: W = m (v^2 - v0^2)/2 in every phase.
          CHECK(s.work == doctest::Approx(0.5 * p.m * (s.v * s.v - 16)));
        }
      }
    }
  }
}

TEST_CASE("exact transitions: D-SDS slides until v* = gamma F_max/(m k) (eq. 20); C-SDS sticks when |F_S| = F_max") {
  const ExactSlidingPlates d(kPaper, Dsds{}, 4, 0, 10);
  REQUIRE(d.t_stick());
  // v(t) = 4 - t while sliding; v* = 2 is reached at t = 2.
  CHECK(*d.t_stick() == doctest::Approx(2.0).epsilon(1e-14));
  CHECK(d.xi_start() == doctest::Approx(-7));  // the spring jumps onto eq. 3 at t = 0

  const ExactSlidingPlates c(kPaper, Csds{}, 4, 0, 10);
  REQUIRE(c.t_stick());
  // While sliding: xi = 1 - exp(-t/2), v = 4 - t, so |F_S| = F_max <=> 2 (4 - t) = exp(-t/2).
  const double ts = *c.t_stick();
  CHECK(2 * (4 - ts) == doctest::Approx(std::exp(-ts / 2)).epsilon(1e-13));
  CHECK(ts > 3.9);
  CHECK(ts < 4.0);
  // Critical damping (gamma^2 = 4 m k): no re-slide, one stick phase.
  CHECK(c.phases().size() == 2);
}
