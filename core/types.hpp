// core/types.hpp — vector aliases shared by every layer.
//
// State vectors are dynamic Eigen vectors; models receive them as Eigen::Ref so that
// drivers can hand over std::vector storage, N_Vector data or Eigen vectors without copies.
// Per-contact math uses fixed-size vectors (Eigen::Matrix<double, D, 1>, D = 1, 2, 3).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace stickslip {

using Vec = Eigen::VectorXd;
using VecRef = Eigen::Ref<Eigen::VectorXd>;
using VecCRef = Eigen::Ref<const Eigen::VectorXd>;

template <int D>
using VecD = Eigen::Matrix<double, D, 1>;

// The discrete part of the state: one small integer per contact (stick, slip direction, ...).
// It lives next to the continuous state in every driver; models never keep it in members.
using Mode = std::vector<int>;

}  // namespace stickslip
