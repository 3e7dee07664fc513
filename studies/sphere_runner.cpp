// studies/sphere_runner.cpp — one entry point for the sphere studies over all integrators.
#include "studies/sphere_runner.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "models/sphere_model.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names() {
  static const std::vector<std::string> names{"trapezoid", "rk4", "dopri5", "cvode", "ida", "euler", "heun", "midpoint"};
  return names;
}

const std::vector<std::string>& sphere_tangential_names() {
  static const std::vector<std::string> names{"mindlin", "csds", "dsds", "coulomb"};
  return names;
}

bool read_sphere_tangential(const Parameters& p, const std::string& key, SphereParams& params) {
  const std::string name = p.choice(key, sphere_tangential_names());
  if (name == "coulomb") {
    params.law = TangentialLaw::mindlin;
    return true;
  }
  params.law = parse_tangential_law(key, name);
  return false;
}

void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt) {
  p.declare("integrator", "trapezoid", "trapezoid (seed 004 Algorithm 1), rk4, dopri5, cvode, ida, euler, heun, midpoint")
      .declare("dt", default_dt, "time step (s) of trapezoid/fixed-step schemes, output interval of adaptive ones; auto = eq. 50")
      .declare("phi", "0.5", "trapezoid weight phi in [0, 1] (eq. 41)")
      .declare("tol", "1e-4", "trapezoid fixed-point tolerance TOL (eq. 48-49)")
      .declare("rtol", "1e-8", "dopri5/cvode/ida relative tolerance")
      .declare("atol", "1e-10", "dopri5/cvode/ida absolute tolerance");
}

SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt) {
  SphereRunOptions o;
  o.integrator = p.choice("integrator", sphere_integrator_names());
  o.dt = p.raw("dt") == "auto" ? auto_dt : p.positive("dt");
  o.trapezoid.phi = p.in_range("phi", 0.0, 1.0);
  o.trapezoid.tol = p.positive("tol");
  if (o.trapezoid.tol >= 1) throw_input("tol", p.raw("tol"), "must lie in (0, 1)");
  o.rtol = p.positive("rtol");
  o.atol = p.positive("atol");
  return o;
}

namespace {
// The largest step an adaptive driver may take on the state-vector form: a contact is found from the sign of its
// overlap at step ends, and a particle that crosses a thin wall (a segment) within one step has a negative
// overlap on both sides of it (dopri5 in free fall, whose error estimate is zero, tunnelled through the
// container's face). A quarter of the smallest radius per step at the fastest speed energy allows (initial
// kinetic energy plus the fall over the scene's height) closes that gap.
double tunnelling_step_limit(const SphereScene& scene, const ParticleState& initial) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, v2 = 0;
  const Vec3 down = scene.params.gravity.norm() > 0 ? Vec3(scene.params.gravity.normalized()) : Vec3(0, -1, 0);
  auto extend = [&](const Vec3& p) {
    lo = std::min(lo, -p.dot(down));
    hi = std::max(hi, -p.dot(down));
  };
  for (std::size_t i = 0; i < scene.num_particles(); ++i) {
    extend(initial.x[i]);
    v2 = std::max(v2, std::pow(initial.v[i].norm() + initial.omega[i].norm() * scene.radius(i), 2));
  }
  for (const auto& seg : scene.segments()) extend(seg.a), extend(seg.b);
  for (const auto& pl : scene.planes()) extend(pl.point);
  const double v = std::sqrt(v2 + 2 * scene.params.gravity.norm() * std::max(0.0, hi - lo));
  return v > 0 ? 0.25 * scene.min_radius() / v : 0.0;
}
}  // namespace

SphereRunStats run_spheres(const SphereScene& scene, const ParticleState& initial, double t_end,
                           const SphereRunOptions& o, const ParticleObserver& observer) {
  SphereRunStats stats;
  if (o.coulomb && o.integrator == "trapezoid")
    throw_input("tangential", "coulomb", "needs an ODE integrator (rk4, dopri5, cvode, ida, ...); the trapezoid stepper offers mindlin and dsds");
  if (o.integrator == "trapezoid") {
    SphereStepper stepper(scene);
    ParticleState s = initial;
    TrapezoidOptions to = o.trapezoid;
    to.dt = o.dt;
    const TrapezoidStats ts = run_trapezoid(stepper, 0.0, t_end, s, to, observer);
    stats.steps = ts.steps;
    stats.iterations = ts.iterations;
    stats.max_iterations = ts.max_iterations;
    stats.mean_iterations = ts.mean_iterations();
    stats.rhs_evals = ts.force_evaluations;
    stats.rejected_steps = ts.rejected_steps;
    stats.min_dt = ts.min_dt;
    return stats;
  }
  SphereModel model(scene, o.coulomb);
  if (scene.params.law == TangentialLaw::mindlin && !o.coulomb)
    for (bool wall : {false, true})
      if (scene.mu_s(wall) != scene.mu_d(wall))
        throw_input("mu_s", std::to_string(scene.mu_s(wall)),
                    "the ODE form of the Mindlin spring needs mu_s = mu_d; use integrator=trapezoid for mu_s != mu_d");
  const std::size_t n = scene.num_particles();
  Vec x = model.make_state(initial.x, initial.v, initial.omega);
  Mode mode = model.initial_mode(0.0, x);
  SolverOptions so;
  so.kind = parse_solver("integrator", o.integrator);
  so.dt = o.dt;
  so.rtol = o.rtol;
  so.atol = o.atol;
  if (!is_fixed_step(so.kind)) so.max_step = tunnelling_step_limit(scene, initial);
  ParticleState ps;
  ps.resize(n);
  auto to_particles = [&](VecCRef s) {
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t b = model.particle_base(p);
      ps.x[p] = s.segment<3>(b);
      ps.v[p] = s.segment<3>(b + 3);
      ps.omega[p] = s.segment<3>(b + 6);
      ps.alpha[p] = model.total_rotation(s, p);
      ps.phi[p] = s.segment<3>(b + 15);
    }
  };
  const Observer obs = [&](double t, VecCRef s, const Mode&) {
    if (!observer) return;
    to_particles(s);
    observer(t, ps);
  };
  const RunStats rs = integrate(model, 0.0, t_end, x, mode, so, obs);
  stats.steps = rs.steps;
  stats.rhs_evals = rs.rhs_evals;
  stats.events = static_cast<long>(rs.events.size());
  return stats;
}

}  // namespace stickslip
