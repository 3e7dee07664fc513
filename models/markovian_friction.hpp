// models/markovian_friction.hpp — Markovian tangential friction between two spheres with fluctuation-
// dissipation noise (seed 003, "FrictionalPair"; Hofmann et al. 2025).
//
// Geometry (seed 003): r_hat = r_ij / |r_ij| with r_ij = r_j - r_i (pointing from i to j, so that the contact
// point of i is r_i + R_i r_hat and that of j is r_j - R_j r_hat, as the seed's surface velocities imply):
//   u_i = v_i + omega_i x r_hat R_i,   u_j = v_j - omega_j x r_hat R_j                        (S1)
//   u_perp = P(r_hat)(v_j - v_i) - (omega_i R_i + omega_j R_j) x r_hat,  P = 1 - r_hat r_hat  (S2, S3)
// u_perp is the tangential velocity of j's surface relative to i's at the contact point.
//   F_i^f = -F_j^f = f(u, r) u_hat,   u = |u_perp|, u_hat = u_perp / u                         (S4)
//   F_i^R = -F_j^R = sqrt(D(u, r)) [P xi_ij - r_hat x N_ij]                                     (S5)
//   <xi_ij xi_kl> = 1 kT (d_ik d_jl - d_il d_jk) / dt,  <N_ij N_kl> = 1 kT (d_ik d_jl + d_il d_jk) / dt (S6)
//   D(u, r) = 1/(kT nu) int_u^inf du' f(u', r) exp(-(u'^2 - u^2) / (2 kT nu))                  (S7)
//   nu = (1/m_i + 1/m_j) + (R_i^2/I_i + R_j^2/I_j)                                              (S8)
//   F_ij = F_i,  tau_ij = R_i r_hat x F_i   (and on j: -F_i, R_j r_hat x F_i)                   (S9)
// Sign convention: f >= 0 is dissipative. The power of the pair force on the two bodies is
// F_i.v_i + tau_i.omega_i + F_j.v_j + tau_j.omega_j = -F_i . u_perp = -f u, and for fixed r_hat
// d u_perp / dt = -nu F_i (this is where nu comes from). The linear law f = gamma u is the viscous force
// -gamma u_perp acting on j relative to i.
// For a pair (i, j) only xi_ij (antisymmetric) and N_ij (symmetric) appear; both are independent 3-vectors
// with variance kT/dt per component, so F^R has variance 2 D kT / dt per tangential component.
//
// D(u) is computed from (S7) written as an integral over w = u' - u >= 0,
//   D(u) = 1/(kT nu) int_0^inf f(u + w) exp(-w (2u + w) / s^2) dw,   s^2 = 2 kT nu,
// whose exponent is never positive (no overflow, no cancellation for u >> s), by exp-sinh quadrature on the
// scale L = s^2 / (u + sqrt(u^2 + s^2)) (L = s at u = 0, s^2/2u for u >> s). For laws that do not depend on
// r it is tabulated once on [0, 12 s] with cubic Hermite interpolation, using the exact derivative
//   D'(u) = (u D(u) - f(u)) / (kT nu)                                                           (from S7)
// and evaluated by quadrature beyond the table. Closed forms (test references only):
//   f = gamma u:  D = gamma;   f = c (Coulomb):  D = c sqrt(pi / (2 kT nu)) erfcx(u / sqrt(2 kT nu)).
// Equipartition: under the Ito reading the stationary density of u_perp is the Gibbs one, <|u_perp|^2> = 2 kT nu
// (ratio 1); read as Stratonovich (Heun's dt -> 0 limit) a state-dependent D multiplies it by sqrt(D(u)), which
// stratonovich_ratio integrates.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <functional>
#include <string>
#include <vector>

#include "models/contact/law.hpp"

namespace stickslip {

using Vec3 = Eigen::Vector3d;

// A friction law: the magnitude f(u, r) >= 0 of the dissipative tangential force (S4).
class FrictionLaw {
 public:
  using Function = std::function<double(double u, double r)>;
  FrictionLaw(std::string name, Function f, bool depends_on_r = false);

  // The magnitude of a law of the registry (models/contact/registry.hpp) with a slip force, at normal force F_n:
  // f(u) = law.sliding_force(u, F_n) (models/contact/slip_force_laws.hpp, set_valued.hpp).
  template <class L>
  static FrictionLaw of(std::string name, const L& law, double normal_force) {
    return FrictionLaw(std::move(name), [law, normal_force](double u, double) { return law.sliding_force(u, normal_force); });
  }
  static FrictionLaw linear(double gamma);                                // f = gamma u (Viscous)
  static FrictionLaw coulomb(double mu, double normal_force);             // f = mu F_n (Coulomb's sign form)
  static FrictionLaw tanh_coulomb(double mu, double normal_force, double u_scale);  // mu F_n tanh(u / u_s) (TanhFriction)

  double operator()(double u, double r) const { return f_(u, r); }
  const std::string& name() const { return name_; }
  bool depends_on_r() const { return depends_on_r_; }

 private:
  std::string name_;
  Function f_;
  bool depends_on_r_;
};

// nu of (S8).
double pair_mobility(double m_i, double m_j, double R_i, double R_j, double I_i, double I_j);

// D(u, r) of (S7) for one law, temperature kT > 0 and mobility nu > 0.
class NoiseStrength {
 public:
  // `r_table` is the centre distance at which an r-independent law is tabulated (irrelevant for it);
  // r-dependent laws are integrated at every call. Throws InputError if D < 0 somewhere on the table
  // (f must be >= 0).
  NoiseStrength(FrictionLaw law, double kT, double nu, std::size_t table_nodes = 2049, double table_extent = 12);

  double operator()(double u, double r) const;     // table where valid, quadrature otherwise
  double by_quadrature(double u, double r) const;  // always the integral (S7)
  double derivative(double u, double r) const;     // D'(u) = (u D - f) / (kT nu)
  double kT() const { return kT_; }
  double nu() const { return nu_; }
  double thermal_velocity() const { return s_; }  // s = sqrt(2 kT nu)
  const FrictionLaw& law() const { return law_; }

 private:
  FrictionLaw law_;
  double kT_, nu_, s_;
  double h_ = 0, u_max_ = 0;                 // table spacing and extent
  std::vector<double> value_, slope_;        // D and D' at the nodes
};

// Scaled complementary error function erfcx(x) = exp(x^2) erfc(x) for x >= 0, accurate for all x >= 0
// (continued fraction beyond x = 5). Used for the closed-form reference of the Coulomb law.
double erfcx(double x);
double coulomb_noise_strength_closed_form(double c, double kT, double nu, double u);  // D for f = c

// dt -> 0 Stratonovich prediction of the equipartition ratio <|u_perp|^2> / (2 kT nu) for one contact with isotropic
// 2-D noise: the stationary density is sqrt(D(u)) times the Gaussian (Ito) one (Simpson on [0, 12 s], s = sqrt(2 kT nu)).
double stratonovich_ratio(const NoiseStrength& D);

// The noise impulse and the loads of one contact (S5, S9). The kinematics (u_perp = -v_t of S2) and the friction
// force f u_hat (S4) are the particle engine's pair relation and the law's slip force
// (models/particles/contact_kinematics.hpp, models/contact/law.hpp; assembled in models/particles/engine_sde.hpp).
// sqrt(D) [P xi - r_hat x N] for given samples xi, N.
Vec3 noise_force(const Vec3& r_hat, double sqrt_D, const Vec3& xi, const Vec3& N);

// The loads a contact force F on i (and -F on j) produces (S9).
struct PairLoad {
  Vec3 force_i, torque_i, force_j, torque_j;
};
PairLoad pair_load(const Vec3& r_hat, double R_i, double R_j, const Vec3& force_i);

}  // namespace stickslip
