// solvers/linear_stability.cpp — see linear_stability.hpp.
#include "solvers/linear_stability.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <stdexcept>

#include "solvers/gear_coefficients.hpp"

namespace stickslip {

namespace {
// ln of the spectral radius of Gear's PEC map on y' = lambda y, z = lambda dt (the header).
double gear_log_growth(std::complex<double> z, int q) {
  if (q < 1 || q > 5) throw std::logic_error("stability_log_growth: gear order " + std::to_string(q) + " outside 1..5");
  const int n = q + 1;
  Eigen::MatrixXcd p = Eigen::MatrixXcd::Zero(n, n), c = Eigen::MatrixXcd::Identity(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) p(i, j) = std::tgamma(j + 1) / (std::tgamma(i + 1) * std::tgamma(j - i + 1));
  const auto& l = gear_corrector(q);
  for (int i = 0; i < n; ++i) {
    c(i, 0) += l[static_cast<std::size_t>(i)] * z;
    c(i, 1) -= l[static_cast<std::size_t>(i)];
  }
  const Eigen::ComplexEigenSolver<Eigen::MatrixXcd> es(c * p, false);
  double rho = 0;
  for (int i = 0; i < n; ++i) rho = std::max(rho, std::abs(es.eigenvalues()[i]));
  return std::log(rho);
}
}  // namespace

double stability_log_growth(Scheme kind, std::complex<double> z, int order) {
  std::complex<double> r;
  switch (kind) {
    case Scheme::gear: return gear_log_growth(z, order);
    case Scheme::euler: r = 1.0 + z; break;
    case Scheme::midpoint:
    case Scheme::heun: r = 1.0 + z + z * z / 2.0; break;
    case Scheme::rk4: r = 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0))); break;
    default: throw std::logic_error("stability_log_growth: " + to_string(kind) + " is not a fixed-step scheme");
  }
  // ln|R| without cancellation for |R| near 1: ln|R| = log1p(|R|^2 - 1)/2, |R|^2 - 1 from the real and imaginary parts.
  const double re = r.real() - 1, im = r.imag();
  return 0.5 * std::log1p(re * (2 + re) + im * im);
}

double oscillator_growth_exponent(Scheme kind, double omega, double zeta, double dt, double steps, int order) {
  std::complex<double> a, b;
  if (zeta < 1) {
    const double wd = std::sqrt(1 - zeta * zeta);
    a = b = {-zeta * omega * dt, wd * omega * dt};  // the conjugate mode has the same |R|
  } else {
    const double s = std::sqrt(zeta * zeta - 1);
    a = {(-zeta - s) * omega * dt, 0};
    b = {(-zeta + s) * omega * dt, 0};
  }
  return steps * std::max(stability_log_growth(kind, a, order), stability_log_growth(kind, b, order));
}

double largest_dt_within_growth(Scheme kind, double omega, double zeta, double t_end, double dt_max, double bound,
                                int order) {
  const auto ok = [&](double dt) {
    return oscillator_growth_exponent(kind, omega, zeta, dt, std::ceil(t_end / dt), order) <= bound;
  };
  if (ok(dt_max)) return dt_max;
  double lo = dt_max * 1e-12, hi = dt_max;
  if (!ok(lo)) return 0;
  while (hi / lo > 1.01) {
    const double mid = std::sqrt(lo * hi);
    (ok(mid) ? lo : hi) = mid;
  }
  return lo;
}

}  // namespace stickslip
