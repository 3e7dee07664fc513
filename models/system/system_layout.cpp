// models/system/system_layout.cpp — see system_layout.hpp.
#include "models/system/system_layout.hpp"

#include <algorithm>

namespace stickslip {

SystemLayout::SystemLayout(const SystemSpec& spec, const std::vector<bool>& has_state,
                           const std::vector<bool>& force_state, bool ledger) {
  const std::size_t n = spec.size(), m = spec.contacts.size();
  std::vector<std::vector<std::size_t>> anchored(n);
  for (std::size_t c = 0; c < m; ++c) {
    if (!has_state[c]) continue;
    std::size_t first = n;
    for (const SparseTerm& t : spec.contacts[c].w) first = std::min(first, t.dof);
    anchored[first].push_back(c);
  }
  q_.assign(n, -1);
  z_.assign(m, -1);
  Eigen::Index at = 0;
  for (std::size_t k = 0; k < n; ++k) {
    q_[k] = at;
    names_.push_back(spec.dofs[k]);
    names_.push_back("v_" + spec.dofs[k]);
    at += 2;
    for (std::size_t c : anchored[k]) {
      z_[c] = at++;
      names_.push_back((force_state[c] ? "F_" : "xi_") + spec.contacts[c].name);
    }
  }
  if (ledger) {
    ledger_ = at;
    at += ledger_rows;
    for (const char* s : {"W_applied", "W_surfaces", "W_friction", "D_dashpots"}) names_.emplace_back(s);
  }
  size_ = static_cast<std::size_t>(at);
}

void SystemLayout::gather(VecCRef x, VecRef q, VecRef v) const {
  for (std::size_t k = 0; k < q_.size(); ++k) {
    q[static_cast<Eigen::Index>(k)] = x[q_[k]];
    v[static_cast<Eigen::Index>(k)] = x[q_[k] + 1];
  }
}

void SystemLayout::scatter_v(VecCRef v, VecRef x) const {
  for (std::size_t k = 0; k < q_.size(); ++k) x[q_[k] + 1] = v[static_cast<Eigen::Index>(k)];
}

}  // namespace stickslip
