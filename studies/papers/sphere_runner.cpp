// studies/papers/sphere_runner.cpp — one entry point for the sphere studies over all integrators.
#include "studies/papers/sphere_runner.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_model.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/integrate.hpp"
#include "solvers/linear_stability.hpp"
#include "studies/papers/sphere_engine_runner.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names() {
  static const std::vector<std::string> names{"trapezoid", "rk4", "dopri5", "cvode", "ida", "euler", "heun", "midpoint",
                                              "verlet"};
  return names;
}

const std::vector<std::string>& sphere_tangential_names() {
  static const std::vector<std::string> names{"mindlin", "csds", "dsds", "coulomb-stick"};
  return names;
}

const Renames& sphere_tangential_renames() {
  static const Renames r{{"coulomb", {"coulomb-stick"}}};  // the only Coulomb law of the spheres: still read
  return r;
}

bool read_sphere_tangential(const Parameters& p, const std::string& key, SphereParams& params) {
  const std::string name = p.choice(key, sphere_tangential_names(), sphere_tangential_renames());
  if (name == "coulomb-stick") {
    params.law = "mindlin";
    return true;
  }
  params.law = parse_tangential_law(key, name);
  return false;
}

void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt) {
  p.declare("integrator", "trapezoid", "trapezoid (Campello, Algorithm 1), rk4, dopri5, cvode, ida, euler, heun, midpoint, verlet (velocity Verlet, engine=particles)")
      .declare("dt", default_dt, "time step [s] of trapezoid/fixed-step schemes, output interval of adaptive ones; auto = eq. 50")
      .declare("phi", "0.5", "trapezoid weight phi in [0, 1] (eq. 41)")
      .declare("tol", "1e-4", "trapezoid fixed-point tolerance TOL (eq. 48-49)")
      .declare("rtol", "1e-8", "dopri5/cvode/ida relative tolerance")
      .declare("atol", "1e-10", "dopri5/cvode/ida absolute tolerance")
      .declare("engine", "sphere-model",
               "sphere-model (SphereStepper / SphereModel) or particles (the particle engine: trapezoid, verlet, or its state-vector form under the other integrators; mindlin, coulomb-stick)");
}

SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt) {
  SphereRunOptions o;
  o.integrator = parse_integrator_among("integrator", p.raw("integrator"), sphere_integrator_names(), true).scheme;
  o.dt = p.raw("dt") == "auto" ? auto_dt : p.positive("dt");
  o.trapezoid.phi = p.in_range("phi", 0.0, 1.0);
  o.trapezoid.tol = p.positive("tol");
  if (o.trapezoid.tol >= 1) throw_input("tol", p.raw("tol"), "must lie in (0, 1)");
  o.rtol = p.positive("rtol");
  o.atol = p.positive("atol");
  o.engine = p.choice("engine", {"sphere-model", "particles"});
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

std::vector<RestingContactMode> resting_contact_modes(const SphereScene& scene, const ParticleState& initial, bool coulomb) {
  std::vector<RestingContactMode> modes;
  const SphereParams& sp = scene.params;
  for (std::size_t i = 0; i < scene.num_particles(); ++i)
    for (std::size_t w = 0; w < scene.planes().size(); ++w) {
      const double load = -scene.mass(i) * sp.gravity.dot(scene.planes()[w].normal);
      const ContactGeometry g = scene.wall_geometry(i, w, initial.x[i]);
      if (!(load > 0) || !(g.h > -1e-6 * scene.radius(i))) continue;  // not pressed onto it, or not touching it
      const ContactPair pair = scene.wall_pair(i);
      const double m = scene.mass(i), h = hertz_static_overlap(pair, load);
      const std::string where = " contact of sphere " + std::to_string(i) + " with plane " + std::to_string(w);
      modes.push_back({"Hertz normal" + where, std::sqrt(1.5 * load / h / m), sp.xi});
      if (coulomb) continue;
      const double kt = mindlin_stiffness(pair, h), mt = sp.rotations ? m / 3.5 : m, omega_t = std::sqrt(kt / mt);
      const bool damped = sp.law != "mindlin";
      modes.push_back({"tangential spring" + where, omega_t, damped ? sp.gamma_t / (2 * std::sqrt(kt * mt)) : 0.0});
      if (sp.law == "csds" && sp.gamma_t > 0) modes.push_back({"C-SDS spring relaxation" + where, kt / sp.gamma_t, 1.0});
    }
  return modes;
}

std::string sphere_integrator_refuses(const SphereScene& scene, const ParticleState& initial, double t_end,
                                      const SphereRunOptions& o) {
  const std::vector<std::string> fixed{"euler", "midpoint", "heun", "rk4"};
  if (std::find(fixed.begin(), fixed.end(), o.integrator) == fixed.end()) return "";
  const SolverKind kind = parse_solver("integrator", o.integrator);
  constexpr double kBound = 6.907755278982137;  // ln 1e3: at most a thousandfold over the run
  const double steps = step_count(t_end, o.dt);
  for (const RestingContactMode& mode : resting_contact_modes(scene, initial, o.coulomb)) {
    const double g = oscillator_growth_exponent(kind, mode.omega, mode.zeta, o.dt, steps);
    if (g <= kBound) continue;
    const double dt_ok = largest_dt_within_growth(kind, mode.omega, mode.zeta, t_end, o.dt, kBound);
    return fmt::format("{} amplifies the {} (omega = {:.4g} rad/s, damping ratio {:.3g}) by e^{:.3g} over t_end = {:.4g} s "
                       "at dt = {:.3g} s (its stability function exceeds 1 there): the round-off of the static balance grows "
                       "into the answer; at most 1e3 is accepted{}; or use trapezoid, rk4 (at omega dt < 2.8), dopri5, cvode, ida, or a "
                       "damped contact (xi > 0)",
                       o.integrator, mode.what, mode.omega, mode.zeta, g, t_end, o.dt,
                       dt_ok > 0 ? fmt::format(": dt <= {:.3g} s", dt_ok) : std::string(""));
  }
  return "";
}

SphereRunStats run_spheres(const SphereScene& scene, const ParticleState& initial, double t_end,
                           const SphereRunOptions& o, const ParticleObserver& observer) {
  // Every path (the trapezoid stepper, the state-vector form, the engine): the grid counted before the run.
  require_count("dt", format_value(o.dt), step_count(t_end, o.dt), kMaxSteps,
                "t_end / dt = " + format_value(t_end) + " / " + format_value(o.dt), "steps", "raise dt or lower t_end");
  if (const std::string why = sphere_integrator_refuses(scene, initial, t_end, o); !why.empty())
    throw_input("integrator", o.integrator, why);
  const bool fixed = o.integrator == "trapezoid" || o.integrator == "verlet" ||
                     is_fixed_step(parse_solver("integrator", o.integrator));
  SphereRunOptions ov = o;  // the adaptive drivers' largest step (both state-vector forms)
  if (!fixed) {
    ov.max_step = tunnelling_step_limit(scene, initial);
    if (o.max_step > 0) ov.max_step = ov.max_step > 0 ? std::min(ov.max_step, o.max_step) : o.max_step;
  }
  if (o.engine == "particles") return run_spheres_on_engine(scene, initial, t_end, ov, observer);
  if (o.integrator == "verlet")
    throw_input("integrator", "verlet", "velocity Verlet runs on the particle engine (engine=particles)");
  SphereRunStats stats;
  if (o.coulomb && o.integrator == "trapezoid")
    throw_input("tangential", "coulomb-stick", "needs an ODE integrator (rk4, dopri5, cvode, ida, ...); the trapezoid stepper offers mindlin and dsds");
  if (o.integrator == "trapezoid") {
    SphereStepper stepper(scene);
    ParticleState s = initial;
    TrapezoidOptions to = o.trapezoid;
    to.dt = o.dt;
    return sphere_run_stats(run_trapezoid(stepper, 0.0, t_end, s, to, observer));
  }
  SphereModel model(scene, o.coulomb);
  if (scene.params.law == "mindlin" && !o.coulomb)
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
  so.max_step = ov.max_step;
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

SphereRunStats sphere_run_stats(const TrapezoidStats& ts) {
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

RollingSphereSetup rolling_sphere_setup(double r, double m, double e, double nu, double g, double mu, double v0,
                                        double omega0) {
  RollingSphereSetup s;
  s.scene.params.gravity = Vec3(0, -g, 0);
  s.scene.params.mu_s_pw = s.scene.params.mu_d_pw = mu;
  s.scene.add_sphere(r, m, e, nu);
  s.scene.add_plane(Vec3::Zero(), Vec3(0, 1, 0));
  s.scene.validate();
  s.static_overlap = hertz_static_overlap(s.scene.wall_pair(0), m * g);
  RollingSphereAnalytic& an = s.analytic;
  an.x0 = Vec3(0, r - s.static_overlap, 0);
  an.v0 = Vec3(v0, 0, 0);
  an.omega0 = Vec3(0, 0, omega0);
  an.normal = Vec3(0, 1, 0);
  an.r = r;
  an.g = g;
  an.mu = mu;
  s.initial.resize(1);
  s.initial.x[0] = an.x0;
  s.initial.v[0] = an.v0;
  s.initial.omega[0] = an.omega0;
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
  s.r = r;
  s.m = m;
  s.v0 = v0;
  SphereScene& scene = s.scene;
  scene.params.gravity = Vec3(0, 0, -9.81);
  scene.params.mu_s_pw = scene.params.mu_d_pw = mu;
  scene.params.mu_s_pp = scene.params.mu_d_pp = mu_pp;
  for (int k = 0; k < 3; ++k) scene.add_sphere(r, m, e, nu);
  scene.add_plane(Vec3::Zero(), Vec3(0, 0, 1));
  scene.validate();
  s.static_overlap = hertz_static_overlap(scene.wall_pair(0), m * 9.81);
  const double touch = 2 * r / std::sqrt(3.0);  // centre distance at first contact
  s.d0 = touch + v0 * t_contact;
  s.initial.resize(3);
  for (int k = 0; k < 3; ++k) {
    const double a = M_PI / 2 + 2 * M_PI * k / 3;
    s.radial[k] = Vec3(std::cos(a), std::sin(a), 0);
    s.initial.x[k] = s.d0 * s.radial[k] + Vec3(0, 0, r - s.static_overlap);
    s.initial.v[k] = -v0 * s.radial[k];
    s.initial.omega[k] = Vec3(0, 0, 1).cross(s.initial.v[k]) / r;  // rolling: v + omega x (-r e_z) = 0
  }
  s.axis = s.initial.omega[0].normalized();
  return s;
}

ThreeSpheresTracker::ThreeSpheresTracker(const ThreeSpheresSetup& s)
    : s_(s), prev_spin_(s.initial.omega[0].dot(s.axis)) {}

double ThreeSpheresTracker::l_contact(const ParticleState& p) const {
  const Vec3 arm(0, 0, p.x[0].z());
  return (s_.scene.inertia(0) * p.omega[0] + s_.m * arm.cross(p.v[0])).dot(s_.axis) / (s_.m * s_.r * s_.v0);
}

void ThreeSpheresTracker::observe(double t, const ParticleState& p) {
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
