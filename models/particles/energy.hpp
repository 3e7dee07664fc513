// models/particles/energy.hpp — the energy ledger of a particle run, summed over contacts at every step.
//
// Per contact and force evaluation the kernel yields the power the contact takes from the bodies
// P = f_n hdot - F_t . v_t (models/particles/contact_kinematics.hpp), its elastic energies U_n, U_t, the energy
// that resets put into its spring (D-SDS, Mindlin return mapping: jump, signed), and the energy it created: the
// negative part of its tangential dissipation over the step, dD = P_t dt - (U_t,after - U_t,before), summed over
// contacts (a D-SDS reset at the onset of sliding loads the spring with (gamma v - F_max)^2/(2k), seed 001 §3.3;
// the C-SDS has dD >= 0 to truncation, eq. 11).
// The driver integrates the powers over the step (trapezoid in time: W += dt (P_n + P_{n+1})/2) and gravity's work
// exactly (W_g += sum m g . Delta x). Then, with the totals now and at the start (subscript 0):
//   normal damping      D_n = W_n - (U_n - U_n0)          (>= 0)
//   tangential          D_t = W_t - (U_t - U_t0) + C      (dissipated by dashpot and slider; C = created)
//   rolling             D_r = W_r - (U_r - U_r0)             (friction moments, models/contact/rolling.hpp)
//   balance             B = (K + U_n + U_t + U_r + D_n + D_t + D_r - C - W_g) - (K_0 + U_n0 + U_t0 + U_r0) + S - Q
//                         = dK + W_n + W_t + W_r + S - Q - W_g,
// zero for the exact dynamics (S = Q = 0 there). A driver with an exact discrete energy law also keeps its own
// energy error apart: S (scheme_work, the work the contacts take as the bodies feel it minus the integral of the laws'
// powers; first order in dt for velocity Verlet) and Q (kick, a bounded O(dt^2) term); velocity Verlet's law
// (solvers/particles/velocity_verlet.hpp) makes B zero to round-off. (Seed 001 eq. 11; the per-contact form of
// core/energy_ledger.hpp, which keeps D(t) = W(t) - (U(t) - U(0)) and the energy created as -min D.)
// A contact that opens with a loaded spring loses U_t (set to 0): that is counted as dissipated.
#pragma once

namespace stickslip {

// Totals of one force evaluation.
struct ContactSums {
  double power_normal = 0, power_tangential = 0;  // W/s into the contacts
  double elastic_normal = 0, elastic_tangential = 0;
  double jump = 0, created = 0;  // reset energy (signed) and energy created during this evaluation
  double power_rolling = 0, elastic_rolling = 0;  // friction moments (models/contact/rolling.hpp)
  // this += w o (w = 1/2: a pair two MPI ranks both evaluate, solvers/lammps/pair_stickslip.cpp)
  void add(const ContactSums& o, double w = 1.0) {
    power_normal += w * o.power_normal, power_tangential += w * o.power_tangential;
    elastic_normal += w * o.elastic_normal, elastic_tangential += w * o.elastic_tangential;
    jump += w * o.jump, created += w * o.created;
    power_rolling += w * o.power_rolling, elastic_rolling += w * o.elastic_rolling;
  }
};

struct EnergyTotals {
  double kinetic = 0;  // K: translational + rotational, now
  double elastic_normal = 0, elastic_tangential = 0;  // U_n, U_t now
  double work_normal = 0, work_tangential = 0;        // W_n, W_t: cumulative work taken by the contacts
  double jump = 0, created = 0;                       // cumulative: reset energy (signed), energy created
  double gravity_work = 0;                            // W_g: cumulative work of gravity
  double elastic_rolling = 0, work_rolling = 0;       // U_r now, W_r cumulative: friction moments
  double scheme_work = 0;  // S: the driver's own energy error, work the bodies did on the contacts beyond W_n + W_t
  double kick = 0;         // Q: velocity Verlet's O(dt^2) kick term, h^2/8 (sum |F|^2/m)_n..0 (telescoping)
};

struct ParticleLedger {
  EnergyTotals start, now;
  double last_power_normal = 0, last_power_tangential = 0;  // of the latest force evaluation
  double last_power_rolling = 0;

  double normal_damping() const { return now.work_normal - (now.elastic_normal - start.elastic_normal); }
  double tangential_dissipation() const {
    return now.work_tangential - (now.elastic_tangential - start.elastic_tangential) + now.created;
  }
  double created() const { return now.created; }
  // D_r = W_r - (U_r - U_r0): dissipated by the friction moments (>= 0; their C-SDS form creates none)
  double rolling_dissipation() const { return now.work_rolling - (now.elastic_rolling - start.elastic_rolling); }
  double balance() const {
    return (now.kinetic - start.kinetic) + now.work_normal + now.work_tangential + now.work_rolling +
           now.scheme_work - now.kick - now.gravity_work;
  }
};

}  // namespace stickslip
