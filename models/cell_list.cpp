// models/cell_list.cpp — linked-cell neighbour search.
#include "models/cell_list.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

std::array<long, 3> CellList::cell_of(const Eigen::Vector3d& p) const {
  std::array<long, 3> c{};
  for (int a = 0; a < 3; ++a)
    c[a] = std::clamp(static_cast<long>(std::floor((p[a] - lo_[a]) / cell_)), 0L, dims_[a] - 1);
  return c;
}

void CellList::build(const std::vector<Eigen::Vector3d>& x, double cell) {
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(0.0), hi = lo;
  if (!x.empty()) lo = hi = x[0];
  for (const auto& p : x) {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  lo_ = lo;
  cell_ = cell;
  // Keep the grid at most ~4 cells per particle (sparse, spread-out systems): grow the cell edge if needed.
  const double limit = 4.0 * static_cast<double>(std::max<std::size_t>(x.size(), 1)) + 27.0;
  for (;;) {
    double total = 1;
    for (int a = 0; a < 3; ++a) {
      dims_[a] = static_cast<long>(std::floor((hi[a] - lo[a]) / cell_)) + 1;
      total *= static_cast<double>(dims_[a]);
    }
    if (total <= limit) break;
    cell_ *= 1.25;
  }
  const std::size_t cells = static_cast<std::size_t>(dims_[0] * dims_[1] * dims_[2]);
  count_.assign(cells, 0);
  cell_index_.resize(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto c = cell_of(x[i]);
    cell_index_[i] = static_cast<std::uint32_t>((c[2] * dims_[1] + c[1]) * dims_[0] + c[0]);
    ++count_[cell_index_[i]];
  }
  start_.assign(cells + 1, 0);
  for (std::size_t c = 0; c < cells; ++c) start_[c + 1] = start_[c] + count_[c];
  items_.resize(x.size());
  std::fill(count_.begin(), count_.end(), 0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const std::uint32_t c = cell_index_[i];
    items_[start_[c] + count_[c]++] = static_cast<std::uint32_t>(i);
  }
}

}  // namespace stickslip
