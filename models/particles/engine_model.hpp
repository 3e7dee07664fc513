// models/particles/engine_model.hpp — the particle engine (models/particles/particle_engine.hpp) as a state-vector
// Model (core/model.hpp), so the same engine object runs under the odeint and CVODE drivers (solvers/integrate.hpp:
// euler ... rk4, dopri5, cvode) for a handful of bodies, with O(N + candidates) forces per right-hand side.
//
// State layout (SI), body p (stride 12, base 12 p):  0-2 x,  3-5 v,  6-8 omega,  9-11 phi = int omega dt (rad; the
// total rotation about a fixed axis, as in models/sphere_model.hpp). Then one spring per candidate of a candidate
// list fixed at construction (the engine's neighbor list built once with skin `reach`): pair slot k at
// 12 N + 3 k, wall slot k at 12 N + 3 (pairs + k).
// Right-hand side (two engine calls): forces(state, 0) gives f, T at the state's springs (turned into the tangent
// plane, length kept); forces(state, 1) then advances every spring by one unit of time with the law's increment,
// which for a law with a rate form is xi + 1 * rate, so rate = difference:
//   x' = v,  v' = f/m,  omega' = T/I,  phi' = omega  (frozen bodies: 0),
//   xi' = rate(xi, v_t) - (xi . n') n  on a closed slot (the spring turns with the contact plane and keeps
//   xi . n = 0, as s' in models/sphere_model.hpp), n' = (I - n n^T) d'/|d| (d: centre to partner or wall point);
//   xi' = 0 on an open slot.
// Laws with a rate form whose increment is its Euler step (EngineRateLaw: Csds, seed 001 eq. 9-10, its
// sticking/sliding switch a kink inside the law, no event; the C-SDS regularisations of other laws) and slip-force
// laws (Frictionless: xi' = 0). Dsds, CundallStrack and Mindlin are discrete increments (a reset, a cut-off or a
// return mapping per step): the constructor refuses them with InputError naming the combination.
// Mode: one int per slot, 0 open, 1 closed. Events: one per slot, g = h while open (fires when it closes), -h while
// closed (fires when it opens); on_event flips the slot and, when it opens, sets its spring to 0 (a contact that opens
// loses its history, as in the engine). Periodic boxes are refused (positions are not folded).
// The object keeps a mutable scratch GranularState (a cache, not state): one driver at a time per object.
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"
#include "core/model.hpp"
#include "models/particles/particle_engine.hpp"

namespace stickslip {

// The laws this form runs: a rate form whose discrete increment is the explicit Euler step of the rate
// (CsdsForms: euler_increment), so that one increment over 1 s gives the rate; or a slip force (no spring).
template <class L>
concept EngineRateLaw = IncrementForm<L, ContactKinematics> &&
                        ((RateForm<L, ContactKinematics> && requires { requires L::euler_increment; }) ||
                         SlipForceForm<L, ContactKinematics>);

template <class Normal, class Tangential>
class EngineModel : public Model {
 public:
  static constexpr std::size_t kStride = 12;
  using Engine = ParticleEngine<Normal, Tangential>;

  // bodies: radii, masses, inertias (positions and velocities are the state's); reach: the candidate list holds the
  // pairs closer than r_i + r_j + reach and the walls closer than reach at these positions, for the whole run.
  EngineModel(const Engine& engine, const ParticleArrays& bodies, double reach) : engine_(engine) {
    if (!EngineRateLaw<Tangential>)
      throw_input("tangential", std::string(Tangential::name) + " with normal " + Normal::name,
                  "the odeint/CVODE drivers of the particle engine need a spring with a rate form: csds or none (" +
                      std::string(Tangential::name) + " is a discrete increment: velocity-verlet or trapezoid)");
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
  }

  std::size_t num_bodies() const { return scratch_.bodies.size(); }
  std::size_t num_pair_slots() const { return slot_i_.size(); }
  std::size_t num_wall_slots() const { return wall_i_.size(); }
  std::size_t num_slots() const { return slot_i_.size() + wall_i_.size(); }
  std::size_t body_base(std::size_t p) const { return kStride * p; }
  std::size_t slot_base(std::size_t k) const { return kStride * num_bodies() + 3 * k; }
  const Engine& engine() const { return engine_; }

  std::size_t size() const override { return kStride * num_bodies() + 3 * num_slots(); }
  std::vector<std::string> state_names() const override {
    std::vector<std::string> names;
    const char* axes = "xyz";
    for (std::size_t p = 0; p < num_bodies(); ++p)
      for (const char* q : {"x", "v", "omega", "phi"})
        for (int a = 0; a < 3; ++a) names.push_back(std::string(q) + std::to_string(p) + "_" + axes[a]);
    for (std::size_t k = 0; k < num_slots(); ++k)
      for (int a = 0; a < 3; ++a) names.push_back("xi" + std::to_string(k) + "_" + axes[a]);
    return names;
  }

  // The state of `bodies` (x, v, omega), phi = 0 and every spring 0.
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

  void rhs(double, VecCRef x, const Mode&, VecRef xdot) const override {
    load(x);
    engine_.template forces<false>(scratch_, 0.0);  // f, T at the state's springs
    const ParticleArrays& p = scratch_.bodies;
    for (std::size_t b = 0; b < num_bodies(); ++b) {
      const std::size_t o = body_base(b);
      xdot.segment<3>(o) = p.inv_mass[b] > 0 ? p.v[b] : Vec3(Vec3::Zero());
      xdot.segment<3>(o + 3) = p.inv_mass[b] * p.f[b];
      xdot.segment<3>(o + 6) = p.inv_inertia[b] * p.torque[b];
      xdot.segment<3>(o + 9) = p.omega[b];
    }
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

  Mode initial_mode(double, VecCRef x) const override {
    Mode m(num_slots());
    for (std::size_t k = 0; k < num_slots(); ++k) m[k] = geometry(k, x).h > 0 ? 1 : 0;
    return m;
  }
  std::size_t num_events() const override { return num_slots(); }
  void events(double, VecCRef x, const Mode& mode, VecRef g) const override {
    for (std::size_t k = 0; k < num_slots(); ++k) {
      const double h = geometry(k, x).h;
      g[static_cast<Eigen::Index>(k)] = mode[k] == 1 ? -h : h;
    }
  }
  EventOutcome on_event(double, VecRef x, Mode& mode, std::size_t which) const override {
    if (which >= num_slots()) return {false, false};
    mode[which] = 1 - mode[which];
    if (mode[which] == 0) x.segment<3>(slot_base(which)).setZero();
    return {true, false};
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

  Engine engine_;
  std::vector<std::size_t> slot_i_, slot_j_, wall_i_, wall_w_;
  mutable GranularState scratch_;  // cache of the last evaluation (not state)
  mutable std::vector<Vec3> turned_, wall_turned_;
};

}  // namespace stickslip
