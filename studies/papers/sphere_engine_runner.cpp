// studies/papers/sphere_engine_runner.cpp — SphereScene -> particle engine, trapezoid driver, ParticleState observer.
#include "studies/papers/sphere_engine_runner.hpp"

#include "core/errors.hpp"
#include "models/particles/particle_trapezoid.hpp"
#include "models/rodrigues.hpp"

namespace stickslip {

SphereRunStats run_spheres_on_engine(const SphereScene& scene, const ParticleState& initial, double t_end,
                                     const SphereRunOptions& o, const ParticleObserver& observer) {
  const SphereParams& prm = scene.params;
  if (o.integrator != "trapezoid")
    throw_input("integrator", o.integrator, "engine=particles runs the engine's trapezoid (integrator=trapezoid)");
  if (o.coulomb || prm.law != "mindlin")
    throw_input("tangential", o.coulomb ? "coulomb" : prm.law,
                "engine=particles offers mindlin (the engine's csds/dsds have a constant k_t, the scene's k_t(h))");
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
  ParticleEngine<HertzDamped, Mindlin> e;
  e.normal = HertzDamped{pp.e_star, pp.g_star, pw.e_star, pw.g_star, prm.xi};
  e.tangential = Mindlin{pp.g_star, pw.g_star, prm.mu_d_pw};
  e.boundaries.gravity = prm.gravity;
  for (const Plane& p : scene.planes()) e.boundaries.planes.push_back(PlaneWall{p.point, p.normal});
  for (const Segment& s : scene.segments()) e.boundaries.segments.push_back(SegmentWall{s.a, s.b});
  e.skin = 0.1 * scene.min_radius();
  GranularState s;
  for (std::size_t i = 0; i < n; ++i) {
    s.bodies.add(initial.x[i], initial.v[i], scene.radius(i), scene.mass(i), false, false, prm.rotations);
    if (prm.rotations) s.bodies.omega[i] = initial.omega[i];
  }
  TrapezoidOptions to = o.trapezoid;
  to.dt = o.dt;
  validate_trapezoid_options(to);
  ParticleState ps = initial;
  if (!prm.rotations)
    for (auto& w : ps.omega) w.setZero();
  double t_prev = 0;
  if (observer) observer(0.0, ps);
  trapezoid_setup(e, s);
  const ParticleTrapezoidStats st = trapezoid_run(e, s, t_end, to, nullptr, [&](const GranularState& g) {
    const double dt = g.t - t_prev;
    t_prev = g.t;
    for (std::size_t i = 0; i < n; ++i) {
      const Vec3 theta = 0.5 * dt * (ps.omega[i] + g.bodies.omega[i]);
      ps.alpha[i] = rodrigues_compose(ps.alpha[i], rodrigues_from_rotation_vector(theta));  // eq. 47
      ps.phi[i] += theta;
      ps.x[i] = g.bodies.x[i];
      ps.v[i] = g.bodies.v[i];
      ps.omega[i] = g.bodies.omega[i];
    }
    if (observer) observer(g.t, ps);
  });
  return sphere_run_stats(st);
}

}  // namespace stickslip
