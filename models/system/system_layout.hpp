// models/system/system_layout.hpp — where each number of a system's state lives (models/system/system_model.hpp and
// system_filippov.hpp share it).
//
// Per body k, in body order: q_k, v_k, then the law state z of each contact anchored at k (the contact's first body
// in its row) that has one (a spring xi_c, or the algebraic force F_c of a DAE). Then, when the ledger is on, four
// integrals: W_applied (external forces, drives, unilateral elements), W_surfaces (sum F_i u_i), W_friction
// (sum F_i s_i), D_dashpots (sum c dv^2). Interleaving keeps the Jacobian of a chain banded (solvers/ use a band
// solver when the model says so: Model::jacobian_band).
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"
#include "models/system/system_spec.hpp"

namespace stickslip {

class SystemLayout {
 public:
  SystemLayout() = default;
  // has_state[c]: whether contact c keeps a law state; force_state[c]: whether that state is a force.
  SystemLayout(const SystemSpec& spec, const std::vector<bool>& has_state, const std::vector<bool>& force_state,
               bool ledger);
  std::size_t size() const { return size_; }
  Eigen::Index q(std::size_t k) const { return q_[k]; }
  Eigen::Index v(std::size_t k) const { return q_[k] + 1; }
  Eigen::Index z(std::size_t c) const { return z_[c]; }  // -1: no law state
  bool ledger() const { return ledger_ >= 0; }
  Eigen::Index ledger_row() const { return ledger_; }
  static constexpr int ledger_rows = 4;
  const std::vector<std::string>& names() const { return names_; }

  void gather(VecCRef x, VecRef q, VecRef v) const;
  void scatter_v(VecCRef v, VecRef x) const;

 private:
  std::vector<Eigen::Index> q_, z_;
  Eigen::Index ledger_ = -1;
  std::size_t size_ = 0;
  std::vector<std::string> names_;
};

}  // namespace stickslip
