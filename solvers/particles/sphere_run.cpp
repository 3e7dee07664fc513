// solvers/particles/sphere_run.cpp — see sphere_run.hpp.
#include "solvers/particles/sphere_run.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <optional>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/engine_model.hpp"
#include "solvers/integrate.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/linear_stability.hpp"
#include "solvers/particles/engine_simulate.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names() { return engine_schemes(); }

namespace {

// The largest step an adaptive driver may take on the state-vector form: a contact is found from the sign of its
// overlap at step ends, and a sphere that crosses a contact within one step has a negative overlap on both sides of
// it. A quarter of the smallest radius per step at the fastest speed energy allows (initial kinetic energy plus the
// fall over the scene's height) closes that gap.
double tunnelling_step_limit(const FewSpheres& scene) {
  const ParticleArrays& b = scene.bodies;
  const Vec3 g = scene.boundaries.gravity;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, v2 = 0;
  const Vec3 down = g.norm() > 0 ? Vec3(g.normalized()) : Vec3(0, -1, 0);
  auto extend = [&](const Vec3& p) {
    lo = std::min(lo, -p.dot(down));
    hi = std::max(hi, -p.dot(down));
  };
  for (std::size_t i = 0; i < b.size(); ++i) {
    extend(b.x[i]);
    v2 = std::max(v2, std::pow(b.v[i].norm() + b.omega[i].norm() * b.radius[i], 2));
  }
  for (const PlaneWall& pl : scene.boundaries.planes) extend(pl.point);
  for (const SegmentWall& sg : scene.boundaries.segments) extend(sg.a), extend(sg.b);
  const double v = std::sqrt(v2 + 2 * g.norm() * std::max(0.0, hi - lo));
  return v > 0 ? 0.25 * scene.min_radius() / v : 0.0;
}

// Every pair and every wall is a candidate of the state-vector form for the whole run: the reach covers the widest
// gap of the initial state.
double all_pairs_reach(const FewSpheres& scene) {
  const ParticleArrays& b = scene.bodies;
  double reach = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    for (std::size_t j = i + 1; j < b.size(); ++j)
      reach = std::max(reach, (b.x[j] - b.x[i]).norm() - b.radius[i] - b.radius[j]);
    for (std::size_t w = 0; w < scene.boundaries.num_walls(); ++w)
      reach = std::max(reach, scene.boundaries.wall(w, b.x[i]).distance - b.radius[i]);
  }
  return 1.01 * reach + 0.1 * scene.min_radius();
}

// The fixed-step drivers' observer: phi summed from each step's rotation vector dt (omega_n + omega_{n+1})/2.
class StepObserver {
 public:
  StepObserver(const FewSpheres& scene, const SphereObserver& observer)
      : sample_(initial_sample(scene)), observer_(observer) {
    if (observer_) observer_(0.0, sample_);
  }
  void operator()(const GranularState& g) {
    const double dt = g.t - t_prev_;
    t_prev_ = g.t;
    for (std::size_t i = 0; i < sample_.x.size(); ++i) {
      sample_.phi[i] += 0.5 * dt * (sample_.omega[i] + g.bodies.omega[i]);
      sample_.x[i] = g.bodies.x[i];
      sample_.v[i] = g.bodies.v[i];
      sample_.omega[i] = g.bodies.omega[i];
    }
    if (observer_) observer_(g.t, sample_);
  }

 private:
  SphereSample sample_;
  const SphereObserver& observer_;
  double t_prev_ = 0;
};

SphereRunStats trapezoid_stats(const ParticleTrapezoidStats& ts) {
  SphereRunStats stats;
  stats.steps = ts.steps;
  stats.iterations = ts.iterations;
  stats.max_iterations = ts.max_iterations;
  stats.mean_iterations = ts.mean_iterations();
  stats.rhs_evals = ts.force_evaluations;
  stats.rejected_steps = ts.rejected_steps;
  stats.min_dt = ts.min_dt;
  return stats;
}

template <class Normal, class Tangential>
SphereRunStats run_fixed_step(const ParticleEngine<Normal, Tangential>& e, const FewSpheres& scene, double t_end,
                              const SphereRunOptions& o, EngineStepper& stepper, const SphereObserver& observer) {
  GranularState s;
  s.bodies = scene.bodies;
  StepObserver obs(scene, observer);
  engine_setup(e, s);
  simulate(e, s, stepper, {.dt = o.dt, .t_end = t_end}, [&](const GranularState& g) { obs(g); });
  if (stepper.scheme == Scheme::trapezoid) return trapezoid_stats(stepper.trapezoid_stats);
  SphereRunStats st;
  st.steps = stepper.steps();
  st.rhs_evals = stepper.force_evaluations();
  return st;
}

template <class Normal, class Tangential>
SphereRunStats run_state_vector(const ParticleEngine<Normal, Tangential>& e, const FewSpheres& scene, double t_end,
                                const SphereRunOptions& o, const SphereObserver& observer) {
  const EngineModel<Normal, Tangential> model(e, scene.bodies, all_pairs_reach(scene));
  Vec x = model.make_state(scene.bodies);
  Mode mode = model.initial_mode(0.0, x);
  SolverOptions so;
  so = o.integrator.options("integrator", so);
  so.dt = o.dt;
  so.rtol = o.rtol;
  so.atol = o.atol;
  if (!is_fixed_step(so.kind)) {
    so.max_step = tunnelling_step_limit(scene);
    if (o.max_step > 0) so.max_step = so.max_step > 0 ? std::min(so.max_step, o.max_step) : o.max_step;
  }
  SphereSample sample = initial_sample(scene);
  const Observer obs = [&](double t, VecCRef y, const Mode&) {
    if (!observer) return;
    for (std::size_t p = 0; p < scene.size(); ++p) {
      const std::size_t b = model.body_base(p);
      sample.x[p] = y.segment<3>(b);
      sample.v[p] = y.segment<3>(b + 3);
      sample.omega[p] = y.segment<3>(b + 6);
      sample.phi[p] = y.segment<3>(b + 9);
    }
    observer(t, sample);
  };
  const RunStats rs = integrate(model, 0.0, t_end, x, mode, so, obs);
  SphereRunStats st;
  st.steps = rs.steps;
  st.rhs_evals = rs.rhs_evals;
  st.events = static_cast<long>(rs.events.size());
  return st;
}

}  // namespace

std::string sphere_integrator_refuses(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                                      const SphereRunOptions& o) {
  const IntegratorSpec& spec = o.integrator;
  const std::optional<Scheme> solver = spec.kind();
  if (!solver || !is_fixed_step(*solver)) return "";
  const Scheme kind = *solver;
  const int order = spec.max_order > 0 ? spec.max_order : SolverOptions{}.max_order;  // gear's
  constexpr double kBound = 6.907755278982137;  // ln 1e3: at most a thousandfold over the run
  const double steps = step_count(t_end, o.dt);
  for (const RestingContactMode& mode : resting_contact_modes(scene, friction)) {
    const double g = oscillator_growth_exponent(kind, mode.omega, mode.zeta, o.dt, steps, order);
    if (g <= kBound) continue;
    const double dt_ok = largest_dt_within_growth(kind, mode.omega, mode.zeta, t_end, o.dt, kBound, order);
    return fmt::format("{} amplifies the {} (omega = {:.4g} rad/s, damping ratio {:.3g}) by e^{:.3g} over t_end = {:.4g} s "
                       "at dt = {:.3g} s (its stability function exceeds 1 there): the round-off of the static balance grows "
                       "into the answer; at most 1e3 is accepted{}; or use trapezoid, verlet, rk4 (at omega dt < 2.8), dopri5, "
                       "cvode, ida, or a damped contact (xi > 0)",
                       o.integrator.text(), mode.what, mode.omega, mode.zeta, g, t_end, o.dt,
                       dt_ok > 0 ? fmt::format(": dt <= {:.3g} s", dt_ok) : std::string(""));
  }
  return "";
}

SphereRunStats simulate(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                        const SphereRunOptions& o, const SphereObserver& observer) {
  require_count("dt", format_value(o.dt), step_count(t_end, o.dt), kMaxSteps,
                "t_end / dt = " + format_value(t_end) + " / " + format_value(o.dt), "steps", "raise dt or lower t_end");
  if (scene.size() == 0) throw_input("particles", "0", "needs at least one sphere");
  const Driver driver =
      engine_driver("integrator", o.integrator, "tangential", friction.law);
  if (const std::string why = sphere_integrator_refuses(scene, friction, t_end, o); !why.empty())
    throw_input("integrator", o.integrator.text(), why);
  return with_tangential_law(friction.law, friction.pair, friction.wall, [&](const auto& law) -> SphereRunStats {
    using Law = std::decay_t<decltype(law)>;
    ParticleEngine<HertzDamped, Law> e;
    e.normal = scene.normal_law();
    e.tangential = law;
    e.boundaries = scene.boundaries;
    e.skin = 0.1 * scene.min_radius();
    if (!fixed_step_driver(driver)) return run_state_vector(e, scene, t_end, o, observer);
    EngineStepper stepper;
    stepper.scheme = o.integrator.scheme;
    stepper.trapezoid = o.trapezoid;
    return run_fixed_step(e, scene, t_end, o, stepper, observer);
  });
}

}  // namespace stickslip
