#include "models/friction_oscillator.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

void OscillatorParameters::validate() const {
  const auto str = [](double v) { return std::to_string(v); };
  if (!(m > 0) || !std::isfinite(m)) throw_input("m", str(m), "must be > 0");
  if (!(k > 0) || !std::isfinite(k)) throw_input("k", str(k), "must be > 0");
  if (!(mu >= 0) || !std::isfinite(mu)) throw_input("mu", str(mu), "must be >= 0");
  if (!(fn >= 0) || !std::isfinite(fn)) throw_input("F_N", str(fn), "must be >= 0");
  if (!std::isfinite(v_belt)) throw_input("v_belt", str(v_belt), "must be a finite number");
  if (!(stribeck >= 0) || !std::isfinite(stribeck)) throw_input("stribeck", str(stribeck), "must be >= 0");
}

// ---- FrictionOscillator: naive Model and FilippovSystem, state [x, v] ----

FrictionOscillator::FrictionOscillator(OscillatorParameters p) : p_(p) { p_.validate(); }

void FrictionOscillator::rhs(double, VecCRef x, const Mode&, VecRef xdot) const {
  const double vrel = x[1] - p_.v_belt;
  const double s = vrel > 0 ? 1.0 : (vrel < 0 ? -1.0 : 0.0);  // sign(), sign(0) = 0
  xdot[0] = x[1];
  xdot[1] = (-p_.k * x[0] - s * p_.phi(std::abs(vrel))) / p_.m;
}

Energy FrictionOscillator::energy(double, VecCRef x, const Mode&) const {
  return {0.5 * p_.m * x[1] * x[1], 0.5 * p_.k * x[0] * x[0], 0};
}

void FrictionOscillator::surfaces(double, VecCRef x, VecRef h) const { h[0] = x[1] - p_.v_belt; }

void FrictionOscillator::surface_gradient(double, VecCRef, std::size_t, VecRef grad) const {
  grad[0] = 0;
  grad[1] = 1;
}

void FrictionOscillator::field(double, VecCRef x, VecCRef sigma, VecRef f) const {
  const double vrel = x[1] - p_.v_belt;
  f[0] = x[1];
  f[1] = (-p_.k * x[0] - sigma[0] * p_.phi(std::abs(vrel))) / p_.m;
}

// ---- FrictionOscillatorDae: hybrid DAE, state [x, v, F] ----

FrictionOscillatorDae::FrictionOscillatorDae(OscillatorParameters p, bool velocity_projection)
    : p_(p), projection_(velocity_projection) {
  p_.validate();
}

Mode FrictionOscillatorDae::initial_mode(double, VecCRef x) const {
  const double vrel = x[1] - p_.v_belt;
  if (vrel > 0) return {osc_slip_pos};
  if (vrel < 0) return {osc_slip_neg};
  const double fs = p_.k * x[0];  // the force sticking needs
  if (std::abs(fs) <= p_.fmax()) return {osc_stick};
  return {fs > 0 ? osc_slip_neg : osc_slip_pos};  // the spring drags the mass against the surface
}

void FrictionOscillatorDae::rhs(double, VecCRef x, const Mode& mode, VecRef xdot) const {
  xdot[0] = x[1];
  const bool held = mode[0] == osc_stick && projection_;
  xdot[1] = held ? 0.0 : (x[2] - p_.k * x[0]) / p_.m;
  xdot[2] = 0;  // algebraic row; only a guess for IDA
}

void FrictionOscillatorDae::residual(double, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  const double vrel = x[1] - p_.v_belt;
  r[0] = xdot[0] - x[1];
  if (mode[0] == osc_stick) {
    r[1] = projection_ ? vrel : p_.m * xdot[1] - (x[2] - p_.k * x[0]);
    r[2] = x[2] - p_.k * x[0];
    return;
  }
  r[1] = p_.m * xdot[1] - (x[2] - p_.k * x[0]);
  r[2] = x[2] + slip_sign(mode[0]) * p_.phi(std::abs(vrel));
}

ModelForm FrictionOscillatorDae::form() const { return ModelForm::dae; }

void FrictionOscillatorDae::differential_mask(const Mode& mode, VecRef id) const {
  id[0] = 1;
  id[1] = (mode[0] == osc_stick && projection_) ? 0 : 1;
  id[2] = 0;
}

void FrictionOscillatorDae::events(double, VecCRef x, const Mode& mode, VecRef g) const {
  if (mode[0] == osc_stick) {
    g[0] = x[2] - p_.fmax();
    g[1] = -x[2] - p_.fmax();
    return;
  }
  g[0] = -slip_sign(mode[0]) * (x[1] - p_.v_belt);
  g[1] = -1;
}

EventOutcome FrictionOscillatorDae::on_event(double, VecRef x, Mode& mode, std::size_t which) const {
  if (mode[0] == osc_stick) {
    // F = +mu F_N reached: the spring pulls towards -x harder than friction can hold -> slip with v_rel < 0.
    mode[0] = which == 0 ? osc_slip_neg : osc_slip_pos;
    return {true, false};
  }
  if (which != 0) return {false, false};
  const double fs = p_.k * x[0];
  if (std::abs(fs) <= p_.fmax())
    mode[0] = osc_stick;
  else
    mode[0] = fs > 0 ? osc_slip_neg : osc_slip_pos;
  return {true, false};
}

void FrictionOscillatorDae::project(double, VecRef x, const Mode& mode) const {
  if (mode[0] == osc_stick) {
    if (projection_) x[1] = p_.v_belt;
    x[2] = p_.k * x[0];
    return;
  }
  x[2] = -slip_sign(mode[0]) * p_.phi(std::abs(x[1] - p_.v_belt));
}

Energy FrictionOscillatorDae::energy(double, VecCRef x, const Mode&) const {
  return {0.5 * p_.m * x[1] * x[1], 0.5 * p_.k * x[0] * x[0], 0};
}

}  // namespace stickslip
