// models/particles/homogeneous_cooling.hpp — kinetic theory of the homogeneous cooling state and Haff's law fits.
//
// Inelastic smooth hard spheres (diameter sigma, mass m, normal restitution e, number density n, solid fraction
// phi), Enskog's kinetic equation with a Maxwellian (Sonine correction a2 neglected: it changes zeta by 3 a2/16,
// -0.3 % at e = 0.8 and -0.3 % at e = 0.9 by Garzo-Dufty's a2; Brilliantov & Poeschel, Kinetic Theory of Granular
// Gases, OUP 2004, ch. 6-7; Garzo & Dufty, PRE 59, 5895 (1999), eq. 4.24 with nu0 = 16/5 sqrt(pi) n sigma^2 chi
// sqrt(T/m)). Derivation: the relative velocity g of two Maxwellian spheres has variance 2T/m per component; per unit
// volume and time (1/2) n^2 chi sigma^2 int d^3g f(g) int_{g.k>0} dk (g.k) pairs collide, each losing
// (1 - e^2) m/4 (g.k)^2; with int_{g.k>0} (g.k)^3 dk = pi g^3/2 and <g^3> = 8 sqrt(2/pi) (2T/m)^{3/2}, the loss
// rate is 2 sqrt(pi) (1 - e^2) n^2 chi sigma^2 T^{3/2}/sqrt(m) = (3/2) n zeta T. Hence
//   collision frequency per particle  omega_E(T) = 4 sqrt(pi) n sigma^2 chi(phi) sqrt(T/m)
//   cooling rate                      zeta(T) = -dlnT/dt = (1 - e^2)/3 omega_E(T)
//   Haff's law                        T(t) = T0/(1 + t/tau)^2,   tau = 2/zeta(T0)
//   Carnahan-Starling contact value   chi(phi) = (1 - phi/2)/(1 - phi)^3
// T is the translational granular temperature in energy units (T = m <|v - V|^2>/3).
//
// Fits of a sampled T(t) on [t_a, t_b] (T0 = the sample at t_a, times shifted to t_a):
//   fixed exponent: sqrt(T0/T) - 1 = t/tau is linear; tau from the least-squares slope through the origin.
//   free exponent : T = T0 (1 + t/tau')^(-a); for each tau' the best a is a linear least squares through the origin
//                   of ln(T/T0) on -ln(1 + t/tau'); tau' by golden-section search on ln tau' minimising the
//                   residual of ln T. Only when the window spans at least tau/2 (shorter windows fix a/tau' alone:
//                   tau_free and the exponent are NaN then).
#pragma once

#include <cmath>
#include <vector>

namespace stickslip {

inline double carnahan_starling_chi(double phi) { return (1 - 0.5 * phi) / ((1 - phi) * (1 - phi) * (1 - phi)); }

inline double enskog_collision_frequency(double n, double sigma, double phi, double temperature, double mass) {
  return 4 * std::sqrt(M_PI) * n * sigma * sigma * carnahan_starling_chi(phi) * std::sqrt(temperature / mass);
}

inline double enskog_cooling_rate(double e, double n, double sigma, double phi, double temperature, double mass) {
  return (1 - e * e) / 3 * enskog_collision_frequency(n, sigma, phi, temperature, mass);
}

inline double haff_tau(double e, double n, double sigma, double phi, double t0, double mass) {
  return 2 / enskog_cooling_rate(e, n, sigma, phi, t0, mass);
}

struct HaffFit {
  double tau = NAN;       // s, exponent fixed at 2
  double tau_free = NAN;  // s, with the free exponent
  double exponent = NAN;  // the free exponent a
  double rms = NAN;       // rms residual of ln T of the free fit
  int points = 0;
};

// Samples (t, T) with t_a <= t <= t_b; NaN fields when fewer than 4 points or T never fell.
HaffFit fit_haff(const std::vector<double>& t, const std::vector<double>& temperature, double t_a, double t_b);

}  // namespace stickslip
