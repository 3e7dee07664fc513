#include "models/incline_block.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "models/spring_dashpot_slider.hpp"

namespace stickslip {

const std::vector<std::string>& block_law_names() {
  static const std::vector<std::string> names{"coulomb-filippov", "coulomb-dae", "cundall-strack", "csds", "dsds"};
  return names;
}

const Renames& block_law_renames() {
  static const Renames r{{"coulomb", {"coulomb-filippov", "coulomb-dae"}}};
  return r;
}

std::string to_string(BlockLaw law) { return block_law_names()[static_cast<std::size_t>(law)]; }

BlockLaw parse_block_law(const std::string& key, const std::string& text) {
  const std::string name = renamed(key, text, block_law_renames());
  const auto& names = block_law_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<BlockLaw>(i);
  throw_input(key, name, "allowed: " + join(names));
}

void BlockParameters::validate() const {
  const auto str = [](double v) { return std::to_string(v); };
  if (!(size > 0) || !std::isfinite(size)) throw_input("size", str(size), "must be > 0");
  if (!(alpha >= 0 && alpha < 1.5707963267948966)) throw_input("angle_deg", str(alpha * 57.29577951308232), "must lie in [0, 90)");
  if (!(g > 0) || !std::isfinite(g)) throw_input("g", str(g), "must be > 0");
  if (!(rho > 0) || !std::isfinite(rho)) throw_input("rho", str(rho), "must be > 0");
  if (!(young > 0) || !std::isfinite(young)) throw_input("Y", str(young), "must be > 0");
  if (!(mu >= 0) || !std::isfinite(mu)) throw_input("mu", str(mu), "must be >= 0");
  if (!(normal_damping >= 0) || !std::isfinite(normal_damping)) throw_input("gamma", str(normal_damping), "must be >= 0");
}

double BlockParameters::normal_force(double y, double w) const {
  const double d = damping ? normal_damping * std::sqrt(young * mass()) : 0.0;
  return std::max(0.0, -young * y - d * w);
}

// ---- Filippov form ----

InclineBlockFilippov::InclineBlockFilippov(BlockParameters p) : p_(p) { p_.validate(); }

void InclineBlockFilippov::surfaces(double, VecCRef x, VecRef h) const { h[0] = x[1]; }

void InclineBlockFilippov::surface_gradient(double, VecCRef, std::size_t, VecRef grad) const {
  grad.setZero();
  grad[1] = 1;
}

void InclineBlockFilippov::field(double, VecCRef x, VecCRef sigma, VecRef f) const {
  const double m = p_.mass(), fn = p_.normal_force(x[2], x[3]);
  f[0] = x[1];
  f[1] = p_.g * std::sin(p_.alpha) - sigma[0] * p_.mu * fn / m;
  f[2] = x[3];
  f[3] = -p_.g * std::cos(p_.alpha) + fn / m;
}

// ---- Model form ----

InclineBlock::InclineBlock(BlockParameters p, BlockLaw law, bool velocity_projection)
    : p_(p), law_(law), projection_(velocity_projection) {
  p_.validate();
  if (law == BlockLaw::coulomb) throw std::logic_error("InclineBlock: the coulomb law is InclineBlockFilippov");
  if (law == BlockLaw::csds && !p_.damping)
    throw_input("damping", "off", "friction=csds needs gamma_t > 0 (eq. 10 of Führer, Brendel & Wolf divides by it); use damping=on");
}

std::vector<std::string> InclineBlock::state_names() const {
  return {"s", "v", "y", "w", law_ == BlockLaw::coulomb_dae ? "F_t" : "xi"};
}

Mode InclineBlock::initial_mode(double, VecCRef x) const {
  if (law_ != BlockLaw::coulomb_dae) return {block_free};
  if (x[1] > 0) return {block_slip_pos};
  if (x[1] < 0) return {block_slip_neg};
  const double need = -p_.mass() * p_.g * std::sin(p_.alpha);  // F_t that holds the block
  const double fmax = p_.mu * p_.normal_force(x[2], x[3]);
  if (std::abs(need) <= fmax) return {block_stick};
  return {need < 0 ? block_slip_pos : block_slip_neg};
}

double InclineBlock::tangential_force(VecCRef x, const Mode& mode) const {
  const double fmax = p_.mu * p_.normal_force(x[2], x[3]);
  const double v = x[1], z = x[4];
  switch (law_) {
    case BlockLaw::coulomb_dae: return z;
    case BlockLaw::cundall_strack: {
      const double f = -p_.kt() * z - p_.gamma_t() * v;
      return std::abs(f) > fmax ? std::copysign(fmax, f) : f;
    }
    default: return sds_force<1>(VecD<1>(z), VecD<1>(v), p_.kt(), p_.gamma_t(), fmax)[0];
  }
  (void)mode;
}

void InclineBlock::rhs(double, VecCRef x, const Mode& mode, VecRef xdot) const {
  const double m = p_.mass(), fn = p_.normal_force(x[2], x[3]), fmax = p_.mu * fn;
  const double v = x[1];
  xdot[0] = v;
  xdot[2] = x[3];
  xdot[3] = -p_.g * std::cos(p_.alpha) + fn / m;
  const double ft = tangential_force(x, mode);
  xdot[1] = p_.g * std::sin(p_.alpha) + ft / m;
  switch (law_) {
    case BlockLaw::coulomb_dae:
      if (mode[0] == block_stick && projection_) xdot[1] = 0;
      xdot[4] = 0;  // algebraic
      break;
    case BlockLaw::cundall_strack: {
      const double xi = x[4];
      const bool loading_beyond = p_.kt() * std::abs(xi) >= fmax && xi * v > 0;
      xdot[4] = loading_beyond ? 0.0 : v;
      break;
    }
    case BlockLaw::csds: xdot[4] = csds_xi_rate<1>(VecD<1>(x[4]), VecD<1>(v), p_.kt(), p_.gamma_t(), fmax)[0]; break;
    default: xdot[4] = v;  // dsds: eq. 2, the reset of eq. 3 in adjust()
  }
}

void InclineBlock::residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  if (law_ != BlockLaw::coulomb_dae) {
    Model::residual(t, x, xdot, mode, r);
    return;
  }
  const double m = p_.mass(), fn = p_.normal_force(x[2], x[3]);
  r[0] = xdot[0] - x[1];
  r[2] = xdot[2] - x[3];
  r[3] = m * xdot[3] - (-m * p_.g * std::cos(p_.alpha) + fn);
  if (mode[0] == block_stick) {
    r[1] = projection_ ? x[1] : m * xdot[1] - (m * p_.g * std::sin(p_.alpha) + x[4]);
    r[4] = x[4] + m * p_.g * std::sin(p_.alpha);
    return;
  }
  const int s = mode[0] == block_slip_pos ? 1 : -1;
  r[1] = m * xdot[1] - (m * p_.g * std::sin(p_.alpha) + x[4]);
  r[4] = x[4] + s * p_.mu * fn;
}

ModelForm InclineBlock::form() const { return law_ == BlockLaw::coulomb_dae ? ModelForm::dae : Model::form(); }

void InclineBlock::differential_mask(const Mode& mode, VecRef id) const {
  id.setOnes();
  if (law_ != BlockLaw::coulomb_dae) return;
  id[4] = 0;
  if (mode[0] == block_stick && projection_) id[1] = 0;
}

void InclineBlock::events(double, VecCRef x, const Mode& mode, VecRef g) const {
  const double fmax = p_.mu * p_.normal_force(x[2], x[3]);
  if (mode[0] == block_stick) {
    g[0] = x[4] - fmax;
    g[1] = -x[4] - fmax;
    return;
  }
  g[0] = mode[0] == block_slip_pos ? -x[1] : x[1];
  g[1] = -1;
}

EventOutcome InclineBlock::on_event(double, VecRef x, Mode& mode, std::size_t which) const {
  if (mode[0] == block_stick) {
    mode[0] = which == 0 ? block_slip_neg : block_slip_pos;  // F_t = +F_max cannot hold a pull to -s
    return {true, false};
  }
  if (which != 0) return {false, false};
  const double need = -p_.mass() * p_.g * std::sin(p_.alpha);
  const double fmax = p_.mu * p_.normal_force(x[2], x[3]);
  if (std::abs(need) <= fmax)
    mode[0] = block_stick;
  else
    mode[0] = need < 0 ? block_slip_pos : block_slip_neg;
  return {true, false};
}

void InclineBlock::project(double, VecRef x, const Mode& mode) const {
  if (law_ != BlockLaw::coulomb_dae) return;
  if (mode[0] == block_stick) {
    if (projection_) x[1] = 0;
    x[4] = -p_.mass() * p_.g * std::sin(p_.alpha);
    return;
  }
  x[4] = -(mode[0] == block_slip_pos ? 1 : -1) * p_.mu * p_.normal_force(x[2], x[3]);
}

AdjustPolicy InclineBlock::adjustment_policy() const {
  return law_ == BlockLaw::dsds ? AdjustPolicy::after_step : AdjustPolicy::none;
}

void InclineBlock::adjust(double, VecCRef x_eval, VecRef x_assigned, const Mode&) const {
  const double fmax = p_.mu * p_.normal_force(x_eval[2], x_eval[3]);
  const double fs = -p_.kt() * x_eval[4] - p_.gamma_t() * x_eval[1];
  if (std::abs(fs) > fmax) x_assigned[4] = -(std::copysign(fmax, fs) + p_.gamma_t() * x_eval[1]) / p_.kt();
}

}  // namespace stickslip
