// models/particles/hard_sphere_gas.cpp — see hard_sphere_gas.hpp.
#include "models/particles/hard_sphere_gas.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/interrupt.hpp"

namespace stickslip {

namespace {
constexpr double kNever = std::numeric_limits<double>::infinity();
}

HardSphereGas::HardSphereGas(const ParticleArrays& bodies, const PeriodicBox& box, double restitution)
    : x_(bodies.x), v_(bodies.v), box_(box), e_(restitution) {
  const std::size_t n = bodies.size();
  if (n < 2) throw_input("n", std::to_string(n), "at least 2 spheres for the hard-sphere reference");
  if (!(restitution > 0 && restitution <= 1))
    throw_input("restitution", format_value(restitution), "0 < e <= 1 for the hard-sphere reference");
  if (!(box.periodic[0] && box.periodic[1] && box.periodic[2]))
    throw InputError("hard-sphere reference: the box must be periodic on every axis");
  sigma_ = 2 * bodies.radius[0];
  m_ = bodies.mass[0];
  for (std::size_t i = 1; i < n; ++i)
    if (bodies.radius[i] != bodies.radius[0] || bodies.mass[i] != bodies.mass[0])
      throw InputError("hard-sphere reference: the spheres must be equal (radius and mass of sphere 0)");
  len_ = box.lengths();
  // Every image but the minimal one lies at least L_min/2 away; a margin of 1e-9 covers the rounding of image().
  reach_ = 0.5 * len_.minCoeff() * (1 - 1e-9) - sigma_;
  if (!(reach_ > 0)) {
    const double phi = static_cast<double>(n) * M_PI * sigma_ * sigma_ * sigma_ / (6 * len_.prod());
    throw_input("phi", format_value(phi),
                "the hard-sphere reference needs a periodic box longer than two diameters on every axis (else a sphere "
                "meets its own image): shortest edge " + format_value(len_.minCoeff()) + " m, 2 sigma = " +
                    format_value(2 * sigma_) + " m; in a cube phi < n pi/48 = " + format_value(max_packing(n)));
  }
  for (Vec3& p : x_) p = box.wrap(p);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (image(x_[j] - x_[i]).squaredNorm() < sigma_ * sigma_ * (1 - 1e-12))
        throw InputError("hard-sphere reference: spheres " + std::to_string(i) + " and " + std::to_string(j) +
                         " overlap at the start");
  next_.assign(n, kNever);
  partner_.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) predict(i);
  for (std::size_t i = 0; i < n; ++i) claim_partner(i);
}

Vec3 HardSphereGas::image(Vec3 d) const {
  for (int a = 0; a < 3; ++a) d[a] -= len_[a] * std::nearbyint(d[a] / len_[a]);
  return d;
}

void HardSphereGas::predict(std::size_t i) {
  const double s2 = sigma_ * sigma_;
  double best = kNever, u_max = 0;
  std::size_t who = i;
  for (std::size_t j = 0; j < x_.size(); ++j) {
    if (j == i) continue;
    const Vec3 u = v_[j] - v_[i];
    const double uu = u.squaredNorm();
    u_max = std::max(u_max, uu);
    const Vec3 d = image(x_[j] - x_[i]);
    const double b = d.dot(u);
    if (b >= 0) continue;  // receding
    const double disc = b * b - uu * (d.squaredNorm() - s2);
    if (disc <= 0) continue;  // they miss
    const double t = std::max(0.0, (-b - std::sqrt(disc)) / uu);  // 0: touching and approaching (round-off)
    if (t < best) best = t, who = j;
  }
  // Beyond the horizon another image could come first: predict i again there instead.
  const double horizon = u_max > 0 ? reach_ / std::sqrt(u_max) : kNever;
  if (!(best <= horizon)) best = horizon, who = i;
  next_[i] = t_ + best;
  partner_[i] = who;
}

void HardSphereGas::claim_partner(std::size_t i) {
  const std::size_t p = partner_[i];
  if (p != i && next_[i] < next_[p]) next_[p] = next_[i], partner_[p] = i;
}

void HardSphereGas::fly(double dt) {
  for (std::size_t i = 0; i < x_.size(); ++i) x_[i] += dt * v_[i];
}

double HardSphereGas::kinetic_energy() const {
  double k = 0;
  for (const Vec3& u : v_) k += 0.5 * m_ * u.squaredNorm();
  return k;
}

double HardSphereGas::translational_temperature() const {
  Vec3 momentum = Vec3::Zero();
  double mass = 0;
  for (const Vec3& u : v_) {
    momentum += m_ * u;
    mass += m_;
  }
  const Vec3 vc = mass > 0 ? Vec3(momentum / mass) : Vec3(Vec3::Zero());
  double t = 0;
  for (const Vec3& u : v_) t += m_ * (u - vc).squaredNorm();
  return t / (3.0 * static_cast<double>(std::max<std::size_t>(1, v_.size())));
}

void HardSphereGas::run(double t_end, const std::vector<double>& times, const std::function<void(double)>& sample,
                        const CollisionObserver& collided) {
  if (!(t_end > t_)) throw_input("t_end", format_value(t_end), "> the current time " + format_value(t_));
  auto next_sample = std::upper_bound(times.begin(), times.end(), t_);
  const std::size_t n = x_.size();
  // Inelastic collapse: infinitely many collisions of a cluster before a finite time; seen as a long run of
  // consecutive collisions less than 1e-12 t_end apart (a gas's are ~t_free/N apart), it ends the run with a
  // SolverError instead of a hang.
  const double rapid = 1e-12 * std::abs(t_end);
  long rapid_run = 0;
  double t_last_collision = t_;
  for (;;) {
    check_interrupt();
    const std::size_t i = static_cast<std::size_t>(std::min_element(next_.begin(), next_.end()) - next_.begin());
    const double t_event = next_[i];
    // samples before the event (and before t_end)
    while (next_sample != times.end() && *next_sample <= std::min(t_event, t_end)) {
      fly(*next_sample - t_);
      t_ = *next_sample;
      sample(t_);
      ++next_sample;
    }
    if (t_event > t_end) {
      fly(t_end - t_);
      t_ = t_end;
      break;
    }
    fly(t_event - t_);
    t_ = t_event;
    const std::size_t j = partner_[i];
    if (j == i) {  // the end of i's horizon: predict it again
      ++stats_.repredictions;
      predict(i);
      claim_partner(i);
      for (Vec3& p : x_) p = box_.wrap(p);
      continue;
    }
    rapid_run = t_event - t_last_collision < rapid ? rapid_run + 1 : 0;
    t_last_collision = t_event;
    if (rapid_run > 100000)
      throw SolverError("hard-sphere reference: inelastic collapse at t = " + format_value(t_) + " (" +
                        std::to_string(rapid_run) + " consecutive collisions less than " + format_value(rapid) +
                        " s apart, " + std::to_string(stats_.collisions) + " in all)");
    const Vec3 d = image(x_[j] - x_[i]);
    const Vec3 nrm = d / d.norm();
    const double un = (v_[j] - v_[i]).dot(nrm);  // < 0: approaching
    const Vec3 dv = 0.5 * (1 + e_) * un * nrm;
    v_[i] += dv;
    v_[j] -= dv;
    stats_.dissipated += 0.25 * (1 - e_ * e_) * m_ * un * un;
    ++stats_.collisions;
    if (!std::isfinite(v_[i].squaredNorm() + v_[j].squaredNorm()))
      throw SolverError("hard-sphere reference: non-finite velocity after collision " +
                        std::to_string(stats_.collisions));
    for (std::size_t k = 0; k < n; ++k)
      if (k != i && k != j && (partner_[k] == i || partner_[k] == j)) predict(k);
    predict(i);
    predict(j);
    // a new course of i or j may reach another sphere k before k's own event
    claim_partner(i);
    claim_partner(j);
    for (Vec3& p : x_) p = box_.wrap(p);
    if (collided) collided(t_, i, j);
  }
}

}  // namespace stickslip
