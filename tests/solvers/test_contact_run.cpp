// simulate, the one entry of a small system's run (solvers/contact_run.hpp), on Coulomb's dry-friction oscillator
// (Krengel & Matuttis eq. 3, models/friction_oscillator.hpp):
// - a system and its run come from one integrator spec: a system formed for IDA run with rk4's options is refused;
// - project: a run that starts in its initial mode is the old preamble (initial mode, project, run), bit for bit;
// - the Filippov form runs on any scheme the Filippov driver takes, and a run continued from the mode it ended in
//   goes on where it stopped (the mass stuck at the end stays stuck, at the same place).
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "models/friction_oscillator.hpp"
#include "solvers/contact_run.hpp"

using namespace stickslip;

namespace {

ContactSystem coulomb(Driver d) {
  OscillatorParameters p;  // m = 0.25, k = 1, F_N = 1
  LawValues v;
  v.set("mu", 0.4);
  return oscillator_system(p, "coulomb", v, d, true, true);
}

SolverOptions options(Scheme kind) {
  SolverOptions o;
  o.kind = kind;
  o.dt = 0.01;
  o.rtol = 1e-9;
  o.atol = 1e-11;
  return o;
}

}  // namespace

TEST_CASE("simulate refuses a system run by another driver than the one it was formed for") {
  const ContactSystem dae = coulomb(Driver::ida);
  Vec x = Vec::Zero(static_cast<Eigen::Index>(dae.size()));
  x[0] = 1.9;
  Mode mode;
  CHECK_THROWS_AS(simulate(dae, {0, 1, options(Scheme::rk4)}, x, mode), std::logic_error);
  CHECK_NOTHROW(simulate(dae, {0, 1, options(Scheme::ida)}, x, mode));
}

TEST_CASE("project: a run from its initial mode is the initial mode, the projection and the run, bit for bit") {
  const ContactSystem dae = coulomb(Driver::ida);
  // Inside the stick band (k |x| = 0.3 < mu F_N = 0.4) at rest: the DAE starts stuck, its force put onto the spring's.
  Vec by_hand = Vec::Zero(static_cast<Eigen::Index>(dae.size()));
  by_hand[0] = 0.3;
  Vec entry = by_hand;
  Mode mode_by_hand = contact_initial_mode(dae, 0, by_hand);
  REQUIRE(mode_by_hand[0] == stick_mode);
  dae.model->project(0, by_hand, mode_by_hand);
  const SolverOptions o = options(Scheme::ida);
  simulate(dae, {0, 2, o}, by_hand, mode_by_hand);
  Mode mode;
  simulate(dae, {.t_end = 2, .solver = o, .project = true}, entry, mode);
  CHECK(entry == by_hand);
  CHECK(mode == mode_by_hand);
  CHECK(entry[0] == 0.3);  // held where it started
}

TEST_CASE("the Filippov form on any scheme, and a run continued from the mode it ended in") {
  const ContactSystem fil = coulomb(Driver::filippov);
  for (Scheme kind : {Scheme::rk4, Scheme::dopri5}) {
    CAPTURE(static_cast<int>(kind));
    Vec x(2);
    x << 1.9, 0.0;  // the exact solution: 1.9 -> -1.1 -> 0.3 in two half periods, stuck at x = 0.3 from t = pi
    Mode mode;
    simulate(fil, {0, 10, options(kind)}, x, mode);
    REQUIRE(mode[0] == sliding_mode);  // stuck: on the surface v = 0
    const double x_stuck = x[0];
    CHECK(x_stuck == doctest::Approx(0.3).epsilon(1e-6));
    simulate(fil, {10, 12, options(kind)}, x, mode);
    CHECK(mode[0] == sliding_mode);
    CHECK(x[0] == doctest::Approx(x_stuck).epsilon(1e-9));
    CHECK(std::abs(x[1]) < 1e-9);
  }
}
