#include "solvers/sde_integrator.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

const std::vector<std::string>& sde_scheme_names() {
  static const std::vector<std::string> names{"euler-maruyama", "heun"};
  return names;
}

std::string sde_scheme_name(Scheme scheme) { return scheme == Scheme::em ? "euler-maruyama" : "heun"; }

Scheme parse_sde_scheme(const std::string& key, const std::string& name) {
  // The integrator-spec names (solvers/integrator_spec.hpp) em and sde-heun are the same schemes.
  if (name == "euler-maruyama" || name == "em") return Scheme::em;
  if (name == "heun" || name == "sde-heun") return Scheme::sde_heun;
  throw_input(key, name, "allowed: " + join(sde_scheme_names()) + " (or em, sde-heun)");
}

Estimate talay_tubaro_extrapolation(const Estimate& at_dt, const Estimate& at_half_dt) {
  return {2 * at_half_dt.value - at_dt.value,
          std::sqrt(4 * at_half_dt.stderr_value * at_half_dt.stderr_value + at_dt.stderr_value * at_dt.stderr_value)};
}

OuStep ou_step(Scheme scheme, double l) {
  OuStep s;
  if (scheme == Scheme::em) {
    s.correlation = 1 - l;
    s.variance_factor = 1 / (1 - l / 2);
  } else {
    s.correlation = 1 - l + l * l / 2;
    s.variance_factor = 2 * l * std::pow(1 - l / 2, 2) / (1 - s.correlation * s.correlation);
  }
  return s;
}

SdeIntegrator::SdeIntegrator(const SdeSystem& system, Scheme scheme, double dt, std::uint64_t seed)
    : system_(system),
      scheme_(scheme),
      dt_(dt),
      sqrt_dt_(std::sqrt(dt)),
      rng_(seed),
      dW_(system.noise_size()),
      a0_(system.size()),
      a1_(system.size()),
      b0_(system.size()),
      b1_(system.size()),
      x_pred_(system.size()),
      q_rate_(system.configuration_size()),
      n_q_(system.configuration_size()) {
  if (!(dt > 0) || !std::isfinite(dt)) throw_input("dt", std::to_string(dt), "must be a finite number > 0");
  if (scheme != Scheme::em && scheme != Scheme::sde_heun)
    throw_input("scheme", to_string(scheme), "an SDE scheme: em (Euler-Maruyama) or sde-heun (stochastic Heun)");
}

void SdeIntegrator::step(double& t, VecRef x) {
  for (Eigen::Index k = 0; k < dW_.size(); ++k) dW_[k] = sqrt_dt_ * normal_(rng_);
  system_.drift(t, x, a0_);
  system_.diffusion(t, x, dW_, b0_);
  const Eigen::Index n = x.size(), nq = static_cast<Eigen::Index>(n_q_);
  if (scheme_ == Scheme::em) {
    if (nq == 0) {
      x += a0_ * dt_ + b0_;
    } else {
      x.tail(n - nq) += a0_.tail(n - nq) * dt_ + b0_.tail(n - nq);
      system_.configuration_rate(t, x, q_rate_);
      x.head(nq) += q_rate_ * dt_ + b0_.head(nq);
    }
  } else {
    x_pred_ = x + a0_ * dt_ + b0_;
    system_.drift(t + dt_, x_pred_, a1_);
    system_.diffusion(t + dt_, x_pred_, dW_, b1_);
    x += 0.5 * (a0_ + a1_) * dt_ + 0.5 * (b0_ + b1_);
  }
  t += dt_;
  if (!x.allFinite()) throw SolverError("SDE " + to_string(scheme_) + ": non-finite state at t=" + std::to_string(t));
}

}  // namespace stickslip
