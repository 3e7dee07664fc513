// studies/papers/sphere_engine_runner.cpp — SphereScene -> particle engine; trapezoid, velocity Verlet or the engine's
// state-vector form (EngineModel) under the general drivers; ParticleState observer.
#include "studies/papers/sphere_engine_runner.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/work_limits.hpp"
#include "models/contact/coulomb.hpp"
#include "models/particles/engine_model.hpp"
#include "models/particles/particle_trapezoid.hpp"
#include "models/particles/velocity_verlet.hpp"
#include "models/rodrigues.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {

namespace {

// Checks what the engine's laws hold of the scene (InputError naming the key) and returns its one friction
// coefficient.
double engine_friction(const SphereScene& scene, const SphereRunOptions& o) {
  const SphereParams& prm = scene.params;
  if (prm.law != "mindlin")
    throw_input("tangential", prm.law,
                "engine=particles offers mindlin and coulomb-stick (the engine's csds/dsds have a constant k_t, the scene's k_t(h))");
  const std::size_t n = scene.num_particles();
  const bool pairs = n >= 2;  // a single sphere never uses mu_pp
  if ((pairs && prm.mu_s_pp != prm.mu_d_pp) || prm.mu_s_pw != prm.mu_d_pw || (pairs && prm.mu_d_pp != prm.mu_d_pw))
    throw_input("mu_pp", format_value(prm.mu_d_pp),
                "engine=particles needs one friction coefficient: mu_pp = mu (got mu " + format_value(prm.mu_d_pw) + ")");
  if (prm.drag != 0) throw_input("drag", format_value(prm.drag), "engine=particles has no drag (0 only)");
  if (prm.kappa1 != 0 || prm.kappa2 != 0)
    throw_input("kappa1", format_value(prm.kappa1), "engine=particles has no near-field force (0 only)");
  if (n == 0) throw_input("particles", "0", "engine=particles needs at least one sphere");
  const ContactPair pp = scene.pair(0, 0), pw = scene.wall_pair(0);
  for (std::size_t i = 1; i < n; ++i) {
    const ContactPair a = scene.pair(0, i), b = scene.wall_pair(i);
    if (a.e_star != pp.e_star || a.g_star != pp.g_star || b.e_star != pw.e_star || b.g_star != pw.g_star)
      throw_input("E", format_value(a.e_star), "engine=particles needs one material for every sphere");
  }
  if (o.coulomb && (o.integrator == "trapezoid" || o.integrator == "verlet"))
    throw_input("tangential", "coulomb-stick",
                "the rigid stick/slip contact needs an ODE integrator (rk4, dopri5, cvode, ida, ...): trapezoid and "
                "verlet run mindlin");
  return prm.mu_d_pw;
}

template <class Tangential>
ParticleEngine<HertzDamped, Tangential> scene_engine(const SphereScene& scene, const Tangential& law) {
  const SphereParams& prm = scene.params;
  const ContactPair pp = scene.pair(0, 0), pw = scene.wall_pair(0);
  ParticleEngine<HertzDamped, Tangential> e;
  e.normal = HertzDamped{pp.e_star, pp.g_star, pw.e_star, pw.g_star, prm.xi};
  e.tangential = law;
  e.boundaries.gravity = prm.gravity;
  for (const Plane& p : scene.planes()) e.boundaries.planes.push_back(PlaneWall{p.point, p.normal});
  for (const Segment& s : scene.segments()) e.boundaries.segments.push_back(SegmentWall{s.a, s.b});
  e.skin = 0.1 * scene.min_radius();
  return e;
}

ParticleArrays scene_arrays(const SphereScene& scene, const ParticleState& initial) {
  const bool rot = scene.params.rotations;
  ParticleArrays b;
  for (std::size_t i = 0; i < scene.num_particles(); ++i) {
    b.add(initial.x[i], initial.v[i], scene.radius(i), scene.mass(i), false, false, rot);
    if (rot) b.omega[i] = initial.omega[i];
  }
  return b;
}

// The engine's fixed-step drivers (trapezoid, velocity Verlet): the observer's alpha (Rodrigues, total) and phi
// (int omega dt) composed from each step's rotation vector dt (omega_n + omega_{n+1})/2 (eq. 45 with phi = 1/2,
// eq. 47).
class StepObserver {
 public:
  StepObserver(const SphereScene& scene, const ParticleState& initial, const ParticleObserver& observer)
      : ps_(initial), observer_(observer) {
    if (!scene.params.rotations)
      for (auto& w : ps_.omega) w.setZero();
    if (observer_) observer_(0.0, ps_);
  }
  void operator()(const GranularState& g) {
    const double dt = g.t - t_prev_;
    t_prev_ = g.t;
    for (std::size_t i = 0; i < ps_.size(); ++i) {
      const Vec3 theta = 0.5 * dt * (ps_.omega[i] + g.bodies.omega[i]);
      ps_.alpha[i] = rodrigues_compose(ps_.alpha[i], rodrigues_from_rotation_vector(theta));
      ps_.phi[i] += theta;
      ps_.x[i] = g.bodies.x[i];
      ps_.v[i] = g.bodies.v[i];
      ps_.omega[i] = g.bodies.omega[i];
    }
    if (observer_) observer_(g.t, ps_);
  }

 private:
  ParticleState ps_;
  const ParticleObserver& observer_;
  double t_prev_ = 0;
};

// Every pair and every wall is a candidate of the state-vector form for the whole run: the reach covers the widest
// gap of the initial state.
double all_pairs_reach(const SphereScene& scene, const ParticleState& initial) {
  double reach = 0;
  const std::size_t n = scene.num_particles();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j)
      reach = std::max(reach, (initial.x[j] - initial.x[i]).norm() - scene.radius(i) - scene.radius(j));
    for (std::size_t w = 0; w < scene.planes().size(); ++w)
      reach = std::max(reach, -scene.wall_geometry(i, w, initial.x[i]).h);
    for (std::size_t w = 0; w < scene.segments().size(); ++w)
      reach = std::max(reach, -scene.wall_geometry(i, scene.planes().size() + w, initial.x[i]).h);
  }
  return 1.01 * reach + 0.1 * scene.min_radius();
}

// The engine's fixed-step drivers: the trapezoid (Algorithm 1) or velocity Verlet on the grid k dt.
template <class Engine>
SphereRunStats run_fixed_step(const Engine& e, GranularState& s, const SphereScene& scene, const ParticleState& initial,
                              double t_end, const SphereRunOptions& o, const ParticleObserver& observer) {
  if (o.integrator == "trapezoid") {
    TrapezoidOptions to = o.trapezoid;
    to.dt = o.dt;
    validate_trapezoid_options(to);
    StepObserver obs(scene, initial, observer);
    trapezoid_setup(e, s);
    return sphere_run_stats(trapezoid_run(e, s, t_end, to, nullptr, [&](const GranularState& g) { obs(g); }));
}
  if (o.integrator == "verlet") {
    StepObserver obs(scene, initial, observer);
    const long steps = static_cast<long>(step_count(t_end, o.dt));  // checked against kMaxSteps by run_spheres
    VerletStats vs;
    verlet_setup(e, s);
    for (long k = 1; k <= steps; ++k) {  // the grid k dt, the last step shortened to end at t_end
      check_interrupt();
      verlet_step(e, s, std::min(o.dt, t_end - s.t), vs);
      if (k == steps) s.t = t_end;
      obs(s);
    }
    SphereRunStats st;
    st.steps = vs.steps;
    st.rhs_evals = vs.force_evaluations;
    return st;
}
}

template <class Tangential>
SphereRunStats run_engine(const SphereScene& scene, const ParticleState& initial, double t_end,
                          const SphereRunOptions& o, const ParticleObserver& observer, const Tangential& law) {
  const ParticleEngine<HertzDamped, Tangential> e = scene_engine(scene, law);
  GranularState s;
  s.bodies = scene_arrays(scene, initial);
  if (o.integrator == "trapezoid" || o.integrator == "verlet") {
    if constexpr (is_exact_static<Tangential>)
      throw_input("integrator", o.integrator, "the rigid stick/slip contact needs an ODE integrator");
    else
      return run_fixed_step(e, s, scene, initial, t_end, o, observer);
  }
  // The state-vector form under odeint / CVODE / IDA, contact and stick/slip switches located as events.
  const EngineModel<HertzDamped, Tangential> model(e, s.bodies, all_pairs_reach(scene, initial));
  Vec x = model.make_state(s.bodies);
  Mode mode = model.initial_mode(0.0, x);
  SolverOptions so;
  so.kind = parse_solver("integrator", o.integrator);
  so.dt = o.dt;
  so.rtol = o.rtol;
  so.atol = o.atol;
  so.max_step = o.max_step;
  const std::size_t n = scene.num_particles();
  ParticleState ps;
  ps.resize(n);
  const Observer obs = [&](double t, VecCRef y, const Mode&) {
    if (!observer) return;
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t b = model.body_base(p);
      ps.x[p] = y.segment<3>(b);
      ps.v[p] = y.segment<3>(b + 3);
      ps.omega[p] = y.segment<3>(b + 6);
      ps.phi[p] = y.segment<3>(b + 9);
      ps.alpha[p] = rodrigues_from_rotation_vector(ps.phi[p]);  // the total rotation while the axis is fixed
    }
    observer(t, ps);
  };
  const RunStats rs = integrate(model, 0.0, t_end, x, mode, so, obs);
  SphereRunStats st;
  st.steps = rs.steps;
  st.rhs_evals = rs.rhs_evals;
  st.events = static_cast<long>(rs.events.size());
  return st;
}

}  // namespace

SphereRunStats run_spheres_on_engine(const SphereScene& scene, const ParticleState& initial, double t_end,
                                     const SphereRunOptions& o, const ParticleObserver& observer) {
  const double mu = engine_friction(scene, o);
  const ContactPair pp = scene.pair(0, 0), pw = scene.wall_pair(0);
  if (o.coulomb) return run_engine(scene, initial, t_end, o, observer, Coulomb{mu});
  return run_engine(scene, initial, t_end, o, observer, Mindlin{pp.g_star, pw.g_star, mu});
}

}  // namespace stickslip
