// studies/papers/campello/sphere_runner.cpp — one entry point for the sphere studies over all integrators, on the
// particle engine (studies/papers/campello/sphere_runner.hpp).
#include "studies/papers/campello/sphere_runner.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <optional>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/engine_model.hpp"
#include "solvers/integrate.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "solvers/linear_stability.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names() { return engine_schemes(); }

const Renames& sphere_tangential_renames() {
  static const Renames r{{"coulomb-stick", {"coulomb"}}};  // the rigid Coulomb contact's old name: still read
  return r;
}

SphereSample initial_sample(const FewSpheres& scene) {
  const ParticleArrays& b = scene.bodies;
  return {b.x, b.v, b.omega, std::vector<Vec3>(b.size(), Vec3::Zero())};
}

void declare_sphere_friction_parameters(Parameters& p) {
  p.declare("tangential", "mindlin",
            "tangential law: " + particle_law_list() +
                " (coulomb: the rigid stick/slip contact under the ODE integrators, Krengel & Matuttis' exact static "
                "friction under verlet; old name coulomb-stick)")
      .declare("kt", "auto", "tangential spring of csds, dsds, cundall-strack, stribeck [N/m]; auto: Mindlin's stiffness "
                             "of the resting contact (eq. 37)")
      .declare("gamma_t", "0", "tangential dashpot of csds, dsds, cundall-strack, stribeck per effective mass [1/s]");
  declare_engine_law_parameters(p);
}

void read_sphere_friction(const Parameters& p, const ContactPair& wall, double static_overlap, SphereFriction& friction) {
  friction.law = p.choice("tangential", particle_law_names(), sphere_tangential_renames());
  const double kt = p.raw("kt") == "auto" ? mindlin_stiffness(wall, static_overlap) : p.positive("kt");
  const double gamma_t = p.nonnegative("gamma_t");
  const LawValues extra = engine_law_values(p, "tangential");
  for (TangentialParameters* t : {&friction.pair, &friction.wall}) t->kt = kt, t->gamma_t = gamma_t, t->extra = extra;
}

void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt) {
  p.declare("integrator", "trapezoid",
            "trapezoid (Campello, Algorithm 1), verlet (velocity Verlet), rk4, dopri5, cvode, ida, euler, heun, midpoint "
            "(the engine's state-vector form with located events)")
      .declare("dt", default_dt, "time step [s] of trapezoid/fixed-step schemes, output interval of adaptive ones; auto = eq. 50")
      .declare("phi", "0.5", "trapezoid weight phi in [0, 1] (eq. 41)")
      .declare("tol", "1e-4", "trapezoid fixed-point tolerance TOL (eq. 48-49)")
      .declare("rtol", "1e-8", "dopri5/cvode/ida relative tolerance")
      .declare("atol", "1e-10", "dopri5/cvode/ida absolute tolerance");
}

SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt) {
  SphereRunOptions o;
  o.integrator = parse_integrator_among("integrator", p.raw("integrator"), sphere_integrator_names(), true).scheme;
  o.dt = p.raw("dt") == "auto" ? auto_dt : p.positive("dt");
  o.trapezoid.phi = p.in_range("phi", 0.0, 1.0);
  o.trapezoid.tol = p.positive("tol");
  if (o.trapezoid.tol >= 1) throw_input("tol", p.raw("tol"), "must lie in (0, 1)");
  o.rtol = p.in_open_range("rtol", 0, 1);
  o.atol = p.absolute_tolerance("atol");
  return o;
}

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
  if (stepper.driver == Driver::trapezoid) return trapezoid_stats(stepper.trapezoid_stats);
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
  so.kind = parse_solver("integrator", o.integrator);
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

std::vector<RestingContactMode> resting_contact_modes(const FewSpheres& scene, const SphereFriction& friction) {
  std::vector<RestingContactMode> modes;
  const Vec3 g = scene.boundaries.gravity;
  const std::string& law = friction.law;
  for (std::size_t i = 0; i < scene.size(); ++i)
    for (std::size_t w = 0; w < scene.boundaries.planes.size(); ++w) {
      const double m = scene.bodies.mass[i], load = -m * g.dot(scene.boundaries.planes[w].normal);
      if (!(load > 0) || !(scene.plane_overlap(i, w) > -1e-6 * scene.bodies.radius[i])) continue;  // not resting on it
      const ContactPair pair = scene.wall_pair(i);
      const double h = hertz_static_overlap(pair, load);
      const std::string where = " contact of sphere " + std::to_string(i) + " with plane " + std::to_string(w);
      modes.push_back({"Hertz normal" + where, std::sqrt(1.5 * load / h / m), scene.xi});
      const double mt = scene.rotations ? m / 3.5 : m;
      // The law's spring on this contact at rest (its stiffness(c): Mindlin's 8 G* sqrt(r* h), a constant k_t), its
      // dashpot gamma_t m* (m* = m on a plane) where it declares one, and the relaxation of a spring through its
      // dashpot at k_t/c where the law has one (the C-SDS, eq. 10).
      if (!has_stick_spring(law) || (law_declares(law, "kt") && !(friction.wall.kt > 0))) continue;
      const ContactKinematics c{scene.boundaries.planes[w].normal, Vec3::Zero(), h, 0.0, pair.r_star, m, true};
      const double kt = stick_stiffness(law, friction.wall, c);
      const double dashpot = law_declares(law, "gamma_t") ? friction.wall.gamma_t * m : 0.0;
      modes.push_back({"tangential spring" + where, std::sqrt(kt / mt), dashpot / (2 * std::sqrt(kt * mt))});
      if (spring_relaxes_by_dashpot(law) && dashpot > 0)
        modes.push_back({law + " spring relaxation" + where, kt / dashpot, 1.0});
    }
  return modes;
}

std::string sphere_integrator_refuses(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                                      const SphereRunOptions& o) {
  const IntegratorSpec spec = parse_integrator("integrator", o.integrator);
  const std::optional<SolverKind> solver = spec.kind();
  if (!solver || !is_fixed_step(*solver)) return "";
  const SolverKind kind = *solver;
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
                       o.integrator, mode.what, mode.omega, mode.zeta, g, t_end, o.dt,
                       dt_ok > 0 ? fmt::format(": dt <= {:.3g} s", dt_ok) : std::string(""));
  }
  return "";
}

SphereRunStats run_spheres(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                           const SphereRunOptions& o, const SphereObserver& observer) {
  require_count("dt", format_value(o.dt), step_count(t_end, o.dt), kMaxSteps,
                "t_end / dt = " + format_value(t_end) + " / " + format_value(o.dt), "steps", "raise dt or lower t_end");
  if (scene.size() == 0) throw_input("particles", "0", "needs at least one sphere");
  const Driver driver =
      engine_driver("integrator", parse_integrator("integrator", o.integrator), "tangential", friction.law);
  if (const std::string why = sphere_integrator_refuses(scene, friction, t_end, o); !why.empty())
    throw_input("integrator", o.integrator, why);
  return with_tangential_law(friction.law, friction.pair, friction.wall, [&](const auto& law) -> SphereRunStats {
    using Law = std::decay_t<decltype(law)>;
    ParticleEngine<HertzDamped, Law> e;
    e.normal = scene.normal_law();
    e.tangential = law;
    e.boundaries = scene.boundaries;
    e.skin = 0.1 * scene.min_radius();
    if (!fixed_step_driver(driver)) return run_state_vector(e, scene, t_end, o, observer);
    EngineStepper stepper;
    stepper.driver = driver;
    stepper.trapezoid = o.trapezoid;
    return run_fixed_step(e, scene, t_end, o, stepper, observer);
  });
}

RollingSphereSetup rolling_sphere_setup(double r, double m, double e, double nu, double g, double mu, double v0,
                                        double omega0) {
  RollingSphereSetup s;
  if (!(r > 0)) throw_input("radius", format_value(r), "must be > 0");  // before the Hertz pieces divide by them
  if (!(m > 0)) throw_input("mass", format_value(m), "must be > 0");
  if (!(e > 0)) throw_input("E", format_value(e), "must be > 0");
  s.scene.young = e;
  s.scene.poisson = nu;
  s.scene.boundaries.gravity = Vec3(0, -g, 0);
  s.scene.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  s.static_overlap = hertz_static_overlap(sphere_wall_pair(r, m, e, nu), m * g);
  s.friction.pair = s.friction.wall = TangentialParameters{0, 0, mu, e, nu, {}};
  RollingSphereAnalytic& an = s.analytic;
  an.x0 = Vec3(0, r - s.static_overlap, 0);
  an.v0 = Vec3(v0, 0, 0);
  an.omega0 = Vec3(0, 0, omega0);
  an.normal = Vec3(0, 1, 0);
  an.r = r;
  an.g = g;
  an.mu = mu;
  s.scene.add_sphere(an.x0, an.v0, an.omega0, r, m);
  s.scene.validate();
  if (!(mu >= 0)) throw_input("mu_s_wall", format_value(mu), "must be >= 0");
  return s;
}

RollDetector::RollDetector(const RollingSphereAnalytic& a)
    : dir_(a.direction()), lever_(-a.r * a.normal), u_prev_(a.slip0().dot(a.direction())),
      u_small_(1e-12 * u_prev_), v_prev_(a.v0), w_prev_(a.omega0) {}

void RollDetector::observe(double t, const Vec3& v, const Vec3& omega) {
  const double ud = (v + omega.cross(lever_)).dot(dir_);
  // Rolling: the slip has fallen to 1e-12 of its start (a rigid Coulomb stick holds it at ~1e-16 m/s, of
  // either sign).
  if (t_roll < 0 && ud <= u_small_ && u_prev_ > u_small_ && t > t_prev_) {
    const double w = (u_prev_ - u_small_) / (u_prev_ - ud);
    t_roll = t_prev_ + w * (t - t_prev_);
    v_roll = v_prev_ + w * (v - v_prev_);
    omega_roll = w_prev_ + w * (omega - w_prev_);
  }
  if (t > t_prev_ || first_) {
    t_prev_ = t;
    u_prev_ = ud;
    v_prev_ = v;
    w_prev_ = omega;
    first_ = false;
  }
}

ThreeSpheresSetup three_spheres_setup(double r, double m, double e, double nu, double mu, double mu_pp, double v0,
                                      double t_contact) {
  ThreeSpheresSetup s;
  if (!(r > 0)) throw_input("radius", format_value(r), "must be > 0");  // before the Hertz pieces divide by them
  if (!(m > 0)) throw_input("mass", format_value(m), "must be > 0");
  if (!(e > 0)) throw_input("E", format_value(e), "must be > 0");
  s.r = r;
  s.m = m;
  s.v0 = v0;
  FewSpheres& scene = s.scene;
  scene.young = e;
  scene.poisson = nu;
  scene.boundaries.gravity = Vec3(0, 0, -9.81);
  scene.add_plane(Vec3::Zero(), Vec3(0, 0, 1));
  s.friction.pair = TangentialParameters{0, 0, mu_pp, e, nu, {}};
  s.friction.wall = TangentialParameters{0, 0, mu, e, nu, {}};
  s.static_overlap = hertz_static_overlap(sphere_wall_pair(r, m, e, nu), m * 9.81);
  const double touch = 2 * r / std::sqrt(3.0);  // centre distance at first contact
  s.d0 = touch + v0 * t_contact;
  for (int k = 0; k < 3; ++k) {
    const double a = M_PI / 2 + 2 * M_PI * k / 3;
    s.radial[k] = Vec3(std::cos(a), std::sin(a), 0);
    const Vec3 v = -v0 * s.radial[k];
    scene.add_sphere(s.d0 * s.radial[k] + Vec3(0, 0, r - s.static_overlap), v,
                     Vec3(0, 0, 1).cross(v) / r,  // rolling: v + omega x (-r e_z) = 0
                     r, m);
  }
  s.axis = scene.bodies.omega[0].normalized();
  scene.validate();
  if (!(mu >= 0)) throw_input("mu_s_wall", format_value(mu), "must be >= 0");
  if (!(mu_pp >= 0)) throw_input("mu_s", format_value(mu_pp), "must be >= 0");
  return s;
}

ThreeSpheresTracker::ThreeSpheresTracker(const ThreeSpheresSetup& s)
    : s_(s), prev_spin_(s.scene.bodies.omega[0].dot(s.axis)) {}

double ThreeSpheresTracker::l_contact(const SphereSample& p) const {
  const Vec3 arm(0, 0, p.x[0].z());
  return (s_.scene.inertia(0) * p.omega[0] + s_.m * arm.cross(p.v[0])).dot(s_.axis) / (s_.m * s_.r * s_.v0);
}

void ThreeSpheresTracker::observe(double t, const SphereSample& p) {
  const double r = s_.r;
  gap = (p.x[0] - p.x[1]).norm() - 2 * r;
  vr = p.v[0].dot(s_.radial[0]);  // > 0: moving outwards
  spin = p.omega[0].dot(s_.axis);
  slip = (p.v[0] + p.omega[0].cross(Vec3(0, 0, -r))).norm();
  // Touching within round-off: an event-driven collision is observed at the located instant itself.
  const double touch = 1e-6 * r;  // the drivers locate a contact switch to within their tolerance band
  if (t_first < 0 && gap <= touch) t_first = t;
  if (t_first >= 0 && gap < -touch) overlapped_ = true;
  if (overlapped_ && t_sep < 0 && gap >= -touch) {
    t_sep = t;
    l_sep = l_contact(p);
  }
  if (t_sep >= 0 && t_spin0 < 0 && spin * prev_spin_ <= 0 && t > prev_t_) t_spin0 = t;
  if (t_spin0 >= 0 && t_roll < 0 && slip < 1e-3 * std::abs(vr)) {
    t_roll = t;
    v_after = vr;
    spin_after = spin;
    l_roll = l_contact(p);
  }
  if (t_roll >= 0 && t_back < 0 && p.x[0].dot(s_.radial[0]) >= s_.d0) t_back = t;
  radial_slip = (p.v[0] + p.omega[0].cross(Vec3(0, 0, -r))).dot(s_.radial[0]);
  if (t_roll >= 0 && t > t_roll) {
    roll_slip_max = std::max(roll_slip_max, slip);
    if (prev_radial_slip_ < 0 && radial_slip >= 0) {
      const double up = prev_t_ + (t - prev_t_) * prev_radial_slip_ / (prev_radial_slip_ - radial_slip);
      if (first_up_ < 0) first_up_ = up;
      last_up_ = up;
      ++ups_;
    }
  }
  prev_radial_slip_ = radial_slip;
  prev_spin_ = spin;
  prev_t_ = t;
}

double ThreeSpheresTracker::roll_slip_period() const {
  return ups_ >= 2 ? (last_up_ - first_up_) / static_cast<double>(ups_ - 1) : std::nan("");
}

}  // namespace stickslip
