// models/particles/neighbor_list.hpp — Verlet list with skin over a cell grid, periodic images, and the flat
// per-contact history that survives rebuilds.
//
// Candidates: pairs i < j with |minimal image of x_j - x_i| < r_i + r_j + skin, and sphere-wall pairs (i, w) whose
// gap is below skin. Both are stored as compressed rows (CSR) by i: pairs of i are nbr[first[i] .. first[i+1]),
// j ascending; walls of i are wall[wfirst[i] .. wfirst[i+1]), w ascending. The history of a contact (its
// tangential spring xi) sits in a flat array at the same slot. A rebuild merges the old and the new sorted rows by
// key (i, j) — conceptually LAMMPS' fix neigh/history — so a spring outlives the rebuild when its pair stays a
// candidate, and a pair that left the list starts from xi = 0 when it returns.
// Building: positions are folded into the periodic box, binned into cells of edge >= 2 r_max + skin (counting
// sort, buffers reused), and each particle looks at the 27 neighbouring cells (9 in a plane; duplicates removed
// when a periodic axis has fewer than 3 cells). Cost O(N). A periodic axis must be longer than twice the cut-off
// (a unique minimal image); build() throws InputError otherwise.
// Threads (a ThreadPool given to build, the engine's when threads >= 2): the rows are found in chunks of particles,
// one per thread (each row from the cell grid alone, so the lists are the same for any thread count), then copied
// into place with their carried history, each thread its own rows; the binning's bounds and counting sort and the
// transpose (a counting sort of the slots by partner) run on the threads too (counting_sort: each thread its own
// items; two streaming passes over the keys stay serial), so the same lists for any thread count.
// needs_rebuild(): some particle moved more than skin/2 since the last build (then no pair can have come closer
// than its cut-off unseen).
// Spatial sorting (optional, ParticleEngine::sort_interval): the particles renumbered in Morton order of their cells
// before a build; the rows, springs and the bodies' arrays follow (renumber(), the engine's sort()).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"
#include "models/particles/thread_pool.hpp"

namespace stickslip {

class NeighborList {
 public:
  // Rebuilds the candidate lists from p (folding p.x into the periodic box) and carries the springs xi (pairs) and
  // wall_xi (walls) over to the new slots; roll and wall_roll (rolling springs, when given) likewise. With a pool, on
  // its threads (the same lists and history for any thread count).
  void build(ParticleArrays& p, const Boundaries& b, double skin, std::vector<Vec3>& xi, std::vector<Vec3>& wall_xi,
             std::vector<Vec3>* roll = nullptr, std::vector<Vec3>* wall_roll = nullptr, ThreadPool* pool = nullptr);
  bool needs_rebuild(const ParticleArrays& p) const;
  // The same test for the particles a .. b - 1 only (the engine splits it over its threads); true also when the
  // list was built for another number of particles.
  bool needs_rebuild(const ParticleArrays& p, std::size_t a, std::size_t b) const;
  // The same test for one particle i at x (velocity Verlet's fused steps test each particle right after its drift),
  // for a list built for the current number of particles (built_for).
  bool built_for(std::size_t n) const { return x_built_.size() == n; }
  bool moved_beyond_skin(const Vec3& x, std::size_t i) const {
    return (x - x_built_[i]).squaredNorm() > 0.25 * skin_ * skin_;
  }

  // Spatial sorting (ParticleEngine::sort_interval): old_of_new lists the particles cell by cell, the cells of the
  // build's grid in Morton (Z-curve) order of their coordinates, so particles close in space are close in memory.
  // With a pool, on its threads (the binning, the cells' keys, a sort of each thread's part merged pairwise, the
  // gather): the same order for any pool.
  void spatial_order(const ParticleArrays& p, const Boundaries& b, double skin, std::vector<std::uint32_t>& old_of_new,
                     ThreadPool* pool = nullptr);
  // The current rows and their history renumbered to new particle indices (new_of_old), so that the next build()
  // carries the springs: a pair (i, j) becomes row min(i', j'), and a tangential spring seen from the other body is
  // -xi (roll: the rolling spring is the same from both bodies, v_r = r* (omega_j - omega_i) x n is symmetric).
  // With a pool, on its threads (the same rows and history for any pool).
  void renumber(const std::vector<std::uint32_t>& new_of_old, std::vector<Vec3>& xi, std::vector<Vec3>& wall_xi,
                std::vector<Vec3>* roll = nullptr, std::vector<Vec3>* wall_roll = nullptr, ThreadPool* pool = nullptr);

  std::size_t num_pairs() const { return nbr_.size(); }
  std::size_t num_wall_contacts() const { return wall_.size(); }
  long builds() const { return builds_; }
  std::size_t bytes() const;

  const std::vector<std::uint32_t>& first() const { return first_; }
  const std::vector<std::uint32_t>& neighbors() const { return nbr_; }
  const std::vector<std::uint32_t>& wall_first() const { return wfirst_; }
  const std::vector<std::uint32_t>& walls() const { return wall_; }
  // Transpose of the pair rows: the slots k with neighbors()[k] == j are tslot[tfirst[j] .. tfirst[j+1]), ascending.
  const std::vector<std::uint32_t>& partner_first() const { return tfirst_; }
  const std::vector<std::uint32_t>& partner_slots() const { return tslot_; }

 private:
  void bin(const ParticleArrays& p, const Boundaries& b, double cell, ThreadPool* pool = nullptr);
  // A stable counting sort of the items 0 .. n-1 by key[i] < keys: start[k] .. start[k + 1] are the places of key k's
  // items in out, ascending (the binning's cells, the transpose's partners). With a pool each thread counts and places
  // its own items over the keys they span (narrow in a spatially ordered packing), the spans' sums in between serial;
  // serial when the spans add up to more than 4 (keys + n). The same result for any pool.
  void counting_sort(std::size_t n, std::size_t keys, const std::vector<std::uint32_t>& key,
                     std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& out, ThreadPool* pool);
  // The candidate rows of the particles [a, e): row lengths in first_[i + 1] and wfirst_[i + 1], columns appended to
  // pairs and walls (each row ascending).
  void find_rows(const ParticleArrays& p, const Boundaries& b, double skin, std::size_t a, std::size_t e,
                 std::vector<std::uint32_t>& pairs, std::vector<std::uint32_t>& walls);
  std::vector<std::uint32_t> first_, nbr_, wfirst_, wall_, tfirst_, tslot_;
  std::vector<std::uint32_t> old_first_, old_nbr_, old_wfirst_, old_wall_, fill_;  // scratch: merge, binning
  std::vector<std::uint32_t> sort_lo_, sort_hi_, sort_count_;                         // scratch: counting_sort
  std::vector<std::size_t> sort_at_;
  std::vector<Vec3> old_xi_, old_roll_, old_wall_xi_, old_wall_roll_;
  std::vector<std::vector<std::uint32_t>> chunk_pairs_, chunk_walls_;  // per thread: its rows' columns
  std::vector<Vec3> x_built_;
  double skin_ = 0;
  long builds_ = 0;
  // Cell grid.
  Vec3 lo_ = Vec3::Zero(), edge_ = Vec3::Ones();
  long dims_[3] = {1, 1, 1};
  std::vector<std::uint32_t> cell_start_, cell_items_, cell_of_;
  std::vector<std::array<std::uint32_t, 3>> cell_xyz_;  // per particle: its cell's coordinates
};

// Carries per-contact values from old CSR rows to new ones by key (row, column), for the rows [a, e) of the new
// list: new slots whose key existed keep their value, others get `fresh`. Rows of both lists must be sorted by
// column, and new_val already sized. O(old + new) over the rows.
template <class T>
void carry_history(const std::vector<std::uint32_t>& old_first, const std::vector<std::uint32_t>& old_col,
                   const std::vector<T>& old_val, const std::vector<std::uint32_t>& new_first,
                   const std::vector<std::uint32_t>& new_col, std::vector<T>& new_val, const T& fresh, std::size_t a,
                   std::size_t e) {
  for (std::size_t i = a; i < e; ++i) {
    std::uint32_t b = new_first[i];
    const std::uint32_t be = new_first[i + 1];
    for (std::uint32_t k = b; k < be; ++k) new_val[k] = fresh;
    if (i + 1 >= old_first.size()) continue;
    std::uint32_t o = old_first[i];
    const std::uint32_t oe = old_first[i + 1];
    while (o < oe && b < be) {
      if (old_col[o] < new_col[b]) ++o;
      else if (new_col[b] < old_col[o]) ++b;
      else new_val[b++] = old_val[o++];
    }
  }
}

}  // namespace stickslip
