#include "models/sliding_plates.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "models/spring_dashpot_slider.hpp"

namespace stickslip {

const std::vector<std::string>& plate_law_names() {
  static const std::vector<std::string> names{"csds", "dsds", "dsds-stage", "dsds-dae"};
  return names;
}

std::string to_string(PlateLaw law) { return plate_law_names()[static_cast<std::size_t>(law)]; }

PlateLaw parse_plate_law(const std::string& key, const std::string& name) {
  const auto& names = plate_law_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<PlateLaw>(i);
  throw_input(key, name, "allowed: " + join(names));
}

void PlateParameters::validate(PlateLaw law) const {
  const auto str = [](double v) { return format_value(v); };
  if (!(m > 0) || !std::isfinite(m)) throw_input("m", str(m), "must be > 0");
  if (!(k > 0) || !std::isfinite(k)) throw_input("k", str(k), "must be > 0");
  if (!(fmax >= 0) || !std::isfinite(fmax)) throw_input("fmax", str(fmax), "must be >= 0");
  if (law == PlateLaw::csds) {
    if (!(gamma > 0) || !std::isfinite(gamma))
      throw_input("gamma", str(gamma), "must be > 0 for friction=csds (eq. 10 divides by gamma)");
  } else if (!(gamma >= 0) || !std::isfinite(gamma)) {
    throw_input("gamma", str(gamma), "must be >= 0");
  }
}

SlidingPlates::SlidingPlates(PlateParameters p, PlateLaw law, bool event_driven)
    : p_(p), law_(law), event_driven_(event_driven) {
  p_.validate(law);
  if (law == PlateLaw::dsds_dae && !event_driven)
    throw_input("events", "off", "friction=dsds-dae is a hybrid DAE whose stick/slip switches are events; use events=on");
}

Mode SlidingPlates::initial_mode(double, VecCRef x) const {
  if (!event_driven_) return {free_mode};
  const double fs = test_force(x);
  if (std::abs(fs) <= p_.fmax) return {stick_mode};
  const int s = fs > 0 ? +1 : -1;
  // The D-SDS resets a saturated spring; it keeps sliding only while s v < -v* (eq. 20).
  if (is_dsds() && s * x[0] >= -dsds_stick_speed()) return {stick_mode};
  return {s > 0 ? slide_pos : slide_neg};
}

double SlidingPlates::force(VecCRef x, const Mode& mode) const {
  switch (mode[0]) {
    case stick_mode: return test_force(x);
    case slide_pos: return p_.fmax;
    case slide_neg: return -p_.fmax;
    default: {
      const double fs = test_force(x);
      return std::abs(fs) > p_.fmax ? std::copysign(p_.fmax, fs) : fs;
    }
  }
}

void SlidingPlates::rhs(double, VecCRef x, const Mode& mode, VecRef xdot) const {
  const double v = x[0], xi = x[1];
  const double f = force(x, mode);
  const int m = mode[0];
  xdot[0] = f / p_.m;
  switch (law_) {
    case PlateLaw::csds:
      if (m == free_mode)
        xdot[1] = csds_xi_rate<1>(VecD<1>(xi), VecD<1>(v), p_.k, p_.gamma, p_.fmax)[0];
      else if (m == stick_mode)
        xdot[1] = v;
      else
        xdot[1] = -(sigma(m) * p_.fmax + p_.k * xi) / p_.gamma;
      break;
    case PlateLaw::dsds_dae:
      // Sliding: the derivative of the constraint k xi + gamma v + s F_max = 0 (index-1 form).
      xdot[1] = m == stick_mode ? v : -p_.gamma * sigma(m) * p_.fmax / (p_.m * p_.k);
      break;
    default:  // dsds, dsds-stage: eq. 2; the reset of eq. 3 is applied by adjust().
      xdot[1] = v;
  }
  xdot[2] = f * v;
}

void SlidingPlates::residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  if (law_ == PlateLaw::dsds_dae && (mode[0] == slide_pos || mode[0] == slide_neg)) {
    const double f = force(x, mode);
    r[0] = xdot[0] - f / p_.m;
    r[1] = p_.k * x[1] + p_.gamma * x[0] + sigma(mode[0]) * p_.fmax;  // eq. 3, algebraic
    r[2] = xdot[2] - f * x[0];
    return;
  }
  Model::residual(t, x, xdot, mode, r);
}

void SlidingPlates::differential_mask(const Mode& mode, VecRef id) const {
  id.setOnes();
  if (law_ == PlateLaw::dsds_dae && (mode[0] == slide_pos || mode[0] == slide_neg)) id[1] = 0;
}

void SlidingPlates::events(double, VecCRef x, const Mode& mode, VecRef g) const {
  const double fs = test_force(x);
  const int m = mode[0];
  if (m == stick_mode) {
    g[0] = fs - p_.fmax;
    g[1] = -fs - p_.fmax;
    return;
  }
  g[0] = is_dsds() ? sigma(m) * x[0] + dsds_stick_speed() : p_.fmax - sigma(m) * fs;
  g[1] = -1;
}

EventOutcome SlidingPlates::on_event(double, VecRef x, Mode& mode, std::size_t which) const {
  if (mode[0] == stick_mode) {
    mode[0] = which == 0 ? slide_pos : slide_neg;
    return {true, false};
  }
  if (which != 0) return {false, false};
  // Slide -> stick. The D-SDS spring sits on eq. 3 at the switching point itself.
  if (is_dsds()) x[1] = -(sigma(mode[0]) * p_.fmax + p_.gamma * x[0]) / p_.k;
  mode[0] = stick_mode;
  return {true, false};
}

void SlidingPlates::project(double, VecRef x, const Mode& mode) const {
  if (!is_dsds() || mode[0] == free_mode) return;
  if (mode[0] == stick_mode) {
    const double fs = test_force(x);
    if (std::abs(fs) > p_.fmax) x[1] = -(std::copysign(p_.fmax, fs) + p_.gamma * x[0]) / p_.k;
    return;
  }
  x[1] = -(sigma(mode[0]) * p_.fmax + p_.gamma * x[0]) / p_.k;
}

Energy SlidingPlates::energy(double, VecCRef x, const Mode&) const {
  return {0.5 * p_.m * x[0] * x[0], 0.5 * p_.k * x[1] * x[1], x[2]};
}

AdjustPolicy SlidingPlates::adjustment_policy() const {
  if (law_ == PlateLaw::dsds) return AdjustPolicy::after_step;
  if (law_ == PlateLaw::dsds_stage) return AdjustPolicy::per_stage;
  return AdjustPolicy::none;
}

// The D-SDS reset (eq. 3) as the time-stepping rule applies it (events off, free mode): the Coulomb test is made
// on the state at which the force was evaluated, and a failed test sets the spring of the newly assigned state.
// With events on, a slide is a mode whose force is s F_max whatever xi is, and eq. 3 is its constraint: the
// assigned state itself is put on it (with its own v, not the evaluation state's, which would report the spring
// one reset late: an error gamma F_max dt/(m k) in xi). The map v -> xi of eq. 3 is affine, so a Runge-Kutta
// combination of stages on it (dsds-stage) lies on it too.
void SlidingPlates::adjust(double, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const {
  const int m = mode[0];
  if (m == stick_mode) return;
  if (m == free_mode) {
    const double fs = test_force(x_eval);
    if (std::abs(fs) > p_.fmax) x_assigned[1] = -(std::copysign(p_.fmax, fs) + p_.gamma * x_eval[0]) / p_.k;
    return;
  }
  x_assigned[1] = -(sigma(m) * p_.fmax + p_.gamma * x_assigned[0]) / p_.k;
}

}  // namespace stickslip
