#include "models/dry_friction_exact.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"

namespace stickslip {
namespace {
constexpr double kPi = 3.14159265358979323846;
}

DryFrictionOscillatorExact::DryFrictionOscillatorExact(const OscillatorParameters& p, const Coulomb& law, double x0,
                                                       double v0, double t0, double t_horizon)
    : p_(p), omega_(std::sqrt(p.k / p.m)), delta_(law.mu * p.fn / p.k) {
  p_.validate();
  if (!(law.mu >= 0) || !std::isfinite(law.mu)) throw_input("mu", format_value(law.mu), "must be >= 0");
  if (p.v_belt != 0)
    throw_input("v_belt", std::to_string(p.v_belt), "the exact solution is for eq. 3: v_belt = 0");
  const double inf = std::numeric_limits<double>::infinity();
  double t = t0, x = x0, v = v0;
  while (t <= t_horizon) {
    if (phases_.size() >= 1000000)  // each half-cycle loses 2 mu F_N / k of amplitude: a huge k never stops
      throw_input("k", format_value(p.k), "the exact solution needs more than 1e6 half-cycles before the horizon (amplitude / (mu F_N / k) too large)");
    if (v == 0 && std::abs(x) <= delta_) {
      phases_.push_back({t, x, 0.0, 0, inf});
      return;
    }
    const int s = v != 0 ? (v > 0 ? 1 : -1) : (x > 0 ? -1 : 1);
    const double c = -s * delta_;
    double tau, xe;
    if (v == 0) {
      tau = kPi / omega_;
      xe = 2 * c - x;
    } else {
      const double amp = std::hypot(x - c, v / omega_);
      const double theta0 = std::atan2(-v / omega_, x - c);
      tau = s > 0 ? -theta0 / omega_ : (kPi - theta0) / omega_;
      xe = c + s * amp;
    }
    phases_.push_back({t, x, v, s, t + tau});
    t += tau;
    x = xe;
    v = 0;
  }
}

DryFrictionOscillatorExact::State DryFrictionOscillatorExact::at(double t) const {
  const Phase* ph = &phases_.front();
  for (const auto& q : phases_)
    if (q.t0 <= t) ph = &q;
  if (ph->s == 0) return {ph->x0, 0.0, 0};
  const double c = -ph->s * delta_;
  const double tau = std::min(t, ph->t1) - ph->t0;
  const double co = std::cos(omega_ * tau), si = std::sin(omega_ * tau);
  return {c + (ph->x0 - c) * co + ph->v0 / omega_ * si, -(ph->x0 - c) * omega_ * si + ph->v0 * co, ph->s};
}

double DryFrictionOscillatorExact::t_stick() const { return sticks() ? phases_.back().t0 : std::nan(""); }
double DryFrictionOscillatorExact::x_stick() const { return sticks() ? phases_.back().x0 : std::nan(""); }

}  // namespace stickslip
