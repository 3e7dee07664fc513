// studies/checks/property_checks_stochastic.cpp — randomized property checks of spheres thermalised only by Markovian
// friction noise (the particle engine's SDE form, models/particles/engine_sde.hpp; Hofmann et al., Markovian friction)
// under the SDE integrators (solvers/sde_integrator.hpp). With the linear law f = gamma u and fixed geometry, u_perp of
// a pair is an Ornstein-Uhlenbeck process of rate nu gamma, whose discrete stationary variance is known exactly for
// Euler-Maruyama and Heun (studies/ stochastic_runs.cpp, "predicted_ratio"). The measured equipartition ratio
// <|u|^2>/(2 kT nu) must match it within k = 5 batch-means standard errors: the estimator is a mean of 40 batches
// (Student t, 39 dof), so a correct scheme fails a draw with probability ~1e-5 (k = 4 would give ~3e-4 per draw, ~1%
// over a 20-draw x 2-scheme run), while a wrong noise strength (kT, nu or the sqrt(2) of the fluctuation-dissipation
// relation) shifts the ratio by far more: 5 standard errors are ~7 % at t_end = 4000 relaxation times, and the schemes'
// own dt corrections reach 5 % at nu gamma dt = 0.1. Total momentum is conserved to round-off (pairwise opposite
// impulses): |P(t) - P(0)| <= 1e-11 times the momentum scale.
#include <cmath>

#include "studies/experiment/property_checks.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"

namespace stickslip {
namespace {

PropertyCheck ou_check(Scheme scheme) {
  PropertyCheck c;
  c.model = "stochastic-spheres/linear";
  c.driver = to_string(scheme);  // its integrator-spec name: em or sde-heun
  c.what = "pair, linear friction: equipartition ratio against the exact discrete OU stationary variance of the scheme "
           "within 5 batch-means standard errors (40 batches, t_39 tail ~1e-5); momentum conserved to 1e-11 (round-off)";
  const double nan = std::nan("");
  c.ranges = {{"mass", 0.5, 2, true, {0, -1, nan}},
              {"radius", 0.3, 1, true, {0, -0.5, nan}},
              {"gamma", 0.3, 3, true, {0, -1, nan}},
              {"kT", 0.2, 5, true, {-1, nan}},
              {"nu_gamma_dt", 0.01, 0.1, true, {}}};  // step relative to the relaxation time 1/(nu gamma)
  c.cost = 40;
  c.run = [scheme](const Draw& d) {
    StochasticRunSpec s;
    s.system = "pair";
    s.law = "linear";
    s.scheme = scheme;
    s.mass_i = d["mass"];
    s.mass_j = 2 * d["mass"];
    s.radius_i = d["radius"];
    s.radius_j = 1.5 * d["radius"];
    s.gamma = d["gamma"];
    s.kT = d["kT"];
    s.seed = static_cast<std::uint64_t>(std::llround(d["nu_gamma_dt"] * 1e15));  // a seed that follows the draw
    const double rate = make_stochastic_model(s)->nu(0) * s.gamma;  // validates (InputError names the key)
    s.dt = d["nu_gamma_dt"] / rate;
    s.t_equil = 10 / rate;
    s.t_end = 4000 / rate + s.t_equil;
    s.sample_interval = 0.5 / rate;
    s.acf_max_lag = 2 / rate;
    s.ledger_points = 10;
    const StochasticRunResult r = run_stochastic(s);
    return std::vector<Measurement>{
        {"|ratio - exact discrete OU ratio| (5 standard errors)", std::abs(r.ratio - r.predicted_ratio), 5 * r.stderr_ratio},
        {"|P(t) - P(0)| (1e-11 momentum scale)", r.momentum_drift, 1e-11 * r.momentum_scale}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> stochastic_property_checks() {
  return {ou_check(Scheme::em), ou_check(Scheme::sde_heun)};
}

}  // namespace stickslip
