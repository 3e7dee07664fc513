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
  for (Vec3& p : x_) p = box.wrap(p);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (image(x_[j] - x_[i]).squaredNorm() < sigma_ * sigma_ * (1 - 1e-12))
        throw InputError("hard-sphere reference: spheres " + std::to_string(i) + " and " + std::to_string(j) +
                         " overlap at the start");
  next_.assign(n, kNever);
  partner_.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) predict(i);
}

Vec3 HardSphereGas::image(Vec3 d) const {
  for (int a = 0; a < 3; ++a) d[a] -= len_[a] * std::nearbyint(d[a] / len_[a]);
  return d;
}

void HardSphereGas::predict(std::size_t i) {
  double best = kNever;
  std::size_t who = i;
  const double s2 = sigma_ * sigma_;
  // The time to contact of i with the image d of j (infinity when they recede or miss).
  auto contact_time = [&](const Vec3& d, const Vec3& u) {
    const double b = d.dot(u);
    if (b >= 0) return kNever;  // receding
    const double uu = u.squaredNorm(), disc = b * b - uu * (d.squaredNorm() - s2);
    if (disc <= 0) return kNever;  // they miss
    return std::max(0.0, (-b - std::sqrt(disc)) / uu);  // 0: touching and approaching (round-off)
  };
  for (std::size_t j = 0; j < x_.size(); ++j) {
    if (j == i) continue;
    const double t = contact_time(image(x_[j] - x_[i]), v_[j] - v_[i]);
    if (t < best) best = t, who = j;
  }
  // Another image of j lies at least L_min/2 away, so it can be reached first only by a pair whose relative flight
  // until `best` exceeds L_min/2 - sigma (a small or dilute box: without this, such collisions were missed and the
  // spheres passed through each other; found by `stickslip verify --model hard-spheres`).
  const double reach = 0.5 * len_.minCoeff() - sigma_;
  for (std::size_t j = 0; j < x_.size(); ++j) {
    const Vec3 u = v_[j] - v_[i];
    if (j == i || !(u.squaredNorm() * best * best > reach * reach)) continue;
    const Vec3 d0 = image(x_[j] - x_[i]);
    for (int a = -1; a <= 1; ++a)
      for (int b = -1; b <= 1; ++b)
        for (int c = -1; c <= 1; ++c) {
          if (a == 0 && b == 0 && c == 0) continue;
          const double t = contact_time(d0 + Vec3(a * len_[0], b * len_[1], c * len_[2]), u);
          if (t < best) best = t, who = j;
        }
  }
  next_[i] = best;
  partner_[i] = who;
}

void HardSphereGas::fly(double dt) {
  for (std::size_t i = 0; i < x_.size(); ++i) {
    x_[i] += dt * v_[i];
    next_[i] -= dt;
  }
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

void HardSphereGas::run(double t_end, const std::vector<double>& times, const std::function<void(double)>& sample) {
  if (!(t_end > t_)) throw_input("t_end", format_value(t_end), "> the current time " + format_value(t_));
  auto next_sample = std::upper_bound(times.begin(), times.end(), t_);
  const std::size_t n = x_.size();
  // Inelastic collapse: infinitely many collisions of a cluster before a finite time; seen as a long run of
  // consecutive collisions less than 1e-12 t_end apart (a gas's are ~t_free/N apart), it ends the run with a
  // SolverError instead of a hang.
  const double rapid = 1e-12 * std::abs(t_end);
  long rapid_run = 0;
  for (;;) {
    check_interrupt();
    const std::size_t i = static_cast<std::size_t>(std::min_element(next_.begin(), next_.end()) - next_.begin());
    rapid_run = next_[i] < rapid ? rapid_run + 1 : 0;
    if (rapid_run > 100000)
      throw SolverError("hard-sphere reference: inelastic collapse at t = " + format_value(t_) + " (" +
                        std::to_string(rapid_run) + " consecutive collisions less than " + format_value(rapid) +
                        " s apart, " + std::to_string(stats_.collisions) + " in all)");
    const double t_event = t_ + next_[i];
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
    // a new course of i or j may reach another sphere k before k's own predicted collision
    for (std::size_t c : {i, j})
      if (next_[c] < next_[partner_[c]]) next_[partner_[c]] = next_[c], partner_[partner_[c]] = c;
    for (Vec3& p : x_) p = box_.wrap(p);
  }
}

}  // namespace stickslip
