// models/sliding_plates.hpp — the relation of two plates pressed together, sliding against each other (Fuehrer,
// Brendel & Wolf, "Correction of the spring-dashpot-slider model", §3.1). Any tangential law of the registry runs on
// it through the assembler of models/contact_model.hpp (plates_system below).
//
// Reduced mass m, constant normal force F_n = fmax (natural units of the paper: m = k = F_max = 1); the slip
// velocity is the relative velocity v, no other force acts:  m v' = F.
// State layout: x[0] = v (relative tangential velocity), then the law's state if it has one (x[1] = xi, a spring),
// then W (work of the friction force on the relative motion, W' = F v: the energy ledger).
// The plates bind three law parameters to their own keys: kt = k (the tangential spring), gamma_t = gamma/m (the
// dashpot gamma is absolute here; a law's gamma_t is per effective mass, and m* = m), mu = 1 (F_max = mu F_n with
// F_n = fmax). Every other parameter of a law (Stribeck's mu_s, ...) comes from the law's own keys.
#pragma once

#include <string>
#include <vector>

#include "core/energy_ledger.hpp"
#include "models/contact_model.hpp"

namespace stickslip {

struct PlateParameters {
  double m = 1;       // reduced mass
  double k = 1;       // tangential stiffness (the laws' kt)
  double gamma = 2;   // tangential damping, absolute (the laws' gamma_t m)
  double fmax = 1;    // critical force mu F_n: the normal force of a law with mu = 1
  // Throws InputError naming the offending key (m, k > 0; gamma, fmax >= 0).
  void validate() const;
  // The law parameters the plates bind: kt, gamma_t, mu (errors name the keys k, gamma).
  LawValues law_values() const;
};

// The relation (models/contact_model.hpp's interface).
struct SlidingPlates {
  PlateParameters p;
  static constexpr const char* name = "sliding-plates";
  static constexpr std::size_t slip_row = 0;
  static constexpr const char* spring_name = "xi";
  static constexpr const char* force_name = "F";
  std::vector<std::string> body_names() const { return {"v"}; }
  std::vector<std::string> extra_names() const { return {"W"}; }
  Slip1 contact(double, VecCRef b) const { return {VecD<1>(b[0]), p.m, 0.0, 0.0}; }
  double normal_force(double, VecCRef) const { return p.fmax; }
  void rates(double, VecCRef b, VecCRef, double f, VecRef bdot, VecRef edot) const {
    bdot[0] = f / p.m;
    edot[0] = f * b[0];
  }
  void residual(double, VecCRef b, VecCRef, VecCRef bdot, VecCRef edot, double f, VecRef rb, VecRef re) const {
    rb[0] = bdot[0] - f / p.m;
    re[0] = edot[0] - f * b[0];
  }
  void hold_slip(VecRef b) const { b[0] = 0; }
  Energy energy(VecCRef b, VecCRef e) const { return {0.5 * p.m * b[0] * b[0], 0, e[0]}; }
};

// Law `law` (a registry name) on the plates for driver d, event-driven or not; extra: values of the law's own
// parameters (law_values of models/contact/registry.hpp), law_key the study's key for the law.
ContactSystem plates_system(const PlateParameters& p, const std::string& law, Driver d, bool events,
                            const LawValues& extra = {}, const std::string& solver_text = "");
// The Model of a non-Filippov form (throws std::logic_error for a Filippov one).
std::unique_ptr<ContactModelBase> plates_model(const PlateParameters& p, const std::string& law, Driver d, bool events,
                                               const LawValues& extra = {});

}  // namespace stickslip
