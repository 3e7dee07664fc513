// Property check of the many-particle path (Campello ex. 5.3 in miniature): a few spheres poured from the vessel into
// the container (models/particles/container_scene.hpp), run on the particle engine by the trapezoid fixed-point
// integrator (Algorithm 1, solvers/particles/particle_trapezoid.hpp) and, as reference, by dopri5 on the engine's
// state-vector form of the same scene (models/particles/engine_model.hpp: Mindlin's stick and slip as modes, every
// contact switch located) at rtol 1e-10 (solvers/particles/sphere_run.hpp). There is no exact solution; the
// discrete return mapping and the continuous stick/slip modes are written separately, so agreement tests both.
// The reference's step is bounded by the trapezoid's dt/2, so a glancing touch the trapezoid resolves is not
// stepped over by the reference (without the bound dopri5/cvode missed such touches on 3 draws of 60).
// Tolerance: the trapezoid does not locate the onset of an impact (the Hertz force starts at h = 0 inside a
// step), which costs O(dt) in position: at dt/2 the spheres lie within one coarse step's travel at the impact
// speed, max_p |x_trap(dt/2) - x_ref| <= v_impact dt (v_impact = sqrt(2 g y_vessel_top), about 2e-3 m). A
// Richardson estimate (1.5-3 |x(dt) - x(dt/2)|) failed on 2 draws in 300-500: where an impact starts between
// steps the error is not monotone in dt. The check fails when the trapezoid converges to something else than
// the ODE form (a force or a rotation written differently). A pour whose collisions amplify position errors carries
// them as far as it carries the reference started from spheres moved by delta = v_impact dt/10 (alternately +-delta
// in x), so the tolerance is max(v_impact dt, 3 x that spread). The window (t_end <= 0.42 s, up to 4 spheres) covers
// the first impacts on the face and between spheres: a longer pour is chaotic (two correct solvers part by
// centimetres after a dozen collisions). xi = 0: Campello's damping of eq. 22 is the same in both, but an undamped
// impact keeps the comparison free of the damping's clamp at f_n = 0.
#include <cmath>

#include "core/errors.hpp"

#include "models/particles/container_scene.hpp"
#include "models/particles/rolling_sphere_scene.hpp"
#include "models/particles/three_spheres_scene.hpp"
#include "solvers/particles/sphere_run.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

std::vector<Vec3> final_positions(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                                  const SphereRunOptions& o) {
  std::vector<Vec3> x;
  simulate(scene, friction, t_end, o, [&](double t, const SphereSample& s) {
    if (t >= t_end) x = s.x;
  });
  return x;
}

double max_distance(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  if (a.size() != b.size() || a.empty()) return std::numeric_limits<double>::infinity();
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, (a[i] - b[i]).norm());
  return d;
}

std::vector<Measurement> run_check(const Draw& d) {
  ContainerSpec spec;
  spec.particles = static_cast<std::size_t>(std::lround(d["n"]));
  spec.seed = static_cast<std::uint64_t>(std::lround(d["seed"]));
  spec.vessel_height = 1.0;
  spec.vessel_gap = d["vessel_gap"];
  const ContainerSetup container = build_container(spec);
  FewSpheres scene;
  scene.bodies = container.bodies;
  scene.boundaries = container.boundaries;
  scene.young = container.young;
  scene.poisson = container.poisson;
  scene.xi = 0;
  if (!(d["mu_s"] >= 0)) throw_input("mu_s", format_value(d["mu_s"]), "must be >= 0");
  if (!(d["mu_s_wall"] >= 0)) throw_input("mu_s_wall", format_value(d["mu_s_wall"]), "must be >= 0");
  SphereFriction friction;
  friction.pair = TangentialParameters{0, 0, d["mu_s"], container.young, container.poisson, {}};
  friction.wall = TangentialParameters{0, 0, d["mu_s_wall"], container.young, container.poisson, {}};
  const double t_end = d["t_end"];
  // eq. 50 at the impact speed of the fall (vessel bottom to the floor), dt = t_c/20 as the container study.
  const double v_impact = std::sqrt(2 * 9.81 * container.vessel_top);
  const double dt = hertz_collision_duration(scene.pair(0, 0), v_impact) / 20;
  SphereRunOptions ref;
  ref.integrator = Scheme::dopri5;
  ref.dt = t_end / 10;
  ref.rtol = 1e-10;
  ref.atol = 1e-13;
  // A glancing touch shorter than a step lies between two step ends with a negative overlap at both: the
  // reference must resolve every contact the trapezoid's finer step resolves, so its step is bounded by it
  // (without the bound dopri5/cvode missed such touches on 3 draws of 60 and the pours went apart).
  ref.max_step = dt / 2;
  const auto x_ref = final_positions(scene, friction, t_end, ref);
  SphereRunOptions trap;
  trap.integrator = Scheme::trapezoid;
  trap.trapezoid.tol = 1e-10;
  trap.trapezoid.max_iterations = 500;
  trap.dt = dt / 2;
  const auto x2 = final_positions(scene, friction, t_end, trap);
  // How far this pour carries an error of the size in question: the reference from the discs moved by +-delta
  // (alternately in x), delta a tenth of the tolerance's v_impact dt.
  const double delta = 0.1 * v_impact * dt;
  FewSpheres moved = scene;
  for (std::size_t i = 0; i < moved.size(); ++i) moved.bodies.x[i].x() += i % 2 ? delta : -delta;
  const double spread = max_distance(final_positions(moved, friction, t_end, ref), x_ref);
  return {{"max |x_trapezoid(dt/2) - x_dopri5| [m]", max_distance(x2, x_ref), std::max(v_impact * dt, 3 * spread)}};
}

}  // namespace

std::vector<PropertyCheck> container_property_checks() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {{"container/mindlin", "trapezoid",
           "a few discs poured into the container: trapezoid at t_c/40 against dopri5 (step <= t_c/40, rtol 1e-10) on the "
           "state-vector form; positions within one step t_c/20 of travel at the impact speed",
           {{"n", 2, 4},
            {"seed", 0, 1000},
            {"vessel_gap", 0.05, 0.3},
            {"mu_s", 0.05, 0.5, false, {-1, nan}},
            {"mu_s_wall", 0.05, 0.5, false, {-1, nan}},
            {"t_end", 0.3, 0.42}},
           run_check,
           8}};
}

}  // namespace stickslip
