// models/polygon/polygon_engine.hpp — many 2-D convex polygons on the particle engine's infrastructure: the state is
// a GranularState, the candidate pairs come from the Verlet list of bounding circles (models/particles/
// neighbor_list.hpp), and velocity Verlet (solvers/particles/velocity_verlet.hpp) and the generalized trapezoid
// (solvers/particles/particle_trapezoid.hpp, the laws with an increment) drive PolygonEngine unchanged.
// Krengel & Matuttis, "Comparing numerically exact and modelled static friction", §4-5, eq. 18 and 21; the relation is
// models/polygon/polygon_contact.hpp, the normal force models/polygon/overlap_force.hpp. Per metre of depth, SI units.
//
// State (GranularState; the engine holds only immutable data: shapes, shape_of, walls, laws, gravity):
//   bodies        ParticleArrays: x = (x, y, 0) centroid (m), v = (v_x, v_y, 0) (m/s), omega = (0, 0, w) (rad/s),
//                 f (N/m), torque (0, 0, T) (N), radius = the shape's bounding radius (m: the neighbour search's
//                 circle), mass = rho A (kg/m), inv_mass = 1/(rho A), inv_inertia = 1/(rho J) (J the polar second
//                 moment about the centroid); frozen bodies have inv_mass = inv_inertia = 0
//   theta         orientation (rad): body-frame corner q is at x + R(theta) q; the drivers advance it, theta' = w
//   neighbors     Verlet list over the bounding circles with skin: candidate pairs (i < j) in CSR rows
//   xi[k]         tangential spring of candidate pair slot k (in the plane: z = 0), carried across rebuilds
//   roll[k]       NOT a rolling spring here: the elastic normal energy state of pair slot k, roll[k] = (U_n, P_el, 0),
//                 U_n (J/m) the trapezoid integral of the elastic power P_el = f_el (v_rel . n) over the contact's
//                 history and P_el (W/m) its value at the last evaluation; carried across rebuilds like xi
//                 (NeighborList::build's `roll` arrays); zeroed when the contact opens
//   wall_xi[i W + w], wall_roll[i W + w]   the same two for body i against wall w (W = walls.size()): a flat array
//                 of every body against every wall, owned by this engine (prepare() sizes it; the neighbour list is
//                 built without Boundaries walls, so it neither reads nor resizes these)
// Walls: PolygonWall (half_plane_wall, segment_wall), fixed. Every body is tested against every wall with a quick
// bounding-circle rejection (O(N W)).
//
// One contact (pair or wall), when the bounding circles overlap:
//   corners      place() of both shapes at their poses (stack buffers, nothing allocated per contact)
//   relation     polygon_contact / wall_contact with l = characteristic_length(r_i, r_j) of the equal-area radii
//                (wall: characteristic_length_wall(r_i), or wall_length when set: the block on the slope uses its size)
//   normal       f_n = max(0, Y A/l + D sqrt(Y m_n) (dA/dt)/l) (OverlapNormalForce). Eq. 18's mass: we pass the
//                normal effective mass m_n = 1/inv_mass_normal (the response of the approach rate at c to a normal
//                impulse), not eq. 21's tangential one: the damping acts on the normal motion, so its damping ratio
//                must be set by the mass that the normal force accelerates. For a face pressed flat onto a wall the
//                arm is along n, m_n = m and the contact is the linear spring-dashpot of overlap_force.hpp with
//                zeta = D sqrt(w/l)/2 (tests/models/polygon/test_polygon_engine.cpp); with m_t it would be sqrt(m_t/m) times smaller for a square
//                (m_t = m/2.5: the arm's projection on n enters eq. 21).
//   kinematics   PolygonKinematics (a ContactKinematics): n, vt as 3-vectors in the plane, hdot = approach rate
//                v_rel . n, h = A/|T| (the mean depth of the overlap: area over chord; sqrt(A) when |T| = 0),
//                r_star = l, m_star = 1/inv_mass_tangential (eq. 21: the tangential laws' dashpots gamma_t m*),
//                wall flag; plus the normal force and U_n, which the adapter PolygonNormalLaw hands to contact_laws
//   tangential   contact_step of models/particles/contact_step.hpp: the spring turned into the plane keeping its
//                length (SpringTurn::keep_length), then the registry law's increment (any with a discrete increment
//                on particle contacts)
//   exact static friction (coulomb, Krengel & Matuttis eq. 21-22; models/contact/coulomb.hpp), one Gauss-Seidel
//                sweep per evaluation as on discs (models/particles/particle_engine.hpp), with the polygon's arms:
//                the slot xi holds the force F_prev the contact applied last; s.f_last, s.torque_last the bodies'
//                last total forces and torques (warm start; gravity alone at the first evaluation, and at dt = 0 a
//                set-up pass first). Per contact, the relative tangential acceleration of the two material points
//                at c without this contact's own last force,
//                  a_other = P_t [ f_i/m_i + (T_i/I_i) e_z x r_i - f_j/m_j - (T_j/I_j) e_z x r_j ] - F_prev/m_t,
//                (P_t the projection on the tangent, 1/m_t eq. 21), goes to the law, F = -m_t (a_other + v_t/dt)
//                clipped to mu f_n (eq. 22); then f_last, torque_last of i and j take the change F - F_prev at c
//                (torques r x dF), so the next contact of the sweep sees it
//   load         contact_load: F_i = -f_n n + F_t at the force point c on i, -F_i on j, torques arm x F: the pair
//                exerts no net force or torque about any point, so linear and angular momentum are kept to round-off
// Energy (ParticleLedger): P_n = f_n hdot and P_t = -F_t . v_t (together -F_i . v_rel, exactly the power the bodies
// lose at the half-step velocities, so the ledger's balance stays at round-off). U_n: we integrate every contact's
// elastic power by the trapezoid (the per-slot state above), U_n += dt (P_el,prev + P_el)/2, flat-sided or not. The
// balance does not contain U_n, so it is exact there; while a contact lasts, the normal damping D_n = W_n - (U_n -
// U_n0) grows by the trapezoid of the dashpot's power f_damp (v_rel . n) plus what the clamp max(0, .) cuts off.
// f_damp has the sign of dA/dt, which for a translation is that of v_rel . n (dA/dt = |T| v_rel . n); a rotation
// can make them differ, so D_n may fall for a while in a spinning contact (a property of eq. 18 on this relation,
// not of the ledger). Not the closed form
// Y A z_c/l of a flat side: that is a state function, and a contact passing through a bent phase would jump between
// the two. What U_n a contact still holds when it opens (the non-conservative bent phases of overlap_force.hpp, of
// either sign, and the scheme's O(dt) error) is dropped, and so counted in D_n.
// Under the trapezoid driver (solvers/particles/particle_trapezoid.hpp: each step evaluates at the start over
// (1-phi) dt and at the end over phi dt) this rule weighs the powers of a step (1 - phi/2, phi/2) rather than the
// scheme's (1-phi, phi): U_n, and so D_n, carry an O(dt) error there; the balance (without U_n) is unaffected.
// The laws on this kinematics: none, csds, dsds, dsds-stage, cundall-strack, stribeck and the others with an
// increment take vt and m* only; mindlin runs too, but its stiffness is Hertz's, 8 G* sqrt(r* h), of a sphere of
// radius r* = l pressed to the mean depth h: a number on these contacts, not a polygon law of the paper.
// Threads: forces_parallel (the same motion as one thread, bit for bit); no spatial sort (sort_interval = 0).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"
#include "models/particles/contact_step.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/particle_engine.hpp"
#include "models/polygon/overlap_force.hpp"
#include "models/polygon/polygon_contact.hpp"
#include "models/polygon/polygon_frame.hpp"
#include "models/polygon/polygon_hopper.hpp"

namespace stickslip {

inline Vec3 to_vec3(const Vec2& a) { return Vec3(a.x(), a.y(), 0.0); }
inline Vec2 to_vec2(const Vec3& a) { return Vec2(a.x(), a.y()); }

// A polygon contact as the laws of the registry see it (see the header), plus what the normal adapter returns.
struct PolygonKinematics : ContactKinematics {
  double fn = 0;       // f_n (N/m), damping included, >= 0
  double elastic = 0;  // U_n of the contact (J/m), the trapezoid integral of its elastic power
};

// The normal law as contact_laws() calls it: the force and energy were computed with the relation (they need A,
// dA/dt, l and the normal mass, which ContactKinematics does not carry).
struct PolygonNormalLaw {
  double force(const PolygonKinematics& c, double& elastic_energy) const {
    elastic_energy = c.elastic;
    return c.fn;
  }
};

// The same for an exact-static law: plus what eq. 21-22 need (models/contact/coulomb.hpp's ExactStaticContact).
struct PolygonStickKinematics : PolygonKinematics {
  Vec3 a_other = Vec3::Zero();  // relative tangential acceleration at c without this contact's friction (m/s^2)
  double inv_mass_t = 0;        // 1/m_t, eq. 21
  bool replay = false;          // never set here (no contact-force dumps of polygons)
};

template <class Tangential>
struct PolygonEngine {
  OverlapNormalForce normal;
  Tangential tangential;
  Boundaries boundaries;  // gravity only (and the neighbour list's non-periodic box); its walls must stay empty
  std::vector<ConvexPolygon> shapes;
  std::vector<int> shape_of;  // per body
  std::vector<PolygonWall> walls;
  double wall_length = 0;   // l of the wall contacts (m); 0: characteristic_length_wall of the body's equal-area radius
  // contact=book (Matuttis & Chen's contact): l = contact_point_length of the contact's arms (a wall: 4 |r_i|; wall_length
  // ignored) and eq. 18's mass the pair's reduced mass 1/(1/m_i + 1/m_j) (a wall: m_i); the caller sets the damping cap
  // (normal.damping_cap = 2). false: the equal-area l and the normal effective mass (the header).
  bool book_contact = false;
  double skin = 0;          // Verlet skin (m)
  int threads = 1;          // 1: one pass; >= 2: the two-phase pass of forces_parallel (the same motion, bit for bit)
  int sort_interval = 0;    // no spatial sort (shape_of is the engine's)
  std::size_t min_chunked_particles = 4096;  // smaller per-body loops of the driver (kick, drift) stay serial
  mutable PoolHandle pool;  // the workers of threads >= 2 (one engine object: forces from one thread at a time)

  template <class F>
  void for_particle_chunks(std::size_t n, F&& f) const {
    run_particle_chunks(pool, threads, min_chunked_particles, n, f);
  }

  // Builds the neighbour list of bounding circles (carrying xi and the energy state roll) and sizes the wall arrays.
  void prepare(GranularState& s) const {
    if (!boundaries.planes.empty() || !boundaries.segments.empty())
      throw std::logic_error("PolygonEngine: walls belong in PolygonEngine::walls, not in boundaries");
    std::vector<Vec3> no_wall_xi, no_wall_roll;  // empty: no Boundaries walls (nothing allocated)
    ThreadPool* workers = particle_workers(pool, threads, min_chunked_particles, s.bodies.size());
    s.neighbors.build(s.bodies, boundaries, skin, s.xi, no_wall_xi, &s.roll, &no_wall_roll, workers);
    const std::size_t nw = s.bodies.size() * walls.size();
    if (s.wall_xi.size() != nw) s.wall_xi.assign(nw, Vec3::Zero());
    if (s.wall_roll.size() != nw) s.wall_roll.assign(nw, Vec3::Zero());
  }
  bool update_neighbors(GranularState& s) const {
    if (!s.neighbors.needs_rebuild(s.bodies)) return false;
    prepare(s);
    return true;
  }
  void sort(GranularState&) const {
    throw std::logic_error("PolygonEngine: no spatial sort (sort_interval must stay 0)");
  }

  const ConvexPolygon& shape(std::size_t i) const { return shapes[static_cast<std::size_t>(shape_of[i])]; }

  // Every body's force and torque. An exact-static law runs its sweep on the last forces (see the header).
  template <bool Ledger>
  ContactSums forces(GranularState& s, double dt) const {
    if constexpr (is_exact_static<Tangential>) {
      return warm_started_sweep<Ledger>(s, boundaries.gravity, dt, [&](auto ledger, double h) {
        return sweep<decltype(ledger)::value>(s, h);
      });
    } else {
      if (threads > 1) return forces_parallel<Ledger>(s, dt);
      return sweep<Ledger>(s, dt);
    }
  }

  // One pass over the pairs, then the walls.
  template <bool Ledger>
  ContactSums sweep(GranularState& s, double dt) const {
    ParticleArrays& p = s.bodies;
    const std::size_t n = p.size();
    const Vec3 g = boundaries.gravity;
    for (std::size_t i = 0; i < n; ++i) {
      p.f[i] = p.mass[i] * g;
      p.torque[i].setZero();
    }
    ContactSums sums;
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    for (std::size_t i = 0; i < n; ++i)
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k)
        pair_step<Ledger>(s, i, nbr[k], s.xi[k], s.roll[k], dt, sums);
    const std::size_t nw = walls.size();
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t w = 0; w < nw; ++w) wall_step<Ledger>(s, i, w, s.wall_xi[i * nw + w], s.wall_roll[i * nw + w], dt, sums);
    return sums;
  }

  RigidMotion motion(const ParticleArrays& p, std::size_t i) const {
    return RigidMotion{to_vec2(p.x[i]), to_vec2(p.v[i]), p.omega[i].z()};
  }

  // The relation of pair (i, j) (corners placed here); touching = false when the bounding circles miss.
  PolygonContact pair_relation(const GranularState& s, std::size_t i, std::size_t j, OverlapPolygon& scratch) const {
    const ParticleArrays& p = s.bodies;
    const Vec2 d = to_vec2(p.x[j] - p.x[i]);
    const double rs = p.radius[i] + p.radius[j];
    if (d.squaredNorm() >= rs * rs) return PolygonContact{};
    std::array<Vec2, kMaxPolygonCorners> ci, cj;
    const ConvexPolygon &si = shape(i), &sj = shape(j);
    si.place(to_vec2(p.x[i]), s.theta[i], std::span<Vec2>(ci.data(), static_cast<std::size_t>(si.size())));
    sj.place(to_vec2(p.x[j]), s.theta[j], std::span<Vec2>(cj.data(), static_cast<std::size_t>(sj.size())));
    const double l = characteristic_length(si.equal_area_radius(), sj.equal_area_radius());
    PolygonContact pc = stickslip::polygon_contact(std::span<const Vec2>(ci.data(), static_cast<std::size_t>(si.size())),
                                                   motion(p, i), std::span<const Vec2>(cj.data(), static_cast<std::size_t>(sj.size())),
                                                   motion(p, j), l, scratch);
    if (book_contact && pc.touching) {
      const double lb = contact_point_length(pc.arm_i, pc.arm_j);
      if (lb > 0) pc.l = lb;  // (0 only with the contact point on both centres: keep the equal-area l)
    }
    return pc;
  }

  // The relation of body i and wall w; touching = false when the bounding circle misses the wall.
  PolygonContact wall_relation(const GranularState& s, std::size_t i, std::size_t w, OverlapPolygon& scratch) const {
    const ParticleArrays& p = s.bodies;
    const PolygonWall& wall = walls[w];
    const Vec2 x = to_vec2(p.x[i]);
    const double r = p.radius[i];
    const double dist = (x - wall.a).dot(wall.normal());  // > 0 on the domain side
    if (dist >= r) return PolygonContact{};
    if (!wall.infinite && dist >= 0) {  // on the domain side the solid's nearest point is on the segment
      const Vec2 ab = wall.b - wall.a;
      const double t = std::clamp((x - wall.a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
      if ((x - (wall.a + t * ab)).squaredNorm() >= r * r) return PolygonContact{};
    }
    std::array<Vec2, kMaxPolygonCorners> ci;
    const ConvexPolygon& si = shape(i);
    si.place(x, s.theta[i], std::span<Vec2>(ci.data(), static_cast<std::size_t>(si.size())));
    PolygonContact pc = stickslip::wall_contact(
        std::span<const Vec2>(ci.data(), static_cast<std::size_t>(si.size())), motion(p, i), wall, RigidMotion{},
        wall_length > 0 ? wall_length : characteristic_length_wall(si.equal_area_radius()), scratch);
    if (book_contact && pc.touching) {
      const double lb = contact_point_length_wall(pc.arm_i);
      if (lb > 0) pc.l = lb;
    }
    return pc;
  }

  // The laws on a relation: kinematics, normal force, U_n state (energy = (U_n, P_el, 0)), tangential step; returns
  // the load. inv_*: 1/m and 1/I of the two bodies (0 for a wall).
  // j = kWall: a wall. s: the state whose f_last, torque_last the exact-static sweep reads and updates.
  static constexpr std::size_t kWall = static_cast<std::size_t>(-1);
  template <bool Ledger>
  ContactLoad apply_laws(const PolygonContact& pc, GranularState& s, std::size_t i, std::size_t j, Vec3& xi,
                         Vec3& energy, double dt, ContactSums& sums) const {
    const ParticleArrays& p = s.bodies;
    const bool wall = j == kWall;
    const double inv_m_i = p.inv_mass[i], inv_I_i = p.inv_inertia[i];
    const double inv_m_j = wall ? 0.0 : p.inv_mass[j], inv_I_j = wall ? 0.0 : p.inv_inertia[j];
    std::conditional_t<is_exact_static<Tangential>, PolygonStickKinematics, PolygonKinematics> c;
    c.n = to_vec3(pc.n);
    c.vt = to_vec3(pc.vt);
    c.hdot = pc.approach_rate;
    c.h = pc.chord > 0 ? pc.area / pc.chord : std::sqrt(pc.area);
    c.r_star = pc.l;
    const double inv_t = inv_mass_tangential(pc, inv_m_i, inv_I_i, inv_m_j, inv_I_j);
    const double inv_n = inv_mass_normal(pc, inv_m_i, inv_I_i, inv_m_j, inv_I_j);
    c.m_star = inv_t > 0 ? 1.0 / inv_t : 0.0;
    c.wall = wall;
    const double inv_damped = book_contact ? inv_m_i + inv_m_j : inv_n;  // eq. 18's mass (header)
    c.fn = normal.force(pc, inv_damped > 0 ? 1.0 / inv_damped : 0.0).total;
    const double p_el = elastic_power(pc, normal);
    if (dt > 0) energy.x() += 0.5 * dt * (energy.y() + p_el);
    energy.y() = p_el;
    c.elastic = energy.x();
    double fn = 0;
    if constexpr (is_exact_static<Tangential>) {
      // the Gauss-Seidel estimate (header): a_other from the last forces without this contact's F_prev
      rotate_into_plane(xi, c.n);
      const Vec2 f_prev = to_vec2(xi), t = pc.tangent();
      Vec2 a = inv_m_i * to_vec2(s.f_last[i]) + inv_I_i * s.torque_last[i].z() * perp(pc.arm_i);
      if (!wall) a -= inv_m_j * to_vec2(s.f_last[j]) + inv_I_j * s.torque_last[j].z() * perp(pc.arm_j);
      c.inv_mass_t = inv_t;
      c.a_other = to_vec3(a.dot(t) * t - inv_t * f_prev);
      const Vec3 ft = contact_step<Ledger>(PolygonNormalLaw{}, tangential, c, xi, dt, sums, fn);
      const Vec2 df = to_vec2(ft) - f_prev;
      s.f_last[i] += to_vec3(df);
      s.torque_last[i].z() += cross2(pc.arm_i, df);
      if (!wall) {
        s.f_last[j] -= to_vec3(df);
        s.torque_last[j].z() -= cross2(pc.arm_j, df);
      }
      return contact_load(pc, fn, to_vec2(ft));
    } else {
      const Vec3 ft = contact_step<Ledger>(PolygonNormalLaw{}, tangential, c, xi, dt, sums, fn);
      return contact_load(pc, fn, to_vec2(ft));
    }
  }

  // The load of pair (i, j) (zero when it does not touch; then its spring and energy state are zeroed).
  template <bool Ledger>
  ContactLoad pair_load(GranularState& s, std::size_t i, std::size_t j, Vec3& xi, Vec3& energy, double dt,
                        ContactSums& sums) const {
    OverlapPolygon scratch;
    const PolygonContact pc = pair_relation(s, i, j, scratch);
    if (!pc.touching) {
      xi.setZero();
      energy.setZero();
      return ContactLoad{};
    }
    return apply_laws<Ledger>(pc, s, i, j, xi, energy, dt, sums);
  }

  template <bool Ledger>
  void pair_step(GranularState& s, std::size_t i, std::size_t j, Vec3& xi, Vec3& energy, double dt,
                    ContactSums& sums) const {
    const ContactLoad q = pair_load<Ledger>(s, i, j, xi, energy, dt, sums);
    ParticleArrays& p = s.bodies;
    p.f[i] += to_vec3(q.force_i);
    p.f[j] -= to_vec3(q.force_i);
    p.torque[i].z() += q.torque_i;
    p.torque[j].z() += q.torque_j;
  }

  // Threads (threads >= 2, laws without an exact-static sweep): phase 1 evaluates every pair slot once (the rows
  // split into chunks of equal pair counts, pair_chunk_rows) and keeps its load: s.pair_force[k] = F_i and
  // s.pair_arm[k] = (T_i, T_j, 0); phase 2 sums per body in sweep()'s order of operations: gravity, minus the slots
  // where it is the partner (ascending: the rows before it reach it first), plus its own row's slots, then its walls
  // (a body's walls touch only its own slots). So the motion is bitwise that of threads = 1 (tests/models/polygon:
  // the threads case); the ledger's totals are summed per chunk and may differ in the last bits. Each thread writes
  // only its own rows' slots and its own bodies; both phases run on the engine's pool; nothing allocated per call
  // once the slot arrays have grown. Coulomb's sweep is sequential and stays in the single pass.
  template <bool Ledger>
  ContactSums forces_parallel(GranularState& s, double dt) const {
    ParticleArrays& p = s.bodies;
    const std::size_t n = p.size(), t_count = static_cast<std::size_t>(threads), nw = walls.size();
    s.pair_force.resize(s.neighbors.num_pairs());
    s.pair_arm.resize(s.neighbors.num_pairs());
    s.part.assign(2 * t_count, ContactSums{});
    pair_chunk_rows(s, t_count);
    const auto& first = s.neighbors.first();
    const auto& nbr = s.neighbors.neighbors();
    ThreadPool& workers = pool.get(threads);
    auto pair_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;
      for (std::size_t i = s.chunk_rows[c]; i < std::max(s.chunk_rows[c], s.chunk_rows[c + 1]); ++i)
        for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
          const ContactLoad q = pair_load<Ledger>(s, i, nbr[k], s.xi[k], s.roll[k], dt, local);
          s.pair_force[k] = to_vec3(q.force_i);
          s.pair_arm[k] = Vec3(q.torque_i, q.torque_j, 0.0);
        }
      s.part[c] = local;
    };
    workers.run(pair_task);
    const auto& tfirst = s.neighbors.partner_first();
    const auto& tslot = s.neighbors.partner_slots();
    const Vec3 g = boundaries.gravity;
    auto sum_task = [&](int t) {
      const std::size_t c = static_cast<std::size_t>(t);
      ContactSums local;
      for (std::size_t i = n * c / t_count; i < n * (c + 1) / t_count; ++i) {
        Vec3 f = p.mass[i] * g;
        double torque = 0;
        for (std::uint32_t q = tfirst[i]; q < tfirst[i + 1]; ++q) {
          f -= s.pair_force[tslot[q]];
          torque += s.pair_arm[tslot[q]].y();
        }
        for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
          f += s.pair_force[k];
          torque += s.pair_arm[k].x();
        }
        p.f[i] = f;
        p.torque[i] = Vec3(0, 0, torque);
        for (std::size_t w = 0; w < nw; ++w)
          wall_step<Ledger>(s, i, w, s.wall_xi[i * nw + w], s.wall_roll[i * nw + w], dt, local);
      }
      s.part[t_count + c] = local;
    };
    workers.run(sum_task);
    ContactSums sums;
    for (const ContactSums& c : s.part) sums.add(c);
    return sums;
  }

  template <bool Ledger>
  void wall_step(GranularState& s, std::size_t i, std::size_t w, Vec3& xi, Vec3& energy, double dt,
                    ContactSums& sums) const {
    OverlapPolygon scratch;
    const PolygonContact pc = wall_relation(s, i, w, scratch);
    if (!pc.touching) {
      xi.setZero();
      energy.setZero();
      return;
    }
    ParticleArrays& p = s.bodies;
    const ContactLoad q = apply_laws<Ledger>(pc, s, i, kWall, xi, energy, dt, sums);
    p.f[i] += to_vec3(q.force_i);
    p.torque[i].z() += q.torque_i;
  }

  // A body of shape `shape_index` (appended to shape_of) at pose (x, theta) with velocity v and spin omega;
  // density rho (kg/m^3). frozen: never moves (inv_mass = inv_inertia = 0). Returns its index.
  std::size_t add_body(GranularState& s, int shape_index, const Vec2& x, double theta, double density,
                       const Vec2& v = Vec2::Zero(), double omega = 0, bool frozen = false) {
    if (shape_index < 0 || static_cast<std::size_t>(shape_index) >= shapes.size())
      throw_input("shape_of", std::to_string(shape_index), "an index into the shapes");
    if (!(density > 0) || !std::isfinite(density))
      throw_input("density", format_value(density), "a finite density > 0 (kg/m^3)");
    const ConvexPolygon& sh = shapes[static_cast<std::size_t>(shape_index)];
    ParticleArrays& p = s.bodies;
    p.add(to_vec3(x), to_vec3(v), sh.bounding_radius(), sh.mass(density), true, frozen);
    p.omega.back() = Vec3(0, 0, omega);
    p.inv_inertia.back() = frozen ? 0.0 : 1.0 / sh.inertia(density);
    s.theta.push_back(theta);
    shape_of.push_back(shape_index);
    return p.size() - 1;
  }
};

// A frame of the engine's bodies as they are now (copies of the poses and velocities; frame() views them and the
// engine's shapes, so it lives no longer than the engine): for dumps, figures and the repose fit.
struct PolygonStateFrame {
  std::vector<Vec2> x, v;
  std::vector<double> theta, omega;
  std::span<const ConvexPolygon> shapes;
  std::span<const int> shape_of;

  template <class Tangential>
  PolygonStateFrame(const PolygonEngine<Tangential>& e, const GranularState& s)
      : theta(s.theta), shapes(e.shapes), shape_of(e.shape_of) {
    const ParticleArrays& p = s.bodies;
    x.reserve(p.size()), v.reserve(p.size()), omega.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
      x.push_back(to_vec2(p.x[i]));
      v.push_back(to_vec2(p.v[i]));
      omega.push_back(p.omega[i].z());
    }
  }
  PolygonFrame frame() const { return PolygonFrame{shapes, shape_of, x, theta, v, omega}; }
};

// The engine's shapes, bodies and state from a frame (poses, velocities where given) and a density (kg/m^3).
template <class Tangential>
void add_polygon_frame(PolygonEngine<Tangential>& e, GranularState& s, const PolygonFrame& f, double density) {
  check_polygon_frame(f, "frame");
  const int offset = static_cast<int>(e.shapes.size());
  for (const ConvexPolygon& sh : f.shapes) e.shapes.push_back(sh);
  for (std::size_t i = 0; i < f.size(); ++i)
    e.add_body(s, offset + f.shape_of[i], f.x[i], f.theta[i], density, f.velocity(i), f.spin(i));
}

// The hopper scene of models/polygon/polygon_hopper.hpp: its bodies (at rest) with spec.density, its walls appended to
// e.walls, gravity (0, -spec.g).
template <class Tangential>
void add_polygon_hopper(PolygonEngine<Tangential>& e, GranularState& s, const PolygonHopperScene& scene,
                        const HopperHeapSpec& spec) {
  add_polygon_frame(e, s, scene.frame(), spec.density);
  e.walls.insert(e.walls.end(), scene.walls.begin(), scene.walls.end());
  e.boundaries.gravity = Vec3(0, -spec.g, 0);
}

}  // namespace stickslip
