// What the sliding-plates study derives from runs (studies/plate_runs.hpp), against independent references: the
// kinetic-energy difference of seed 001 Fig. 2 against the exact solutions of both laws, the energy sweep point
// against eq. 11's jump (gamma v0 - F_max)^2 / (2k), the Fig. 4 auxiliary states against the midpoint rule's own
// steps, and the time-series CSV read back to the bit.
#include <doctest/doctest.h>

#include <cmath>

#include "studies/plate_runs.hpp"
#include "tests/cli_runner.hpp"
#include "tests/plate_config.hpp"

using namespace stickslip;

namespace {
PlateRunConfig config(const std::string& law, SolverKind kind, double dt, bool events) {
  return test::seed001_plates(law, kind, dt, events);
}
}  // namespace

TEST_CASE("Fig. 2 pairing: E_kin(D-SDS) - E_kin(C-SDS) of two located-event runs equals the exact solutions'") {
  const PlateRunConfig cd = config("dsds-dae", SolverKind::ida, 0.01, true);
  const PlateRunConfig cc = config("csds", SolverKind::cvode, 0.01, true);
  const ExactSlidingPlates xd = *exact_plates(cd), xc = *exact_plates(cc);
  const auto diff = kinetic_energy_difference(run_plates(cd).samples, run_plates(cc).samples);
  REQUIRE(diff.size() > 400);
  double largest = 0, worst = 0;
  for (const auto& [t, d] : diff) {
    const double vd = xd.at(t).v, vc = xc.at(t).v, exact = 0.5 * (vd * vd - vc * vc);  // m = 1
    largest = std::max(largest, std::abs(exact));
    // Interpolating the C-SDS E_kin linearly between its samples (0.01 apart, |d2E/dt2| <= ~20) costs <= 3e-4.
    worst = std::max(worst, std::abs(d - exact));
  }
  CHECK(largest > 0.1);  // the laws differ visibly (Fig. 2: up to 0.18 here)
  CHECK(worst < 1e-3);
}

TEST_CASE("kinetic_energy_at interpolates linearly and clamps at the ends") {
  const std::vector<PlateSample> s{{0, 0, 0, 0, 0, 1, 0, 0, 0}, {1, 0, 0, 0, 0, 3, 0, 0, 0}, {3, 0, 0, 0, 0, -1, 0, 0, 0}};
  CHECK(kinetic_energy_at(s, -1) == 1);
  CHECK(kinetic_energy_at(s, 0.5) == doctest::Approx(2));
  CHECK(kinetic_energy_at(s, 2) == doctest::Approx(1));
  CHECK(kinetic_energy_at(s, 5) == -1);
}

TEST_CASE("energy sweep point: the exact jump is eq. 11's, the D-SDS DAE creates it, the C-SDS nothing") {
  PlateRunConfig base = config("csds", SolverKind::euler, 1e-3, false);
  base.t_end = 10;
  for (double v0 : {1.0, 8.0}) {
    CAPTURE(v0);
    const EnergySweepPoint p = energy_sweep_point(base, v0, 1e-3);
    const double jump = std::pow(2 * v0 - 1, 2) / 2;  // (gamma v0 - F_max)^2 / (2k)
    CHECK(p.dsds_exact_jump == doctest::Approx(jump).epsilon(1e-12));
    CHECK(p.dsds_dae_ida == doctest::Approx(jump).epsilon(1e-8));
    CHECK(p.dsds_euler == doctest::Approx(jump).epsilon(1e-3));  // Euler's first reset uses v(0): the same jump
    CHECK(p.csds_euler <= 1e-6);
  }
}

TEST_CASE("Fig. 4 auxiliary states: each midpoint step advances v by dt F(u_1) / m") {
  const PlateRunConfig c = config("dsds-stage", SolverKind::midpoint, 0.2, false);
  const PlateRun r = run_plates(c);
  const auto aux = midpoint_auxiliary_states(c, r);
  REQUIRE(aux.size() + 1 == r.samples.size());
  for (std::size_t i = 0; i < aux.size(); ++i) {
    CAPTURE(i);
    CHECK(aux[i].t == doctest::Approx(r.samples[i].t + 0.1));
    CHECK(r.samples[i + 1].v - r.samples[i].v == doctest::Approx(0.2 * aux[i].force).epsilon(1e-12));
  }
}

TEST_CASE("runs/<label>.csv reads back every sample to the bit") {
  const PlateRun r = run_plates(config("csds", SolverKind::rk4, 0.05, true));
  const auto dir = test::scratch_dir("plate_csv");
  std::filesystem::create_directories(dir);
  write_plate_csv(dir / "run.csv", r);
  const auto back = read_plate_csv(dir / "run.csv");
  REQUIRE(back.size() == r.samples.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    const PlateSample &a = r.samples[i], &b = back[i];
    CHECK((a.t == b.t && a.v == b.v && a.xi == b.xi && a.work == b.work && a.force == b.force && a.e_kin == b.e_kin &&
           a.e_spring == b.e_spring && a.dissipation == b.dissipation && a.mode == b.mode));
  }
  std::filesystem::remove_all(dir);
}
