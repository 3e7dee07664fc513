// The energy ledger (seed 001, eq. 11): the C-SDS never creates energy, the D-SDS creates
// k xi_D(0+)^2/2 = (gamma v0 - F_max)^2/(2k) at the reset of a contact that starts sliding (~ v0^2).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>

#include "core/energy_ledger.hpp"
#include "solvers/integrate.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"
#include "tests/plate_config.hpp"

using namespace stickslip;

namespace {
PlateRunConfig config(const std::string& law, Scheme kind, double dt, bool events, double v0) {
  return test::seed001_plates(law, kind, dt, events, 10, v0);
}
}  // namespace

TEST_CASE("C-SDS: no energy created, for any scheme (up to the integration error)") {
  for (Scheme kind : {Scheme::euler, Scheme::rk4, Scheme::cvode, Scheme::ida}) {
    for (double v0 : {0.5, 4.0, 32.0}) {
      const PlateRun r = run_plates(config("csds", kind, 1e-3, true, v0));
      CAPTURE(to_string(kind));
      CAPTURE(v0);
      // D(t) >= 0 analytically; the samples may dip by the local error of the W and xi components.
      CHECK(r.energy_created <= 1e-6);
    }
  }
}

TEST_CASE("D-SDS: energy created equals the spring energy of the reset, growing as v0^2") {
  for (double v0 : {1.0, 4.0, 16.0}) {
    const double jump = 0.5 * std::pow(2 * v0 - 1, 2);  // xi_D(0+) = -(gamma v0 - F_max)/k
    const PlateRun dae = run_plates(config("dsds-dae", Scheme::ida, 1e-3, true, v0));
    CHECK(dae.energy_created == doctest::Approx(jump).epsilon(1e-8));
    const PlateRun euler = run_plates(config("dsds", Scheme::euler, 1e-3, false, v0));
    // Euler's first reset uses v(0): the same jump; later sliding steps differ by O(dt) per unit time.
    CHECK(euler.energy_created == doctest::Approx(jump).epsilon(1e-3));
  }
}

TEST_CASE("the ledger's balance B = dK + dV - dW - dW_R closes for the integrated plates") {
  // The plates have no external potential and no noise: B = dK - dW, zero up to the integration error.
  for (const std::string law : {"csds", "dsds-dae"}) {
    const auto model_owned = plates_model({1, 1, 2, 1}, law, Driver::fixed, true);
  const Model& model = *model_owned;
    Vec x(3);
    x << 4, 0, 0;
    Mode mode = model.initial_mode(0, x);
    EnergyLedger ledger;
    SolverOptions o;
    o.kind = Scheme::cvode;
    o.dt = 1e-2;
    o.rtol = 1e-10;
    o.atol = 1e-12;
    integrate(model, 0, 10, x, mode, o, [&](double t, VecCRef xs, const Mode& m) { ledger.add(t, model.energy(t, xs, m)); });
    CHECK(ledger.max_abs_balance() <= 1e-7);
  }
  // A hand-made ledger: 1 J of noise work heats a body from rest by 1 J; 0.25 J of it is lost to friction.
  EnergyLedger hand;
  hand.add(0, {0, 0, 0, 0, 0});
  hand.add(1, {0.75, 0, -0.25, 1.0, 0});
  CHECK(hand.balance(1) == doctest::Approx(0));
  CHECK(hand.dissipation(1) == doctest::Approx(0.25));
}

TEST_CASE("the friction-work state W obeys the work-energy theorem W = m (v^2 - v0^2)/2") {
  for (const std::string law : {"csds", "dsds-dae"}) {
    const PlateRun r = run_plates(config(law, Scheme::cvode, 1e-2, true, 4));
    for (const auto& s : r.samples) CHECK(s.work == doctest::Approx(0.5 * (s.v * s.v - 16)).epsilon(1e-7).scale(1));
  }
}

TEST_CASE("EnergyBalance streams the ledger's terms: B and D per sample, max |B|, scale and energy created") {
  // A hand-made run. t=0: K 1, V 0.5, U 0.2, W 0, W_R 0. t=1: K 0.25, V 0.75, U 0.5, W -1, W_R 0.5 (the friction
  // took 1 J, the noise gave 0.5 J): B = 1 - 1.5 + 1 - 0.5 = 0, D = 1 - 0.3 = 0.7. t=2: K 3, V 0, U 0.2, W 0.5, W_R 0
  // (a law that gives 0.5 J): B = 3 - 1.5 - 0.5 = 1, D = -0.5.
  const Energy e0{1, 0.2, 0, 0, 0.5}, e1{0.25, 0.5, -1, 0.5, 0.75}, e2{3, 0.2, 0.5, 0, 0};
  EnergyBalance b;
  const EnergyBalance::Terms t0 = b.add(e0), t1 = b.add(e1);
  CHECK(t0.balance == 0);
  CHECK(t0.dissipation == 0);
  CHECK(t1.work == -1);
  CHECK(t1.noise_work == 0.5);
  CHECK(t1.balance == doctest::Approx(0).epsilon(1e-15));
  CHECK(t1.dissipation == doctest::Approx(0.7));
  CHECK(b.energy_created() == 0);
  const EnergyBalance::Terms t2 = b.add(e2);
  CHECK(t2.balance == doctest::Approx(1));
  CHECK(t2.dissipation == doctest::Approx(-0.5));
  CHECK(b.max_abs_balance() == doctest::Approx(1));
  CHECK(b.scale() == doctest::Approx(3));  // K + V at t=2
  CHECK(b.balance_relative() == doctest::Approx(1.0 / 3));
  CHECK(b.dissipation() == doctest::Approx(-0.5));
  CHECK(b.energy_created() == doctest::Approx(0.5));

  // Over seeded random samples, the same numbers as the ledger that keeps every sample.
  std::uint64_t state = 12345;
  const auto uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0 * 4 - 2;
  };
  for (int draw = 0; draw < 20; ++draw) {
    EnergyLedger kept;
    EnergyBalance streamed;
    for (int i = 0; i < 50; ++i) {
      const Energy e{std::abs(uniform()), std::abs(uniform()), uniform(), uniform(), uniform()};
      kept.add(i, e);
      const EnergyBalance::Terms t = streamed.add(e);
      CHECK(t.balance == kept.balance(kept.size() - 1));
      CHECK(t.dissipation == kept.dissipation(kept.size() - 1));
    }
    CHECK(streamed.max_abs_balance() == kept.max_abs_balance());
    CHECK(streamed.energy_created() == kept.energy_created());
  }
}
