// models/particles/engine_sde.hpp — spheres of the particle engine in PERMANENT frictional contact, thermalised only
// by the Markovian friction noise of Hofmann et al. (models/markovian_friction.hpp), as an SDE (core/sde_system.hpp)
//   dX = a(X) dt + b(X) dW
// for the SDE drivers (solvers/sde_integrator.hpp: Euler-Maruyama, stochastic Heun). The stochastic form of the
// engine, beside its ODE form (models/particles/engine_model.hpp): the bodies are the engine's ParticleArrays, every
// contact is the engine's pair relation (models/particles/contact_kinematics.hpp: n from i to j, slip velocity
// v_t of i's contact point against j's), the friction force is the law's slip-force form (models/contact/law.hpp,
// F = -f(|v_t|) v_t/|v_t| on i, -F on j; a set-valued law's sign form) at a constant normal load F_n, and its
// moments are r_i n x F on i and r_j n x F on j (Campello eq. 39 = the seed's S9). The contact list is given by the
// scene (pairs i < j) and never changes: these contacts never open, so no neighbour search.
// In the seed's notation u_perp = -v_t (S2: j's surface relative to i's), F_i^f = f(u) u_hat (S4).
//
// State layout (N spheres, C contacts; natural units); positions first, the configuration block of the
// semi-implicit Euler-Maruyama (the engine's ODE form interleaves x, v, omega, phi per body, which that scheme cannot
// split, and a sphere's orientation is not needed here):
//   x[3p .. 3p+2]            position r_p                     (rows [0, 3N): the configuration block)
//   x[3N + 3p .. ]           velocity v_p
//   x[6N + 3p .. ]           angular velocity omega_p
//   x[9N]                    W_f: work of the friction forces,  W_f' = sum_c F_c . v_t,c = -sum_c f_c u_c     (<= 0)
//   x[9N + 1]                W_R: work of the random forces, W_R = int sum_c F^R_c . v_t,c dt, a stochastic
//                            integral; in the Ito calculus (Euler-Maruyama) it carries the drift sum_c 2 kT nu_c
//                            D_c(u_c), the mean energy 1/2 nu |F^R dt|^2 each kick adds; in the Stratonovich calculus
//                            (Heun) the chain rule has no such term.
// Ledger (core/energy_ledger.hpp): energy() fills Energy{kinetic = E_kin, potential = 0 (no friction spring),
// work = W_f, noise_work = W_R, external = U_bond}; EnergyLedger::balance = d(E_kin + U_bond) - dW_f - dW_R
// vanishes up to the scheme's error (exactly as dt -> 0).
// Noise (S5-S7): 6 standard increments per contact, dW[6c .. 6c+2] for xi_c and dW[6c+3 .. 6c+5] for N_c; the
// impulse F^R dt = sqrt(D(u) kT) [P dW_xi - n x dW_N] goes on i, its opposite on j, with the moments above; D(u)
// from the law's magnitude f by the fluctuation-dissipation relation (S7), nu of the pair by (S8).
// Geometry:
//   fixed    positions never change (r' = 0): the contact frame is held, the setting of the seed's derivation
//            (d u / dt = -nu F). Total momentum is conserved exactly; total angular momentum
//            sum r x m v + I omega too if every contact touches (|r_ij| = R_i + R_j).
//   bonded   r' = v, with a harmonic normal bond k (|r_ij| - R_i - R_j) along n per contact (an overlap-free
//            permanent contact). The pair torque about the origin does not vanish when |r_ij| != R_i + R_j:
//            d L / dt = sum_c (R_i + R_j - |r_ij|) n x F_c.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/energy_ledger.hpp"
#include "core/sde_system.hpp"
#include "models/contact/law.hpp"
#include "models/contact/set_valued.hpp"
#include "models/markovian_friction.hpp"
#include "models/particles/contact_kinematics.hpp"
#include "models/particles/particle_arrays.hpp"

namespace stickslip {

enum class ContactGeometry { fixed, bonded };
enum class NoiseCalculus { ito, stratonovich };

struct PermanentContact {
  int i = 0, j = 1;
};

struct EngineSdeSetup {
  ParticleArrays bodies;  // x: the initial positions (at rest); radius, mass, inv_mass, inv_inertia (no frozen body)
  std::vector<PermanentContact> contacts;
  ContactGeometry geometry = ContactGeometry::fixed;
  double bond_stiffness = 0;  // bonded geometry only
  double normal_force = 1;    // F_n of every contact (the laws' normal load)
  double kT = 1;              // >= 0; kT = 0 switches the noise off
  NoiseCalculus calculus = NoiseCalculus::ito;
};

// Everything but the law: geometry, noise, ledger, observables. The drift's friction force comes from the law
// (EngineSdeOf below), one virtual call per drift evaluation, none per contact.
class EngineSde : public SdeSystem {
 public:
  // magnitude: the law's f(u) at the setup's normal load, from which D(u) is tabulated.
  EngineSde(EngineSdeSetup setup, FrictionLaw magnitude);

  std::size_t bodies() const { return setup_.bodies.size(); }
  std::size_t contacts() const { return setup_.contacts.size(); }
  std::size_t size() const override { return 9 * bodies() + 2; }
  std::size_t noise_size() const override { return 6 * contacts(); }
  std::size_t configuration_size() const override {
    return setup_.geometry == ContactGeometry::bonded ? 3 * bodies() : 0;
  }
  void diffusion(double t, VecCRef x, VecCRef dW, VecRef out) const override;
  void configuration_rate(double t, VecCRef x, VecRef qdot) const override;
  std::vector<std::string> state_names() const;
  const EngineSdeSetup& setup() const { return setup_; }

  // At rest at the setup's positions, W_f = W_R = 0.
  Vec initial_state() const;

  // Observables.
  Vec3 position(VecCRef x, std::size_t p) const { return x.segment<3>(3 * p); }
  Vec3 velocity(VecCRef x, std::size_t p) const { return x.segment<3>(3 * (bodies() + p)); }
  Vec3 spin(VecCRef x, std::size_t p) const { return x.segment<3>(3 * (2 * bodies() + p)); }
  double inertia(std::size_t p) const { return setup_.bodies.inertia(p); }
  // The engine's relation of contact c (n from i to j, v_t = -u_perp, h = R_i + R_j - |r_ij|).
  ContactKinematics kinematics(VecCRef x, std::size_t c) const;
  double nu(std::size_t c) const { return nu_[c]; }
  const NoiseStrength* noise_strength(std::size_t c) const { return strength_[c].get(); }
  const FrictionLaw& magnitude() const { return magnitude_; }
  Vec3 momentum(VecCRef x) const;
  Vec3 angular_momentum(VecCRef x) const;  // about the origin: sum r x m v + I omega
  Energy energy(VecCRef x) const;  // see "Ledger" above

 protected:
  // The drift with the friction force F(c) on i of the law: bodies, bond, W_f and the Ito heating.
  template <class SlipForce>
  void drift_with(VecCRef x, VecRef a, const SlipForce& slip_force) const;

 private:
  // Force F on i and -F on j, moments r_i n x F and r_j n x F, into the velocity and spin rows of out.
  void load(VecRef out, std::size_t c, const Vec3& n, const Vec3& force_i) const;

  EngineSdeSetup setup_;
  FrictionLaw magnitude_;
  std::vector<double> nu_;
  std::vector<std::shared_ptr<const NoiseStrength>> strength_;  // one per contact, shared for equal nu
};

template <class Law>
class EngineSdeOf final : public EngineSde {
 public:
  // magnitude: FrictionLaw::of(name, law, setup.normal_force).
  EngineSdeOf(EngineSdeSetup setup, FrictionLaw magnitude, const Law& law)
      : EngineSde(std::move(setup), std::move(magnitude)), law_(law) {}
  void drift(double, VecCRef x, VecRef a) const override {
    const double fn = setup().normal_force;
    drift_with(x, a, [&](const ContactKinematics& c) { return slip_force(law_, c, fn); });
  }

 private:
  Law law_;
};

template <class SlipForce>
void EngineSde::drift_with(VecCRef x, VecRef a, const SlipForce& slip_force) const {
  const std::size_t n = bodies();
  a.setZero();
  if (setup_.geometry == ContactGeometry::bonded) a.head(3 * n) = x.segment(3 * n, 3 * n);
  double friction_power = 0, heating = 0;
  const bool ito_heating = setup_.kT > 0 && setup_.calculus == NoiseCalculus::ito;
  for (std::size_t c = 0; c < contacts(); ++c) {
    const ContactKinematics k = kinematics(x, c);
    const Vec3 F = slip_force(k);
    friction_power += F.dot(k.vt);
    if (ito_heating) heating += 2 * setup_.kT * nu_[c] * (*strength_[c])(k.vt.norm(), 0);
    load(a, c, k.n, F);
    if (setup_.geometry == ContactGeometry::bonded) {
      const auto& pc = setup_.contacts[c];
      const Vec3 bond = setup_.bond_stiffness * (-k.h) * k.n;  // on i; pulls i to j when stretched (h < 0)
      a.segment<3>(3 * (n + pc.i)) += bond * setup_.bodies.inv_mass[pc.i];
      a.segment<3>(3 * (n + pc.j)) -= bond * setup_.bodies.inv_mass[pc.j];
    }
  }
  a[9 * n] = friction_power;
  a[9 * n + 1] = heating;
}

// The model of a law of the registry with a slip force (or a set-valued law's sign form): InputError naming `key`
// for a law without one, or whose f(u) is not dissipative.
std::unique_ptr<EngineSde> make_engine_sde(EngineSdeSetup setup, const std::string& key, const std::string& law,
                                           const LawValues& values);

// Positions of n equal touching spheres of radius R: n = 2 (pair on the x axis), 3 (triangle), 4 (tetrahedron);
// every pair is in contact. Contacts of all pairs i < j.
std::vector<Vec3> touching_cluster(std::size_t n, double R);
std::vector<PermanentContact> all_pairs(std::size_t n);

}  // namespace stickslip
