// models/cell_list.hpp — neighbour search by a uniform grid of cells (linked-cell method): O(N) to build and
// O(N) to list all pairs closer than the cell size, for particles of bounded radius.
//
// build(x, cell) bins the centres into cubic cells of edge >= `cell` over their bounding box (counting sort, no
// per-particle allocation once the buffers have grown); for_each_pair(x, range, f) calls f(i, j) for i < j with
// |x_i - x_j| < range (range <= the cell edge), looking only at the 27 neighbouring cells.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <vector>

namespace stickslip {

class CellList {
 public:
  void build(const std::vector<Eigen::Vector3d>& x, double cell);

  template <class F>
  void for_each_pair(const std::vector<Eigen::Vector3d>& x, double range, F&& f) const {
    const double r2 = range * range;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const std::array<long, 3> c = cell_of(x[i]);
      for (long dz = -1; dz <= 1; ++dz)
        for (long dy = -1; dy <= 1; ++dy)
          for (long dx = -1; dx <= 1; ++dx) {
            const long cx = c[0] + dx, cy = c[1] + dy, cz = c[2] + dz;
            if (cx < 0 || cy < 0 || cz < 0 || cx >= dims_[0] || cy >= dims_[1] || cz >= dims_[2]) continue;
            const std::size_t cell = static_cast<std::size_t>((cz * dims_[1] + cy) * dims_[0] + cx);
            for (std::uint32_t k = start_[cell]; k < start_[cell + 1]; ++k) {
              const std::uint32_t j = items_[k];
              if (j <= i) continue;
              if ((x[j] - x[i]).squaredNorm() < r2) f(i, static_cast<std::size_t>(j));
            }
          }
    }
  }

  double cell_size() const { return cell_; }
  std::size_t num_cells() const { return start_.empty() ? 0 : start_.size() - 1; }

 private:
  std::array<long, 3> cell_of(const Eigen::Vector3d& p) const;
  Eigen::Vector3d lo_ = Eigen::Vector3d::Zero();
  double cell_ = 1.0;
  std::array<long, 3> dims_{1, 1, 1};
  std::vector<std::uint32_t> start_, items_, count_;
  std::vector<std::uint32_t> cell_index_;
};

}  // namespace stickslip
