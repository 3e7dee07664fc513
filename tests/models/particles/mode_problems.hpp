// tests/models/particles/mode_problems.hpp — the problems on which the particle engine's state-vector form runs laws
// with a modes form (models/particles/engine_model.hpp: Mindlin's stick/slip spring, the rigid Coulomb contact), drawn
// from a seeded generator: a two-body oblique impact with spin, three bodies on a floor, a sphere sliding then rolling
// on a plane (Campello's ex. 5.1), three spheres colliding on a floor (ex. 5.2); and a runner.
#pragma once

#include <cmath>
#include <random>
#include <vector>

#include "models/hertz_mindlin.hpp"
#include "models/particles/engine_model.hpp"
#include "models/particles/wall_friction.hpp"
#include "solvers/integrate.hpp"

namespace stickslip::test {

struct ModeProblem {
  const char* name = "";
  std::vector<Vec3> x, v, w;
  double r = 0.1, m = 10, young = 1e8, poisson = 0.25;
  bool floor = false;  // plane y = 0 (normal +y) and gravity (0, -g, 0)
  double g = 9.81;
  double mu_pp = 0.3, mu_pw = 0.3, xi = 0;
  double t_end = 0.1;
};

inline double uniform(std::mt19937_64& rng, double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); }

// Overlap of a sphere resting on the floor under its weight (N = m g).
inline double resting_overlap(const ModeProblem& p) {
  return hertz_static_overlap(sphere_wall_pair(p.r, p.m, p.young, p.poisson), p.m * p.g);
}

// 0: two bodies, oblique impact with spin, no gravity; 1: three bodies on a floor (a spinning sphere sliding into a
// resting one, a third falling onto the second); 2: one sphere sliding with backspin on a plane until it rolls;
// 3: three spheres rolling towards each other on a floor, colliding, sliding back until they roll again.
inline ModeProblem mode_problem(int kind, std::mt19937_64& rng) {
  ModeProblem p;
  p.mu_pp = uniform(rng, 0.1, 0.6);
  p.mu_pw = uniform(rng, 0.1, 0.6);
  if (kind <= 1) {
    p.r = uniform(rng, 0.08, 0.12);
    p.m = 10 * std::pow(p.r / 0.1, 3);
    const double u = uniform(rng, 0.5, 1.5), spin = uniform(rng, -30, 30);
    const double r = p.r;
    if (kind == 0) {
      p.name = "two-body impact";
      p.x = {Vec3::Zero(), Vec3(2.005 * r, 0.5 * r, 0)};
      p.v = {u * Vec3(0.5, 0.1, 0), u * Vec3(-0.5, 0, 0.1)};
      p.w = {Vec3(0, 0, spin), Vec3(0.15 * spin, 0, 0)};
      p.t_end = 0.05 / u;
    } else {
      p.name = "three bodies on a floor";
      p.floor = true;
      p.x = {Vec3(0, r, 0), Vec3(3 * r, r, 0), Vec3(3.2 * r, 3.1 * r, 0.1 * r)};
      p.v = {Vec3(u, 0, 0), Vec3::Zero(), Vec3::Zero()};
      p.w = {Vec3(0, -0.5, spin), Vec3::Zero(), Vec3(0.1 * spin, 0, 0)};
      p.t_end = 0.25;
    }
    return p;
  }
  p.floor = true;
  p.r = 0.2, p.m = 1000, p.young = 1e10;  // Campello's ex. 5.1 and 5.2
  const double h0 = resting_overlap(p);
  if (kind == 2) {
    p.name = "sliding then rolling sphere";
    const double v0 = uniform(rng, 0.5, 2.5), slip = uniform(rng, 1.0, 3.0);
    p.x = {Vec3(0, p.r - h0, 0)};
    p.v = {Vec3(v0, 0, uniform(rng, -0.3, 0.3))};
    p.w = {Vec3(0, 0, -(v0 + slip) / p.r)};  // the contact point slips at -slip along x
    p.t_end = 1.2 * Vec3(v0 + p.w[0].z() * p.r, 0, p.v[0].z()).norm() / (3.5 * p.mu_pw * p.g);
    return p;
  }
  p.name = "three spheres colliding on a floor";
  const double v0 = uniform(rng, 0.5, 1.5), approach = 0.02, d0 = 2 * p.r / std::sqrt(3.0) + v0 * approach;
  for (int k = 0; k < 3; ++k) {
    const double a = M_PI / 2 + 2 * M_PI * k / 3;
    const Vec3 radial(std::cos(a), 0, std::sin(a));
    p.x.push_back(d0 * radial + Vec3(0, p.r - h0, 0));
    p.v.push_back(-v0 * radial);
    p.w.push_back(Vec3::UnitY().cross(p.v.back()) / p.r);  // rolling
  }
  p.t_end = approach + 0.01 + 1.2 * 2 * v0 / (3.5 * p.mu_pw * p.g);
  return p;
}

template <class Law>
Law mode_law(const ModeProblem& p, double mu) {
  if constexpr (std::is_same_v<Law, Mindlin>) return Mindlin::material(p.young, p.poisson, mu);
  else return Law{mu};
}

template <class Law>
using ModeEngine = ParticleEngine<HertzDamped, WallFriction<Law>>;

template <class Law>
ModeEngine<Law> mode_engine(const ModeProblem& p) {
  ModeEngine<Law> e;
  e.normal = HertzDamped::material(p.young, p.poisson, p.xi);
  e.tangential = {mode_law<Law>(p, p.mu_pp), mode_law<Law>(p, p.mu_pw)};
  if (p.floor) {
    e.boundaries.gravity = Vec3(0, -p.g, 0);
    e.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  }
  return e;
}

inline ParticleArrays mode_bodies(const ModeProblem& p) {
  ParticleArrays b;
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    b.add(p.x[i], p.v[i], p.r, p.m);
    b.omega[i] = p.w[i];
  }
  return b;
}

// The end of a run: bodies (x, v, omega, phi), the energy at the start and at the end, the driver's statistics.
struct ModeRun {
  std::vector<Vec3> x, v, w, phi;
  Energy start, end;
  RunStats stats;
};

// Runs the problem on the engine's state-vector form (every pair and wall within 2 r is a candidate) to t_end;
// observe(model, t, x, mode) at every output.
template <class Law, class Observe>
ModeRun run_engine_modes(const ModeProblem& p, const SolverOptions& o, Observe&& observe) {
  const ParticleArrays b0 = mode_bodies(p);
  const EngineModel<HertzDamped, WallFriction<Law>> model(mode_engine<Law>(p), b0, 2 * p.r);
  Vec x = model.make_state(b0);
  Mode mode = model.initial_mode(0, x);
  ModeRun out;
  out.start = model.energy(0, x, mode);
  out.stats = integrate(model, 0, p.t_end, x, mode, o, [&](double t, VecCRef s, const Mode& m) { observe(model, t, s, m); });
  out.end = model.energy(p.t_end, x, mode);
  for (std::size_t i = 0; i < p.x.size(); ++i) {
    const std::size_t base = model.body_base(i);
    out.x.push_back(x.segment<3>(base));
    out.v.push_back(x.segment<3>(base + 3));
    out.w.push_back(x.segment<3>(base + 6));
    out.phi.push_back(x.segment<3>(base + 9));
  }
  return out;
}
template <class Law>
ModeRun run_engine_modes(const ModeProblem& p, const SolverOptions& o) {
  return run_engine_modes<Law>(p, o, [](const auto&, double, VecCRef, const Mode&) {});
}

// Largest differences between two runs: positions |dx|, velocities max(|dv|, r |domega|), rotations r |dphi|.
struct ModeDifference {
  double x = 0, v = 0, phi = 0;
};
inline ModeDifference mode_difference(const ModeRun& a, const ModeRun& b, double r) {
  ModeDifference d;
  for (std::size_t i = 0; i < a.x.size(); ++i) {
    d.x = std::max(d.x, (a.x[i] - b.x[i]).norm());
    d.v = std::max({d.v, (a.v[i] - b.v[i]).norm(), r * (a.w[i] - b.w[i]).norm()});
    d.phi = std::max(d.phi, r * (a.phi[i] - b.phi[i]).norm());
  }
  return d;
}

}  // namespace stickslip::test
