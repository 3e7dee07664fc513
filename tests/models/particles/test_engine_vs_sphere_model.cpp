// The particle engine against the small-system state-vector model (models/sphere_model.hpp, integrated by rk4 with
// located events) on the same two- and three-body problems: Hertz normal contact (xi = 0, so both forms cap the
// Mindlin spring at mu N_el) and the Mindlin spring with return mapping (engine) vs stick/slip modes with events
// (model). Final velocities and spins agree to the engine's O(dt) truncation, and the gap closes with dt.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "models/particles/velocity_verlet.hpp"
#include "models/sphere_model.hpp"
#include "solvers/integrate.hpp"
#include "tests/models/particles/few_bodies.hpp"

using namespace stickslip;

namespace {

constexpr double kR = 0.2, kM = 1000, kE = 1e10, kNu = 0.25, kMu = 0.3;

using test::Bodies;

Bodies problem(int n) {
  if (n == 2)  // oblique impact with spin
    return {{Vec3(-0.42, 0.1, 0), Vec3(0, 0, 0)}, {Vec3(1.0, 0, 0), Vec3(-0.5, 0, 0.2)},
            {Vec3(0, 0, 3.0), Vec3(1.0, 0, 0)}};
  // three bodies: an oblique hit on the first of two touching-distance spheres
  return {{Vec3(-0.42, 0.1, 0), Vec3(0, 0, 0), Vec3(0.41, -0.05, 0.02)},
          {Vec3(1.0, 0, 0), Vec3::Zero(), Vec3::Zero()},
          {Vec3(0, 0, 3.0), Vec3::Zero(), Vec3(0, 2.0, 0)}};
}

double difference(const Bodies& a, const Bodies& b) { return test::difference(a, b, kR); }

Bodies run_model(const Bodies& start, double t_end, double dt) {
  SphereScene scene;
  scene.params.gravity = Vec3::Zero();
  scene.params.mu_s_pp = scene.params.mu_d_pp = kMu;
  scene.params.xi = 0;
  for (std::size_t i = 0; i < start.x.size(); ++i) scene.add_sphere(kR, kM, kE, kNu);
  SolverOptions o;
  o.kind = SolverKind::rk4;
  o.dt = dt;
  return test::run_sphere_model(scene, start, [&](const SphereModel& model, Vec& x, Mode& mode) {
    integrate(model, 0, t_end, x, mode, o);
  });
}

Bodies run_engine(const Bodies& start, double t_end, double dt) {
  ParticleEngine<HertzDamped, Mindlin> e;
  e.normal = HertzDamped::material(kE, kNu, 0.0);
  e.tangential = Mindlin::material(kE, kNu, kMu);
  e.skin = 0.01;
  GranularState s;
  for (std::size_t i = 0; i < start.x.size(); ++i) {
    s.bodies.add(start.x[i], start.v[i], kR, kM);
    s.bodies.omega[i] = start.w[i];
  }
  verlet_setup(e, s);
  VerletStats st;
  const long steps = std::lround(t_end / dt);
  for (long k = 0; k < steps; ++k) verlet_step(e, s, dt, st);
  return {s.bodies.x, s.bodies.v, s.bodies.omega};
}

}  // namespace

TEST_CASE("engine (velocity Verlet, Hertz + Mindlin) vs the state-vector sphere model (rk4 + events)") {
  const ContactPair p = sphere_sphere_pair(kR, kM, kE, kNu, kR, kM, kE, kNu);
  const double tc = hertz_collision_duration(p, 1.0);
  for (int n : {2, 3}) {
    const Bodies start = problem(n);
    const double t_end = 0.2;
    const Bodies ref = run_model(start, t_end, tc / 400);
    double prev = 1e300;
    for (double per : {200.0, 800.0}) {
      const Bodies eng = run_engine(start, t_end, tc / per);
      const double d = difference(eng, ref);
      double moved = 0;
      for (std::size_t i = 0; i < start.x.size(); ++i) moved = std::max(moved, (ref.v[i] - start.v[i]).norm());
      MESSAGE(n << " bodies, dt = t_c/" << per << ": max |dv|, r|domega| engine - model " << d
                << " m/s (velocity changes up to " << moved << " m/s)");
      CHECK(moved > 0.1);  // the bodies did collide
      CHECK(d < 5e-4);  // measured 4.8e-5 (2 bodies) and 2.0e-5 (3 bodies) at t_c/200
      CHECK(d < prev);
      prev = d;
    }
  }
}
