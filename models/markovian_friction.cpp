#include "models/markovian_friction.hpp"

#include <boost/math/quadrature/exp_sinh.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/errors.hpp"
#include "models/contact/coulomb.hpp"
#include "models/contact/slip_force_laws.hpp"

namespace stickslip {

FrictionLaw::FrictionLaw(std::string name, Function f, bool depends_on_r)
    : name_(std::move(name)), f_(std::move(f)), depends_on_r_(depends_on_r) {}

FrictionLaw FrictionLaw::linear(double gamma) {
  LawValues v;
  v.set("gamma", gamma);
  return of("linear", make_law<Viscous>(v), 0);
}

FrictionLaw FrictionLaw::coulomb(double mu, double normal_force) { return of("coulomb", Coulomb{mu}, normal_force); }

FrictionLaw FrictionLaw::tanh_coulomb(double mu, double normal_force, double u_scale) {
  return of("tanh", TanhFriction{mu, u_scale}, normal_force);
}

double pair_mobility(double m_i, double m_j, double R_i, double R_j, double I_i, double I_j) {
  return (1 / m_i + 1 / m_j) + (R_i * R_i / I_i + R_j * R_j / I_j);
}

namespace {

// (S7) over w = u' - u: the exponent -w (2u + w) / s^2 is <= 0 everywhere.
double integrate_noise_strength(const FrictionLaw& law, double kT, double nu, double s, double u, double r) {
  thread_local boost::math::quadrature::exp_sinh<double> quadrature;
  if (!std::isfinite(u))  // a diverging state (a step beyond the scheme's stability limit), not a quadrature problem
    throw SolverError("D(u) of friction law '" + law.name() + "' asked at u=" + format_value(u) +
                      ": the state diverged; reduce dt (stiff contact or friction: dt beyond the stability limit)");
  const double L = s * s / (u + std::hypot(u, s));  // decay length of the weight
  auto g = [&](double t) {
    const double w = L * t;
    const double weight = std::exp(-w * (2 * u + w) / (s * s));
    return weight == 0 ? 0.0 : law(u + w, r) * weight * L;
  };
  double error = 0, L1 = 0;
  double integral = 0;
  try {
    integral = quadrature.integrate(g, 1e-13, &error, &L1);  // over [0, inf)
  } catch (const std::exception& e) {  // Boost throws when the integrand overflows (e.g. gamma = 1e300)
    throw SolverError("D(u) quadrature (Boost exp_sinh) of friction law '" + law.name() + "' failed at u=" +
                      format_value(u) + ": " + e.what());
  }
  if (!std::isfinite(integral))
    throw SolverError("D(u) quadrature of friction law '" + law.name() + "' is not finite at u=" +
                      std::to_string(u));
  return integral / (kT * nu);
}

}  // namespace

NoiseStrength::NoiseStrength(FrictionLaw law, double kT, double nu, std::size_t table_nodes, double table_extent)
    : law_(std::move(law)), kT_(kT), nu_(nu), s_(std::sqrt(2 * kT * nu)) {
  if (!(kT > 0)) throw_input("kT", std::to_string(kT), "must be > 0 for the noise strength D(u)");
  if (!(nu > 0)) throw_input("nu", std::to_string(nu), "must be > 0");
  if (law_.depends_on_r() || table_nodes < 2) return;
  u_max_ = table_extent * s_;
  h_ = u_max_ / static_cast<double>(table_nodes - 1);
  value_.resize(table_nodes);
  slope_.resize(table_nodes);
  for (std::size_t k = 0; k < table_nodes; ++k) {
    const double u = h_ * static_cast<double>(k);
    value_[k] = integrate_noise_strength(law_, kT_, nu_, s_, u, 0.0);
    if (!(value_[k] >= 0))
      throw_input("law", law_.name(),
                  "D(u) < 0 at u=" + std::to_string(u) + "; the friction magnitude f(u) must be >= 0 (dissipative)");
    slope_[k] = (u * value_[k] - law_(u, 0.0)) / (kT_ * nu_);
  }
}

double NoiseStrength::by_quadrature(double u, double r) const {
  return integrate_noise_strength(law_, kT_, nu_, s_, u, r);
}

double NoiseStrength::derivative(double u, double r) const {
  return (u * (*this)(u, r) - law_(u, r)) / (kT_ * nu_);
}

double NoiseStrength::operator()(double u, double r) const {
  if (value_.empty() || !(u < u_max_)) return by_quadrature(u, r);
  const double x = u / h_;
  const std::size_t k = static_cast<std::size_t>(x);
  const double t = x - static_cast<double>(k);
  const double a = 1 - t;
  // Cubic Hermite basis on [u_k, u_k+1].
  const double h00 = (1 + 2 * t) * a * a, h10 = t * a * a, h01 = t * t * (3 - 2 * t), h11 = -t * t * a;
  return h00 * value_[k] + h10 * h_ * slope_[k] + h01 * value_[k + 1] + h11 * h_ * slope_[k + 1];
}

double erfcx(double x) {
  if (x < 0) throw std::domain_error("erfcx: x must be >= 0");
  if (x <= 5) return std::exp(x * x) * std::erfc(x);
  // erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...))))), evaluated backwards.
  double t = x;
  for (int n = 60; n >= 1; --n) t = x + 0.5 * n / t;
  return 1 / (std::sqrt(std::numbers::pi) * t);
}

double coulomb_noise_strength_closed_form(double c, double kT, double nu, double u) {
  const double s = std::sqrt(2 * kT * nu);
  return c * std::sqrt(std::numbers::pi) / s * erfcx(u / s);
}

double stratonovich_ratio(const NoiseStrength& D) {
  const double s = D.thermal_velocity();
  const int n = 6000;
  const double h = 12 * s / n;
  double num = 0, den = 0;
  for (int k = 0; k <= n; ++k) {  // Simpson on [0, 12 s]
    const double u = k * h, w = (k == 0 || k == n) ? 1 : (k % 2 ? 4 : 2);
    const double p = u * std::sqrt(D(u, 0)) * std::exp(-u * u / (s * s));
    num += w * u * u * p;
    den += w * p;
  }
  return num / den / (s * s);
}

Vec3 noise_force(const Vec3& r_hat, double sqrt_D, const Vec3& xi, const Vec3& N) {
  return sqrt_D * (xi - r_hat * r_hat.dot(xi) - r_hat.cross(N));
}

PairLoad pair_load(const Vec3& r_hat, double R_i, double R_j, const Vec3& force_i) {
  const Vec3 arm = r_hat.cross(force_i);
  return {force_i, R_i * arm, -force_i, R_j * arm};
}

}  // namespace stickslip
