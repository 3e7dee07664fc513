// models/particles/particle_engine.hpp — the assembler for many bodies: contact forces of N discs or spheres,
// walls, a periodic box and gravity, for a normal law and a tangential law given as template parameters (no
// virtual call per contact; the laws are those of models/contact/ with a discrete increment, any of the registry's:
// models/contact/registry.hpp), and optionally a rolling-resistance law (third parameter, models/contact/rolling.hpp;
// default NoRolling, compiled out).
//
// State (GranularState, everything a driver saves, restores and advances; the engine itself is immutable):
//   bodies     ParticleArrays (x, v, omega, f, torque, radius, mass, inverse mass and inertia)
//   xi         tangential spring of every candidate pair, at the slots of neighbors (CSR rows by i, j > i)
//   wall_xi    tangential spring of every candidate sphere-wall pair, at neighbors' wall slots
//   roll, wall_roll  rolling springs xi_r at the same slots (empty unless the Rolling law is active)
//   f_last, torque_last  the bodies' forces and torques of the last evaluation (exact-static laws only, below)
//   theta      orientations of planar bodies that have one (polygons; empty for discs and spheres)
//   neighbors  the Verlet list with skin (models/particles/neighbor_list.hpp)
// forces(state, dt): f = m g + contact forces, torque = contact moments; each touching candidate's spring is
// turned into the tangent plane and advanced by the law over dt (dt = 0 evaluates without advancing, as LAMMPS
// does at set-up); an open candidate (h <= 0) has its spring set to 0. With Ledger = true the contact powers,
// elastic energies and reset energies are summed (models/particles/energy.hpp). Cost: O(N + candidates).
// Exact-static laws (Coulomb, models/contact/coulomb.hpp) get StickKinematics: a_other of a contact is computed from
// f_last, torque_last (the last evaluation's totals) minus the contact's own last force (its slot), and after the
// law returns, f_last/torque_last of both bodies are updated by the change of that force, so the contacts later in
// the pass see it: one projected Gauss-Seidel sweep per evaluation, warm-started; the other contacts' normal forces
// are those of the last evaluation (lagged by one step). The sweep is sequential: these laws always take the single
// pass (threads only parallelise the kick and drift). At set-up (dt = 0) the pass runs twice, so the first
// forces already see every normal force.
// forces_with(state, dt, after): the forces without the ledger, and after(i) for each body as soon as its force is
// final (velocity Verlet's fused steps, solvers/particles/velocity_verlet.hpp). While the pool's time is measured
// (PoolHandle::measure, bench_particles' thread model), one thread's passes run as regions of a pool of one.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/flatten.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/contact/registry.hpp"
#include "models/contact/rolling.hpp"
#include "models/particles/boundaries.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/particles/contact_step.hpp"
#include "models/particles/energy.hpp"
#include "models/particles/neighbor_list.hpp"
#include "models/particles/particle_arrays.hpp"
#include "models/particles/thread_pool.hpp"

namespace stickslip {

struct GranularState {
  ParticleArrays bodies;
  std::vector<Vec3> xi, wall_xi;
  std::vector<Vec3> roll, wall_roll;  // rolling springs (Rolling law active only)
  std::vector<Vec3> f_last, torque_last;  // last forces, Gauss-Seidel estimate (exact-static laws only)
  // orientation about e_z of planar bodies that have one (polygons, models/polygon/polygon_engine.hpp), advanced by
  // the drivers as theta' = omega_z; empty for discs and spheres
  std::vector<double> theta;
  NeighborList neighbors;
  double t = 0;
  // ids[p]: the index the body at p had when the run started (filled by the engine's spatial sort, sort_interval > 0;
  // empty while the bodies keep their order)
  std::vector<std::uint32_t> ids;
  // workspace of the threaded pass (not state): per-slot results (the two-phase pass of a rolling law), per-chunk
  // sums, and the first row of each pair chunk (recomputed when the neighbor list was rebuilt: chunk_builds is the
  // build it was made for)
  std::vector<Vec3> pair_force, pair_arm, pair_moment;  // pair_moment: rolling moment on i (Rolling law only)
  std::vector<ContactSums> part;
  std::vector<double> partial;
  std::vector<std::size_t> chunk_rows;
  long chunk_builds = -1;
  // the threaded pass's seams (mark_seams): seam[p] = 1 when a partner row of p lies in an earlier chunk than p's own
  // row; seam_list the seam bodies ascending (chunk c's from seam_base[c]); seam slots: the pair slots whose partner
  // is a seam, numbered in slot order (chunk c's from seam_slot_base[c]), seam_load[q] the load of seam slot q;
  // seam_term[seam_term_first[m] ..] the seam slots of seam m's partner slots, ascending; seam_rows[m] the sums of
  // seam m's own row; seam_q: per slot scratch of the numbering; moved: the neighbor test's result per chunk
  struct Load {
    Vec3 force, arm;  // on i, and n x F_t
  };
  std::vector<std::uint8_t> seam, moved;
  std::vector<std::uint32_t> seam_list, seam_q, seam_term_first, seam_term;
  std::vector<std::size_t> seam_base, seam_slot_base, seam_term_base;
  std::vector<Load> seam_load, seam_rows;
  long seam_builds = -1;
  std::size_t seam_chunks = 0;
  std::size_t bytes() const {
    return bodies.bytes() +
           (xi.capacity() + wall_xi.capacity() + roll.capacity() + wall_roll.capacity() + f_last.capacity() +
            torque_last.capacity() + pair_force.capacity() + pair_arm.capacity() + pair_moment.capacity()) *
               sizeof(Vec3) +
           (seam_load.capacity() + seam_rows.capacity()) * sizeof(Load) + seam.capacity() + moved.capacity() +
           (seam_list.capacity() + seam_q.capacity() + seam_term_first.capacity() + seam_term.capacity()) *
               sizeof(std::uint32_t) +
           neighbors.bytes();
  }
};

// The pool for a per-particle pass of n bodies (a neighbor build, a loop of run_particle_chunks): nullptr (serial)
// for one thread or fewer than min_chunked bodies; a pool of one for one thread while the pool's time is measured
// (PoolHandle::measure: the passes that run on the threads count as such). For every engine with threads.
inline ThreadPool* particle_workers(PoolHandle& pool, int threads, std::size_t min_chunked, std::size_t n) {
  if (n < min_chunked) return nullptr;
  if (threads > 1) return &pool.get(threads);
  return pool.measuring() ? &pool.get(1) : nullptr;
}

// f(t, a, b) for the particle ranges [a, b) of `threads` equal chunks, on the pool (one call f(0, 0, n) when
// threads == 1 or n < min_chunked, where a hand-over would cost more than the loop). Loops whose items are
// independent give the same result for every thread count. For every engine with threads (discs, spheres, polygons).
template <class F>
void run_particle_chunks(PoolHandle& pool, int threads, std::size_t min_chunked, std::size_t n, F&& f) {
  run_chunks(particle_workers(pool, threads, min_chunked, n), n, f);
}

// The threaded pair pass's chunks: s.chunk_rows[c] .. s.chunk_rows[c + 1] are the rows of chunk c, split so that
// every chunk holds about the same number of candidate pairs; computed once per neighbor build (s.chunk_builds).
inline void pair_chunk_rows(GranularState& s, std::size_t t_count) {
  const std::size_t n = s.bodies.size(), pairs = s.neighbors.num_pairs();
  if (s.chunk_builds == s.neighbors.builds() && s.chunk_rows.size() == t_count + 1 && s.chunk_rows.back() == n) return;
  const auto& first = s.neighbors.first();
  s.chunk_rows.resize(t_count + 1);
  for (std::size_t c = 0; c < t_count; ++c)
    s.chunk_rows[c] = std::min(
        n, static_cast<std::size_t>(std::lower_bound(first.begin(), first.end(), pairs * c / t_count) - first.begin()));
  s.chunk_rows[0] = 0;
  s.chunk_rows[t_count] = n;
  s.chunk_builds = s.neighbors.builds();
}

// The seams of the chunks of pair_chunk_rows (once per neighbor build and chunk count): body j is a seam when some
// pair (i, j) has its row i in an earlier chunk than j's own row (j > i always, so never a later one), that is when
// its lowest partner slot (the transpose's first, tslot[tfirst[j]]) lies before its chunk's slots. A chunk's thread
// can then add a pair's force to j straight away, in the single pass's order, whenever j is no seam: all of j's
// partner rows are the chunk's own and come in ascending order. A seam's sum waits for every chunk: the loads of the
// slots whose partner is a seam (seam slots) are kept, numbered in slot order, one compact array for all chunks (a
// slot's own entry in a per-slot array cost a cache line per seam slot). On the pool's threads, each chunk's thread
// its own bodies and slots (four phases: flags, counts and lists, slot numbers, each seam's slot numbers); the
// result is the same for any pool.
inline void mark_seams(GranularState& s, std::size_t t_count, ThreadPool& workers) {
  const std::size_t n = s.bodies.size();
  if (s.seam_builds == s.neighbors.builds() && s.seam_chunks == t_count && s.seam.size() == n) return;
  const auto& first = s.neighbors.first();
  const auto& nbr = s.neighbors.neighbors();
  const auto& tfirst = s.neighbors.partner_first();
  const auto& tslot = s.neighbors.partner_slots();
  const auto rows = [&](std::size_t c) {
    return std::pair<std::size_t, std::size_t>(s.chunk_rows[c], std::max(s.chunk_rows[c], s.chunk_rows[c + 1]));
  };
  s.seam.resize(n);
  s.seam_q.resize(nbr.size());
  std::vector<std::size_t> seams(t_count, 0), slots(t_count, 0), terms(t_count, 0);
  auto flags = [&](int t) {  // seam flags of the chunk's bodies, their count and their partner slots' count
    const auto c = static_cast<std::size_t>(t);
    const auto [r0, r1] = rows(c);
    std::size_t count = 0, term = 0;
    for (std::size_t j = r0; j < r1; ++j) {
      const bool seam = tfirst[j] < tfirst[j + 1] && tslot[tfirst[j]] < first[r0];
      s.seam[j] = seam ? 1 : 0;
      count += seam;
      if (seam) term += tfirst[j + 1] - tfirst[j];
    }
    seams[c] = count, terms[c] = term;
  };
  workers.run(flags);
  const auto prefix = [&](const std::vector<std::size_t>& v, std::vector<std::size_t>& base) {
    base.assign(t_count + 1, 0);
    for (std::size_t c = 0; c < t_count; ++c) base[c + 1] = base[c] + v[c];
  };
  prefix(seams, s.seam_base);
  prefix(terms, s.seam_term_base);
  s.seam_list.resize(s.seam_base[t_count]);
  auto lists = [&](int t) {  // the chunk's seams listed, its seam slots counted
    const auto c = static_cast<std::size_t>(t);
    const auto [r0, r1] = rows(c);
    std::size_t m = s.seam_base[c], count = 0;
    for (std::size_t j = r0; j < r1; ++j)
      if (s.seam[j]) s.seam_list[m++] = static_cast<std::uint32_t>(j);
    for (std::uint32_t k = first[r0]; k < first[r1]; ++k) count += s.seam[nbr[k]];
    slots[c] = count;
  };
  workers.run(lists);
  prefix(slots, s.seam_slot_base);
  auto number = [&](int t) {  // the chunk's seam slots numbered in slot order
    const auto c = static_cast<std::size_t>(t);
    const auto [r0, r1] = rows(c);
    auto q = static_cast<std::uint32_t>(s.seam_slot_base[c]);
    for (std::uint32_t k = first[r0]; k < first[r1]; ++k)
      if (s.seam[nbr[k]]) s.seam_q[k] = q++;
  };
  workers.run(number);
  s.seam_term_first.resize(s.seam_list.size() + 1);
  s.seam_term.resize(s.seam_term_base[t_count]);
  auto seam_terms = [&](int t) {  // each of the chunk's seams: its partner slots' numbers, ascending
    const auto c = static_cast<std::size_t>(t);
    auto at = static_cast<std::uint32_t>(s.seam_term_base[c]);
    for (std::size_t m = s.seam_base[c]; m < s.seam_base[c + 1]; ++m) {
      const std::uint32_t j = s.seam_list[m];
      s.seam_term_first[m] = at;
      for (std::uint32_t q = tfirst[j]; q < tfirst[j + 1]; ++q) s.seam_term[at++] = s.seam_q[tslot[q]];
    }
  };
  workers.run(seam_terms);
  s.seam_term_first.back() = static_cast<std::uint32_t>(s.seam_term.size());
  s.seam_load.resize(s.seam_slot_base[t_count]);
  s.seam_rows.resize(s.seam_list.size());
  s.seam_builds = s.neighbors.builds();
  s.seam_chunks = t_count;
}

// One force evaluation of an exact-static law (Krengel & Matuttis eq. 21-22) around its Gauss-Seidel sweep, for every
// engine that has one (discs and spheres here, polygons in models/polygon/polygon_engine.hpp): the sweep reads the
// bodies' last total forces and torques (s.f_last, s.torque_last; gravity alone when there are none) as its estimate
// of the other contacts and updates them contact by contact; at set-up (dt = 0) a first pass makes them; afterwards
// they are the evaluation's totals. sweep(std::bool_constant<L>{}, dt) runs one pass with the ledger on or off.
template <bool Ledger, class Sweep>
ContactSums warm_started_sweep(GranularState& s, const Vec3& gravity, double dt, Sweep&& sweep) {
  const std::size_t n = s.bodies.size();
  if (s.f_last.size() != n) {  // no last forces: gravity alone
    s.f_last.resize(n);
    s.torque_last.assign(n, Vec3::Zero());
    for (std::size_t i = 0; i < n; ++i) s.f_last[i] = s.bodies.mass[i] * gravity;
  }
  if (dt == 0) {
    sweep(std::false_type{}, 0.0);
    s.f_last = s.bodies.f;
    s.torque_last = s.bodies.torque;
  }
  const ContactSums sums = sweep(std::bool_constant<Ledger>{}, dt);
  s.f_last = s.bodies.f;
  s.torque_last = s.bodies.torque;
  return sums;
}

template <class Normal, class Tangential, class Rolling = NoRolling>
struct ParticleEngine {
  Normal normal;
  Tangential tangential;
  Rolling rolling;
  Boundaries boundaries;
  double skin = 0;  // Verlet skin (m); 0 rebuilds whenever anything moves
  int threads = 1;  // 1: one pass, Newton's third law per pair; >= 2: row chunks with seams (forces_parallel)
  // Spatial sorting (velocity Verlet only): every sort_interval-th neighbor build (and at verlet_setup) the bodies
  // are renumbered in Morton order of the neighbor grid's cells, with every per-body array, the springs and
  // GranularState::ids permuted alike, so a contact's partners sit close in memory (a mixed gas otherwise touches a
  // new cache line, and at 1e6 bodies a new page, per partner). 0: never (the bodies keep the caller's order).
  int sort_interval = 0;
  std::size_t min_chunked_particles = 4096;  // smaller per-particle loops (kick, drift, ledger) stay serial
  // the workers of threads >= 2, started on first use (copies of the engine start none); so one engine object must
  // not evaluate forces from two threads at once (give each its own copy)
  mutable PoolHandle pool;
  // The batched pair pass (batched_pairs, row_pass): laws without a rolling law and not exact-static. Velocity
  // Verlet's fused steps (solvers/particles/velocity_verlet.hpp: verlet_run without a ledger) use its per-body hook
  // (forces_with).
  static constexpr bool kBatched = !Rolling::active && !is_exact_static<Tangential>;
  static constexpr bool kFusedSteps = kBatched;

  // f(t, a, b) for the particle ranges [a, b) of `threads` equal chunks (run_particle_chunks)
  template <class F>
  void for_particle_chunks(std::size_t n, F&& f) const {
    run_particle_chunks(pool, threads, min_chunked_particles, n, f);
  }

  // Builds the neighbor lists (carrying any springs already in the state), on the engine's threads.
  void prepare(GranularState& s) const {
    ThreadPool* workers = particle_workers(pool, threads, min_chunked_particles, s.bodies.size());
    if constexpr (Rolling::active)
      s.neighbors.build(s.bodies, boundaries, skin, s.xi, s.wall_xi, &s.roll, &s.wall_roll, workers);
    else s.neighbors.build(s.bodies, boundaries, skin, s.xi, s.wall_xi, nullptr, nullptr, workers);
  }
  // The rolling spring of slot k (nullptr without a rolling law).
  static Vec3* roll_slot(std::vector<Vec3>& roll, std::size_t k) {
    if constexpr (Rolling::active) return &roll[k];
    else return nullptr;
  }
  // Rebuilds when some particle moved more than skin/2 (sorting first when sort_interval asks); returns whether it did.
  // The test runs on the engine's threads.
  bool update_neighbors(GranularState& s) const {
    s.moved.assign(static_cast<std::size_t>(std::max(1, threads)), 0);
    for_particle_chunks(s.bodies.size(), [&](int t, std::size_t a, std::size_t b) {
      s.moved[static_cast<std::size_t>(t)] = s.neighbors.needs_rebuild(s.bodies, a, b) ? 1 : 0;
    });
    if (std::none_of(s.moved.begin(), s.moved.end(), [](std::uint8_t m) { return m != 0; })) return false;
    rebuild_neighbors(s);
    return true;
  }
  // The rebuild of update_neighbors, for a caller that made the test itself (velocity Verlet's fused steps): the
  // spatial sort when sort_interval asks, then prepare.
  void rebuild_neighbors(GranularState& s) const {
    if (sort_interval > 0 && s.neighbors.builds() % sort_interval == 0) sort(s);
    prepare(s);
  }
  // The spatial sort (sort_interval): bodies, last forces, ids, and the current rows with their springs renumbered;
  // on the engine's threads (the same order and arrays for any thread count).
  void sort(GranularState& s) const {
    const std::size_t n = s.bodies.size();
    ThreadPool* workers = particle_workers(pool, threads, min_chunked_particles, n);
    std::vector<std::uint32_t> old_of_new, new_of_old(n);
    s.neighbors.spatial_order(s.bodies, boundaries, skin, old_of_new, workers);
    run_chunks(workers, n, [&](int, std::size_t a, std::size_t b) {
      for (std::size_t k = a; k < b; ++k) new_of_old[old_of_new[k]] = static_cast<std::uint32_t>(k);
    });
    if constexpr (Rolling::active) s.neighbors.renumber(new_of_old, s.xi, s.wall_xi, &s.roll, &s.wall_roll, workers);
    else s.neighbors.renumber(new_of_old, s.xi, s.wall_xi, nullptr, nullptr, workers);
    s.bodies.permute(old_of_new, workers);
    ParticleArrays::permute_values(s.f_last, old_of_new, workers);
    ParticleArrays::permute_values(s.torque_last, old_of_new, workers);
    ParticleArrays::permute_values(s.theta, old_of_new, workers);
    if (s.ids.size() != n) {
      s.ids.resize(n);
      for (std::size_t k = 0; k < n; ++k) s.ids[k] = static_cast<std::uint32_t>(k);
    }
    ParticleArrays::permute_values(s.ids, old_of_new, workers);
  }

  // The contact loops (row_pass, serial_forces, the phases of the threaded passes) are flattened: every call inside
  // (laws, Eigen's fixed-size operations) is inlined into the loop; GCC's inliner otherwise gives up on these large
  // functions and leaves calls per contact (measured with perf: 30 % of the time). forces() itself is not: it would
  // carry a copy of each (compile time and memory, as many copies of the pass as callers of it).
  template <bool Ledger>
  ContactSums forces(GranularState& s, double dt) const {
    if constexpr (is_exact_static<Tangential>) {
      return warm_started_sweep<Ledger>(s, boundaries.gravity, dt, [&](auto ledger, double h) {
        return serial_forces<decltype(ledger)::value>(s, h);
      });
    } else {
      if (threads > 1) return forces_parallel<Ledger>(s, dt);
      return as_region([&] {
        if constexpr (kBatched) {
          ContactSums sums;
          row_pass<Ledger, false>(s, 0, s.bodies.size(), dt, sums);
          return sums;
        } else {
          return serial_forces<Ledger>(s, dt);
        }
      });
    }
  }
  // f() (the single pass of one thread) as a region of a pool of one while the pool's time is measured, so that it
  // counts as the work the threads share (PoolHandle::measure); f() itself otherwise.
  template <class F>
  auto as_region(F&& f) const {
    if (!pool.measuring()) return f();
    return measured_region(f);
  }
  // (Out of line: the pool's code stays out of the callers.)
  template <class F>
  [[gnu::noinline]] auto measured_region(F& f) const {
    decltype(f()) r{};
    auto task = [&](int) { r = f(); };
    pool.get(1).run(task);
    return r;
  }

  // The single pass of the laws that are not batched (a rolling law, exact-static laws): Newton's third law per pair.
  template <bool Ledger>
  STICKSLIP_FLATTEN ContactSums serial_forces(GranularState& s, double dt) const {
    static_assert(!kBatched, "batched laws: row_pass");
    ParticleArrays& p = s.bodies;
    const std::size_t n = p.size();
    ContactSums sums;
    const Vec3 g = boundaries.gravity;
    for (std::size_t i = 0; i < n; ++i) {
      p.f[i] = p.mass[i] * g;
      p.torque[i].setZero();
    }
    const Vec3 len = boundaries.box.lengths(), half = boundaries.box.half_length();
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    for (std::size_t i = 0; i < n; ++i) {
      Vec3 fi = Vec3::Zero(), ti = Vec3::Zero();
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        const std::uint32_t j = nbr[k];
        Vec3 force, arm, moment;
        if (!pair_contact<Ledger>(p, i, j, len, half, s.xi[k], roll_slot(s.roll, k), dt, sums, force, arm, moment,
                                  &s))
          continue;
        fi += force;
        ti += p.radius[i] * arm;
        p.f[j] -= force;
        p.torque[j] += p.radius[j] * arm;
        if constexpr (Rolling::active) {
          ti += moment;
          p.torque[j] -= moment;
        }
      }
      p.f[i] += fi;
      p.torque[i] += ti;
    }
    for (std::size_t i = 0; i < n; ++i) wall_contacts<Ledger>(s, i, dt, sums);
    return sums;
  }

  // A per-body hook of the pass without a ledger (forces_with): fn(ctx, i) once body i's force and torque are final;
  // returns true to report (velocity Verlet's fused steps: i moved beyond the skin). A plain function pointer, so the
  // pass is one instantiation with or without a hook (a template hook doubled the compile time of the passes).
  struct BodyHook {
    bool (*fn)(void*, std::size_t) = nullptr;
    void* ctx = nullptr;
    template <class F>
    static BodyHook of(F& f) {
      return {&call<F>, &f};
    }
    template <class F>
    STICKSLIP_FLATTEN static bool call(void* f, std::size_t i) {  // flattened: the hook's vector arithmetic inlined
      return static_cast<bool>((*static_cast<F*>(f))(i));
    }
  };

  // The single pass over the rows [a, b) (batched laws): gravity, then each touching pair's force added to i's row
  // sum and taken from j, each row's sum added once every contact of the rows before it has reached it (rows without
  // a touching contact add zero), then the walls. With Seams (a chunk of the threaded pass, mark_seams; its seams
  // from s.seam_list[seam_at]) a pair whose j is a seam keeps its load in s.seam_load instead (an open one zero), and
  // a seam row keeps its sum (s.seam_rows): the seams are summed by seam_sum once every chunk is done; everything
  // else happens as in the single pass.
  // Gravity is set lazily, just before a body's first term (its first partner's, or its own row's sum), so that its
  // force stays in cache from its first term to its last (a pass of its own over the chunk's forces came first
  // before); the terms and their order are the same. A partner far ahead (the periodic wrap of a single pass: the
  // last lattice plane is the first plane's partner) opens a second run of set bodies instead of setting all bodies
  // up to it.
  // Without the ledger the walls come row by row, each body's after its row's pairs (the same terms in the same
  // order for every body as walls after all rows; only the ledger's sums, which run in contact order, would see it),
  // and a hook (forces_with) is called once per non-seam body of the rows as soon as its force and torque are final,
  // walls included; returns whether any call returned true.
  template <bool Ledger, bool Seams>
  STICKSLIP_FLATTEN bool row_pass(GranularState& s, std::size_t a, std::size_t b, double dt, ContactSums& sums,
                                  BodyHook hook = {}, [[maybe_unused]] std::size_t seam_at = 0) const {
    ParticleArrays& p = s.bodies;
    const Vec3 g = boundaries.gravity;
    const auto& nbr = s.neighbors.neighbors();
    const bool walls = s.neighbors.num_wall_contacts() > 0;
    const auto on_seam = [&]([[maybe_unused]] std::size_t i) {
      if constexpr (Seams) return s.seam[i] != 0;
      else return false;
    };
    constexpr std::size_t kNear = std::size_t{1} << 14;  // a partner this far beyond the set bodies sets them all
    std::size_t set = a;                                 // [a, set) have their gravity (seams: seam_sum's)
    std::size_t far_lo = b, far_hi = b;                  // and [far_lo, far_hi), a far partner's run
    const auto gravity = [&](std::size_t q) {
      if (on_seam(q)) return;
      p.f[q] = p.mass[q] * g;
      p.torque[q].setZero();
    };
    const auto set_to = [&](std::size_t e) {  // gravity for every body below e
      while (set < e) {
        if (set == far_lo) {
          set = far_hi;
          far_lo = far_hi = b;
          continue;
        }
        gravity(set++);
      }
    };
    const auto reach = [&](std::size_t j) {  // gravity for partner j before its first term
      if (j < set || (j >= far_lo && j < far_hi)) return;
      if (j < set + kNear) set_to(j + 1);
      else if (far_lo == far_hi) far_lo = j, far_hi = j + 1, gravity(j);
      else if (j == far_hi) gravity(far_hi++);
      else set_to(j + 1);
    };
    bool any = false;
    std::size_t row = a;
    Vec3 fi = Vec3::Zero(), ti = Vec3::Zero();
    auto finish_rows = [&](std::size_t until) {
      set_to(until);
      for (; row < until; ++row) {
        if (on_seam(row)) {
          s.seam_rows[seam_at++] = {fi, ti};
        } else {
          p.f[row] += fi;
          p.torque[row] += ti;
          if constexpr (!Ledger) {
            if (walls) row_walls(s, row, dt);
            if (hook.fn) any |= hook.fn(hook.ctx, row);
          }
        }
        fi.setZero();
        ti.setZero();
      }
    };
    batched_pairs<Ledger>(
        s, a, b, dt, sums,
        [&](std::uint32_t k) {
          if (on_seam(nbr[k])) s.seam_load[s.seam_q[k]] = {Vec3::Zero(), Vec3::Zero()};
        },
        [&](const Touch& t) {
          finish_rows(t.i);
          fi += t.force;
          ti += p.radius[t.i] * t.arm;
          if (on_seam(t.j)) {
            s.seam_load[s.seam_q[t.k]] = {t.force, t.arm};
          } else {
            reach(t.j);
            p.f[t.j] -= t.force;
            p.torque[t.j] += p.radius[t.j] * t.arm;
          }
        });
    finish_rows(b);
    if constexpr (Ledger)
      if (walls)
        for (std::size_t i = a; i < b; ++i)
          if (!on_seam(i)) wall_contacts<Ledger>(s, i, dt, sums);
    return any;
  }

  // The walls of body i without the ledger (row_pass, row by row): out of line, so that the pass, which finishes rows
  // at two places, carries no copies of the wall kernel.
  [[gnu::noinline]] STICKSLIP_FLATTEN void row_walls(GranularState& s, std::size_t i, double dt) const {
    ContactSums none;
    wall_contacts<false>(s, i, dt, none);
  }

  // The sum of seam m (body s.seam_list[m]) in the single pass's order: gravity, minus the slots where it is the
  // partner (ascending, as the rows before it reach it), plus its own row's sum, then its walls.
  template <bool Ledger>
  STICKSLIP_FLATTEN void seam_sum(GranularState& s, std::size_t m, double dt, ContactSums& sums) const {
    ParticleArrays& p = s.bodies;
    const std::size_t i = s.seam_list[m];
    const double ri = p.radius[i];
    Vec3 f = p.mass[i] * boundaries.gravity, torque = Vec3::Zero();
    for (std::uint32_t q = s.seam_term_first[m]; q < s.seam_term_first[m + 1]; ++q) {
      const GranularState::Load& l = s.seam_load[s.seam_term[q]];
      f -= l.force;
      torque += ri * l.arm;
    }
    p.f[i] = f + s.seam_rows[m].force;
    p.torque[i] = torque + s.seam_rows[m].arm;
    wall_contacts<Ledger>(s, i, dt, sums);
  }

  // Threads (threads >= 2), batched laws: the rows are split into chunks of equal pair counts (pair_chunk_rows);
  // each thread runs row_pass on its chunk, applying Newton's third law at once to every body whose partner rows are
  // all in the chunk, and then the seam bodies (mark_seams: a few per cent, the bodies within one lattice plane of a
  // chunk's start in a spatially ordered packing) are summed over the threads. Every body's force is thus added up
  // term by term as in the single pass: the motion is bitwise the same for every thread count, 1 included
  // (tests/particles: the threads test). Ledger totals are summed per chunk and may differ in the last bits (they do
  // not act on the motion). Each thread writes only its own chunk's bodies and slots, and in the second phase its
  // seams (no shared writes, no atomics; its sums in locals); the phases run on the engine's persistent pool
  // (thread_pool.hpp); the chunks and seams are found once per neighbor build; no allocation after the first call.
  // A hook as in row_pass (no ledger): the chunk's thread calls it for its non-seam bodies, the seam phase's for its
  // seams; s.moved[c] holds whether a call of thread c returned true. Laws with a rolling law keep the two-phase pass
  // below.
  template <bool Ledger>
  ContactSums seamed_forces(GranularState& s, double dt, BodyHook hook = {}) const {
    const std::size_t t_count = static_cast<std::size_t>(threads);
    s.part.assign(2 * t_count, ContactSums{});
    s.moved.assign(t_count, 0);
    ThreadPool& workers = pool.get(threads);
    pair_chunk_rows(s, t_count);
    mark_seams(s, t_count, workers);
    auto chunk_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;  // in the thread's own frame: no cache line shared with another thread's sums
      const bool any = row_pass<Ledger, true>(s, s.chunk_rows[c], std::max(s.chunk_rows[c], s.chunk_rows[c + 1]), dt,
                                              local, hook, s.seam_base[c]);
      s.part[c] = local;
      if (any) s.moved[c] = 1;
    };
    workers.run(chunk_task);
    const std::size_t m = s.seam_list.size();
    auto seam_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;
      bool any = false;
      for (std::size_t q = m * c / t_count; q < m * (c + 1) / t_count; ++q) {
        seam_sum<Ledger>(s, q, dt, local);
        if (hook.fn) any |= hook.fn(hook.ctx, s.seam_list[q]);
      }
      s.part[t_count + c] = local;
      if (any) s.moved[c] = 1;
    };
    workers.run(seam_task);
    ContactSums sums;
    for (const ContactSums& c : s.part) sums.add(c);
    return sums;
  }

  // The forces (no ledger), and after(i) for every body i as soon as its force and torque are final, on the thread
  // that finished it (row_pass, seamed_forces): velocity Verlet's closing half kick of this step and the opening
  // half kick, drift and neighbor test of the next, while the body is in cache. Returns whether any after(i)
  // returned true. after(i) may change body i's x, v, omega (no other body's): no other body's contact reads them
  // later in the pass (a non-seam body is read by its own chunk's rows only, rows of earlier bodies never come
  // back; a seam's chunk work is done when the seam phase starts).
  template <class After>
  bool forces_with(GranularState& s, double dt, After&& after) const {
    static_assert(kFusedSteps, "forces_with: batched laws only (no rolling law, not exact-static)");
    const BodyHook hook = BodyHook::of(after);
    if (threads <= 1)
      return as_region([&] {
        ContactSums sums;
        return row_pass<false, false>(s, 0, s.bodies.size(), dt, sums, hook);
      });
    forces_parallel<false>(s, dt, hook);
    return std::any_of(s.moved.begin(), s.moved.end(), [](std::uint8_t m) { return m != 0; });
  }

  // Threads (threads >= 2) with a rolling law: phase 1 evaluates every pair slot once (rows split into chunks of
  // equal pair counts) and stores its force on i, n x F_t and the rolling moment; phase 2 sums per particle in the
  // single pass's order: gravity, minus the slots where it is the partner (ascending, as the rows before it reach
  // it), plus the sum of its own row, then its walls. Bitwise the same motion for every thread count, as above.
  template <bool Ledger>
  [[gnu::noinline]] ContactSums forces_parallel(GranularState& s, double dt, [[maybe_unused]] BodyHook hook = {}) const {
    if constexpr (kBatched) return seamed_forces<Ledger>(s, dt, hook);
    const std::size_t n = s.bodies.size();
    const std::size_t pairs = s.neighbors.num_pairs();
    const std::size_t t_count = static_cast<std::size_t>(threads);
    s.pair_force.resize(pairs);
    s.pair_arm.resize(pairs);
    if constexpr (Rolling::active) s.pair_moment.resize(pairs);
    s.part.assign(2 * t_count, ContactSums{});
    pair_chunk_rows(s, t_count);
    ThreadPool& workers = pool.get(threads);
    auto pair_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;  // in the thread's own frame: no cache line shared with another thread's sums
      pair_phase<Ledger>(s, s.chunk_rows[c], std::max(s.chunk_rows[c], s.chunk_rows[c + 1]), dt, local);
      s.part[c] = local;
    };
    workers.run(pair_task);
    auto sum_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;
      sum_phase<Ledger>(s, n * c / t_count, n * (c + 1) / t_count, dt, local);
      s.part[t_count + c] = local;
    };
    workers.run(sum_task);
    ContactSums sums;
    for (const ContactSums& c : s.part) sums.add(c);
    return sums;
  }

  // Batched pair evaluation (laws without a rolling law and not exact-static): for a batch of up to kBatch touching
  // slots of the rows [a, b), pass 1 tests the separations, pass 2 takes the kinematics, pass 3 turns the springs,
  // pass 4 runs the laws, pass 5 hands each contact to touched(t) in slot order; open slots get their spring zeroed
  // and open(k). The same arithmetic as pair_contact, bit for bit; short loops with independent iterations let the
  // processor overlap the square roots and divisions of several contacts (one long loop per contact serialises them;
  // kinematics, turn and laws in one loop were 7-12 % slower for csds and dsds, as in the LAMMPS styles).
  static constexpr int kBatch = 64;
  struct Touch {
    Vec3 d, force, arm;  // minimal image of x_j - x_i; force on i, and n x F_t
    double r;            // |d|
    std::uint32_t i, j, k;
  };
  template <bool Ledger, class Open, class Touched>
  void batched_pairs(GranularState& s, std::size_t a, std::size_t b, double dt, ContactSums& sums, Open&& open,
                     Touched&& touched) const {
    const ParticleArrays& p = s.bodies;
    const Vec3 len = boundaries.box.lengths(), half = boundaries.box.half_length();
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    std::array<Touch, kBatch> batch;
    int nb = 0;
    std::array<ContactKinematics, kBatch> kin;
    auto laws = [&] {
      for (int m = 0; m < nb; ++m) {  // kinematics
        const Touch& t = batch[static_cast<std::size_t>(m)];
        const std::uint32_t i = t.i, j = t.j;
        const double inv_sum = p.inv_mass[i] + p.inv_mass[j];
        kin[static_cast<std::size_t>(m)] = pair_kinematics(t.d, t.r, p.v[i], p.v[j], p.omega[i], p.omega[j],
                                                           p.radius[i], p.radius[j], inv_sum > 0 ? 1.0 / inv_sum : 0.0);
      }
      for (int m = 0; m < nb; ++m)  // the springs turned
        turn_spring<SpringTurn::keep_length>(s.xi[batch[static_cast<std::size_t>(m)].k], kin[static_cast<std::size_t>(m)].n);
      for (int m = 0; m < nb; ++m) {  // the laws
        Touch& t = batch[static_cast<std::size_t>(m)];
        const ContactKinematics& c = kin[static_cast<std::size_t>(m)];
        double fn;
        const Vec3 ft = contact_laws<Ledger>(normal, tangential, c, s.xi[t.k], dt, sums, fn);
        t.force = ft - fn * c.n;
        t.arm = c.n.cross(ft);
      }
      for (int m = 0; m < nb; ++m) touched(batch[static_cast<std::size_t>(m)]);
      nb = 0;
    };
    for (std::size_t i = a; i < b; ++i)
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        const std::uint32_t j = nbr[k];
        const Vec3 d = PeriodicBox::minimal_image(p.x[j] - p.x[i], len, half);
        const double ri = p.radius[i], rj = p.radius[j], rsum = ri + rj, r2 = d.squaredNorm();
        if (r2 >= rsum * rsum) {
          s.xi[k].setZero();
          open(k);
          continue;
        }
        Touch& t = batch[static_cast<std::size_t>(nb++)];
        t.d = d;
        t.r = std::sqrt(r2);
        t.i = static_cast<std::uint32_t>(i);
        t.j = j;
        t.k = k;
        if (nb == kBatch) laws();
      }
    laws();
  }

  template <bool Ledger>
  STICKSLIP_FLATTEN void pair_phase(GranularState& s, std::size_t a, std::size_t b, double dt, ContactSums& sums) const {
    const ParticleArrays& p = s.bodies;
    const Vec3 len = boundaries.box.lengths(), half = boundaries.box.half_length();
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    for (std::size_t i = a; i < b; ++i)
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        Vec3 force, arm, moment;
        if (!pair_contact<Ledger>(p, i, nbr[k], len, half, s.xi[k], roll_slot(s.roll, k), dt, sums, force, arm,
                                  moment)) {
          force.setZero();
          arm.setZero();
          moment.setZero();
        }
        s.pair_force[k] = force;
        s.pair_arm[k] = arm;
        if constexpr (Rolling::active) s.pair_moment[k] = moment;
      }
  }

  template <bool Ledger>
  STICKSLIP_FLATTEN void sum_phase(GranularState& s, std::size_t a, std::size_t b, double dt, ContactSums& sums) const {
    ParticleArrays& p = s.bodies;
    const auto& first = s.neighbors.first();
    const auto& tfirst = s.neighbors.partner_first();
    const auto& tslot = s.neighbors.partner_slots();
    const Vec3 g = boundaries.gravity;
    for (std::size_t i = a; i < b; ++i) {
      // serial_forces' order of operations, term by term (an open slot holds zeros: adding them changes nothing)
      const double ri = p.radius[i];
      Vec3 f = p.mass[i] * g, torque = Vec3::Zero();
      for (std::uint32_t q = tfirst[i]; q < tfirst[i + 1]; ++q) {
        const std::uint32_t k = tslot[q];
        f -= s.pair_force[k];
        torque += ri * s.pair_arm[k];
        if constexpr (Rolling::active) torque -= s.pair_moment[k];
      }
      Vec3 fi = Vec3::Zero(), ti = Vec3::Zero();
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        fi += s.pair_force[k];
        ti += ri * s.pair_arm[k];
        if constexpr (Rolling::active) ti += s.pair_moment[k];
      }
      p.f[i] = f + fi;
      p.torque[i] = torque + ti;
      wall_contacts<Ledger>(s, i, dt, sums);
    }
  }

  // Every touching pair's force on i, evaluated as at set-up (dt = 0, a copy of each spring; the state is not
  // changed): f(i, j, n, force) with n the unit normal from i towards j (dumps of contact forces). Walls: for_each_wall_force.
  template <class F>
  void for_each_pair_force(const GranularState& s, F&& f) const {
    const ParticleArrays& p = s.bodies;
    const Vec3 len = boundaries.box.lengths(), half = boundaries.box.half_length();
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    ContactSums sums;
    for (std::size_t i = 0; i + 1 < first.size(); ++i)
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
        Vec3 xi = s.xi[k], force, arm, moment;
        Vec3 xr = Vec3::Zero();
        if constexpr (Rolling::active) xr = s.roll[k];
        if (!pair_contact<false>(p, i, nbr[k], len, half, xi, Rolling::active ? &xr : nullptr, 0.0, sums, force, arm,
                                 moment))
          continue;
        const Vec3 d = PeriodicBox::minimal_image(p.x[nbr[k]] - p.x[i], len, half);
        f(i, static_cast<std::size_t>(nbr[k]), Vec3(d.normalized()), force);
      }
  }

  // Every touching wall contact's force on i, evaluated as for_each_pair_force: f(i, n, force), n from i's centre
  // towards the wall.
  template <class F>
  void for_each_wall_force(const GranularState& s, F&& f) const {
    const ParticleArrays& p = s.bodies;
    const auto& wfirst = s.neighbors.wall_first();
    const auto& wall = s.neighbors.walls();
    ContactSums sums;
    for (std::size_t i = 0; i + 1 < wfirst.size(); ++i)
      for (std::uint32_t k = wfirst[i]; k < wfirst[i + 1]; ++k) {
        Vec3 xi = s.wall_xi[k], xr, ft;
        ContactKinematics c;
        double fn;
        if (!wall_contact<false>(p, i, wall[k], xi, &xr, 0.0, sums, c, ft, fn)) continue;
        f(i, c.n, Vec3(ft - fn * c.n));
      }
  }

  // The kinematics of particle i against wall w (contact_kinematics.hpp); false when they do not touch.
  bool wall_kinematics(const ParticleArrays& p, std::size_t i, std::size_t w, ContactKinematics& c) const {
    const WallGeometry wg = boundaries.wall(w, p.x[i]);
    if (wg.distance >= p.radius[i]) return false;
    c = stickslip::wall_kinematics(wg.n, wg.distance, p.v[i], p.omega[i], p.radius[i], p.mass[i]);
    return true;
  }

  // The pair (i, j) of a candidate slot: false (springs zeroed) when open; else the force on i, n x F_t and (with a
  // rolling law, xr its spring) the rolling moment on i, -r* n x F_r (the partner gets minus it). stick: the state
  // whose f_last/torque_last an exact-static law reads and updates (nullptr: it replays its last force).
  template <bool Ledger>
  bool pair_contact(const ParticleArrays& p, std::size_t i, std::size_t j, const Vec3& len, const Vec3& half, Vec3& xi,
                    [[maybe_unused]] Vec3* xr, double dt, ContactSums& sums, Vec3& force, Vec3& arm,
                    [[maybe_unused]] Vec3& moment, [[maybe_unused]] GranularState* stick = nullptr) const {
    const Vec3 d = PeriodicBox::minimal_image(p.x[j] - p.x[i], len, half);
    const double ri = p.radius[i], rj = p.radius[j], rsum = ri + rj, r2 = d.squaredNorm();
    if (r2 >= rsum * rsum) {
      xi.setZero();
      if constexpr (Rolling::active) xr->setZero();
      return false;
    }
    const double inv_sum = p.inv_mass[i] + p.inv_mass[j];
    const ContactKinematics c = pair_kinematics(d, std::sqrt(r2), p.v[i], p.v[j], p.omega[i], p.omega[j], ri, rj,
                                                inv_sum > 0 ? 1.0 / inv_sum : 0.0);
    double fn;
    Vec3 ft;
    if constexpr (is_exact_static<Tangential>) ft = stick_contact<Ledger>(c, i, j, xi, dt, sums, fn, stick);
    else ft = contact<Ledger>(c, xi, dt, sums, fn);
    force = ft - fn * c.n;
    arm = c.n.cross(ft);
    if constexpr (Rolling::active) {
      const Vec3 fr =
          rolling_step<Ledger>(rolling, c, rolling_velocity(c.r_star, p.omega[i], p.omega[j], c.n), fn, *xr, dt, sums);
      moment = -c.r_star * c.n.cross(fr);
    }
    return true;
  }

  // Particle i against wall w, the contact kernel of wall_contacts and for_each_wall_force: false (springs xi and,
  // with a rolling law, *xr zeroed) when open; else the kinematics c, F_t on i and f_n (the rolling step is the
  // caller's: the dumps do not need it). stick as in pair_contact.
  template <bool Ledger>
  bool wall_contact(const ParticleArrays& p, std::size_t i, std::size_t w, Vec3& xi, [[maybe_unused]] Vec3* xr,
                    double dt, ContactSums& sums, ContactKinematics& c, Vec3& ft, double& fn,
                    [[maybe_unused]] GranularState* stick = nullptr) const {
    if (!wall_kinematics(p, i, w, c)) {
      xi.setZero();
      if constexpr (Rolling::active) xr->setZero();
      return false;
    }
    if constexpr (is_exact_static<Tangential>) ft = stick_contact<Ledger>(c, i, kWall, xi, dt, sums, fn, stick);
    else ft = contact<Ledger>(c, xi, dt, sums, fn);
    return true;
  }

  // The wall contacts of particle i (they touch only i).
  template <bool Ledger>
  void wall_contacts(GranularState& s, std::size_t i, double dt, ContactSums& sums) const {
    ParticleArrays& p = s.bodies;
    const auto& wfirst = s.neighbors.wall_first();
    const auto& wall = s.neighbors.walls();
    for (std::uint32_t k = wfirst[i]; k < wfirst[i + 1]; ++k) {
      ContactKinematics c;
      double fn;
      Vec3 ft;
      if (!wall_contact<Ledger>(p, i, wall[k], s.wall_xi[k], roll_slot(s.wall_roll, k), dt, sums, c, ft, fn, &s))
        continue;
      const double ri = p.radius[i];
      p.f[i] += ft - fn * c.n;
      p.torque[i] += ri * c.n.cross(ft);
      if constexpr (Rolling::active) {
        const Vec3 fr = rolling_step<Ledger>(rolling, c, rolling_velocity(ri, p.omega[i], Vec3::Zero(), c.n), fn,
                                             s.wall_roll[k], dt, sums);
        p.torque[i] -= ri * c.n.cross(fr);
      }
    }
  }

  // One contact (models/particles/contact_step.hpp): returns F_t on i and sets fn.
  template <bool Ledger, class Kin>
  Vec3 contact(const Kin& c, Vec3& xi, double dt, ContactSums& sums, double& fn) const {
    return contact_step<Ledger>(normal, tangential, c, xi, dt, sums, fn);
  }

  static constexpr std::size_t kWall = std::numeric_limits<std::size_t>::max();  // partner j of a wall contact

  // One contact of an exact-static law (header: the Gauss-Seidel sweep): a_other and 1/m_eff,tan from the last
  // forces of i and j (j = kWall: a wall) without the contact's own last force f_prev (its slot, turned into the
  // tangent plane), the law, then the estimate updated by the change of the force.
  template <bool Ledger>
  Vec3 stick_contact(const ContactKinematics& c, std::size_t i, std::size_t j, Vec3& slot, double dt,
                     ContactSums& sums, double& fn, GranularState* st) const {
    StickKinematics sk;
    static_cast<ContactKinematics&>(sk) = c;
    if (st == nullptr) {
      sk.replay = true;
      return contact<Ledger>(sk, slot, dt, sums, fn);
    }
    const ParticleArrays& p = st->bodies;
    rotate_into_plane(slot, c.n);
    const Vec3 f_prev = slot;
    const double ri = p.radius[i];
    double inv = p.inv_mass[i] + ri * ri * p.inv_inertia[i];
    Vec3 acc = p.inv_mass[i] * st->f_last[i], ang = ri * p.inv_inertia[i] * st->torque_last[i];
    if (j != kWall) {
      const double rj = p.radius[j];
      inv += p.inv_mass[j] + rj * rj * p.inv_inertia[j];
      acc -= p.inv_mass[j] * st->f_last[j];
      ang += rj * p.inv_inertia[j] * st->torque_last[j];
    }
    Vec3 a = acc + ang.cross(c.n);
    a -= a.dot(c.n) * c.n;
    sk.inv_mass_t = inv;
    sk.a_other = a - inv * f_prev;
    const Vec3 ft = contact<Ledger>(sk, slot, dt, sums, fn);
    const Vec3 df = ft - f_prev, dm = c.n.cross(df);
    st->f_last[i] += df;
    st->torque_last[i] += ri * dm;
    if (j != kWall) {
      st->f_last[j] -= df;
      st->torque_last[j] += p.radius[j] * dm;
    }
    return ft;
  }
};

// Kinetic energy (translational + rotational) of the bodies a .. end - 1 that move.
inline double kinetic_energy(const ParticleArrays& p, std::size_t a, std::size_t end) {
  double k = 0;
  for (std::size_t i = a; i < end; ++i) {
    if (p.inv_mass[i] > 0) k += 0.5 * p.mass[i] * p.v[i].squaredNorm();
    if (p.inv_inertia[i] > 0) k += 0.5 * p.omega[i].squaredNorm() / p.inv_inertia[i];
  }
  return k;
}
inline double kinetic_energy(const ParticleArrays& p) { return kinetic_energy(p, 0, p.size()); }
// Its two parts, sum_i m_i |v_i|^2 / 2 and sum_i I_i |omega_i|^2 / 2 over the bodies that move.
inline double translational_kinetic_energy(const ParticleArrays& p) {
  double k = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.inv_mass[i] > 0) k += 0.5 * p.mass[i] * p.v[i].squaredNorm();
  return k;
}
inline double rotational_kinetic_energy(const ParticleArrays& p) {
  double k = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p.inv_inertia[i] > 0) k += 0.5 * p.inertia(i) * p.omega[i].squaredNorm();
  return k;
}

}  // namespace stickslip
