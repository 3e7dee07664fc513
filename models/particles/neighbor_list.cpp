// models/particles/neighbor_list.cpp — cell binning, Verlet rows, history merge.
#include "models/particles/neighbor_list.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/errors.hpp"

namespace stickslip {

namespace {

// The cells next to cell c along one axis of dim cells (c - 1, c, c + 1: wrapped on a periodic axis, dropped past
// the edge of an open one), each once; returns how many.
int axis_cells(long c, long dim, bool periodic, long out[3]) {
  int m = 0;
  for (long q = c - 1; q <= c + 1; ++q) {
    long w = q;
    if (w < 0 || w >= dim) {
      if (!periodic) continue;
      w = (w + dim) % dim;
    }
    bool seen = false;
    for (int k = 0; k < m; ++k) seen |= out[k] == w;
    if (!seen) out[m++] = w;
  }
  return m;
}

// A row ascending: insertion sort for the usual few candidates (no call), std::sort for long rows.
void sort_row(std::uint32_t* first, std::uint32_t* last) {
  if (last - first > 32) {
    std::sort(first, last);
    return;
  }
  for (std::uint32_t* k = first + (first != last); k < last; ++k) {
    const std::uint32_t v = *k;
    std::uint32_t* m = k;
    for (; m > first && m[-1] > v; --m) *m = m[-1];
    *m = v;
  }
}

}  // namespace

void NeighborList::counting_sort(std::size_t n, std::size_t keys, const std::vector<std::uint32_t>& key,
                                 std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& out, ThreadPool* pool) {
  start.assign(keys + 1, 0);
  out.resize(n);
  const std::size_t chunks = pool ? static_cast<std::size_t>(pool->size()) : 1;
  sort_lo_.assign(chunks, 0);
  sort_hi_.assign(chunks, 0);
  if (pool && n > 0)
    run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {  // the keys each chunk spans
      std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0;
      for (std::size_t i = a; i < e; ++i) lo = std::min(lo, key[i]), hi = std::max(hi, key[i]);
      sort_lo_[static_cast<std::size_t>(t)] = a < e ? lo : 0;
      sort_hi_[static_cast<std::size_t>(t)] = a < e ? hi + 1 : 0;
    });
  std::size_t span = 0;
  for (std::size_t c = 0; c < chunks; ++c) span += sort_hi_[c] - sort_lo_[c];
  if (!pool || n == 0 || span > 4 * (keys + n)) {  // serial: count, prefix, place
    for (std::size_t i = 0; i < n; ++i) ++start[key[i] + 1];
    for (std::size_t k = 0; k < keys; ++k) start[k + 1] += start[k];
    fill_.assign(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) out[fill_[key[i]]++] = static_cast<std::uint32_t>(i);
    return;
  }
  // Each chunk counts its keys over its own span (count_[at[c] + key - lo_c]), the spans are turned into the keys'
  // starts and each chunk's first place per key (in chunk order: items of one key stay ascending), and each chunk
  // places its items. The serial part is two streaming passes over the spans and the keys.
  sort_at_.assign(chunks + 1, 0);
  for (std::size_t c = 0; c < chunks; ++c) sort_at_[c + 1] = sort_at_[c] + (sort_hi_[c] - sort_lo_[c]);
  sort_count_.assign(span, 0);
  run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {
    const auto c = static_cast<std::size_t>(t);
    const std::size_t at = sort_at_[c] - sort_lo_[c];  // count of key k: sort_count_[at + k] (k >= lo_c)
    for (std::size_t i = a; i < e; ++i) ++sort_count_[at + key[i]];
  });
  for (std::size_t c = 0; c < chunks; ++c)
    for (std::uint32_t k = sort_lo_[c]; k < sort_hi_[c]; ++k) start[k + 1] += sort_count_[sort_at_[c] + k - sort_lo_[c]];
  for (std::size_t k = 0; k < keys; ++k) start[k + 1] += start[k];
  fill_.assign(start.begin(), start.end() - 1);
  for (std::size_t c = 0; c < chunks; ++c)  // each chunk's first place per key: after the chunks before it
    for (std::uint32_t k = sort_lo_[c]; k < sort_hi_[c]; ++k) {
      std::uint32_t& count = sort_count_[sort_at_[c] + k - sort_lo_[c]];
      const std::uint32_t place = fill_[k];
      fill_[k] += count;
      count = place;
    }
  run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {
    const auto c = static_cast<std::size_t>(t);
    const std::size_t at = sort_at_[c] - sort_lo_[c];
    for (std::size_t i = a; i < e; ++i) out[sort_count_[at + key[i]]++] = static_cast<std::uint32_t>(i);
  });
}

void NeighborList::bin(const ParticleArrays& p, const Boundaries& b, double cell, ThreadPool* pool) {
  const std::size_t n = p.size();
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
  if (n > 0) lo = hi = p.x[0];
  bool finite = true;
  {  // the bounds, per chunk and then over the chunks (min and max are exact: the same for any pool)
    const std::size_t chunks = pool ? static_cast<std::size_t>(pool->size()) : 1;
    std::vector<Vec3> clo(chunks, lo), chi(chunks, hi);
    std::vector<std::uint8_t> cfinite(chunks, 1);
    run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {
      const auto c = static_cast<std::size_t>(t);
      Vec3 l = clo[c], h = chi[c];
      bool f = true;
      for (std::size_t i = a; i < e; ++i) {
        l = l.cwiseMin(p.x[i]);
        h = h.cwiseMax(p.x[i]);
        f = f && p.x[i].allFinite();
      }
      clo[c] = l, chi[c] = h, cfinite[c] = f ? 1 : 0;
    });
    for (std::size_t c = 0; c < chunks; ++c) {
      lo = lo.cwiseMin(clo[c]);
      hi = hi.cwiseMax(chi[c]);
      finite = finite && cfinite[c];
    }
  }
  // A non-finite position (an overflowed run) has no cell: the run fails here, before a grid is sized from it.
  if (!finite) throw SolverError("a particle's position became non-finite (the state overflowed)");
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
  cell_of_.resize(n);
  cell_xyz_.resize(n);
  run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
    for (std::size_t i = a; i < e; ++i) {
      long c[3];
      for (int d = 0; d < 3; ++d)
        c[d] = std::clamp(static_cast<long>(std::floor((p.x[i][d] - lo_[d]) / edge_[d])), 0L, dims_[d] - 1);
      cell_xyz_[i] = {static_cast<std::uint32_t>(c[0]), static_cast<std::uint32_t>(c[1]), static_cast<std::uint32_t>(c[2])};
      cell_of_[i] = static_cast<std::uint32_t>((c[2] * dims_[1] + c[1]) * dims_[0] + c[0]);
    }
  });
  counting_sort(n, cells, cell_of_, cell_start_, cell_items_, pool);
}

void NeighborList::find_rows(const ParticleArrays& p, const Boundaries& b, double skin, std::size_t a, std::size_t e,
                             std::vector<std::uint32_t>& pairs, std::vector<std::uint32_t>& walls) {
  const Vec3 len = b.box.lengths(), half = b.box.half_length();
  const std::size_t nw = b.num_walls();
  for (std::size_t i = a; i < e; ++i) {
    long xs[3], ys[3], zs[3];
    const auto& c = cell_xyz_[i];
    const int nx = axis_cells(c[0], dims_[0], b.box.periodic[0], xs);
    const int ny = axis_cells(c[1], dims_[1], b.box.periodic[1], ys);
    const int nz = axis_cells(c[2], dims_[2], b.box.periodic[2], zs);
    const Vec3 x_i = p.x[i];
    const double ri = p.radius[i];
    const std::size_t row = pairs.size();
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx;) {
          int last = x;  // a run of consecutive cells along x: their particles are consecutive in cell_items_
          while (last + 1 < nx && xs[last + 1] == xs[last] + 1) ++last;
          const long base = (zs[z] * dims_[1] + ys[y]) * dims_[0];
          const std::uint32_t from = cell_start_[static_cast<std::size_t>(base + xs[x])];
          const std::uint32_t to = cell_start_[static_cast<std::size_t>(base + xs[last]) + 1];
          for (std::uint32_t k = from; k < to; ++k) {
            const std::uint32_t j = cell_items_[k];
            if (j <= i) continue;
            const double rc = ri + p.radius[j] + skin;
            if (PeriodicBox::minimal_image(p.x[j] - x_i, len, half).squaredNorm() < rc * rc) pairs.push_back(j);
          }
          x = last + 1;
        }
    sort_row(pairs.data() + row, pairs.data() + pairs.size());
    first_[i + 1] = static_cast<std::uint32_t>(pairs.size() - row);
    const std::size_t wrow = walls.size();
    for (std::size_t w = 0; w < nw; ++w)  // few walls: a direct loop
      if (b.near_wall(w, x_i, ri + skin)) walls.push_back(static_cast<std::uint32_t>(w));
    wfirst_[i + 1] = static_cast<std::uint32_t>(walls.size() - wrow);
  }
}

void NeighborList::build(ParticleArrays& p, const Boundaries& b, double skin, std::vector<Vec3>& xi,
                         std::vector<Vec3>& wall_xi, std::vector<Vec3>* roll, std::vector<Vec3>* wall_roll,
                         ThreadPool* pool) {
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
    run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
      for (std::size_t i = a; i < e; ++i) p.x[i] = b.box.wrap(p.x[i]);
    });

  // Keep the old rows and history for the merge.
  old_first_.swap(first_);
  old_nbr_.swap(nbr_);
  old_xi_.swap(xi);
  if (roll) old_roll_.swap(*roll);
  old_wfirst_.swap(wfirst_);
  old_wall_.swap(wall_);
  old_wall_xi_.swap(wall_xi);
  if (wall_roll) old_wall_roll_.swap(*wall_roll);

  bin(p, b, cut, pool);

  // 1. Each thread finds its particles' rows (lengths in first_, wfirst_; columns in its own buffers).
  const std::size_t chunks = pool ? static_cast<std::size_t>(pool->size()) : 1;
  chunk_pairs_.resize(chunks);
  chunk_walls_.resize(chunks);
  first_.assign(n + 1, 0);
  wfirst_.assign(n + 1, 0);
  x_built_.resize(n);
  run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {
    const auto c = static_cast<std::size_t>(t);
    // the buffers in the thread's own frame while it appends (the vectors' ends would otherwise share a cache line
    // with the other threads'), their storage reused from build to build
    std::vector<std::uint32_t> pairs, walls;
    pairs.swap(chunk_pairs_[c]);
    walls.swap(chunk_walls_[c]);
    pairs.clear();
    walls.clear();
    find_rows(p, b, skin, a, e, pairs, walls);
    pairs.swap(chunk_pairs_[c]);
    walls.swap(chunk_walls_[c]);
    std::copy(p.x.begin() + static_cast<long>(a), p.x.begin() + static_cast<long>(e),
              x_built_.begin() + static_cast<long>(a));
  });
  // 2. Row starts and columns in place (each chunk starts where the ones before it end).
  std::vector<std::size_t> pair_at(chunks + 1, 0), wall_at(chunks + 1, 0);
  for (std::size_t c = 0; c < chunks; ++c) {
    pair_at[c + 1] = pair_at[c] + chunk_pairs_[c].size();
    wall_at[c + 1] = wall_at[c] + chunk_walls_[c].size();
  }
  if (pair_at[chunks] >= 0xffffffffu || wall_at[chunks] >= 0xffffffffu)
    throw InputError("neighbor list: " + std::to_string(pair_at[chunks]) + " candidate pairs exceed 2^32 - 1");
  nbr_.resize(pair_at[chunks]);
  wall_.resize(wall_at[chunks]);
  run_chunks(pool, n, [&](int t, std::size_t a, std::size_t e) {
    const auto c = static_cast<std::size_t>(t);
    auto k = static_cast<std::uint32_t>(pair_at[c]), w = static_cast<std::uint32_t>(wall_at[c]);
    for (std::size_t i = a; i < e; ++i) {
      first_[i + 1] = k += first_[i + 1];
      wfirst_[i + 1] = w += wfirst_[i + 1];
    }
    std::copy(chunk_pairs_[c].begin(), chunk_pairs_[c].end(), nbr_.begin() + static_cast<long>(pair_at[c]));
    std::copy(chunk_walls_[c].begin(), chunk_walls_[c].end(), wall_.begin() + static_cast<long>(wall_at[c]));
  });
  // 3. The history carried row by row (new candidates from zero).
  xi.resize(nbr_.size());
  if (roll) roll->resize(nbr_.size());
  wall_xi.resize(wall_.size());
  if (wall_roll) wall_roll->resize(wall_.size());
  const Vec3 zero = Vec3::Zero();
  run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
    carry_history(old_first_, old_nbr_, old_xi_, first_, nbr_, xi, zero, a, e);
    if (roll) carry_history(old_first_, old_nbr_, old_roll_, first_, nbr_, *roll, zero, a, e);
    carry_history(old_wfirst_, old_wall_, old_wall_xi_, wfirst_, wall_, wall_xi, zero, a, e);
    if (wall_roll) carry_history(old_wfirst_, old_wall_, old_wall_roll_, wfirst_, wall_, *wall_roll, zero, a, e);
  });

  // Transpose: the slots where each particle is the partner j, ascending (a counting sort over the slots).
  counting_sort(nbr_.size(), n, nbr_, tfirst_, tslot_, pool);
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
                                 std::vector<std::uint32_t>& old_of_new, ThreadPool* pool) {
  const std::size_t n = p.size();
  double rmax = 0;
  for (double r : p.radius) rmax = std::max(rmax, r);
  bin(p, b, 2 * rmax + skin, pool);  // the grid build() will use (positions outside it are clamped to its edge cells)
  const std::size_t cells = cell_start_.size() - 1;
  const std::size_t chunks = pool ? static_cast<std::size_t>(pool->size()) : 1;
  const auto prefix = [&](std::vector<std::size_t>& at) {
    for (std::size_t c = 0; c < chunks; ++c) at[c + 1] += at[c];
  };
  // the non-empty cells with their Morton keys, in cell order (each chunk of cells fills its own part)
  std::vector<std::size_t> at(chunks + 1, 0);
  run_chunks(pool, cells, [&](int t, std::size_t a, std::size_t e) {
    std::size_t m = 0;
    for (std::size_t c = a; c < e; ++c) m += cell_start_[c] != cell_start_[c + 1];
    at[static_cast<std::size_t>(t) + 1] = m;
  });
  prefix(at);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keys(at[chunks]);
  const auto dx = static_cast<std::size_t>(dims_[0]), dy = static_cast<std::size_t>(dims_[1]);
  run_chunks(pool, cells, [&](int t, std::size_t a, std::size_t e) {
    std::size_t m = at[static_cast<std::size_t>(t)];
    for (std::size_t c = a; c < e; ++c) {
      if (cell_start_[c] == cell_start_[c + 1]) continue;
      const std::uint64_t x = c % dx, y = (c / dx) % dy, z = c / (dx * dy);
      keys[m++] = {spread3(x) | spread3(y) << 1 | spread3(z) << 2, static_cast<std::uint32_t>(c)};
    }
  });
  // sorted: each chunk's part, then the parts merged pairwise (the keys are distinct, so every sort gives this order)
  const std::size_t nk = keys.size();
  const auto bound = [&](std::size_t c) { return nk * std::min(c, chunks) / chunks; };
  run_chunks(pool, nk, [&](int, std::size_t a, std::size_t e) {
    std::sort(keys.begin() + static_cast<long>(a), keys.begin() + static_cast<long>(e));
  });
  for (std::size_t width = 1; width < chunks; width *= 2) {
    auto merge = [&](int t) {
      const std::size_t c = 2 * width * static_cast<std::size_t>(t);
      if (c + width >= chunks) return;
      std::inplace_merge(keys.begin() + static_cast<long>(bound(c)), keys.begin() + static_cast<long>(bound(c + width)),
                         keys.begin() + static_cast<long>(bound(c + 2 * width)));
    };
    pool->run(merge);  // chunks > 1: a pool
  }
  // the particles cell by cell in key order (each chunk of keys its own places)
  std::vector<std::size_t> put(chunks + 1, 0);
  run_chunks(pool, nk, [&](int t, std::size_t a, std::size_t e) {
    std::size_t m = 0;
    for (std::size_t q = a; q < e; ++q) m += cell_start_[keys[q].second + 1] - cell_start_[keys[q].second];
    put[static_cast<std::size_t>(t) + 1] = m;
  });
  prefix(put);
  old_of_new.resize(n);
  run_chunks(pool, nk, [&](int t, std::size_t a, std::size_t e) {
    std::size_t m = put[static_cast<std::size_t>(t)];
    for (std::size_t q = a; q < e; ++q)
      for (std::uint32_t k = cell_start_[keys[q].second]; k < cell_start_[keys[q].second + 1]; ++k)
        old_of_new[m++] = cell_items_[k];
  });
}

void NeighborList::renumber(const std::vector<std::uint32_t>& new_of_old, std::vector<Vec3>& xi,
                            std::vector<Vec3>& wall_xi, std::vector<Vec3>* roll, std::vector<Vec3>* wall_roll,
                            ThreadPool* pool) {
  const std::size_t n = new_of_old.size();
  if (first_.size() != n + 1) return;  // no rows yet: nothing to carry
  const std::size_t pairs = nbr_.size();
  const bool rolling = roll && roll->size() == pairs;
  // pairs: each slot's new row (the lower new index) and column, a counting sort of the slots by new row (stable:
  // the old slot order within a row), then each row by column (rows are short)
  std::vector<std::uint32_t> row_new(pairs), col_new(pairs), first, order;
  run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
    for (std::size_t i = a; i < e; ++i)
      for (std::uint32_t k = first_[i]; k < first_[i + 1]; ++k) {
        const std::uint32_t u = new_of_old[i], w = new_of_old[nbr_[k]];
        row_new[k] = std::min(u, w);
        col_new[k] = std::max(u, w);
      }
  });
  counting_sort(pairs, n, row_new, first, order, pool);
  std::vector<std::uint32_t> col(pairs);
  std::vector<Vec3> val(pairs), rval(rolling ? pairs : 0);
  run_chunks(pool, pairs, [&](int, std::size_t a, std::size_t e) {
    for (std::size_t q = a; q < e; ++q) {
      const std::uint32_t k = order[q];
      col[q] = col_new[k];
      val[q] = col_new[k] == new_of_old[nbr_[k]] ? xi[k] : Vec3(-xi[k]);  // the row's body kept its side
      if (rolling) rval[q] = (*roll)[k];
    }
  });
  run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {  // insertion sort of each row by column, values along
    for (std::size_t r = a; r < e; ++r)
      for (std::uint32_t k = first[r] + 1; k < first[r + 1]; ++k)
        for (std::uint32_t m = k; m > first[r] && col[m - 1] > col[m]; --m) {
          std::swap(col[m - 1], col[m]);
          std::swap(val[m - 1], val[m]);
          if (rolling) std::swap(rval[m - 1], rval[m]);
        }
  });
  first_.swap(first);
  nbr_.swap(col);
  xi.swap(val);
  if (rolling) roll->swap(rval);
  // walls: whole rows move
  if (wfirst_.size() == n + 1) {
    std::vector<std::uint32_t> wfirst(n + 1, 0), wall(wall_.size());
    const bool wrolling = wall_roll && wall_roll->size() == wall_.size();
    std::vector<Vec3> wval(wall_.size()), wrval(wrolling ? wall_.size() : 0);
    run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
      for (std::size_t i = a; i < e; ++i) wfirst[new_of_old[i] + 1] = wfirst_[i + 1] - wfirst_[i];
    });
    for (std::size_t i = 0; i < n; ++i) wfirst[i + 1] += wfirst[i];
    run_chunks(pool, n, [&](int, std::size_t a, std::size_t e) {
      for (std::size_t i = a; i < e; ++i) {
        std::uint32_t at = wfirst[new_of_old[i]];
        for (std::uint32_t k = wfirst_[i]; k < wfirst_[i + 1]; ++k, ++at) {
          wall[at] = wall_[k];
          if (k < wall_xi.size()) wval[at] = wall_xi[k];
          if (wrolling) wrval[at] = (*wall_roll)[k];
        }
      }
    });
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
  std::size_t chunk = 0;
  for (const auto& c : chunk_pairs_) chunk += c.capacity();
  for (const auto& c : chunk_walls_) chunk += c.capacity();
  return (first_.capacity() + nbr_.capacity() + tfirst_.capacity() + tslot_.capacity() + wfirst_.capacity() +
          wall_.capacity() + old_first_.capacity() + old_nbr_.capacity() + old_wfirst_.capacity() +
          old_wall_.capacity() + fill_.capacity() + sort_lo_.capacity() + sort_hi_.capacity() +
          sort_count_.capacity() + 2 * sort_at_.capacity() + cell_start_.capacity() + cell_items_.capacity() +
          cell_of_.capacity() + 3 * cell_xyz_.capacity() + chunk) *
             u +
         (old_xi_.capacity() + old_roll_.capacity() + old_wall_xi_.capacity() + old_wall_roll_.capacity() +
          x_built_.capacity()) *
             sizeof(Vec3);
}

}  // namespace stickslip
