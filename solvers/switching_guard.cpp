#include "solvers/switching_guard.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace stickslip {

SwitchingGuard::SwitchingGuard(const Model& model, double rtol, double atol, RunStats& stats)
    : model_(model), rtol_(rtol), atol_(atol), stats_(stats), g_(model.num_events()), g_pert_(model.num_events()),
      x_pert_(model.size()), f_(model.size()), band_(model.num_events()), rate_(model.num_events()),
      guarded_(model.num_events(), 0), leaving_(model.num_events(), 0), on_root_(model.num_events(), 0),
      suppressed_(model.num_events(), 0), side_(model.num_events(), -1) {
  const std::size_t ng = model.num_events();
  const auto nx = static_cast<Eigen::Index>(model.size());
  std::vector<std::vector<Eigen::Index>> reads(ng);
  bool known = ng > 0;
  for (std::size_t i = 0; i < ng && known; ++i) {
    known = model.event_reads(i, reads[i]);
    std::sort(reads[i].begin(), reads[i].end());
    reads[i].erase(std::unique(reads[i].begin(), reads[i].end()), reads[i].end());
    known = known && std::all_of(reads[i].begin(), reads[i].end(), [nx](Eigen::Index j) { return j >= 0 && j < nx; });
  }
  if (!known) return;
  readers_.assign(static_cast<std::size_t>(nx), {});
  for (std::size_t i = 0; i < ng; ++i)
    for (Eigen::Index j : reads[i]) readers_[static_cast<std::size_t>(j)].push_back(static_cast<Eigen::Index>(i));
  // Greedy grouping: a column joins the first group none of whose columns shares a function with it.
  std::vector<long> group_of(static_cast<std::size_t>(nx), -1);
  std::vector<Eigen::Index> taken_by;  // per group: the last column that found it taken
  for (Eigen::Index j = 0; j < nx; ++j) {
    const auto& rj = readers_[static_cast<std::size_t>(j)];
    if (rj.empty()) continue;  // read by no function: no slope to measure
    for (Eigen::Index i : rj)
      for (Eigen::Index other : reads[static_cast<std::size_t>(i)])
        if (const long c = group_of[static_cast<std::size_t>(other)]; c >= 0) taken_by[static_cast<std::size_t>(c)] = j;
    std::size_t c = 0;
    while (c < groups_.size() && taken_by[c] == j) ++c;
    if (c == groups_.size()) groups_.emplace_back(), taken_by.push_back(-1);
    group_of[static_cast<std::size_t>(j)] = static_cast<long>(c);
    groups_[c].push_back(j);
  }
}

void SwitchingGuard::restart(double t, VecCRef x, const Mode& mode) {
  const auto ng = g_.size();
  t_restart_ = t;
  if (ng == 0) return;
  constexpr double u = std::numeric_limits<double>::epsilon();
  model_.events(t, x, mode, g_);
  ++stats_.root_evals;
  // Band: tolerance-weighted and round-off-weighted sums of |dg/dx_j|, by forward differences; the same
  // partials weighted by |f_j| give the scale against which the rate of g is resolved.
  model_.rhs(t, x, mode, f_);
  ++stats_.rhs_evals;
  Vec tol_part = Vec::Zero(ng), size_part = g_.cwiseAbs(), rate_scale = Vec::Zero(ng);
  const auto step = [&](Eigen::Index j) { return std::sqrt(u) * std::max(std::abs(x[j]), 1.0); };
  const auto add = [&](Eigen::Index i, Eigen::Index j, double h) {
    const double slope = std::abs(g_pert_[i] - g_[i]) / h;
    if (!std::isfinite(slope)) return;  // a switching function with a jump in x: no band from it
    tol_part[i] += slope * (rtol_ * std::abs(x[j]) + atol_);
    size_part[i] += slope * std::abs(x[j]);
    if (std::isfinite(f_[j])) rate_scale[i] += slope * std::abs(f_[j]);
  };
  x_pert_ = x;
  if (!groups_.empty()) {
    for (const auto& group : groups_) {
      for (Eigen::Index j : group) x_pert_[j] = x[j] + step(j);
      model_.events(t, x_pert_, mode, g_pert_);
      ++stats_.root_evals;
      for (Eigen::Index j : group) {
        x_pert_[j] = x[j];
        for (Eigen::Index i : readers_[static_cast<std::size_t>(j)]) add(i, j, step(j));
      }
    }
  } else {
    for (Eigen::Index j = 0; j < x.size(); ++j) {
      x_pert_[j] = x[j] + step(j);
      model_.events(t, x_pert_, mode, g_pert_);
      ++stats_.root_evals;
      x_pert_[j] = x[j];
      for (Eigen::Index i = 0; i < ng; ++i) add(i, j, step(j));
    }
  }
  band_ = 10 * tol_part + 64 * u * size_part;
  // Rate of g along the mode's own vector field (central difference along f): which way a function that
  // sits in its band is moving, when that is resolved.
  rate_.setZero();
  const double f_norm = f_.allFinite() ? f_.lpNorm<Eigen::Infinity>() : 0.0;
  if (f_norm > 0) {
    const double hd = std::cbrt(u) * std::max(1.0, x.lpNorm<Eigen::Infinity>()) / f_norm;
    x_pert_ = x + hd * f_;
    model_.events(t, x_pert_, mode, g_pert_);
    rate_ = g_pert_;
    x_pert_ = x - hd * f_;
    model_.events(t, x_pert_, mode, g_pert_);
    stats_.root_evals += 2;
    rate_ = (rate_ - g_pert_) / (2 * hd);
    x_pert_ = x;
  }
  const double resolved = std::min(0.1, std::max(1e3 * rtol_, 1e-6));
  guarded_count_ = 0;
  for (Eigen::Index i = 0; i < ng; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const int dir = model_.event_direction(k);
    side_[k] = dir > 0 ? -1 : dir < 0 ? +1 : (g_[i] > 0 ? +1 : -1);
    suppressed_[k] = 0;
    leaving_[k] = 0;
    on_root_[k] = 0;
    guarded_[k] = 0;
    if (std::abs(g_[i]) > band_[i]) continue;
    const bool rate_known = std::isfinite(rate_[i]) && std::abs(rate_[i]) > resolved * rate_scale[i];
    if (rate_known && dir != 0) {
      // Moving to the firing side at a resolved rate: a switch at this instant. Already past the root by
      // round-off: the mode is not valid here. On it exactly: armed, with the valid side reported at the
      // restart so that the crossing right after is seen (the map must see the state past the root).
      // Not yet at it, or moving to the valid side: armed.
      const bool leaving = side_[k] * rate_[i] < 0;
      leaving_[k] = leaving && side_[k] * g_[i] < 0 ? 1 : 0;
      on_root_[k] = leaving && g_[i] == 0 ? 1 : 0;
    } else {
      guarded_[k] = 1;
      ++guarded_count_;
    }
  }
}

std::optional<std::size_t> SwitchingGuard::inconsistent() const {
  for (Eigen::Index i = 0; i < g_.size(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (leaving_[k] || (!guarded_[k] && std::abs(g_[i]) > band_[i] && side_[k] * g_[i] < 0)) return k;
  }
  return std::nullopt;
}

void SwitchingGuard::report(double t, VecCRef g_true, VecRef g_out) const {
  g_out = g_true;
  if (t == t_restart_)
    for (Eigen::Index i = 0; i < g_true.size(); ++i)
      if (on_root_[static_cast<std::size_t>(i)] && g_true[i] == 0)
        g_out[i] = side_[static_cast<std::size_t>(i)] * std::numeric_limits<double>::denorm_min();
  if (guarded_count_ == 0) return;
  for (Eigen::Index i = 0; i < g_true.size(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (!guarded_[k]) continue;
    const double along_valid = side_[k] * g_true[i];  // > band: clearly valid; < -band: clearly past the root
    const bool hold = suppressed_[k] ? along_valid <= band_[i] : std::abs(g_true[i]) <= band_[i];
    if (hold) g_out[i] = side_[k] * band_[i];
  }
}

bool SwitchingGuard::arm(VecCRef g_true) {
  if (guarded_count_ == 0) return false;
  for (Eigen::Index i = 0; i < g_true.size(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (guarded_[k] && side_[k] * g_true[i] > band_[i]) {
      guarded_[k] = 0;
      suppressed_[k] = 0;
      --guarded_count_;
    }
  }
  return guarded_count_ > 0;
}

void SwitchingGuard::suppress(std::size_t i) {
  if (!guarded_[i]) ++guarded_count_;
  guarded_[i] = 1;
  suppressed_[i] = 1;
  leaving_[i] = 0;
}

}  // namespace stickslip
