// models/particles/disc_material.hpp — the material of seed 002 §4 (Krengel & Matuttis Table 1: rho 5000, Y 5e7,
// mu 0.6, normal damping 1.5, k_t = 2/7 Y, gamma_t = 1/4 sqrt(k_t m_eff)) mapped onto the linear spring-dashpot
// contact of two discs in 2-D, per metre of depth, with m* = m_mean/2 the effective mass of two mean discs:
//   k_n = Y x 1 m      the seed's F = Y A / l for an overlap of area A = w h between faces of contact width w ~ l
//                      (its characteristic length) is F = Y h: a stiffness per metre of depth equal to Y.
//   f_damp = D sqrt(k_n m*) hdot  (eq. 18 with dA/dt / l -> hdot): gamma_n = D sqrt(k_n/m*), so the damping ratio
//                      is zeta = D/2 (0.75 at D = 1.5: restitution ~ 0.03).
//   k_t = kt_ratio k_n (2/7), gamma_t = gamma_t_factor sqrt(k_t/m*) per effective mass (1/4: the engine's
//                      dashpot is gamma_t m* v_t = 1/4 sqrt(k_t m*) v_t).
//   k_roll = kr_ratio k_n, gamma_roll = gamma_roll_factor sqrt(k_roll/m*)  (rolling resistance,
//                      models/contact/rolling.hpp)
//   t_c = pi/(w0 sqrt(1 - zeta^2)), w0 = sqrt(k_n/m*): the damped contact time of two mean discs (pi/w0 for
//                      zeta >= 1); dt = t_c/30 is 5.0e-6 s at the seed's values, the seed's dt.
#pragma once

namespace stickslip {

struct DiscMaterial {
  double young = 0;              // Y (Pa)
  double damping = 0;            // D of eq. 18
  double kt_ratio = 0;           // k_t / k_n
  double gamma_t_factor = 0;     // gamma_t = factor sqrt(k_t/m*)
  double kr_ratio = 0;           // k_roll / k_n
  double gamma_roll_factor = 0;  // gamma_roll = factor sqrt(k_roll/m*)
};

struct DiscContactParameters {
  double kn = 0, gamma_n = 0, damping_ratio = 0;  // N/m^2, 1/s, -
  double kt = 0, gamma_t = 0;                     // N/m^2, 1/s
  double k_roll = 0, gamma_roll = 0;              // N/m^2, 1/s
  double contact_time = 0;                        // t_c (s)
};

// The contact parameters of discs of mean mass mean_mass (kg per metre of depth) made of `material`.
DiscContactParameters disc_contact_parameters(const DiscMaterial& material, double mean_mass);

}  // namespace stickslip
