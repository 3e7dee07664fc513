// The linear stability of steady sliding of a spring-slider on rate-and-state friction
// (models/spring_slider_linear.hpp): the closed-form boundary k_cr (Routh-Hurwitz on the cubic (P)) against the
// eigenvalues of the 3 x 3 Jacobian computed by Eigen, for seeded random draws of the law, the mass, the normal force
// and the drive speed: on k = k_cr the oscillating pair is +-i omega_cr (real part below 1e-9 omega_cr), just above
// it decays and just below it grows; the quasi-static limit m -> 0 gives k_c = F_n (b - a)/D_c; b < a is stable at
// every k.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "models/spring_slider_linear.hpp"

using namespace stickslip;

TEST_CASE("spring-slider: k_cr and omega_cr of the closed form are where the linear system's eigenvalues cross") {
  std::mt19937_64 rng(1983);
  std::uniform_real_distribution<double> U(0, 1);
  for (int draw = 0; draw < 50; ++draw) {
    SpringSliderLinear s;
    s.law.a = 0.005 + 0.01 * U(rng);
    s.law.b = s.law.a * (1.1 + U(rng));
    s.law.mu0 = 0.3 + 0.5 * U(rng);
    s.law.d_c = std::pow(10.0, -6 + 2 * U(rng));
    s.law.v_ref = 1e-6;
    s.m = std::pow(10.0, -3 + 4 * U(rng));
    s.fn = std::pow(10.0, 4 * U(rng));
    s.v_p = std::pow(10.0, -5 + 3 * U(rng));
    CAPTURE(draw);
    CAPTURE(s.eta());
    CHECK(s.r() == 1.0);  // mu_ss/a >= 18: the regularisation's factor is 1 to 1e-16
    const double kc = s.fn * (s.law.b - s.law.a) / s.law.d_c;
    CHECK(s.k_c() == doctest::Approx(kc).epsilon(1e-14));
    CHECK(s.k_cr() == doctest::Approx(kc * (1 + s.m * s.v_p * s.v_p / (s.fn * s.law.a * s.law.d_c))).epsilon(1e-14));
    const auto on = s.roots(s.k_cr());
    CHECK(std::abs(on.oscillation.real()) <= 1e-9 * s.omega_cr());
    CHECK(on.oscillation.imag() == doctest::Approx(s.omega_cr()).epsilon(1e-9));
    CHECK(on.fastest_real < 0);
    CHECK(s.roots(s.k_cr() * (1 + 1e-3)).oscillation.real() < 0);
    CHECK(s.roots(s.k_cr() * (1 - 1e-3)).oscillation.real() > 0);
  }
}

TEST_CASE("spring-slider: the quasi-static limit, and velocity strengthening is stable at every stiffness") {
  SpringSliderLinear s;
  s.fn = 10, s.v_p = 1e-3;
  s.m = 1e-12;
  CHECK(s.k_cr() == doctest::Approx(s.k_c()).epsilon(1e-11));
  CHECK(s.k_c() == doctest::Approx(10 * 0.005 / 1e-5).epsilon(1e-14));
  s.m = 1;  // eta = 1: the inertia doubles k_cr at the defaults
  CHECK(s.eta() == doctest::Approx(1).epsilon(1e-12));
  CHECK(s.k_cr() == doctest::Approx(2 * s.k_c()).epsilon(1e-12));
  SpringSliderLinear strong = s;
  strong.law.b = 0.008;  // b < a
  for (double k : {1e-2, 1.0, 1e2, 1e4, 1e6}) {
    const auto r = strong.roots(k);
    CHECK(!(r.oscillation.real() >= 0));  // decays (or no oscillation at all: NaN)
    CHECK(r.fastest_real < 0);
  }
}
