// Tests of the particle engine's SDE form (models/particles/engine_sde.hpp) driven by the SDE integrator (through
// studies/papers/hofmann/stochastic_runs):
// deterministic decay at kT = 0, conservation of momentum and angular momentum to round-off, equipartition
// of u_perp with statistically justified tolerances, the Stratonovich deviation of Heun for Coulomb f, and
// the noise-work ledger.
#include <algorithm>
#include <cmath>
#include <doctest/doctest.h>

#include "studies/papers/hofmann/stochastic_runs.hpp"

using namespace stickslip;

namespace {

StochasticRunSpec spec(const std::string& system, const std::string& law, Scheme scheme, double dt, double t_end) {
  StochasticRunSpec s;
  s.system = system;
  s.law = law;
  s.scheme = scheme;
  s.dt = dt;
  s.t_end = t_end;
  s.t_equil = 10;
  s.kT = 1;
  s.normal_force = 4;
  s.seed = 12345;
  return s;
}

}  // namespace

TEST_CASE("kT = 0, linear f: u_perp decays as (1 - nu gamma dt)^n under Euler-Maruyama") {
  StochasticRunSpec s = spec("pair", "linear", Scheme::em, 1e-3, 1);
  s.kT = 0;
  s.gamma = 0.7;
  const std::unique_ptr<EngineSde> owner = make_stochastic_model(s);
  const EngineSde& model = *owner;
  Vec x = model.initial_state();
  x.segment<3>(9) = Vec3(0.2, 1.0, -0.5);   // v_j (the normal part 0.2 is not touched by friction)
  x.segment<3>(12) = Vec3(0.3, 0.1, 0.4);   // omega_i
  const Vec3 u0 = model.kinematics(x, 0).vt;
  SdeIntegrator integ(model, Scheme::em, s.dt, 1);
  double t = 0;
  for (int k = 0; k < 500; ++k) integ.step(t, x);
  const Vec3 expected = u0 * std::pow(1 - model.nu(0) * s.gamma * s.dt, 500);
  CHECK((model.kinematics(x, 0).vt - expected).norm() < 1e-13);
  CHECK(x[9] == doctest::Approx(0.2).epsilon(1e-14));
  // Kinetic energy lost = -W_f: EM's kinetic energy changes by -f u dt + nu (f dt)^2 / 2 per step, so the
  // core ledger's balance d(E_kin + U) - dW_f - dW_R misses sum nu gamma^2 u^2 dt^2 / 2 = (nu gamma dt / 2) |W_f|.
  Vec x0 = model.initial_state();
  x0.segment<3>(9) = Vec3(0.2, 1.0, -0.5);
  x0.segment<3>(12) = Vec3(0.3, 0.1, 0.4);
  EnergyLedger ledger;
  ledger.add(0, model.energy(x0));
  ledger.add(t, model.energy(x));
  const Energy& e = ledger.at(1);
  CHECK(e.noise_work == 0);
  CHECK(e.work < 0);
  CHECK(e.potential == 0);  // no friction spring
  CHECK(e.external == 0);   // fixed geometry: no bond
  const double residual = std::abs(ledger.balance(1));
  CHECK(residual <= 0.5 * model.nu(0) * s.gamma * s.dt * std::abs(e.work) * 1.0000001);
  CHECK(residual > 0);
  CHECK(ledger.max_abs_balance() == residual);
  // No spring and W_f <= 0: the core dissipation -dW_f is the heat, never negative.
  CHECK(ledger.dissipation(1) == -e.work);
  CHECK(ledger.energy_created() == 0);
}

TEST_CASE("total momentum and angular momentum are conserved to round-off for touching spheres") {
  // Fixed geometry, every contact touching: sum F = 0 and sum (r x F + tau) = (R_i + R_j - r) r_hat x F = 0.
  // Round-off: ~1e-16 per operation on O(1) momenta over 1e4 steps, i.e. < 1e-11 with a wide margin.
  for (const std::string system : {"pair", "cluster"})
    for (Scheme scheme : {Scheme::em, Scheme::sde_heun}) {
      const StochasticRunResult r = run_stochastic(spec(system, "coulomb", scheme, 2e-3, 20));
      CHECK_MESSAGE(r.momentum_drift < 1e-11 * r.momentum_scale, system << " " << to_string(scheme));
      CHECK_MESSAGE(r.angular_momentum_drift < 1e-11 * r.momentum_scale, system << " " << to_string(scheme));
    }
  // Bonded: momentum still exact (bond and friction forces are pairwise opposite); angular momentum drifts
  // because |r_ij| != R_i + R_j while the bond vibrates.
  StochasticRunSpec s = spec("pair", "coulomb", Scheme::em, 1e-3, 20);
  s.geometry = ContactGeometry::bonded;
  const StochasticRunResult r = run_stochastic(s);
  CHECK(r.momentum_drift < 1e-11 * r.momentum_scale);
  CHECK(r.max_overlap > 0);
  CHECK(r.angular_momentum_drift > 1e3 * r.momentum_drift);
}

TEST_CASE("equipartition of u_perp: linear f against the exact Euler-Maruyama stationary variance") {
  // Pair, dt = 5e-3, t = 2000 (4e5 steps): batch-means stderr ~1 %. Prediction: u_perp is an OU process
  // with rate nu gamma; EM's stationary variance is 1/(1 - nu gamma dt/2) times the continuum one. 4 stderr.
  const StochasticRunResult pair = run_stochastic(spec("pair", "linear", Scheme::em, 5e-3, 2000));
  CHECK(pair.stderr_ratio < 0.02);
  CHECK(pair.predicted_ratio == doctest::Approx(1 / (1 - 4.666666666666667 * 5e-3 / 2)).epsilon(1e-12));
  CHECK(std::abs(pair.ratio - pair.predicted_ratio) < 4 * pair.stderr_ratio);
  // Predicted particle variances (restricted Gibbs): within 4 x sqrt(2) stderr of the ratio.
  for (double v : pair.particle_variance_ratio)
    if (v != 0) CHECK(std::abs(v - pair.predicted_ratio) < 6 * pair.stderr_ratio + 0.01);
  // Tetrahedron of 4 spheres, 6 contacts; prediction from the eigenmodes of J M^-1 J^T.
  const StochasticRunResult cluster =
      run_stochastic(spec("cluster", "linear", Scheme::em, 2e-3, 300));
  CHECK(cluster.stderr_ratio < 0.02);
  CHECK(std::abs(cluster.ratio - cluster.predicted_ratio) < 4 * cluster.stderr_ratio);
  // Linear-response autocorrelation at lag 0.1 (the pair's ACF decays as exp(-nu gamma t); statistical error of
  // a normalised ACF value ~ sqrt(2 tau / T) ~ 0.02).
  const std::size_t k = 10;
  CHECK(std::abs(pair.acf[k] - pair.acf_predicted[k]) < 0.05);
}

TEST_CASE("equipartition for Coulomb f (Ito / EM) and the Stratonovich deviation of Heun") {
  // Pair, mu F_n = 2, kT = 1, dt = 2e-3, t = 3000 (1.5e6 steps): stderr ~1.2 %. EM's bias for Coulomb f is O(dt):
  // the study's dt sweep (t = 1e4) gives 1.042, 1.021, 1.014 at dt = 0.02, 0.01, 0.002, so the bound is
  // 4 stderr + 2 %.
  const StochasticRunResult em = run_stochastic(spec("pair", "coulomb", Scheme::em, 2e-3, 3000));
  CHECK(em.stderr_ratio < 0.025);
  CHECK(std::abs(em.ratio - 1) < 4 * em.stderr_ratio + 0.02);
  // Heun solves the Stratonovich SDE: the stationary density becomes sqrt(D(u)) x Gaussian, a ratio of 0.868
  // for Coulomb f; the measured value must sit there and clearly below 1 (sweep: 0.859 .. 0.868 for
  // dt = 0.02 .. 0.002, so Heun's own bias at dt = 2e-3 is < 1 %).
  const StochasticRunResult heun = run_stochastic(spec("pair", "coulomb", Scheme::sde_heun, 2e-3, 3000));
  CHECK(heun.predicted_ratio == doctest::Approx(0.868).epsilon(0.002));
  CHECK(std::abs(heun.ratio - heun.predicted_ratio) < 4 * heun.stderr_ratio + 0.01);
  CHECK(heun.ratio + 4 * heun.stderr_ratio < 0.97);
}

TEST_CASE("core energy ledger with the noise work closes up to the scheme's O(dt) error") {
  // The core EnergyLedger balance d(E_kin + U_bond) - dW_f - dW_R vanishes for the exact dynamics. Heun
  // (Stratonovich chain rule) closes it to O(dt^2) per unit time; EM with the Ito heating term sum 2 kT nu D
  // to O(dt). Both well below 3 % of W_R here, at every ledger time.
  for (Scheme scheme : {Scheme::em, Scheme::sde_heun}) {
    const StochasticRunResult r = run_stochastic(spec("pair", "linear", scheme, 2e-3, 200));
    CHECK(r.noise_work > 0);
    REQUIRE(r.ledger.size() > 2);
    CHECK(r.ledger.time(0) == 0);
    CHECK(r.ledger.time(r.ledger.size() - 1) == doctest::Approx(200).epsilon(1e-9));  // t += dt, 1e5 times
    CHECK(r.ledger.at(r.ledger.size() - 1).noise_work == r.noise_work);
    CHECK(r.ledger_residual == std::abs(r.ledger.balance(r.ledger.size() - 1)));
    CHECK(r.ledger_max_abs_balance == r.ledger.max_abs_balance());
    CHECK_MESSAGE(r.ledger_max_abs_balance < 0.03 * r.noise_work, to_string(scheme));
    CHECK(r.ledger_residual > 0);
  }
  // Bonded geometry: the bond energy is the ledger's external potential V and takes part in the balance;
  // the semi-implicit bond update adds its own O(dt) error, still well below 3 % of W_R.
  StochasticRunSpec b = spec("pair", "linear", Scheme::em, 1e-3, 100);
  b.geometry = ContactGeometry::bonded;
  const StochasticRunResult r = run_stochastic(b);
  double max_bond = 0;
  for (std::size_t i = 0; i < r.ledger.size(); ++i) {
    max_bond = std::max(max_bond, r.ledger.at(i).external);
    CHECK(r.ledger.at(i).potential == 0);
  }
  CHECK(max_bond > 0);
  CHECK(r.ledger_max_abs_balance < 0.03 * r.noise_work);
}
