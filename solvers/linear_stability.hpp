// solvers/linear_stability.hpp — what a fixed-step scheme does to a linear mode y' = lambda y: one step multiplies it
// by the scheme's stability function R(z), z = lambda dt (Hairer & Wanner, Solving ODEs II, IV.2):
//   euler             R = 1 + z
//   midpoint, heun    R = 1 + z + z^2/2              (every explicit 2-stage, 2nd-order Runge-Kutta method)
//   rk4               R = 1 + z + z^2/2 + z^3/6 + z^4/24
//   gear (order q)    the amplification of the Nordsieck vector, Z <- M(z) Z with M(z) = (I + l (z e_0^T - e_1^T)) P
//                     (solvers/gear_driver.cpp: P the Pascal matrix, l the BDF's Nordsieck vector); |R| is its
//                     spectral radius. One evaluation per step (PEC), so its regions are small: on the negative real
//                     axis it is stable for z > -0.667, -0.571, -0.444, -0.344, -0.271 (q = 1 .. 5); on the imaginary
//                     axis (an undamped mode) q = 1, 2 damp up to |z| = 0.577, 0.634, q = 5 up to 0.231, and q = 3, 4
//                     grow at every dt, slowly (|R| - 1 = 2.3e-5 and 1.3e-6 at z = 0.1 i)
//                     (tests/solvers/test_gear_driver.cpp).
// Over n steps a perturbation of the mode grows by |R(z)|^n = exp(n ln|R(z)|). On the imaginary axis (an undamped
// oscillator, lambda = +-i omega) |R| > 1 for every dt > 0 under euler (1 + (omega dt)^2)^(1/2) and the 2-stage
// methods (1 + (omega dt)^4/4)^(1/2); rk4 has |R| < 1 up to omega dt = 2 sqrt(2).
// A damped oscillator (natural frequency omega, damping ratio zeta) has the modes
//   lambda = omega (-zeta +- i sqrt(1 - zeta^2))  (zeta < 1),   omega (-zeta +- sqrt(zeta^2 - 1))  (zeta >= 1).
// Adaptive drivers (dopri5, CVODE, IDA) control their error and are not judged here.
#pragma once

#include <complex>

#include "solvers/solver_options.hpp"

namespace stickslip {

// ln |R(z)| of a fixed-step scheme (kind euler, midpoint, heun, rk4, or gear of order 1..5; std::logic_error
// otherwise).
double stability_log_growth(Scheme kind, std::complex<double> z, int order = 5);

// The growth exponent ln(growth factor) of the faster-growing mode of a damped oscillator (omega > 0, zeta >= 0)
// over `steps` steps of dt; negative when both modes decay.
double oscillator_growth_exponent(Scheme kind, double omega, double zeta, double dt, double steps, int order = 5);

// The largest dt <= dt_max at which a run of duration t_end keeps oscillator_growth_exponent <= bound (bisection on
// a log scale to 1 %; 0 when none above dt_max * 1e-12 does).
double largest_dt_within_growth(Scheme kind, double omega, double zeta, double t_end, double dt_max, double bound,
                                int order = 5);

}  // namespace stickslip
