// models/particles/collision_log.hpp — a tangential law that also records every collision's onset step.
//
// Onset: the first step in which a pair overlaps. After a step of length dt the new overlap is at most the approach
// over that step, so a contact is new when 0 < h <= hdot dt (hdot > 0 approaching); a contact that has lasted
// longer has h > hdot dt (its approach rate falls while h grows), one that separates has hdot < 0. The test needs
// no history, so it holds for every law (a frictionless contact keeps no spring to mark it).
// Recorded per onset: the impact's normal and tangential relative speeds (v_n = hdot, v_t = |slip velocity|, with
// the spins), m*, the normal force, and the energy the law created in that step,
//   created = max(0, (U_t,after - U_t,before) - P_t dt),   P_t = -F_t . v_t        (models/particles/energy.hpp),
// i.e. the violation of seed 001's balance eq. 11 by the step. For the D-SDS at onset (xi = 0 before, sliding) the
// spring is reset to k xi = (F_max - gamma v_t) e_t, so
//   created = (gamma v_t - F_max)^2/(2k) - F_max v_t dt,      F_max = mu f_n of the first step,
// which for dt -> 0 tends to the closed form of dsds_onset_energy() below.
// The wrapper adds a pointer test per contact; the records are appended under a mutex (onsets are a few per step),
// so it runs with the engine's threads (the order of records then varies: sort before comparing runs).
#pragma once

#include <algorithm>
#include <mutex>
#include <vector>

#include "models/contact/law.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

struct CollisionOnset {
  double t;        // time at the end of the onset step (s)
  double vn, vt;   // normal approach speed and tangential slip speed at the onset (m/s)
  double m_star;   // effective mass (kg)
  double fn;       // normal force of the onset step (N)
  double created;  // energy created by the law in the onset step (J)
};

struct CollisionLog {
  std::mutex mutex;
  std::vector<CollisionOnset> onsets;
  double t = 0;  // set by the driver before each step (the records carry it)
  void add(const CollisionOnset& c) {
    std::lock_guard<std::mutex> lock(mutex);
    onsets.push_back(c);
  }
  // Records in a fixed order (by time, then by the values), independent of the thread count.
  void sort() {
    std::sort(onsets.begin(), onsets.end(), [](const CollisionOnset& a, const CollisionOnset& b) {
      if (a.t != b.t) return a.t < b.t;
      if (a.vn != b.vn) return a.vn < b.vn;
      return a.vt < b.vt;
    });
  }
};

// Energy created by the D-SDS reset at the onset of a collision, dt -> 0 (seed 001 eq. 3 and the balance eq. 11):
// the spring jumps from 0 to |k xi| = gamma_t m* v_t - F_max without work, F_max = mu f_n at first touch
// (f_n = gamma_n m* v_n for the linear spring-dashpot, 0 for Hertz, whose damping vanishes with the overlap):
//   E = (gamma_t m* v_t - mu f_n0)^2 / (2 k_t)   when gamma_t m* v_t > mu f_n0, else 0.
inline double dsds_onset_energy(double kt, double gamma_t, double mu, double m_star, double vt, double fn0) {
  const double excess = gamma_t * m_star * vt - mu * fn0;
  return excess > 0 ? excess * excess / (2 * kt) : 0.0;
}

template <class Law>
struct OnsetRecording : Law {
  CollisionLog* log = nullptr;
  OnsetRecording() = default;
  explicit OnsetRecording(const Law& law, CollisionLog* l = nullptr) : Law(law), log(l) {}
  static constexpr bool exact_static = is_exact_static<Law>;  // Coulomb: the engine hands over StickKinematics
  template <class Kin>
  Vec3 step(const Kin& c, double fn, Vec3& xi, double dt, TangentialEnergy& e) const {
    const Vec3 f = Law::step(c, fn, xi, dt, e);
    if (log && dt > 0 && c.hdot > 0 && c.h <= c.hdot * dt) {
      const double dd = -f.dot(c.vt) * dt - (e.elastic - e.before);
      log->add({log->t + dt, c.hdot, c.vt.norm(), c.m_star, fn, dd < 0 ? -dd : 0.0});
    }
    return f;
  }
};

}  // namespace stickslip
