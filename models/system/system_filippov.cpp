// models/system/system_filippov.cpp — see system_filippov.hpp.
#include "models/system/system_filippov.hpp"

#include <cmath>
#include <limits>

#include "core/errors.hpp"

namespace stickslip {

SystemFilippov::SystemFilippov(SystemMechanics mechanics, std::vector<SystemContactLaw> laws, bool ledger)
    : mech_(std::move(mechanics)), laws_(std::move(laws)) {
  const std::size_t m = mech_.contacts();
  if (laws_.size() != m) throw std::logic_error("SystemFilippov: one law per contact");
  std::vector<bool> has_state(m), force_state(m, false);
  contact_surface_.assign(m, -1);
  for (std::size_t c = 0; c < m; ++c) {
    const AnyFormedLaw& l = *laws_[c].law;
    if (l.form() == ContactForm::filippov) {
      contact_surface_[c] = static_cast<long>(surface_contact_.size());
      surface_contact_.push_back(c);
    } else if (l.form() != ContactForm::rate && l.form() != ContactForm::slip_force) {
      throw std::logic_error("SystemFilippov: the other contacts run in their rate or slip-force form");
    }
    has_state[c] = l.state_size() > 0;
  }
  layout_ = SystemLayout(mech_.spec(), has_state, force_state, ledger);
}

Vec SystemFilippov::initial_state() const { return system_initial_state(mech_, layout_, laws_); }

void SystemFilippov::surfaces(double t, VecCRef x, VecRef h) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  Vec q(n), v(n);
  layout_.gather(x, q, v);
  for (std::size_t i = 0; i < surface_contact_.size(); ++i) h[static_cast<Eigen::Index>(i)] = mech_.slip(t, surface_contact_[i], v);
}

void SystemFilippov::surface_gradient(double, VecCRef, std::size_t i, VecRef grad) const {
  grad.setZero();
  for (const SparseTerm& w : mech_.row(surface_contact_[i])) grad[layout_.v(w.dof)] = w.coeff;
}

double SystemFilippov::surface_time_rate(double t, VecCRef, std::size_t i) const {
  return -mech_.surface_acceleration(t, surface_contact_[i]);
}

void SystemFilippov::forces(double t, VecCRef x, VecCRef sigma, VecRef q, VecRef v, VecRef F) const {
  layout_.gather(x, q, v);
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    const double fn = mech_.normal_force(c, q, v);
    const double s = mech_.slip(t, c, v);
    const long i = contact_surface_[c];
    if (i >= 0) {
      F[static_cast<Eigen::Index>(c)] = -(sigma[i] * laws_[c].law->sliding_force(std::abs(s), fn));
    } else {
      const Slip1 sc{VecD<1>(s), mech_.effective_mass(c), 0.0, 0.0};
      F[static_cast<Eigen::Index>(c)] = laws_[c].law->force(sc, fn, layout_.z(c) >= 0 ? x[layout_.z(c)] : 0.0, free_mode);
    }
  }
}

void SystemFilippov::contact_forces(double t, VecCRef x, VecCRef sigma, VecRef F) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  Vec q(n), v(n);
  forces(t, x, sigma, q, v, F);
}

void SystemFilippov::field(double t, VecCRef x, VecCRef sigma, VecRef xdot) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  const auto m = static_cast<Eigen::Index>(mech_.contacts());
  Vec q(n), v(n), F(m), f(n), a(n);
  forces(t, x, sigma, q, v, F);
  mech_.applied(t, q, v, f);
  mech_.add_contact_forces(F, f);
  mech_.solve_mass(f, a);
  for (std::size_t k = 0; k < mech_.dofs(); ++k) {
    xdot[layout_.q(k)] = v[static_cast<Eigen::Index>(k)];
    xdot[layout_.v(k)] = a[static_cast<Eigen::Index>(k)];
  }
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (layout_.z(c) < 0) continue;
    const Slip1 sc{VecD<1>(mech_.slip(t, c, v)), mech_.effective_mass(c), 0.0, 0.0};
    double fc = 0, zdot = 0;
    bool held = false;
    laws_[c].law->terms(sc, mech_.normal_force(c, q, v), x[layout_.z(c)], free_mode, fc, zdot, held);
    xdot[layout_.z(c)] = zdot;
  }
  if (layout_.ledger()) {
    const SystemMechanics::Powers p = mech_.powers(t, q, v, F);
    const Eigen::Index l = layout_.ledger_row();
    xdot[l] = p.applied, xdot[l + 1] = p.surfaces, xdot[l + 2] = p.friction, xdot[l + 3] = p.dashpots;
  }
}

bool SystemFilippov::sliding_sides(double t, VecCRef x, const std::vector<int>& sides, VecRef sigma, VecRef slope) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  const auto m = static_cast<Eigen::Index>(mech_.contacts());
  Vec q(n), v(n), F(m);
  std::vector<std::size_t> stuck;
  Vec side_values(static_cast<Eigen::Index>(sides.size()));
  for (std::size_t i = 0; i < sides.size(); ++i) side_values[static_cast<Eigen::Index>(i)] = sides[i] == 0 ? 0.0 : sides[i];
  forces(t, x, side_values, q, v, F);
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i] != 0) continue;
    const std::size_t c = surface_contact_[i];
    const double phi = laws_[c].law->sliding_force(std::abs(mech_.slip(t, c, v)), mech_.normal_force(c, q, v));
    slope[static_cast<Eigen::Index>(i)] = -phi / mech_.effective_mass(c);
    if (phi > 0) stuck.push_back(c);
    else sigma[static_cast<Eigen::Index>(i)] = 0;  // no force on this surface whatever sigma is
  }
  if (stuck.empty()) return true;
  const double inf = std::numeric_limits<double>::infinity();
  const auto ns = static_cast<Eigen::Index>(stuck.size());
  const ContactLcpResult res = mech_.decide(t, q, v, F, stuck, Vec::Constant(ns, -inf), Vec::Constant(ns, inf));
  for (Eigen::Index k = 0; k < ns; ++k) {
    const std::size_t c = stuck[static_cast<std::size_t>(k)];
    const double phi = -slope[contact_surface_[c]] * mech_.effective_mass(c);
    sigma[contact_surface_[c]] = -res.z[k] / phi;
  }
  return true;
}

bool SystemFilippov::decide_sides(double t, VecCRef x, const std::vector<int>& sides,
                                  const std::vector<std::size_t>& candidates, std::size_t trigger,
                                  std::vector<int>& decided) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  const auto m = static_cast<Eigen::Index>(mech_.contacts());
  Vec q(n), v(n), F(m);
  Vec side_values(static_cast<Eigen::Index>(sides.size()));
  for (std::size_t i = 0; i < sides.size(); ++i) side_values[static_cast<Eigen::Index>(i)] = sides[i];
  forces(t, x, side_values, q, v, F);
  const auto nc = static_cast<Eigen::Index>(candidates.size());
  std::vector<std::size_t> contacts(candidates.size());
  Vec lo(nc), hi(nc);
  std::vector<BoxSide> start(candidates.size(), BoxSide::free);
  double scale = 0;
  for (Eigen::Index k = 0; k < nc; ++k) {
    const std::size_t i = candidates[static_cast<std::size_t>(k)];
    const std::size_t c = surface_contact_[i];
    contacts[static_cast<std::size_t>(k)] = c;
    const double fs = laws_[c].law->static_threshold(mech_.normal_force(c, q, v));
    lo[k] = -fs, hi[k] = fs;
    scale = std::max(scale, fs / mech_.effective_mass(c));
    start[static_cast<std::size_t>(k)] = sides[i] > 0 ? BoxSide::lower : sides[i] < 0 ? BoxSide::upper : BoxSide::free;
  }
  const ContactLcpResult res = mech_.decide(t, q, v, F, contacts, lo, hi, start);
  scale = std::max(scale, res.w.cwiseAbs().maxCoeff());
  decided.assign(candidates.size(), 0);
  for (Eigen::Index k = 0; k < nc; ++k) {
    const std::size_t i = candidates[static_cast<std::size_t>(k)];
    const BoxSide side = res.side[static_cast<std::size_t>(k)];
    int& d = decided[static_cast<std::size_t>(k)];
    if (!(hi[k] > 0)) {  // no static friction: it goes the way it is pushed
      d = res.w[k] < 0 ? -1 : 1;
      continue;
    }
    const bool leaving = i == trigger && sides[i] == 0;  // a sliding surface whose sigma reached +-1: its exit
    if (side == BoxSide::free) {
      // On the bound to rounding, the exit being handled goes ahead (F = +F_s: region II, -F_s: region I).
      if (leaving && std::abs(res.z[k]) >= hi[k] * (1 - 1e-9)) d = res.z[k] > 0 ? -1 : 1;
      else d = 0;
      continue;
    }
    if (std::abs(res.w[k]) <= 1e-9 * scale && !leaving) d = 0;  // a tie: it slides on the surface (sticks)
    else d = side == BoxSide::lower ? 1 : -1;
  }
  return true;
}

Energy SystemFilippov::energy(double t, VecCRef x) const { return system_energy(mech_, layout_, laws_, t, x); }

}  // namespace stickslip
