// studies/sphere_runner.hpp — runs a SphereScene with any of the offered integrators and reports the particle
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

const std::vector<std::string>& sphere_integrator_names();  // trapezoid, rk4, dopri5, cvode, ida, euler, heun, midpoint

struct SphereRunOptions {
  std::string integrator = "trapezoid";
  double dt = 1e-4;
  TrapezoidOptions trapezoid;  // phi, tol, max_iterations (dt is copied from above)
  double rtol = 1e-8, atol = 1e-10;
  double max_step = 0;   // adaptive drivers: largest step (0: only the tunnelling bound of run_spheres applies)
  bool coulomb = false;  // tangential=coulomb: the rigid Coulomb contact of SphereModel (ODE integrators only)
  std::string engine = "sphere-model";  // "particles": the particle engine (studies/sphere_engine_runner.hpp)
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
