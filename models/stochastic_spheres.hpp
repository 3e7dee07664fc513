// models/stochastic_spheres.hpp — N spheres in permanent frictional contact, thermalised only by the
// Markovian friction noise of seed 003 (models/markovian_friction.hpp), written as an SDE
//   dX = a(X) dt + b(X) dW  (drift() and diffusion(); solvers/sde_integrator.hpp drives it through a thin
// adapter in the study, since models do not know solvers).
//
// State layout (N spheres, C contacts; natural units):
//   x[3p .. 3p+2]            position r_p                     (rows [0, 3N): the configuration block)
//   x[3N + 3p .. ]           velocity v_p
//   x[6N + 3p .. ]           angular velocity omega_p (orientation is irrelevant for spheres and not kept)
//   x[9N]                    W_f: work of the friction forces f u_hat,  W_f' = -sum_c f_c u_c          (<= 0)
//   x[9N + 1]                W_R: work of the random forces (energy ledger extended by the noise):
//                            W_R = int -sum_c F^R_c . u_c dt, a stochastic integral; in the Ito calculus
//                            (Euler-Maruyama) it carries the drift sum_c 2 kT nu_c D_c(u_c), the mean
//                            energy 1/2 nu |F^R dt|^2 each kick adds; in the Stratonovich calculus (Heun)
//                            the chain rule has no such term.
// Ledger (core/energy_ledger.hpp): energy() fills Energy{kinetic = E_kin, potential = 0 (no friction spring),
// work = W_f, noise_work = W_R, external = U_bond}; EnergyLedger::balance = d(E_kin + U_bond) - dW_f - dW_R
// vanishes up to the scheme's error (exactly as dt -> 0).
// Noise: 6 standard increments per contact, dW[6c .. 6c+2] for xi_c and dW[6c+3 .. 6c+5] for N_c; the
// impulse F^R dt = sqrt(D kT) [P dW_xi - r_hat x dW_N] (S5, S6) goes on i, its opposite on j, torques (S9).
// Geometry:
//   fixed    positions never change (r' = 0): the contact frame is held, the setting of the seed's derivation
//            (d u / dt = -nu F). Total momentum is conserved exactly; total angular momentum
//            sum r x m v + I omega too if every contact touches (|r_ij| = R_i + R_j).
//   bonded   r' = v, with a harmonic normal bond k (|r_ij| - R_i - R_j) along r_hat per contact (an
//            overlap-free permanent contact). The pair torque about the origin does not vanish when
//            |r_ij| != R_i + R_j: d L / dt = sum_c (R_i + R_j - |r_ij|) r_hat x F_c.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/energy_ledger.hpp"
#include "core/types.hpp"
#include "models/markovian_friction.hpp"

namespace stickslip {

struct SphereBody {
  double mass = 1, radius = 0.5, inertia = 0.1;  // inertia = 2/5 m R^2 for a solid sphere
};

enum class ContactGeometry { fixed, bonded };
enum class NoiseCalculus { ito, stratonovich };

struct SphereContact {
  int i = 0, j = 1;
};

struct StochasticSpheresSetup {
  std::vector<SphereBody> bodies;
  std::vector<SphereContact> contacts;
  ContactGeometry geometry = ContactGeometry::fixed;
  double bond_stiffness = 0;  // bonded geometry only
  double kT = 1;              // >= 0; kT = 0 switches the noise off
  NoiseCalculus calculus = NoiseCalculus::ito;
};

class StochasticSpheres {
 public:
  StochasticSpheres(StochasticSpheresSetup setup, const FrictionLaw& law);

  std::size_t bodies() const { return setup_.bodies.size(); }
  std::size_t contacts() const { return setup_.contacts.size(); }
  std::size_t size() const { return 9 * bodies() + 2; }
  std::size_t noise_size() const { return 6 * contacts(); }
  std::size_t configuration_size() const {
    return setup_.geometry == ContactGeometry::bonded ? 3 * bodies() : 0;
  }
  std::vector<std::string> state_names() const;
  const StochasticSpheresSetup& setup() const { return setup_; }

  // At rest at the given positions, W_f = W_R = 0.
  Vec initial_state(const std::vector<Vec3>& positions) const;

  void drift(double t, VecCRef x, VecRef a) const;
  void diffusion(double t, VecCRef x, VecCRef dW, VecRef out) const;
  void configuration_rate(double t, VecCRef x, VecRef qdot) const;

  // Observables.
  Vec3 position(VecCRef x, std::size_t p) const { return x.segment<3>(3 * p); }
  Vec3 velocity(VecCRef x, std::size_t p) const { return x.segment<3>(3 * (bodies() + p)); }
  Vec3 spin(VecCRef x, std::size_t p) const { return x.segment<3>(3 * (2 * bodies() + p)); }
  // Geometry of contact c: centre distance r, normal r_hat from i to j, relative tangential velocity u_perp.
  struct ContactKinematics {
    double r;
    Vec3 r_hat, u_perp;
  };
  ContactKinematics kinematics(VecCRef x, std::size_t c) const;
  Vec3 contact_normal(VecCRef x, std::size_t c) const;  // r_hat from i to j
  double distance(VecCRef x, std::size_t c) const;
  Vec3 relative_velocity(VecCRef x, std::size_t c) const;  // u_perp (S2)
  double nu(std::size_t c) const { return nu_[c]; }
  const NoiseStrength* noise_strength(std::size_t c) const { return strength_[c].get(); }
  const FrictionLaw& law() const { return law_; }
  Vec3 momentum(VecCRef x) const;
  Vec3 angular_momentum(VecCRef x) const;  // about the origin: sum r x m v + I omega
  Energy energy(VecCRef x) const;  // see "Ledger" above

  // Positions of n equal touching spheres of radius R: n = 2 (pair on the x axis), 3 (triangle), 4
  // (tetrahedron); every pair is in contact. Contacts of all pairs i < j.
  static std::vector<Vec3> touching_cluster(std::size_t n, double R);
  static std::vector<SphereContact> all_pairs(std::size_t n);

 private:
  StochasticSpheresSetup setup_;
  FrictionLaw law_;
  std::vector<double> nu_;
  std::vector<std::shared_ptr<const NoiseStrength>> strength_;  // one per contact, shared for equal nu
};

}  // namespace stickslip
