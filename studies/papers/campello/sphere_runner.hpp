// studies/papers/campello/sphere_runner.hpp — runs a few spheres on planes (models/particles/few_spheres.hpp) on the
// particle engine with any of the offered integrators and reports the spheres' states to one observer:
//   trapezoid   the generalized trapezoidal rule of Campello's Algorithm 1 (solvers/particles/particle_trapezoid.hpp);
//   verlet      velocity Verlet (solvers/particles/velocity_verlet.hpp) on the grid k dt;
//   euler, midpoint, heun, rk4, dopri5, cvode, ida   the engine's state-vector form (models/particles/engine_model.hpp)
//               through solvers/integrate.hpp: every pair and plane a candidate for the whole run, contact and
//               stick/slip switches located as events.
// The contacts: the engine's Hertz law with Campello's damping (eq. 19-23) and one tangential law of the registry by
// name, with its own parameters between spheres and against the planes (models/particles/wall_friction.hpp); a
// driver the law has no form for is refused naming `tangential` and the laws that have one.
// Rotations: the fixed-step drivers sum phi = int omega dt by the trapezoid rule of each step's spins (eq. 45 with
// phi = 1/2); the state-vector form integrates phi' = omega.
#pragma once

#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "core/trapezoid_options.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/few_spheres.hpp"
#include "models/rolling_sphere_analytic.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names();  // trapezoid, verlet, rk4, dopri5, cvode, ida, euler, heun, midpoint

struct SphereRunOptions {
  std::string integrator = "trapezoid";
  double dt = 1e-4;
  TrapezoidOptions trapezoid;  // phi, tol, max_iterations (dt is copied from above)
  double rtol = 1e-8, atol = 1e-10;
  double max_step = 0;  // adaptive drivers: largest step (0: only the tunnelling bound of run_spheres applies)
};

// The tangential law of the contacts (a name of the engine's registry, particle_law_names()) and its parameters
// between spheres and against the planes.
struct SphereFriction {
  std::string law = "mindlin";
  TangentialParameters pair, wall;
};

struct SphereRunStats {
  long steps = 0, rhs_evals = 0, events = 0;
  long iterations = 0;
  int max_iterations = 0;
  double mean_iterations = 0;
  long rejected_steps = 0;  // trapezoid steps retried with dt/2
  double min_dt = 0;        // smallest trapezoid step taken
};

// What the observer sees of sphere p: position, velocity, spin and phi = int omega dt (the total rotation about a
// fixed axis, as Campello's Fig. 5 and 7 plot it).
struct SphereSample {
  std::vector<Vec3> x, v, omega, phi;
};
using SphereObserver = std::function<void(double t, const SphereSample& s)>;
// The scene's initial state as a sample (phi = 0).
SphereSample initial_sample(const FewSpheres& scene);

// The sphere studies' tangential laws: the engine's (particle_law_names()); coulomb-stick, the old name of the rigid
// Coulomb contact, is still read as coulomb.
const Renames& sphere_tangential_renames();

// Declares tangential (default mindlin), kt (default auto), gamma_t and the other engine laws' parameters.
void declare_sphere_friction_parameters(Parameters& p);
// Reads them into `friction` (its mu, young, poisson are the caller's): kt auto is Mindlin's stiffness of the resting
// contact (eq. 37 at the static overlap h of `wall`), so that a constant-spring law starts where Mindlin's spring is.
void read_sphere_friction(const Parameters& p, const ContactPair& wall, double static_overlap, SphereFriction& friction);

// Declares integrator, dt, phi, tol, rtol, atol on a study's parameters (defaults as given).
void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt);
// Reads them back (dt "auto" -> auto_dt).
SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt);

// Which integrators a sphere scene accepts (the driver-acceptance logic; run_spheres refuses the others with an
// InputError naming "integrator", exit 2). The contacts that last the whole run are those of a sphere resting on a
// plane under gravity (the rolling sphere, the floor of the three spheres); linearised at the Hertz static overlap h
// under m |g.n| each is a damped oscillator (solvers/linear_stability.hpp):
//   normal      omega^2 = (3/2 m |g.n| / h)/m, damping ratio xi (eq. 22 scales d* so that xi is the linearised ratio)
//   tangential  the law's spring: mindlin k_t = Mindlin's stiffness at h (eq. 37), undamped; a law with a constant
//               spring kt and dashpot gamma_t per effective mass (csds, dsds, cundall-strack, ...) k_t = kt, ratio
//               gamma_t m/(2 sqrt(k_t m_t)) (the engine's m* of a sphere-plane contact is m); m_t = m/3.5 the contact
//               point's tangential mass (translation and rolling; m/1 without rotations); coulomb and none have no
//               spring
//   relaxation  csds while sliding relaxes its spring at rate k_t/(gamma_t m) (eq. 10): a real mode.
// A fixed-step scheme (euler, midpoint, heun, rk4) is refused when it amplifies one of these modes more than 1e3-fold
// over the run, n ln|R(lambda dt)| > ln 1e3 (n = t_end/dt): the round-off of the static balance (~1e-13 of h) would
// pass 1e-10 of h, and it grows on until the contact opens. Explicit Euler and the 2-stage methods amplify every
// undamped mode at every dt (|R(i y)| > 1), so an undamped Hertz contact (xi = 0) passes only if t_end omega^2 dt/2 <=
// ln 1e3 (Euler) or t_end omega^4 dt^3/8 <= ln 1e3 (midpoint, heun). Measured on the old state-vector form (rolling
// sphere, rigid Coulomb, 30 random draws, r 0.05-0.5 m, m 0.5-1000 kg, mu 0.05-0.6, |v0| < 8 m/s, |omega0| < 100
// rad/s, t_end = 1.33 t_roll, dt = 1e-4): with xi = 0 Euler is refused on all 30 (run anyway: t_roll off by 6 % to
// 48 %, or no roll at all: the sphere leaves the plane), midpoint/heun on 12, rk4 on none; every accepted run within
// 1e-11 of t_roll. The trapezoid rule (A-stable), velocity Verlet (symplectic: |R| = 1 below omega dt = 2) and the
// adaptive drivers (error control) are accepted. Collisions between spheres last a contact time, not the run: not
// counted.
struct RestingContactMode {
  std::string what;    // "normal contact of sphere 0 with plane 0", ...
  double omega, zeta;  // natural frequency (rad/s) and damping ratio of the linearised mode
};
std::vector<RestingContactMode> resting_contact_modes(const FewSpheres& scene, const SphereFriction& friction);
// Why `o.integrator` cannot give a trustworthy answer on this scene over t_end ("" if it can), with the largest dt
// that would pass.
std::string sphere_integrator_refuses(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                                      const SphereRunOptions& o);

SphereRunStats run_spheres(const FewSpheres& scene, const SphereFriction& friction, double t_end,
                           const SphereRunOptions& options, const SphereObserver& observer);

// Seed 004 example 5.1: one sphere (radius r, mass m, E, nu) on the plane y = 0 under gravity g, friction mu with
// the plane, starting at the Hertz static overlap under its weight with v = (v0, 0, 0), omega = (0, 0, omega0).
struct RollingSphereSetup {
  FewSpheres scene;
  RollingSphereAnalytic analytic;  // the rigid-body solution for these data
  double static_overlap = 0;
  SphereFriction friction;  // mindlin with mu against the plane (the caller may change law and parameters)
};
// scene.xi keeps its default (0); the caller sets it.
RollingSphereSetup rolling_sphere_setup(double r, double m, double e, double nu, double g, double mu, double v0,
                                        double omega0);

// The first time the contact-point slip, projected on its initial direction, falls to 1e-12 of its start
// (linearly interpolated between observations); v and omega there. Feed it every observation of sphere 0.
class RollDetector {
 public:
  explicit RollDetector(const RollingSphereAnalytic& a);
  void observe(double t, const Vec3& v, const Vec3& omega);
  bool rolled() const { return t_roll >= 0; }
  double t_roll = -1;
  Vec3 v_roll = Vec3::Zero(), omega_roll = Vec3::Zero();

 private:
  Vec3 dir_, lever_;
  double t_prev_ = 0, u_prev_, u_small_;
  Vec3 v_prev_, w_prev_;
  bool first_ = true;
};

// Seed 004 example 5.2: three identical spheres rolling from the corners of an equilateral triangle towards its
// centre on the plane z = 0 (gravity -z), at speed v0, first touching at t_contact. Friction mu with the plane,
// mu_pp between the spheres (the setup's friction: mindlin with those, the caller may change law and parameters).
struct ThreeSpheresSetup {
  FewSpheres scene;
  std::array<Vec3, 3> radial;  // unit vectors from the centre to each start
  double r = 0, m = 0, v0 = 0, d0 = 0, static_overlap = 0;
  Vec3 axis;                   // spin axis of particle 1 (index 0) at the start
  SphereFriction friction;
};
ThreeSpheresSetup three_spheres_setup(double r, double m, double e, double nu, double mu, double mu_pp, double v0,
                                      double t_contact);

// The events of particle 1 in example 5.2, from every observation: first contact with sphere 2 (gap within 1e-6 r),
// separation, spin reversal, rolling again (slip < 1e-3 of the radial speed), back at its start distance; the
// angular momentum about its floor contact point (along the spin axis, per m r v0) after the collision and at rolling.
class ThreeSpheresTracker {
 public:
  explicit ThreeSpheresTracker(const ThreeSpheresSetup& s);
  void observe(double t, const SphereSample& s);
  double l_contact(const SphereSample& s) const;
  double t_first = -1, t_sep = -1, t_spin0 = -1, t_roll = -1, t_back = -1;
  double v_after = 0, spin_after = 0;
  double l_sep = std::nan(""), l_roll = std::nan("");
  // The last observation's radial velocity, spin, slip speed, radial slip velocity (> 0 outwards) and gap of
  // particle 1.
  double vr = 0, spin = 0, slip = 0, radial_slip = 0, gap = 0;
  // After rolling resumes: the largest slip speed, and the period of the radial slip's oscillation from its upward
  // zero crossings (linearly interpolated; NaN with fewer than two).
  double roll_slip_max = 0;
  double roll_slip_period() const;

 private:
  const ThreeSpheresSetup& s_;
  double prev_spin_, prev_t_ = 0;
  double prev_radial_slip_ = 0, first_up_ = -1, last_up_ = -1;
  long ups_ = 0;
  bool overlapped_ = false;
};

}  // namespace stickslip
