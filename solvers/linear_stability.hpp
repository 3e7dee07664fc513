// solvers/linear_stability.hpp — what a fixed-step scheme does to a linear mode y' = lambda y: one step multiplies it
// by the scheme's stability function R(z), z = lambda dt (Hairer & Wanner, Solving ODEs II, IV.2):
//   euler             R = 1 + z
//   midpoint, heun    R = 1 + z + z^2/2              (every explicit 2-stage, 2nd-order Runge-Kutta method)
//   rk4               R = 1 + z + z^2/2 + z^3/6 + z^4/24
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

// ln |R(z)| of a fixed-step scheme (kind euler, midpoint, heun or rk4; std::logic_error otherwise).
double stability_log_growth(SolverKind kind, std::complex<double> z);

// The growth exponent ln(growth factor) of the faster-growing mode of a damped oscillator (omega > 0, zeta >= 0)
// over `steps` steps of dt; negative when both modes decay.
double oscillator_growth_exponent(SolverKind kind, double omega, double zeta, double dt, double steps);

// The largest dt <= dt_max at which a run of duration t_end keeps oscillator_growth_exponent <= bound (bisection on
// a log scale to 1 %; 0 when none above dt_max * 1e-12 does).
double largest_dt_within_growth(SolverKind kind, double omega, double zeta, double t_end, double dt_max, double bound);

}  // namespace stickslip
