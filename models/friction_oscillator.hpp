// models/friction_oscillator.hpp — the relation of a mass on a spring rubbing on a surface that moves at v_belt
// (Krengel & Matuttis, "Comparing numerically exact and modelled static friction", eq. 3 for v_belt = 0; the
// belt-driven stick-slip oscillator for v_belt > 0). Any tangential law of the registry runs on it through
// models/contact_model.hpp (oscillator_system below): Coulomb gives eq. 1-3 (defaults m = 0.25, k = 1, mu = 0.4,
// F_N = 1), the velocity-weakening law (models/contact/weakening.hpp) the belt's persistent stick-slip cycle.
//
//   m x'' = -k x + F,   slip velocity v_rel = x' - v_belt,   F_N constant.
// While the contact sticks (v_rel = 0) the force that holds it is f_stick = k x (it balances the spring); the slip
// acceleration without friction is -k x/m.
// State layout: [x, v] (m, m/s), then the law's state if it has one: xi [m] (a spring) or F [N] (the algebraic force
// of a DAE law: the set-valued laws' hybrid DAE with velocity projection 0 = v - v_belt while sticking).
// Forms by driver (models/contact/law.hpp): Filippov (h = v - v_belt, grad h = (0, 1), field affine in sigma,
// eq. 4-14), the DAE through IDA, the naive sign() right-hand side of a set-valued law on fixed-step schemes.
// The DAE residual's velocity row is in mass form (m v' - (F - k x)).
#pragma once

#include <string>
#include <vector>

#include "models/contact_model.hpp"

namespace stickslip {

struct OscillatorParameters {
  double m = 0.25;       // mass [kg]
  double k = 1;          // spring stiffness [N/m]
  double fn = 1;         // normal force F_N [N]
  double v_belt = 0;     // belt speed [m/s]
  // Throws InputError naming the offending key.
  void validate() const;
};

// The relation (models/contact_model.hpp's interface).
struct FrictionOscillator {
  OscillatorParameters p;
  static constexpr const char* name = "friction-oscillator";
  static constexpr std::size_t slip_row = 1;
  static constexpr const char* spring_name = "xi";
  static constexpr const char* force_name = "F";
  std::vector<std::string> body_names() const { return {"x", "v"}; }
  std::vector<std::string> extra_names() const { return {}; }
  Slip1 contact(double, VecCRef b) const { return {VecD<1>(b[1] - p.v_belt), p.m, -p.k * b[0] / p.m, p.k * b[0]}; }
  double normal_force(double, VecCRef) const { return p.fn; }
  void rates(double, VecCRef b, VecCRef, double f, VecRef bdot, VecRef) const {
    bdot[0] = b[1];
    bdot[1] = (-p.k * b[0] + f) / p.m;
  }
  void residual(double, VecCRef b, VecCRef, VecCRef bdot, VecCRef, double f, VecRef r, VecRef) const {
    r[0] = bdot[0] - b[1];
    r[1] = p.m * bdot[1] - (f - p.k * b[0]);
  }
  void hold_slip(VecRef b) const { b[1] = p.v_belt; }
  Energy energy(VecCRef b, VecCRef) const {
    Energy e;
    e.kinetic = 0.5 * p.m * b[1] * b[1];
    e.external = 0.5 * p.k * b[0] * b[0];
    return e;
  }
};

// Law `law` (a registry name; values: its parameters, law_key the study's key) on the oscillator for driver d.
ContactSystem oscillator_system(const OscillatorParameters& p, const std::string& law, const LawValues& values,
                                Driver d, bool events, bool projection, const std::string& solver_text = "");

}  // namespace stickslip
