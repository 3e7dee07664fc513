// studies/papers/sphere_runner.hpp — runs a SphereScene with any of the offered integrators and reports the particle
// states to one observer: the seed's trapezoid fixed-point scheme (models/sphere_stepper + solvers/trapezoid_
// fixed_point) or the state-vector form (models/sphere_model) through solvers/integrate (euler, midpoint, heun,
// rk4, dopri5, cvode, ida).
#pragma once

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "models/rolling_sphere_analytic.hpp"
#include "models/sphere_scene.hpp"
#include "solvers/solver_options.hpp"
#include "solvers/trapezoid_fixed_point.hpp"

namespace stickslip {

const std::vector<std::string>& sphere_integrator_names();  // trapezoid, rk4, dopri5, cvode, ida, euler, heun, midpoint, verlet

struct SphereRunOptions {
  std::string integrator = "trapezoid";
  double dt = 1e-4;
  TrapezoidOptions trapezoid;  // phi, tol, max_iterations (dt is copied from above)
  double rtol = 1e-8, atol = 1e-10;
  double max_step = 0;   // adaptive drivers: largest step (0: only the tunnelling bound of run_spheres applies)
  bool coulomb = false;  // tangential=coulomb: the rigid Coulomb contact of SphereModel (ODE integrators only)
  std::string engine = "sphere-model";  // "particles": the particle engine, every integrator (studies/papers/sphere_engine_runner.hpp)
};

struct SphereRunStats {
  long steps = 0, rhs_evals = 0, events = 0;
  long iterations = 0;
  int max_iterations = 0;
  double mean_iterations = 0;
  long rejected_steps = 0;  // trapezoid steps retried with dt/2
  double min_dt = 0;        // smallest trapezoid step taken
};

// mindlin, csds, dsds (the scene's laws) and coulomb-stick (SphereModel only: a stick constraint, mu N slip, with
// stick/slip events); the old spelling coulomb is still read as coulomb-stick (sphere_tangential_renames).
const std::vector<std::string>& sphere_tangential_names();
const Renames& sphere_tangential_renames();
// Reads parameter `key` into params.law; returns true for coulomb-stick (params.law is then left at mindlin).
bool read_sphere_tangential(const Parameters& p, const std::string& key, SphereParams& params);

// Declares integrator, dt, phi, tol, rtol, atol, engine on a study's parameters (defaults as given).
void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt);
// Reads them back (dt "auto" -> auto_dt).
SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt);

// Which integrators a sphere scene accepts (the driver-acceptance logic; run_spheres refuses the others with an
// InputError naming "integrator", exit 2). The contacts that last the whole run are those of a sphere resting on a
// plane under gravity (the rolling sphere, the floor of the three spheres); linearised at the Hertz static overlap h
// under m |g.n| each is a damped oscillator (solvers/linear_stability.hpp):
//   normal      omega^2 = (3/2 m |g.n| / h)/m, damping ratio xi (eq. 22 scales d* so that xi is the linearised ratio)
//   tangential  (mindlin, csds, dsds; not coulomb-stick, which has no spring) omega_t^2 = k_t/m_t, k_t = Mindlin's
//               stiffness at h (eq. 37), m_t = m/3.5 the contact point's tangential mass (translation and rolling,
//               m/1 without rotations); ratio 0 for mindlin, gamma_t/(2 sqrt(k_t m_t)) for csds/dsds
//   relaxation  csds while sliding relaxes its spring at rate k_t/gamma_t (eq. 10): a real mode -k_t/gamma_t.
// A fixed-step scheme (euler, midpoint, heun, rk4) is refused when it amplifies one of these modes more than 1e3-fold
// over the run, n ln|R(lambda dt)| > ln 1e3 (n = t_end/dt): the round-off of the static balance (~1e-13 of h) would
// pass 1e-10 of h, and it grows on until the contact opens. Explicit Euler and the 2-stage methods amplify every
// undamped mode at every dt (|R(i y)| > 1), so an undamped Hertz contact (xi = 0) passes only if t_end omega^2 dt/2 <=
// ln 1e3 (Euler) or t_end omega^4 dt^3/8 <= ln 1e3 (midpoint, heun). Measured (rolling sphere, coulomb-stick, 30
// random draws, r 0.05-0.5 m, m 0.5-1000 kg, mu 0.05-0.6, |v0| < 8 m/s, |omega0| < 100 rad/s, t_end = 1.33 t_roll,
// dt = 1e-4): with xi = 0 Euler is refused on all 30 (run anyway: t_roll off by 6 % to 48 %, or no roll at all: the
// sphere leaves the plane), midpoint/heun on 12 (conservative: their growth e^4..e^38 had not yet reached the answer),
// rk4 on none; every accepted run within 1e-11 of t_roll; with xi in [0, 0.5] Euler is accepted on 28 of 30, within
// 3e-12. The trapezoid rule (A-stable) and the adaptive drivers (error control) are accepted. Collisions between
// spheres last a contact time, not the run: not counted.
struct RestingContactMode {
  std::string what;    // "normal contact of sphere 0 with plane 0", ...
  double omega, zeta;  // natural frequency (rad/s) and damping ratio of the linearised mode
};
std::vector<RestingContactMode> resting_contact_modes(const SphereScene& scene, const ParticleState& initial, bool coulomb);
// Why `o.integrator` cannot give a trustworthy answer on this scene over t_end ("" if it can), with the largest dt
// that would pass.
std::string sphere_integrator_refuses(const SphereScene& scene, const ParticleState& initial, double t_end,
                                      const SphereRunOptions& o);

SphereRunStats run_spheres(const SphereScene& scene, const ParticleState& initial, double t_end,
                           const SphereRunOptions& options, const ParticleObserver& observer);
// The run statistics of a trapezoid run (either driver).
SphereRunStats sphere_run_stats(const TrapezoidStats& ts);

// Seed 004 example 5.1: one sphere (radius r, mass m, E, nu) on the plane y = 0 under gravity g, friction mu with
// the plane, starting at the Hertz static overlap under its weight with v = (v0, 0, 0), omega = (0, 0, omega0).
struct RollingSphereSetup {
  SphereScene scene;
  RollingSphereAnalytic analytic;  // the rigid-body solution for these data
  ParticleState initial;
  double static_overlap = 0;
};
// scene.params.xi, law and gamma_t keep their defaults; the caller sets them before running.
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
// mu_pp between the spheres; law and gamma_t keep their defaults (the caller sets them).
struct ThreeSpheresSetup {
  SphereScene scene;
  ParticleState initial;
  std::array<Vec3, 3> radial;  // unit vectors from the centre to each start
  double r = 0, m = 0, v0 = 0, d0 = 0, static_overlap = 0;
  Vec3 axis;                   // spin axis of particle 1 (index 0) at the start
};
ThreeSpheresSetup three_spheres_setup(double r, double m, double e, double nu, double mu, double mu_pp, double v0,
                                      double t_contact);

// The events of particle 1 in example 5.2, from every observation: first contact with sphere 2 (gap within 1e-6 r),
// separation, spin reversal, rolling again (slip < 1e-3 of the radial speed), back at its start distance; the
// angular momentum about its floor contact point (along the spin axis, per m r v0) after the collision and at rolling.
class ThreeSpheresTracker {
 public:
  explicit ThreeSpheresTracker(const ThreeSpheresSetup& s);
  void observe(double t, const ParticleState& s);
  double l_contact(const ParticleState& s) const;
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
