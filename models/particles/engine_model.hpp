// models/particles/engine_model.hpp — the particle engine (models/particles/particle_engine.hpp) as a state-vector
// Model (core/model.hpp), so the same engine object runs under the odeint and CVODE drivers (solvers/integrate.hpp:
// euler ... rk4, dopri5, cvode) for a handful of bodies, with O(N + candidates) forces per right-hand side.
//
// State layout (SI), body p (stride 12, base 12 p):  0-2 x,  3-5 v,  6-8 omega,  9-11 phi = int omega dt (rad; the
// total rotation about a fixed axis, what the rolling-sphere and three-spheres studies plot). Then one law state
// (3-vector) per candidate of a candidate list fixed at construction (the engine's neighbor list built once with skin
// `reach`): pair slot k at 12 N + 3 k, wall slot k at 12 N + 3 (pairs + k). Last, at 12 N + 3 S (S slots):
// W = int sum_k F_t,k . v_t,k dt (J), the work of the tangential forces on the slip (Energy::work).
// Bodies:  x' = v,  v' = f/m,  omega' = T/I,  phi' = omega  (frozen bodies: 0); f = m g + contact forces, a contact
// acting with -f_n n + F_t on i and the opposite on j, moments r_i n x F_t on i and r_j n x F_t on j (Campello,
// "DEM with Rodrigues rotation parameters", eq. 39; models/particles/contact_kinematics.hpp).
// Every closed slot's law state turns with the contact plane: xi' = (law's rate) - (xi . n') n, which keeps
// xi . n = 0, n' = (I - n n^T) d'/|d| (d: centre to partner or wall point).
// Two kinds of tangential law (models/contact/law.hpp's forms, picked by concept):
// 1. A rate whose discrete increment is its explicit Euler step (EngineRateLaw: Csds, Fuehrer/Brendel/Wolf eq. 9-10,
//    its sticking/sliding switch a kink inside the law, no event; the C-SDS regularisations of other laws) or a
//    slip force (Frictionless: xi' = 0). The right-hand side takes two engine calls: forces(state, 0) gives f, T at
//    the state's springs (turned into the tangent plane, length kept); forces(state, 1) then advances every spring
//    by one unit of time with the law's increment, xi + 1 * rate, so rate = difference.
//    Mode: one int per slot, 0 open, 1 closed. Events, one per slot: g = h while open (fires when it closes), -h
//    while closed (fires when it opens); on_event flips the slot and sets its spring to 0 when it opens (a contact
//    that opens loses its history, as in the engine).
// 2. A modes form (EngineModesLaw: Mindlin's stick/slip spring, Campello eq. 29-37 in the continuous limit; the rigid
//    Coulomb contact; each law's header gives its equations): the engine's contact geometry, its normal law, and
//    per slot the mode kOpen, kStick or kSlip. Events, S slots:
//      [0, S)   contact: g = h while open, -h while closed. Closing creates the state (xi = 0) and takes the law's
//               closing_mode; opening removes it (xi = 0).
//      [S, 2S)  stick/slip of a closed slot: the law's switching function (-1 for an open slot).
//    A law whose stick is a constraint (`constrained_stick`, Coulomb) gets its sticking contacts' forces from the
//    joint solve of models/particles/stick_constraints.hpp, computed from all other forces; a contact that closes
//    (or starts) in stick with a constraint force beyond its switching threshold by more than rounding slips at
//    once. Drivers locate the earliest root only, and a symmetric configuration (the three floor contacts of
//    Campello's ex. 5.2) reaches several switches at one instant: on_event switches its slot only if the law's leave
//    condition holds there, and then settles every other slot already past its switch (one at a time for a
//    constrained stick, whose forces change with every switch). project() puts each slip on its constraint (the
//    law's project: Mindlin's cone; Coulomb's seeded slip path). Normal law: f_n, and (Mindlin's cone) its elastic
//    part F_el and dF_el/dh (models/contact/normal_registry.hpp).
// Periodic boxes are refused (positions are not folded).
// The object keeps mutable scratch (a GranularState and per-body sums: a cache, not state): one driver at a time per
// object.
#pragma once

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"
#include "core/model.hpp"
#include "models/particles/particle_engine.hpp"
#include "models/particles/stick_constraints.hpp"

namespace stickslip {

// The laws the rate path runs: a rate form whose discrete increment is the explicit Euler step of the rate
// (CsdsForms: euler_increment), so that one increment over 1 s gives the rate; or a slip force (no spring).
template <class L>
concept EngineRateLaw = IncrementForm<L, ContactKinematics> &&
                        ((RateForm<L, ContactKinematics> && requires { requires L::euler_increment; }) ||
                         SlipForceForm<L, ContactKinematics>);
// The laws the modes path runs (models/contact/law.hpp's ContactModesForm on ModeKinematics).
template <class L>
concept EngineModesLaw = HasContactModes<L, ModeKinematics>;
template <class L>
concept EngineOdeLaw = EngineModesLaw<L> || EngineRateLaw<L>;

template <class Normal, class Tangential>
class EngineModel : public Model {
 public:
  static constexpr std::size_t kStride = 12;
  static constexpr bool kModes = EngineModesLaw<Tangential>;
  static constexpr int kOpen = contact_open, kStick = contact_stick, kSlip = contact_slip;
  using Engine = ParticleEngine<Normal, Tangential>;

  // bodies: radii, masses, inertias (positions and velocities are the state's); reach: the candidate list holds the
  // pairs closer than r_i + r_j + reach and the walls closer than reach at these positions, for the whole run.
  EngineModel(const Engine& engine, const ParticleArrays& bodies, double reach) : engine_(engine) {
    if (!EngineOdeLaw<Tangential>)
      throw_input("tangential", std::string(Tangential::name) + " with normal " + Normal::name,
                  "the odeint/CVODE drivers of the particle engine need a law with a modes form, or a spring with a "
                  "rate form: mindlin, coulomb, csds or none (" + std::string(Tangential::name) +
                      " is a discrete increment: velocity-verlet or trapezoid)");
    if (engine.boundaries.box.any())
      throw_input("boundaries", "periodic", "the state-vector form of the particle engine takes open boxes only");
    if (!(reach >= 0)) throw_input("reach", format_value(reach), "must be >= 0 (m)");
    engine_.threads = 1;
    engine_.skin = reach;
    scratch_.bodies = bodies;
    engine_.prepare(scratch_);  // the fixed candidate list
    const auto& first = scratch_.neighbors.first();
    const auto& nbr = scratch_.neighbors.neighbors();
    for (std::size_t i = 0; i + 1 < first.size(); ++i)
      for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) slot_i_.push_back(i), slot_j_.push_back(nbr[k]);
    const auto& wfirst = scratch_.neighbors.wall_first();
    const auto& wall = scratch_.neighbors.walls();
    for (std::size_t i = 0; i + 1 < wfirst.size(); ++i)
      for (std::uint32_t k = wfirst[i]; k < wfirst[i + 1]; ++k) wall_i_.push_back(i), wall_w_.push_back(wall[k]);
    xdot_ = Vec::Zero(static_cast<Eigen::Index>(work_index() + 1));
  }

  std::size_t num_bodies() const { return scratch_.bodies.size(); }
  std::size_t num_pair_slots() const { return slot_i_.size(); }
  std::size_t num_wall_slots() const { return wall_i_.size(); }
  std::size_t num_slots() const { return slot_i_.size() + wall_i_.size(); }
  std::size_t body_base(std::size_t p) const { return kStride * p; }
  std::size_t slot_base(std::size_t k) const { return kStride * num_bodies() + 3 * k; }
  std::size_t work_index() const { return kStride * num_bodies() + 3 * num_slots(); }
  const Engine& engine() const { return engine_; }

  std::size_t size() const override { return work_index() + 1; }
  std::vector<std::string> state_names() const override {
    std::vector<std::string> names;
    const char* axes = "xyz";
    for (std::size_t p = 0; p < num_bodies(); ++p)
      for (const char* q : {"x", "v", "omega", "phi"})
        for (int a = 0; a < 3; ++a) names.push_back(std::string(q) + std::to_string(p) + "_" + axes[a]);
    for (std::size_t k = 0; k < num_slots(); ++k)
      for (int a = 0; a < 3; ++a) names.push_back("xi" + std::to_string(k) + "_" + axes[a]);
    names.emplace_back("W");
    return names;
  }

  // The state of `bodies` (x, v, omega), phi = 0, every law state 0 and W = 0.
  Vec make_state(const ParticleArrays& bodies) const {
    Vec s = Vec::Zero(static_cast<Eigen::Index>(size()));
    for (std::size_t p = 0; p < num_bodies(); ++p) {
      s.segment<3>(body_base(p)) = bodies.x[p];
      s.segment<3>(body_base(p) + 3) = bodies.v[p];
      s.segment<3>(body_base(p) + 6) = bodies.omega[p];
    }
    return s;
  }
  // Copies x, v, omega of the state into `bodies`.
  void read_bodies(VecCRef x, ParticleArrays& bodies) const {
    for (std::size_t p = 0; p < num_bodies(); ++p) {
      bodies.x[p] = x.segment<3>(body_base(p));
      bodies.v[p] = x.segment<3>(body_base(p) + 3);
      bodies.omega[p] = x.segment<3>(body_base(p) + 6);
    }
  }
  // Overlap of slot k (negative when open).
  double overlap(VecCRef x, std::size_t k) const { return geometry(k, x).h; }
  // Slip velocity of slot k's contact point (body i against its partner), in the contact plane.
  Vec3 slip_velocity(VecCRef x, std::size_t k) const {
    read_bodies(x, scratch_.bodies);
    return contact(k, x).c.vt;
  }
  // Tangential force on body i of slot k in `mode` (modes laws; zero when open).
  Vec3 tangential_force(VecCRef x, const Mode& mode, std::size_t k) const {
    if constexpr (kModes) {
      evaluate(x, mode, xdot_, &slot_force_);
      return slot_force_[k];
    }
    return Vec3::Zero();
  }

  void rhs(double, VecCRef x, const Mode& mode, VecRef xdot) const override {
    if constexpr (kModes) {
      evaluate(x, mode, xdot, nullptr);
    } else {
      load(x);
      const ContactSums sums = engine_.template forces<true>(scratch_, 0.0);  // f, T at the state's springs
      body_rates(xdot);
      xdot[static_cast<Eigen::Index>(work_index())] = -sums.power_tangential;
      turned_ = scratch_.xi, wall_turned_ = scratch_.wall_xi;  // the springs in the tangent planes
      engine_.template forces<false>(scratch_, 1.0);           // each spring + 1 s x its rate
      for (std::size_t k = 0; k < num_slots(); ++k) {
        const Geometry g = geometry(k, x);
        const Vec3 xi = x.segment<3>(slot_base(k));
        const bool wall = k >= num_pair_slots();
        const std::size_t q = wall ? k - num_pair_slots() : k;
        const Vec3 rate = wall ? Vec3(scratch_.wall_xi[q] - wall_turned_[q]) : Vec3(scratch_.xi[q] - turned_[q]);
        xdot.segment<3>(slot_base(k)) = g.h > 0 ? Vec3(rate - xi.dot(g.ndot) * g.n) : Vec3::Zero();
      }
    }
  }

  Mode initial_mode(double, VecCRef x) const override {
    Mode m(num_slots());
    if constexpr (kModes) {
      read_bodies(x, scratch_.bodies);
      const auto form = engine_.tangential.modes();
      for (std::size_t k = 0; k < num_slots(); ++k) {
        const Contact s = contact(k, x);
        m[k] = s.c.h > 0 ? form.closing_mode(s.c, spring(x, k)) : kOpen;
      }
      if constexpr (decltype(form)::constrained_stick) {  // a sticking contact whose constraint force is too large slips
        evaluate(x, m, xdot_, &slot_force_);
        for (std::size_t k = 0; k < num_slots(); ++k)
          if (m[k] == kStick) {
            const Contact s = contact(k, x);
            if (form.switching(s.c, spring(x, k), kStick, slot_force_[k]) > s.c.rounding) m[k] = kSlip;
          }
      }
    } else {
      for (std::size_t k = 0; k < num_slots(); ++k) m[k] = geometry(k, x).h > 0 ? 1 : 0;
    }
    return m;
  }
  std::size_t num_events() const override { return kModes ? 2 * num_slots() : num_slots(); }
  void events(double, VecCRef x, const Mode& mode, VecRef g) const override {
    const std::size_t ns = num_slots();
    for (std::size_t k = 0; k < ns; ++k) {
      const double h = geometry(k, x).h;
      g[static_cast<Eigen::Index>(k)] = slot_mode(mode, x, k) != kOpen ? -h : h;
    }
    if constexpr (kModes) {
      const auto form = engine_.tangential.modes();
      if constexpr (decltype(form)::constrained_stick) evaluate(x, mode, xdot_, &slot_force_);
      else slot_force_.assign(ns, Vec3::Zero()), read_bodies(x, scratch_.bodies);
      for (std::size_t k = 0; k < ns; ++k) {
        const int m = slot_mode(mode, x, k);
        g[static_cast<Eigen::Index>(ns + k)] =
            m == kOpen ? -1.0 : form.switching(contact(k, x).c, spring(x, k), m, slot_force_[k]);
      }
    }
  }
  EventOutcome on_event(double, VecRef x, Mode& mode, std::size_t which) const override {
    if (which >= num_events()) return {false, false};
    if constexpr (!kModes) {
      mode[which] = 1 - mode[which];
      if (mode[which] == 0) x.segment<3>(slot_base(which)).setZero();
      return {true, false};
    } else {
      const std::size_t ns = num_slots(), k = which < ns ? which : which - ns;
      const auto form = engine_.tangential.modes();
      std::vector<char> done(ns, 0);
      done[k] = 1;
      bool changed = false;
      read_bodies(x, scratch_.bodies);
      if (which < ns) {
        x.segment<3>(slot_base(k)).setZero();  // the law state is created / removed with the contact
        if (mode[k] != kOpen) {
          mode[k] = kOpen;
        } else {
          const Contact s = contact(k, x);
          mode[k] = form.closing_mode(s.c, Vec3::Zero());
          if constexpr (decltype(form)::constrained_stick) {
            if (mode[k] == kStick) {
              const Vec3 f = tangential_force(x, mode, k);
              Vec3 xi = Vec3::Zero();
              if (form.switching(s.c, xi, kStick, f) > s.c.rounding) mode[k] = form.on_switch(s.c, xi, kStick, f);
              x.segment<3>(slot_base(k)) = xi;
            }
          }
        }
        changed = true;
      } else {
        // The driver located this switch; it acts only if the law's condition holds here (several drivers hand over
        // every root found at one time, and settle() may already have switched this slot).
        slot_forces(x, mode);
        if (leaves(x, mode, k)) {
          switch_slot(x, mode, k);
          changed = true;
        }
      }
      // Other slots that reached their switch at the same instant: a located root of one function may leave another
      // at g >= 0, which no later crossing would report.
      return {settle(x, mode, done) || changed, false};
    }
  }
  void project(double, VecRef x, const Mode& mode) const override {
    if constexpr (kModes) {
      if (mode.size() != num_slots()) return;
      const auto form = engine_.tangential.modes();
      read_bodies(x, scratch_.bodies);
      for (std::size_t k = 0; k < num_slots(); ++k) {
        if (mode[k] != kSlip) continue;
        const Contact s = contact(k, x);
        Vec3 xi = spring(x, k), f_stick = Vec3::Zero();
        if ((xi - xi.dot(s.c.n) * s.c.n).norm() == 0 && s.c.vt.norm() == 0) {  // no direction: the stick force's
          Mode stick = mode;
          stick[k] = kStick;
          if constexpr (decltype(form)::constrained_stick) f_stick = tangential_force(x, stick, k);
          else f_stick = form.force(s.c, xi, kStick);
          read_bodies(x, scratch_.bodies);
        }
        form.project(s.c, xi, kSlip, f_stick);
        x.segment<3>(slot_base(k)) = xi;
      }
    }
  }

  // Kinetic energy, the tangential law states' elastic energy (potential), the work W, and (external) the normal
  // contacts' elastic energy plus the gravity potential -m g . x.
  Energy energy(double, VecCRef x, const Mode&) const override {
    Energy e;
    load(x);
    const ParticleArrays& p = scratch_.bodies;
    e.kinetic = kinetic_energy(p);
    for (std::size_t b = 0; b < num_bodies(); ++b) e.external -= p.mass[b] * engine_.boundaries.gravity.dot(p.x[b]);
    e.work = x[static_cast<Eigen::Index>(work_index())];
    if constexpr (kModes) {
      const auto form = engine_.tangential.modes();
      for (std::size_t k = 0; k < num_slots(); ++k) {
        const Contact s = contact(k, x);
        if (s.c.h <= 0) continue;
        double u = 0;
        engine_.normal.force(s.c, u);
        e.external += u;
        e.potential += form.elastic_energy(s.c, spring(x, k));
      }
    } else {
      const ContactSums sums = engine_.template forces<true>(scratch_, 0.0);
      e.external += sums.elastic_normal;
      e.potential = sums.elastic_tangential;
    }
    return e;
  }

 private:
  struct Geometry {
    double h;
    Vec3 n, ndot;  // unit normal from the body towards the partner, and its rate
  };
  // Overlap, normal and its rate of slot k (pairs first, then walls).
  Geometry geometry(std::size_t k, VecCRef x) const {
    Geometry g;
    const ParticleArrays& p = scratch_.bodies;
    Vec3 d, ddot;
    if (k < num_pair_slots()) {
      const std::size_t i = slot_i_[k], j = slot_j_[k];
      d = x.segment<3>(body_base(j)) - x.segment<3>(body_base(i));
      ddot = moving(j, x) - moving(i, x);
      const double r = d.norm();
      g.h = p.radius[i] + p.radius[j] - r;
    } else {
      const std::size_t q = k - num_pair_slots(), i = wall_i_[q], w = wall_w_[q];
      const Vec3 xi = x.segment<3>(body_base(i)), vi = moving(i, x);
      const WallGeometry wg = engine_.boundaries.wall(w, xi);
      d = wg.distance * wg.n;  // centre to the wall point
      Vec3 cdot = Vec3::Zero();  // velocity of the closest wall point
      const auto& planes = engine_.boundaries.planes;
      if (w < planes.size()) {
        cdot = vi - vi.dot(planes[w].normal) * planes[w].normal;
      } else {
        const SegmentWall& s = engine_.boundaries.segments[w - planes.size()];
        const Vec3 ab = s.b - s.a;
        const double len2 = ab.squaredNorm(), t = len2 > 0 ? (xi - s.a).dot(ab) / len2 : 0.0;
        if (t > 0 && t < 1) cdot = vi.dot(ab) / len2 * ab;
      }
      ddot = cdot - vi;
      g.h = p.radius[i] - wg.distance;
    }
    const double r = d.norm();
    g.n = r > 0 ? Vec3(d / r) : Vec3(Vec3::UnitX());
    g.ndot = r > 0 ? Vec3((ddot - ddot.dot(g.n) * g.n) / r) : Vec3(Vec3::Zero());
    return g;
  }
  Vec3 moving(std::size_t b, VecCRef x) const {
    return scratch_.bodies.inv_mass[b] > 0 ? Vec3(x.segment<3>(body_base(b) + 3)) : Vec3(Vec3::Zero());
  }
  void load(VecCRef x) const {
    read_bodies(x, scratch_.bodies);
    for (std::size_t k = 0; k < num_pair_slots(); ++k) scratch_.xi[k] = x.segment<3>(slot_base(k));
    for (std::size_t k = 0; k < num_wall_slots(); ++k)
      scratch_.wall_xi[k] = x.segment<3>(slot_base(num_pair_slots() + k));
  }
  // x' = v, v' = f/m, omega' = T/I, phi' = omega from the bodies' forces and torques in scratch_.
  void body_rates(VecRef xdot) const {
    const ParticleArrays& p = scratch_.bodies;
    for (std::size_t b = 0; b < num_bodies(); ++b) {
      const std::size_t o = body_base(b);
      xdot.segment<3>(o) = p.inv_mass[b] > 0 ? p.v[b] : Vec3(Vec3::Zero());
      xdot.segment<3>(o + 3) = p.inv_mass[b] * p.f[b];
      xdot.segment<3>(o + 6) = p.inv_inertia[b] * p.torque[b];
      xdot.segment<3>(o + 9) = p.omega[b];
    }
  }
  Vec3 spring(VecCRef x, std::size_t k) const { return x.segment<3>(slot_base(k)); }

  // ---- the modes path ----
  struct Contact {
    ModeKinematics c;
    Vec3 ndot;
    StickRow row;  // bodies, normal and its rate (the joint stick constraint's row)
  };
  // The kinematics and normal load of slot k (the bodies of x loaded into scratch_).
  Contact contact(std::size_t k, VecCRef x) const {
    const ParticleArrays& p = scratch_.bodies;
    Contact s;
    if (k < num_pair_slots()) {
      const std::size_t i = slot_i_[k], j = slot_j_[k];
      const Vec3 d = p.x[j] - p.x[i];
      const double inv_sum = p.inv_mass[i] + p.inv_mass[j];
      static_cast<ContactKinematics&>(s.c) = pair_kinematics(d, d.norm(), p.v[i], p.v[j], p.omega[i], p.omega[j],
                                                             p.radius[i], p.radius[j], inv_sum > 0 ? 1.0 / inv_sum : 0.0);
      s.row.i = i, s.row.j = j;
    } else {
      const std::size_t q = k - num_pair_slots(), i = wall_i_[q];
      const WallGeometry wg = engine_.boundaries.wall(wall_w_[q], p.x[i]);
      static_cast<ContactKinematics&>(s.c) = wall_kinematics(wg.n, wg.distance, p.v[i], p.omega[i], p.radius[i], p.mass[i]);
      s.row.i = i;
    }
    s.ndot = geometry(k, x).ndot;
    if (s.c.h > 0) {
      double u = 0, stiffness = 0;
      s.c.fn = engine_.normal.force(s.c, u);
      s.c.elastic = engine_.normal.elastic_force(s.c, stiffness);
      s.c.elastic_rate = stiffness * s.c.hdot;
    }
    s.c.rounding = 1e-9 * s.c.m_star * std::max(1.0, engine_.boundaries.gravity.norm());
    s.row.n = s.c.n, s.row.ndot = s.ndot, s.row.hdot = s.c.hdot;
    return s;
  }
  // mode[k], or (a mode vector of another size: a caller without one) stick while the slot overlaps.
  int slot_mode(const Mode& mode, VecCRef x, std::size_t k) const {
    if (mode.size() == num_slots()) return mode[k];
    return geometry(k, x).h > 0 ? kStick : kOpen;
  }
  // x' in `mode`; force: every slot's tangential force on i (zero when open), the constrained sticks' included.
  void evaluate(VecCRef x, const Mode& mode, VecRef xdot, std::vector<Vec3>* force) const {
    read_bodies(x, scratch_.bodies);
    ParticleArrays& p = scratch_.bodies;
    const auto form = engine_.tangential.modes();
    xdot.setZero();
    if (force) force->assign(num_slots(), Vec3::Zero());
    for (std::size_t b = 0; b < num_bodies(); ++b) {
      p.f[b] = p.mass[b] * engine_.boundaries.gravity;
      p.torque[b].setZero();
    }
    double power = 0;
    rows_.clear(), row_slot_.clear(), row_vt_.clear();
    for (std::size_t k = 0; k < num_slots(); ++k) {
      const int m = slot_mode(mode, x, k);
      if (m == kOpen) continue;
      const Contact s = contact(k, x);
      apply(s.row, Vec3(-s.c.fn * s.c.n));
      const Vec3 xi = spring(x, k);
      const bool constrained = decltype(form)::constrained_stick && m == kStick;
      if (constrained) {
        rows_.push_back(s.row), row_slot_.push_back(k), row_vt_.push_back(s.c.vt);
        xdot.segment<3>(slot_base(k)) = -xi.dot(s.ndot) * s.c.n;
        continue;
      }
      const Vec3 ft = form.force(s.c, xi, m);
      xdot.segment<3>(slot_base(k)) = form.rate(s.c, xi, m) - xi.dot(s.ndot) * s.c.n;
      apply(s.row, ft);
      power += ft.dot(s.c.vt);
      if (force) (*force)[k] = ft;
    }
    if (!rows_.empty()) {
      stick_constraint_forces(p, p.f, p.torque, rows_, stick_force_);
      for (std::size_t q = 0; q < rows_.size(); ++q) {
        apply(rows_[q], stick_force_[q]);
        power += stick_force_[q].dot(row_vt_[q]);
        if (force) (*force)[row_slot_[q]] = stick_force_[q];
      }
    }
    body_rates(xdot);
    xdot[static_cast<Eigen::Index>(work_index())] = power;
  }
  // The force F on i at a contact (and -F on its partner), with its moments.
  void apply(const StickRow& r, const Vec3& f) const {
    ParticleArrays& p = scratch_.bodies;
    const Vec3 arm = r.n.cross(f);
    p.f[r.i] += f;
    p.torque[r.i] += p.radius[r.i] * arm;
    if (r.j != StickRow::kWall) {
      p.f[r.j] -= f;
      p.torque[r.j] += p.radius[r.j] * arm;
    }
  }
  // slot_force_: every slot's tangential force in `mode` where the law's switches need it (a constrained stick).
  void slot_forces(VecCRef x, const Mode& mode) const {
    if constexpr (decltype(engine_.tangential.modes())::constrained_stick) evaluate(x, mode, xdot_, &slot_force_);
    else slot_force_.assign(num_slots(), Vec3::Zero()), read_bodies(x, scratch_.bodies);
  }
  // Whether closed slot k's condition for leaving its mode holds at x (slot_forces(x, mode) evaluated).
  bool leaves(VecCRef x, const Mode& mode, std::size_t k) const {
    if (mode[k] == kOpen) return false;
    return engine_.tangential.modes().leaves(contact(k, x).c, spring(x, k), mode[k], slot_force_[k]);
  }
  // Stick <-> slip of slot k with the law's state map (slot_forces(x, mode) evaluated).
  void switch_slot(VecRef x, Mode& mode, std::size_t k) const {
    Vec3 xi = spring(x, k);
    mode[k] = engine_.tangential.modes().on_switch(contact(k, x).c, xi, mode[k], slot_force_[k]);
    x.segment<3>(slot_base(k)) = xi;
  }
  // Switches every slot not yet `done` whose leave condition holds, until none does (one per pass for a
  // constrained stick, whose forces change with every switch); returns whether any did.
  bool settle(VecRef x, Mode& mode, std::vector<char>& done) const {
    constexpr bool one_at_a_time = decltype(engine_.tangential.modes())::constrained_stick;
    bool changed = false;
    for (std::size_t pass = 0; pass < num_slots(); ++pass) {
      slot_forces(x, mode);
      bool any = false;
      for (std::size_t k = 0; k < num_slots(); ++k)
        if (!done[k] && leaves(x, mode, k)) {
          switch_slot(x, mode, k);
          done[k] = 1;
          any = changed = true;
          if (one_at_a_time) break;
        }
      if (!any) break;
    }
    return changed;
  }

  Engine engine_;
  std::vector<std::size_t> slot_i_, slot_j_, wall_i_, wall_w_;
  mutable GranularState scratch_;  // cache of the last evaluation (not state)
  mutable std::vector<Vec3> turned_, wall_turned_;
  mutable std::vector<StickRow> rows_;  // the modes path's workspace
  mutable std::vector<std::size_t> row_slot_;
  mutable std::vector<Vec3> row_vt_, stick_force_, slot_force_;
  mutable Vec xdot_;
};

}  // namespace stickslip
