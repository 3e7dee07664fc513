// solvers/sde_integrator.hpp — fixed-step integrators for stochastic differential equations
//   dX = a(t, X) dt + b(t, X) dW,   W a vector of independent standard Wiener processes.
//
// The system (core/sde_system.hpp) supplies the drift a and the product b(t, X) dW for a given increment dW (so a
// model never forms the matrix b). Schemes, with dW = sqrt(dt) Z, Z ~ N(0, 1) from std::mt19937_64(seed):
//   em               X1 = X0 + a(X0) dt + b(X0) dW                      converges to the Ito solution
//                    (strong order 1/2, weak order 1). If the system declares a configuration block (the
//                    first configuration_size() rows are positions q with q' depending only on the other
//                    rows, the velocities), those rows are advanced afterwards with the rate evaluated at the
//                    new velocities: the semi-implicit (symplectic) Euler-Maruyama, which keeps a stiff
//                    harmonic bond stable; for the other rows it is the same scheme.
//   sde_heun         predictor X~ = X0 + a(X0) dt + b(X0) dW, corrector
//                    X1 = X0 + (a(X0) + a(X~)) dt/2 + (b(X0) + b(X~)) dW/2   converges to the Stratonovich
//                    solution. When b depends on X the two calculi differ by the drift 1/2 sum_k (b_k . grad) b_k;
//                    for state-independent b both schemes solve the same SDE.
// Reproducible: the same seed gives the same trajectory (on the same standard library). No allocation per step.
//
// Talay-Tubaro extrapolation (Talay & Tubaro 1990): a scheme of weak order 1 has, for a smooth enough
// problem, a stationary average R(dt) = R(0) + c dt + O(dt^2); then
//   R_extrap = 2 R(dt/2) - R(dt) = R(0) + O(dt^2).
// With R(dt) and R(dt/2) measured in independent runs (different seeds) with standard errors se(dt) and
// se(dt/2), se(R_extrap) = sqrt(4 se(dt/2)^2 + se(dt)^2). It removes the leading bias of whatever limit the
// scheme converges to (Ito for Euler-Maruyama, Stratonovich for Heun); it does not change that limit.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "core/sde_system.hpp"
#include "core/types.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

// The SDE schemes are Scheme::em and Scheme::sde_heun (solvers/solver_options.hpp); the stochastic-friction study
// names them euler-maruyama and heun.
const std::vector<std::string>& sde_scheme_names();  // "euler-maruyama", "heun"
std::string sde_scheme_name(Scheme scheme);          // "euler-maruyama" or "heun"
// em or sde_heun from their names here or as integrator specs (em, sde-heun); InputError naming key otherwise.
Scheme parse_sde_scheme(const std::string& key, const std::string& name);

struct Estimate {
  double value = 0, stderr_value = 0;
};
Estimate talay_tubaro_extrapolation(const Estimate& at_dt, const Estimate& at_half_dt);

// A scheme on one Ornstein-Uhlenbeck mode du = -k u dt + sqrt(2 k) s dW, at l = k dt: the step is the linear map
// u_{n+1} = c u_n + (noise), c the per-step correlation; its stationary variance over the exact s^2:
//   em               c = 1 - l,              var = 2 l / (1 - c^2) = 1/(1 - l/2)
//   sde_heun         c = 1 - l + l^2/2,      var = 2 l (1 - l/2)^2 / (1 - c^2)   (its noise (1 - l/2) sqrt(2 l) s Z)
struct OuStep {
  double correlation = 1, variance_factor = 1;
};
OuStep ou_step(Scheme scheme, double l);

class SdeIntegrator {
 public:
  SdeIntegrator(const SdeSystem& system, Scheme scheme, double dt, std::uint64_t seed);

  // One step from (t, x); throws SolverError if the new state is not finite.
  void step(double& t, VecRef x);
  double dt() const { return dt_; }
  Scheme scheme() const { return scheme_; }

 private:
  const SdeSystem& system_;
  Scheme scheme_;
  double dt_, sqrt_dt_;
  std::mt19937_64 rng_;
  std::normal_distribution<double> normal_;
  Vec dW_, a0_, a1_, b0_, b1_, x_pred_, q_rate_;
  std::size_t n_q_;
};

// One run of an SDE system: `steps` steps of dt from (t, x) under the scheme, noise from std::mt19937_64(seed). The
// observer sees the state after every step as observer(t, x, k), k = 1 .. steps. Every 1024 steps, before the step,
// check_interrupt() (a signal ends the run between steps, core/interrupt.hpp) and the progress line
// (core/progress.hpp). The one entry of a stochastic run: no study steps an SdeIntegrator itself.
struct SdeRun {
  Scheme scheme = Scheme::em;
  double dt = 0;
  std::uint64_t seed = 0;
  long steps = 0;
};

template <class Observer>
void simulate(const SdeSystem& system, const SdeRun& run, double& t, VecRef x, Observer&& observer) {
  SdeIntegrator integrator(system, run.scheme, run.dt, run.seed);
  for (long k = 1; k <= run.steps; ++k) {
    if (k % 1024 == 1) {
      check_interrupt();
      progress_at(t);
    }
    integrator.step(t, x);
    observer(static_cast<double>(t), static_cast<VecCRef>(x), k);
  }
}

}  // namespace stickslip
