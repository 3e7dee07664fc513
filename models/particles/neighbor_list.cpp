// models/particles/neighbor_list.cpp — cell binning, Verlet rows, history merge.
#include "models/particles/neighbor_list.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

void NeighborList::bin(const ParticleArrays& p, const Boundaries& b, double cell) {
  const std::size_t n = p.size();
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
  if (n > 0) lo = hi = p.x[0];
  for (const auto& x : p.x) {
    lo = lo.cwiseMin(x);
    hi = hi.cwiseMax(x);
  }
  for (int a = 0; a < 3; ++a)
    if (b.box.periodic[a]) lo[a] = b.box.lo[a], hi[a] = b.box.hi[a];
  const double limit = 4.0 * static_cast<double>(std::max<std::size_t>(n, 1)) + 27.0;
  for (;;) {
    double total = 1;
    for (int a = 0; a < 3; ++a) {
      const double span = hi[a] - lo[a];
      if (b.box.periodic[a]) {
        dims_[a] = std::max(1L, static_cast<long>(std::floor(span / cell)));
        edge_[a] = span / static_cast<double>(dims_[a]);
      } else {
        dims_[a] = static_cast<long>(std::floor(span / cell)) + 1;
        edge_[a] = cell;
      }
      total *= static_cast<double>(dims_[a]);
    }
    if (total <= limit) break;
    cell *= 1.25;
  }
  lo_ = lo;
  const std::size_t cells = static_cast<std::size_t>(dims_[0] * dims_[1] * dims_[2]);
  cell_start_.assign(cells + 1, 0);
  cell_of_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    long c[3];
    for (int a = 0; a < 3; ++a)
      c[a] = std::clamp(static_cast<long>(std::floor((p.x[i][a] - lo_[a]) / edge_[a])), 0L, dims_[a] - 1);
    cell_of_[i] = static_cast<std::uint32_t>((c[2] * dims_[1] + c[1]) * dims_[0] + c[0]);
    ++cell_start_[cell_of_[i] + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) cell_start_[c + 1] += cell_start_[c];
  cell_items_.resize(n);
  std::vector<std::uint32_t>& fill = fill_;
  fill.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t i = 0; i < n; ++i) cell_items_[fill[cell_of_[i]]++] = static_cast<std::uint32_t>(i);
}

void NeighborList::build(ParticleArrays& p, const Boundaries& b, double skin, std::vector<Vec3>& xi,
                         std::vector<Vec3>& wall_xi, std::vector<Vec3>* roll, std::vector<Vec3>* wall_roll) {
  const std::size_t n = p.size();
  skin_ = skin;
  double rmax = 0;
  for (double r : p.radius) rmax = std::max(rmax, r);
  const double cut = 2 * rmax + skin;
  for (int a = 0; a < 3; ++a)
    if (b.box.periodic[a] && !(b.box.length(a) > 2 * cut))
      throw InputError("periodic box: axis " + std::to_string(a) + " of length " + std::to_string(b.box.length(a)) +
                       " must exceed twice the cut-off 2 r_max + skin = " + std::to_string(cut));
  if (b.box.any())
    for (auto& x : p.x) x = b.box.wrap(x);

  // Keep the old rows and history for the merge.
  old_first_.swap(first_);
  old_nbr_.swap(nbr_);
  old_xi_.swap(xi);
  if (roll) old_roll_.swap(*roll);

  bin(p, b, cut);
  const Vec3 len = b.box.lengths(), half = b.box.half_length();
  bool dedupe = false;
  for (int a = 0; a < 3; ++a) dedupe |= b.box.periodic[a] && dims_[a] < 3;

  first_.assign(n + 1, 0);
  nbr_.clear();
  std::uint32_t stencil[27];
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t ci = cell_of_[i];
    const long c[3] = {static_cast<long>(ci % dims_[0]), static_cast<long>((ci / dims_[0]) % dims_[1]),
                       static_cast<long>(ci / (dims_[0] * dims_[1]))};
    int ns = 0;
    for (long dz = -1; dz <= 1; ++dz)
      for (long dy = -1; dy <= 1; ++dy)
        for (long dx = -1; dx <= 1; ++dx) {
          long q[3] = {c[0] + dx, c[1] + dy, c[2] + dz};
          bool ok = true;
          for (int a = 0; a < 3; ++a) {
            if (q[a] >= 0 && q[a] < dims_[a]) continue;
            if (b.box.periodic[a]) q[a] = (q[a] + dims_[a]) % dims_[a];
            else ok = false;
          }
          if (ok) stencil[ns++] = static_cast<std::uint32_t>((q[2] * dims_[1] + q[1]) * dims_[0] + q[0]);
        }
    if (dedupe) {
      std::sort(stencil, stencil + ns);
      ns = static_cast<int>(std::unique(stencil, stencil + ns) - stencil);
    }
    const std::size_t row = nbr_.size();
    for (int s = 0; s < ns; ++s)
      for (std::uint32_t k = cell_start_[stencil[s]]; k < cell_start_[stencil[s] + 1]; ++k) {
        const std::uint32_t j = cell_items_[k];
        if (j <= i) continue;
        const double rc = p.radius[i] + p.radius[j] + skin;
        if (PeriodicBox::minimal_image(p.x[j] - p.x[i], len, half).squaredNorm() < rc * rc) nbr_.push_back(j);
      }
    std::sort(nbr_.begin() + static_cast<long>(row), nbr_.end());
    first_[i + 1] = static_cast<std::uint32_t>(nbr_.size());
  }
  carry_history(old_first_, old_nbr_, old_xi_, first_, nbr_, xi, Vec3(Vec3::Zero()));
  if (roll) carry_history(old_first_, old_nbr_, old_roll_, first_, nbr_, *roll, Vec3(Vec3::Zero()));

  // Transpose: the slots where each particle is the partner j, ascending (a counting sort over the slots).
  tfirst_.assign(n + 1, 0);
  for (std::uint32_t j : nbr_) ++tfirst_[j + 1];
  for (std::size_t i = 0; i < n; ++i) tfirst_[i + 1] += tfirst_[i];
  tslot_.resize(nbr_.size());
  fill_.assign(tfirst_.begin(), tfirst_.end() - 1);
  for (std::uint32_t k = 0; k < nbr_.size(); ++k) tslot_[fill_[nbr_[k]]++] = k;

  // Walls: every (i, w) with gap < skin (few walls: a direct loop).
  old_first_.swap(wfirst_);
  old_nbr_.swap(wall_);
  old_xi_.swap(wall_xi);
  if (wall_roll) old_roll_.swap(*wall_roll);
  wfirst_.assign(n + 1, 0);
  wall_.clear();
  const std::size_t nw = b.num_walls();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t w = 0; w < nw; ++w)
      if (b.wall(w, p.x[i]).distance - p.radius[i] < skin) wall_.push_back(static_cast<std::uint32_t>(w));
    wfirst_[i + 1] = static_cast<std::uint32_t>(wall_.size());
  }
  carry_history(old_first_, old_nbr_, old_xi_, wfirst_, wall_, wall_xi, Vec3(Vec3::Zero()));
  if (wall_roll) carry_history(old_first_, old_nbr_, old_roll_, wfirst_, wall_, *wall_roll, Vec3(Vec3::Zero()));

  x_built_ = p.x;
  ++builds_;
}

namespace {

// The bits of v (< 2^21) spread to every third position.
std::uint64_t spread3(std::uint64_t v) {
  v &= 0x1fffff;
  v = (v | v << 32) & 0x1f00000000ffffULL;
  v = (v | v << 16) & 0x1f0000ff0000ffULL;
  v = (v | v << 8) & 0x100f00f00f00f00fULL;
  v = (v | v << 4) & 0x10c30c30c30c30c3ULL;
  v = (v | v << 2) & 0x1249249249249249ULL;
  return v;
}

}  // namespace

void NeighborList::spatial_order(const ParticleArrays& p, const Boundaries& b, double skin,
                                 std::vector<std::uint32_t>& old_of_new) {
  const std::size_t n = p.size();
  double rmax = 0;
  for (double r : p.radius) rmax = std::max(rmax, r);
  bin(p, b, 2 * rmax + skin);  // the grid build() will use (positions outside it are clamped to its edge cells)
  const std::size_t cells = cell_start_.size() - 1;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keys;
  keys.reserve(cells);
  for (std::size_t c = 0; c < cells; ++c) {
    if (cell_start_[c] == cell_start_[c + 1]) continue;
    const std::uint64_t x = c % static_cast<std::size_t>(dims_[0]);
    const std::uint64_t y = (c / static_cast<std::size_t>(dims_[0])) % static_cast<std::size_t>(dims_[1]);
    const std::uint64_t z = c / static_cast<std::size_t>(dims_[0] * dims_[1]);
    keys.emplace_back(spread3(x) | spread3(y) << 1 | spread3(z) << 2, static_cast<std::uint32_t>(c));
  }
  std::sort(keys.begin(), keys.end());
  old_of_new.clear();
  old_of_new.reserve(n);
  for (const auto& [key, c] : keys)
    for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) old_of_new.push_back(cell_items_[k]);
}

void NeighborList::renumber(const std::vector<std::uint32_t>& new_of_old, std::vector<Vec3>& xi,
                            std::vector<Vec3>& wall_xi, std::vector<Vec3>* roll, std::vector<Vec3>* wall_roll) {
  const std::size_t n = new_of_old.size();
  if (first_.size() != n + 1) return;  // no rows yet: nothing to carry
  const bool rolling = roll && roll->size() == nbr_.size();
  // pairs: counting sort by the new row, then each row by column (rows are short)
  std::vector<std::uint32_t> first(n + 1, 0), col(nbr_.size());
  std::vector<Vec3> val(nbr_.size()), rval(rolling ? nbr_.size() : 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::uint32_t k = first_[i]; k < first_[i + 1]; ++k)
      ++first[std::min(new_of_old[i], new_of_old[nbr_[k]]) + 1];
  for (std::size_t i = 0; i < n; ++i) first[i + 1] += first[i];
  fill_.assign(first.begin(), first.end() - 1);
  for (std::size_t i = 0; i < n; ++i)
    for (std::uint32_t k = first_[i]; k < first_[i + 1]; ++k) {
      const std::uint32_t a = new_of_old[i], b = new_of_old[nbr_[k]];
      const std::uint32_t at = fill_[std::min(a, b)]++;
      col[at] = std::max(a, b);
      val[at] = a < b ? xi[k] : Vec3(-xi[k]);
      if (rolling) rval[at] = (*roll)[k];
    }
  for (std::size_t r = 0; r < n; ++r)  // insertion sort of each row by column, values along
    for (std::uint32_t k = first[r] + 1; k < first[r + 1]; ++k)
      for (std::uint32_t m = k; m > first[r] && col[m - 1] > col[m]; --m) {
        std::swap(col[m - 1], col[m]);
        std::swap(val[m - 1], val[m]);
        if (rolling) std::swap(rval[m - 1], rval[m]);
      }
  first_.swap(first);
  nbr_.swap(col);
  xi.swap(val);
  if (rolling) roll->swap(rval);
  // walls: whole rows move
  if (wfirst_.size() == n + 1) {
    std::vector<std::uint32_t> wfirst(n + 1, 0), wall(wall_.size());
    const bool wrolling = wall_roll && wall_roll->size() == wall_.size();
    std::vector<Vec3> wval(wall_.size()), wrval(wrolling ? wall_.size() : 0);
    for (std::size_t i = 0; i < n; ++i) wfirst[new_of_old[i] + 1] = wfirst_[i + 1] - wfirst_[i];
    for (std::size_t i = 0; i < n; ++i) wfirst[i + 1] += wfirst[i];
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t at = wfirst[new_of_old[i]];
      for (std::uint32_t k = wfirst_[i]; k < wfirst_[i + 1]; ++k, ++at) {
        wall[at] = wall_[k];
        if (k < wall_xi.size()) wval[at] = wall_xi[k];
        if (wrolling) wrval[at] = (*wall_roll)[k];
      }
    }
    wfirst_.swap(wfirst);
    wall_.swap(wall);
    wall_xi.swap(wval);
    if (wrolling) wall_roll->swap(wrval);
  }
}

bool NeighborList::needs_rebuild(const ParticleArrays& p) const { return needs_rebuild(p, 0, p.size()); }

bool NeighborList::needs_rebuild(const ParticleArrays& p, std::size_t a, std::size_t b) const {
  if (x_built_.size() != p.size()) return true;
  const double lim2 = 0.25 * skin_ * skin_;
  for (std::size_t i = a; i < b; ++i)
    if ((p.x[i] - x_built_[i]).squaredNorm() > lim2) return true;
  return false;
}

std::size_t NeighborList::bytes() const {
  const std::size_t u = sizeof(std::uint32_t);
  return (first_.capacity() + nbr_.capacity() + tfirst_.capacity() + tslot_.capacity() + wfirst_.capacity() + wall_.capacity() + old_first_.capacity() +
          old_nbr_.capacity() + fill_.capacity() + cell_start_.capacity() +
          cell_items_.capacity() + cell_of_.capacity()) * u +
         (old_xi_.capacity() + old_roll_.capacity() + x_built_.capacity()) * sizeof(Vec3);
}

}  // namespace stickslip
