// solvers/linear_stability.hpp: the stability functions of the fixed-step schemes against the schemes themselves (one
// step of each Runge-Kutta tableau written out on y' = lambda y, complex lambda), the closed forms on the imaginary
// axis, a damped oscillator stepped as a real 2x2 system for many steps, and the bisection of the largest safe dt.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <complex>
#include <random>

#include "solvers/linear_stability.hpp"

using namespace stickslip;
using cd = std::complex<double>;

namespace {

// One step of dt of each scheme on y' = f(y), written from its Butcher tableau (not from R(z)).
template <class Y, class F>
Y rk_step(Scheme kind, const Y& y, double dt, F&& f) {
  switch (kind) {
    case Scheme::euler: return y + dt * f(y);
    case Scheme::midpoint: return y + dt * f(y + 0.5 * dt * f(y));
    case Scheme::heun: {
      const Y k1 = f(y), k2 = f(y + dt * k1);
      return y + 0.5 * dt * (k1 + k2);
    }
    case Scheme::rk4: {
      const Y k1 = f(y), k2 = f(y + 0.5 * dt * k1), k3 = f(y + 0.5 * dt * k2), k4 = f(y + dt * k3);
      return y + dt / 6 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    default: throw std::logic_error("not a fixed-step scheme");
  }
}

// The state (x, v) of a real oscillator, with what the tableaus need of a vector.
struct V {
  double x, v;
  V operator+(const V& o) const { return {x + o.x, v + o.v}; }
  friend V operator*(double a, const V& b) { return {a * b.x, a * b.v}; }
};

constexpr std::array<Scheme, 4> kSchemes{Scheme::euler, Scheme::midpoint, Scheme::heun, Scheme::rk4};

}  // namespace

TEST_CASE("ln|R(z)| equals one step of each scheme's tableau on y' = lambda y (seeded complex z)") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-3, 3);
  for (int k = 0; k < 500; ++k) {
    const cd lambda(u(rng), u(rng));
    const double dt = std::exp(u(rng));
    for (Scheme s : kSchemes) {
      const cd y1 = rk_step(s, cd(1, 0), dt, [&](const cd& y) { return lambda * y; });
      const double g = stability_log_growth(s, lambda * dt);
      CHECK(g == doctest::Approx(std::log(std::abs(y1))).epsilon(1e-12).scale(1));
    }
  }
}

TEST_CASE("on the imaginary axis: euler and the 2-stage methods always grow, rk4 is stable up to omega dt = 2 sqrt(2)") {
  for (double wdt : {1e-4, 0.01, 0.3, 1.0, 2.5}) {
    const cd z(0, wdt);
    CHECK(stability_log_growth(Scheme::euler, z) == doctest::Approx(0.5 * std::log1p(wdt * wdt)).epsilon(1e-13));
    const double two_stage = 0.5 * std::log1p(std::pow(wdt, 4) / 4);
    CHECK(stability_log_growth(Scheme::midpoint, z) == doctest::Approx(two_stage).epsilon(1e-12));
    CHECK(stability_log_growth(Scheme::heun, z) == doctest::Approx(two_stage).epsilon(1e-12));
    CHECK(stability_log_growth(Scheme::euler, z) > 0);
    CHECK(stability_log_growth(Scheme::heun, z) > 0);
    // below 2 sqrt(2); |R|^2 - 1 = -(omega dt)^6/72 + (omega dt)^8/576 is below round-off for omega dt = 1e-4
    if (wdt >= 0.01) CHECK(stability_log_growth(Scheme::rk4, z) < 0);
    else CHECK(std::abs(stability_log_growth(Scheme::rk4, z)) < 1e-15);
  }
  const double edge = 2 * std::sqrt(2.0);
  CHECK(std::abs(stability_log_growth(Scheme::rk4, cd(0, edge))) < 1e-14);
  CHECK(stability_log_growth(Scheme::rk4, cd(0, edge * 1.001)) > 0);
  CHECK_THROWS_AS(stability_log_growth(Scheme::cvode, cd(0, 1)), std::logic_error);
}

TEST_CASE("the growth exponent of a damped oscillator is that of the scheme stepping x'' + 2 zeta omega x' + omega^2 x = 0") {
  // The real 2x2 system (x, v) stepped n times; its growth is that of the faster mode, measured as the largest
  // amplification of two independent start vectors (so the slower mode's component cannot hide the faster one).
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 60; ++k) {
    const double omega = std::exp(4 * u(rng)), zeta = k % 3 == 0 ? 1.5 * u(rng) + 1.01 : 0.9 * u(rng);
    const double dt = (0.02 + 0.6 * u(rng)) / omega;
    const int n = 400;
    const auto f = [&](const V& y) { return V{y.v, -omega * omega * y.x - 2 * zeta * omega * y.v}; };
    for (Scheme s : kSchemes) {
      const double expected = oscillator_growth_exponent(s, omega, zeta, dt, n);
      if (std::abs(expected) > 600) continue;  // beyond double's range after n steps
      double measured = -1e300;
      for (const V y0 : {V{1, 0}, V{0, omega}}) {
        V y = y0;
        for (int i = 0; i < n; ++i) y = rk_step(s, y, dt, f);
        const double norm0 = std::hypot(y0.x * omega, y0.v), norm = std::hypot(y.x * omega, y.v);
        measured = std::max(measured, std::log(norm / norm0));
      }
      // the norm of the n-step matrix lies within a constant factor (the modes' condition) of |R|^n: compare the rates
      CHECK_MESSAGE(std::abs(measured - expected) <= 0.05 * std::abs(expected) + 6.0,
                    to_string(s) << " omega " << omega << " zeta " << zeta << " dt " << dt);
    }
  }
}

TEST_CASE("largest_dt_within_growth: the bound holds at the answer and fails 2 % above it") {
  const double bound = std::log(1e3), t_end = 50;
  for (Scheme s : kSchemes)
    for (double zeta : {0.0, 0.05, 0.5}) {
      const double omega = 10, dt_max = 0.5;
      const double dt = largest_dt_within_growth(s, omega, zeta, t_end, dt_max, bound);
      if (dt == 0) continue;
      CHECK(oscillator_growth_exponent(s, omega, zeta, dt, std::ceil(t_end / dt)) <= bound);
      if (dt < dt_max) CHECK(oscillator_growth_exponent(s, omega, zeta, 1.02 * dt, std::ceil(t_end / (1.02 * dt))) > bound);
    }
  // rk4 on a damped oscillator below its stability edge: dt_max itself is safe
  CHECK(largest_dt_within_growth(Scheme::rk4, 10, 0.1, t_end, 0.1, bound) == 0.1);
}
