// Tests of solvers/sde_integrator: the exact discrete stationary variance of Euler-Maruyama and Heun on an
// Ornstein-Uhlenbeck process, Ito vs Stratonovich limits on multiplicative noise, reproducibility, and the
// semi-implicit configuration update; simulate, the one entry of a stochastic run, against the hand loop.
#include <cmath>
#include <doctest/doctest.h>
#include <vector>

#include "core/errors.hpp"
#include "solvers/sde_integrator.hpp"

using namespace stickslip;

namespace {

// dx = -lambda x dt + sigma dW.
struct OrnsteinUhlenbeck final : SdeSystem {
  double lambda = 1, sigma = 1;
  std::size_t size() const override { return 1; }
  std::size_t noise_size() const override { return 1; }
  void drift(double, VecCRef x, VecRef a) const override { a[0] = -lambda * x[0]; }
  void diffusion(double, VecCRef, VecCRef dW, VecRef out) const override { out[0] = sigma * dW[0]; }
};

// dx = sigma x dW: Ito mean x0, Stratonovich mean x0 exp(sigma^2 t / 2).
struct Multiplicative final : SdeSystem {
  double sigma = 0.5;
  std::size_t size() const override { return 1; }
  std::size_t noise_size() const override { return 1; }
  void drift(double, VecCRef, VecRef a) const override { a[0] = 0; }
  void diffusion(double, VecCRef x, VecCRef dW, VecRef out) const override { out[0] = sigma * x[0] * dW[0]; }
};

// q' = p, p' = -q (+ optional additive noise on p); partitioned or not.
struct Oscillator final : SdeSystem {
  bool partitioned = true;
  double sigma = 0;
  std::size_t size() const override { return 2; }
  std::size_t noise_size() const override { return 1; }
  void drift(double, VecCRef x, VecRef a) const override {
    a[0] = x[1];
    a[1] = -x[0];
  }
  void diffusion(double, VecCRef, VecCRef dW, VecRef out) const override {
    out[0] = 0;
    out[1] = sigma * dW[0];
  }
  std::size_t configuration_size() const override { return partitioned ? 1 : 0; }
};

double stationary_variance(Scheme scheme, double dt, std::uint64_t seed) {
  OrnsteinUhlenbeck ou;
  SdeIntegrator integ(ou, scheme, dt, seed);
  Vec x = Vec::Zero(1);
  double t = 0, sum = 0;
  for (int k = 0; k < 1000; ++k) integ.step(t, x);
  const int n = 2000000;
  for (int k = 0; k < n; ++k) {
    integ.step(t, x);
    sum += x[0] * x[0];
  }
  return sum / n;
}

}  // namespace

TEST_CASE("OU process: the stationary variance equals the exact value of each discrete scheme") {
  // lambda = sigma = 1, dt = 0.1. EM is the AR(1) x1 = (1 - l dt) x0 + sigma dW: var = sigma^2 / (l (2 - l dt)).
  // Heun: x1 = (1 - l dt + l^2 dt^2/2) x0 + (1 - l dt/2) sigma dW. Both differ from the continuum 1/2 by
  // O(dt) / O(dt^2). Error bar: x^2 of an AR(1) with rho = 0.9 has integrated autocorrelation time
  // (1 + rho^2)/(1 - rho^2) = 9.5 steps, so 2e6 steps give ~2e5 independent samples and a relative
  // standard error sqrt(2 / 2e5) = 0.32 %; 1.5 % is a ~5 sigma bound and still separates EM from 1/2 (5 %).
  const double dt = 0.1;
  const double em_exact = 1 / (2 - dt);
  const double phi = 1 - dt + dt * dt / 2, c = 1 - dt / 2;
  const double heun_exact = c * c * dt / (1 - phi * phi);
  const double em = stationary_variance(Scheme::em, dt, 1);
  const double heun = stationary_variance(Scheme::sde_heun, dt, 2);
  CHECK(std::abs(em / em_exact - 1) < 0.015);
  CHECK(std::abs(heun / heun_exact - 1) < 0.015);
  CHECK(std::abs(em / 0.5 - 1) > 0.03);
  // ou_step's factors are these values over the continuum's 1/2
  CHECK(std::abs(em / (0.5 * ou_step(Scheme::em, dt).variance_factor) - 1) < 0.015);
  CHECK(std::abs(heun / (0.5 * ou_step(Scheme::sde_heun, dt).variance_factor) - 1) < 0.015);
}

TEST_CASE("ou_step: each scheme's per-step correlation and stationary variance factor on an OU mode") {
  // lambda = sigma = 1 and dt = l: the continuum variance 1/2; EM's AR(1) coefficient 1 - l and noise variance l,
  // Heun's 1 - l + l^2/2 and (1 - l/2)^2 l (derived in the test above)
  for (double l : {1e-3, 0.01, 0.1, 0.5, 1.5}) {
    const OuStep em = ou_step(Scheme::em, l), he = ou_step(Scheme::sde_heun, l);
    CHECK(em.correlation == doctest::Approx(1 - l).epsilon(1e-14));
    CHECK(em.variance_factor == doctest::Approx(l / (1 - (1 - l) * (1 - l)) / 0.5).epsilon(1e-12));
    const double phi = 1 - l + l * l / 2, c = 1 - l / 2;
    CHECK(he.correlation == doctest::Approx(phi).epsilon(1e-14));
    CHECK(he.variance_factor == doctest::Approx(c * c * l / (1 - phi * phi) / 0.5).epsilon(1e-12));
  }
  // as dt -> 0 both tend to the continuum (factor 1), EM at first order (1 + l/2), Heun at second
  CHECK(ou_step(Scheme::em, 1e-4).variance_factor == doctest::Approx(1 + 5e-5).epsilon(1e-8));
  CHECK(std::abs(ou_step(Scheme::sde_heun, 1e-4).variance_factor - 1) < 1e-8);
}

TEST_CASE("multiplicative noise: Euler-Maruyama converges to Ito, Heun to Stratonovich") {
  // T = 1, dt = 0.01, M = 40000 paths. Ito: E x(T) = 1 (EM exactly, every step is a martingale increment).
  // Stratonovich: exp(sigma^2 / 2) = 1.1331; Heun's mean per step is 1 + sigma^2 dt / 2, i.e. 1.1331 - 1e-4 at T.
  // Standard deviation of x(T) <= sqrt(exp(2 sigma^2) - 1) ~ 0.8, so the standard error is <= 0.004; 0.02 is 5 sigma.
  Multiplicative sys;
  const double dt = 0.01;
  const int paths = 40000, steps = 100;
  for (Scheme scheme : {Scheme::em, Scheme::sde_heun}) {
    SdeIntegrator integ(sys, scheme, dt, 5);
    double sum = 0;
    Vec x(1);
    for (int p = 0; p < paths; ++p) {
      x[0] = 1;
      double t = 0;
      for (int k = 0; k < steps; ++k) integ.step(t, x);
      sum += x[0];
    }
    const double mean = sum / paths;
    const double expected = scheme == Scheme::em ? 1.0 : std::exp(sys.sigma * sys.sigma / 2);
    CHECK_MESSAGE(std::abs(mean - expected) < 0.02, to_string(scheme) << " mean " << mean);
  }
}

TEST_CASE("the same seed reproduces a trajectory bit for bit; another seed does not") {
  OrnsteinUhlenbeck ou;
  for (Scheme scheme : {Scheme::em, Scheme::sde_heun}) {
    auto run = [&](std::uint64_t seed) {
      SdeIntegrator integ(ou, scheme, 0.01, seed);
      Vec x = Vec::Zero(1);
      double t = 0;
      for (int k = 0; k < 1000; ++k) integ.step(t, x);
      return x[0];
    };
    CHECK(run(42) == run(42));
    CHECK(run(42) != run(43));
  }
}

TEST_CASE("configuration block: semi-implicit Euler keeps an oscillator bounded, plain Euler does not") {
  // dt = 0.01, 1e5 steps (~160 periods). Symplectic Euler conserves a modified energy, so |E/E0 - 1| = O(dt);
  // explicit Euler multiplies E by (1 + dt^2) per step: (1 + 1e-4)^1e5 = e^10.
  const double dt = 0.01;
  for (bool partitioned : {true, false}) {
    Oscillator osc;
    osc.partitioned = partitioned;
    SdeIntegrator integ(osc, Scheme::em, dt, 3);
    Vec x(2);
    x << 1, 0;
    double t = 0;
    for (int k = 0; k < 100000; ++k) integ.step(t, x);
    const double E = 0.5 * x.squaredNorm();
    if (partitioned) CHECK(std::abs(E / 0.5 - 1) < dt);
    else CHECK(E / 0.5 > std::exp(9.0));
  }
}

TEST_CASE("bad input") {
  OrnsteinUhlenbeck ou;
  CHECK_THROWS_AS(SdeIntegrator(ou, Scheme::sde_heun, 0, 1), InputError);
  CHECK_THROWS_AS(SdeIntegrator(ou, Scheme::sde_heun, -1e-3, 1), InputError);
  CHECK_THROWS_AS(parse_sde_scheme("scheme", "rk4"), InputError);
  CHECK(parse_sde_scheme("scheme", "heun") == Scheme::sde_heun);
  CHECK(parse_sde_scheme("scheme", "em") == Scheme::em);  // the integrator-spec names are the same schemes
  CHECK(sde_scheme_name(Scheme::em) == "euler-maruyama");
  CHECK_THROWS_AS(SdeIntegrator(ou, Scheme::rk4, 1e-3, 1), InputError);  // a scheme of no SDE
}

TEST_CASE("simulate: the run of an SDE is its integrator stepped `steps` times, the observer after every step") {
  // The same seed and scheme: simulate's trajectory is the hand loop's, bit for bit, and the observer sees each step's
  // time and state, k = 1 .. steps.
  OrnsteinUhlenbeck ou;
  for (Scheme scheme : {Scheme::em, Scheme::sde_heun}) {
    const double dt = 0.01;
    const long steps = 2500;  // crosses the 1024-step interrupt and progress checks twice
    SdeIntegrator hand(ou, scheme, dt, 11);
    Vec xh = Vec::Constant(1, 0.3);
    double th = 0;
    std::vector<double> hand_x;
    for (long k = 0; k < steps; ++k) {
      hand.step(th, xh);
      hand_x.push_back(xh[0]);
    }
    Vec x = Vec::Constant(1, 0.3);
    double t = 0;
    std::vector<double> seen_x, seen_t;
    long last_k = 0;
    bool in_order = true;
    simulate(ou, SdeRun{scheme, dt, 11, steps}, t, x, [&](double now, VecCRef y, long k) {
      in_order = in_order && k == last_k + 1;
      last_k = k;
      seen_t.push_back(now);
      seen_x.push_back(y[0]);
    });
    CHECK(in_order);
    CHECK(last_k == steps);
    CHECK(seen_x == hand_x);
    CHECK(x[0] == xh[0]);
    CHECK(t == th);
    CHECK(seen_t.front() == doctest::Approx(dt).epsilon(1e-15));
  }
}
