// studies/checks/system_check_support.hpp — what the property checks of systems of several frictional contacts share
// (property_checks_systems.cpp: random systems; property_checks_system_file.cpp: a user's system file): one run traced
// (final state, scales, the ledger's balance B = K + V - W_friction - W_other, Coulomb's law |F| <= F_s per sample), the
// exact solution's stick/slip sequence (models/system/coulomb_exact.hpp) and a run against it, and the tolerances:
//   adaptive drivers   eps = 100 rtol per phase, (1 + transitions) phases; positions within eps L, transition times
//                      within eps (t_end + G/|g'|) (g the switching function, G its scale);
//   ledger             |B| <= 4 eps E (E the energy scale), Moreau-Jean at theta = 1/2 rounding only;
//   rounding floor     16 eps_mach per step of the system's own scale.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "models/system/coulomb_exact.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip::system_checks {

constexpr double kEps = std::numeric_limits<double>::epsilon();

bool is_moreau(const std::string& solver);
bool is_adaptive(const std::string& solver);  // an adaptive integrator spec (dopri5, CVODE, IDA, ...)

// F_s / F_n of every contact whose law is set-valued (mu, mu_s); NaN for the others.
std::vector<double> static_ratios(const SystemSpec& spec);

// One run, and what the checks read from it.
struct Trace {
  Vec q, v;  // at t_end
  double q_scale = 0, v_scale = 0;
  std::vector<SystemTransition> transitions;
  RunStats stats;
  std::size_t state_size = 0;
  bool ledger = false;
  double max_balance = 0, energy_scale = 0;  // ledger: max |B| and E (the largest of K + V and the works)
  double force_excess = 0, force_scale = 0;  // max(|F| - F_s) and max F_s of the set-valued contacts
  double stuck_slip = 0;                     // max |s| of a stuck set-valued contact
  std::vector<int> stuck_end;                // stuck flags at t_end
  Vec s_end, F_end;                          // slips and forces at t_end
};

Trace trace(const SystemSpec& spec, const SystemRunSettings& st, double t_end);

// The exact stick/slip transitions (a reversal through zero slip without sticking is no change of the stuck flag).
std::vector<CoulombSystemExact::Transition> sticks_of(const CoulombSystemExact& ex);

// Whether the exact stick/slip sequence stays the same when every threshold moves by 1e-4 relative: a draw decided
// well above rounding and the drivers' tolerances (false where the exact solution finds no consistent mode).
bool decided_robustly(const SystemSpec& spec, double t_end);

// The system's own scales (length, energy), for rounding floors where a run barely moves.
struct Scales {
  double length = 0, energy = 0;
};
Scales system_scales(const SystemSpec& spec, double t_end);

// 16 eps_mach per step (at least one) of a scale.
double rounding(double steps, double scale);

// eps of an adaptive driver: 100 rtol per phase.
double adaptive_eps(double rtol, std::size_t transitions);

// Positions and stick/slip transitions of a run against the exact solution, to eps (see the .cpp).
std::vector<Measurement> against_exact(const Trace& tr, const CoulombSystemExact& ex, const SystemSpec& spec,
                                       double t_end, double eps);

// The tolerance of the ledger's balance: adaptive drivers 4 eps E; Moreau-Jean at theta = 1/2 rounding.
double ledger_tolerance(const std::string& solver, const SystemRunSettings& st, const Trace& tr, const Scales& sc);

}  // namespace stickslip::system_checks
