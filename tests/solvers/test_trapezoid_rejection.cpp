// Step rejection of the trapezoid fixed-point integrator: a step that does not converge is retried with dt/2 and
// the run finishes, reporting its rejected steps; only below the floor does it fail, naming the particle's contacts
// and their modes. A container pour that used to stagnate at the tolerance (seed 0, contact opening and closing on
// alternate sweeps) converges at the default options.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "models/sphere_scene.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/trapezoid_fixed_point.hpp"

using namespace stickslip;

namespace {
// A sphere falling onto a floor at `speed`, one step of dt before touching.
SphereScene ball_on_floor() {
  SphereScene scene;
  scene.add_sphere(0.1, 10.0, 1e8, 0.25);
  scene.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  scene.params.xi = 0.9;
  return scene;
}
ParticleState falling(double speed) {
  ParticleState s;
  s.resize(1);
  s.x[0] = Vec3(0, 0.1 + 1e-4, 0);
  s.v[0] = Vec3(0.3, -speed, 0);
  s.omega[0] = Vec3(0, 0, 5);
  return s;
}
}  // namespace

TEST_CASE("a step that does not converge is retried with dt/2 and the run finishes") {
  SphereStepper stepper(ball_on_floor());
  ParticleState s = falling(5.0);
  TrapezoidOptions o;
  o.dt = 2e-4;
  o.max_iterations = 4;  // too few for the impact at this dt: some steps must be halved
  o.relax_after = 0;
  const TrapezoidStats st = run_trapezoid(stepper, 0, 0.02, s, o);
  CHECK(st.rejected_steps > 0);
  CHECK(st.min_dt > 0);
  CHECK(st.min_dt < o.dt);
  CHECK(std::isfinite(s.x[0].norm()));
  CHECK(s.v[0][1] > 0);  // bounced
}

TEST_CASE("below the floor the failure names the particle, its contact and the mode") {
  SphereStepper stepper(ball_on_floor());
  ParticleState s = falling(5.0);
  TrapezoidOptions o;
  o.dt = 2e-4;
  o.max_iterations = 4;
  o.relax_after = 0;
  o.min_dt_factor = 1;  // no retry
  std::string message;
  try {
    run_trapezoid(stepper, 0, 0.02, s, o);
  } catch (const SolverError& e) {
    message = e.what();
  }
  INFO(message);
  CHECK(message.find("particle 0:") != std::string::npos);
  CHECK(message.find("wall 0 (h ") != std::string::npos);
  CHECK((message.find("stick)") != std::string::npos || message.find("slip)") != std::string::npos));
}

TEST_CASE("container seed 0 pours past the old stagnation (t = 1.1549 s) at the default options") {
  ContainerSpec spec;
  spec.seed = 0;
  ContainerSetup c = build_container(spec);
  CHECK(c.placement == "random");
  c.scene.params.xi = 0.9;
  c.scene.params.mu_s_pw = c.scene.params.mu_d_pw = 0.25;
  c.scene.params.mu_s_pp = c.scene.params.mu_d_pp = 0.1;
  c.scene.params.drag = 0.005;
  c.scene.params.rotations = true;
  const auto pour = [&](const TrapezoidOptions& o) {  // in the study's chunks of 0.05 s
    SphereStepper stepper(c.scene);
    ParticleState s = c.initial;
    TrapezoidStats total;
    for (int k = 0; k < 24; ++k) total.add(run_trapezoid(stepper, 0.05 * k, std::min(1.2, 0.05 * (k + 1)), s, o));
    return total;
  };
  TrapezoidOptions o;
  o.dt = 0.000194523069790570;  // the study's automatic step (eq. 50)
  o.max_iterations = 500;
  const TrapezoidStats st = pour(o);
  CHECK(st.steps > 6000);
  MESSAGE("seed 0 to t = 1.2 s: max sweeps " << st.max_iterations << ", relaxed steps " << st.relaxed_steps
                                             << ", rejected " << st.rejected_steps);
  // The old iteration (relaxation floor 1/64, no rejection) stagnates there, at err = tol.
  TrapezoidOptions old = o;
  old.min_relax = 1.0 / 64;
  old.min_dt_factor = 1;
  CHECK_THROWS_WITH_AS(pour(old), doctest::Contains("at t = 1.15486"), SolverError);
}

TEST_CASE("seeds whose random placement jams fall back to a jittered lattice without overlaps") {
  for (std::uint64_t seed : {24, 27}) {
    ContainerSpec spec;
    spec.seed = seed;
    const ContainerSetup c = build_container(spec);
    CHECK(c.placement == "lattice");
    for (std::size_t i = 0; i < spec.particles; ++i)
      for (std::size_t j = i + 1; j < spec.particles; ++j)
        CHECK((c.initial.x[i] - c.initial.x[j]).norm() >= 2 * spec.radius);
  }
}
