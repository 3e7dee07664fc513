// studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp — the runs of the dsds-cooling study
// (studies/papers/fuhrer_brendel_wolf/dsds_cooling_study.cpp): does the D-SDS's created energy change a granular gas's
// cooling rate (Fuehrer, Brendel, Wolf, "Correction of the spring-dashpot-slider model", Granular Matter 2024, §3.3 and
// Summary)?
//
// A parameter set (CoolingSet) fixes the contact: normal law linear spring-dashpot (k_n, gamma_n from the
// restitution e) or damped Hertz (E, nu, xi from e; Campello's DEM paper eq. 19-23); tangential spring k_t = kt_ratio
// k_n and dashpot gamma_t = gamma_t_ratio gamma_n (per effective mass), mu; for Hertz k_n, gamma_n are those of the
// linear law with Hertz's contact time and restitution at the typical impact speed sqrt(pi T0/m) (w0 = pi/(t_c sqrt(1 -
// zeta^2)), k_n = m* w0^2, gamma_n = 2 zeta w0), and the tangential dashpot is either constant (gamma_t m*,
// tangential_damping = constant: the paper's model, granular-gas's) or follows the normal one (gamma_t(h) m* = x d*(h),
// tangential_damping = normal: LAMMPS pair granular's convention, models/particles/tangential_dashpot.hpp).
// The C-SDS is advanced explicitly (Csds, the engine's csds) or by its backward-Euler return mapping (CsdsImplicit,
// models/particles/csds_implicit.hpp; stable for any gamma_t, csds_update = implicit); the D-SDS is Dsds (LAMMPS
// linear_history). dt = t_c/dt_fraction with t_c the contact time at sqrt(pi T0/m).
// Runs (each returns its row of the run store):
//   run_mechanism         binary collisions (solvers/particles/binary_collision.hpp) over a grid of
//   impact angles
//                         psi (tan psi = |v_t|/v_n at the contact point), v_t from the centres' motion or from spins,
//                         at v_n = sqrt(pi T/m) for T = T0 and T_end: per collision the D-SDS's energy created (all,
//                         and at the onset step) against eq. 11's closed form (gamma_t m* v_t - mu f_n0)^2/(2 k_t)
//                         (models/particles/collision_log.hpp), the extra tangential dissipation X = D_t(D) - D_t(C),
//                         the normal damping difference, and the net dK(D) - dK(C); at dt -> 0 (t_c/1600 and t_c/3200,
//                         onset phases averaged) and at the gas's dt (phases averaged).
//   run_kinetic           the gas's cooling predicted from binary collisions
//   (models/particles/collision_kinetics.hpp)
//                         at the gas's dt: T_rot(T) and <dK_tr>/T per law at nodes from T0 to T_end, the ratio
//                         zeta_D/zeta_C at the nodes and averaged over the bins of the gas analysis, in `batches`
//                         independent batches (mean +- standard error); and the ratio at T0 for dt/2^k (time-step
//                         error).
//   run_cooling_gas       one law's gas (studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp) from one seed's
//   initial state, stopped
//                         below T_end or once clustering ends homogeneous cooling; the row keeps the times at which
//                         T_tr crosses the bin edges, T_rot there, the end of homogeneous cooling and the ledger.
//   run_lammps_gas        the same seed's initial state through LAMMPS' own D-SDS (`lmp`: gran/hooke/history for the
//                         linear law; pair granular hertz/material + linear_history, damping tsuji, limit_damping
//                         for Hertz with tangential_damping = normal), the same crossings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/particles/csds_implicit.hpp"
#include "models/contact/csds.hpp"
#include "models/contact/dsds.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/particles/tangential_dashpot.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

struct CoolingSet {
  // chosen
  std::string normal = "linear", damping = "constant", csds_update = "implicit";
  double gamma_t_ratio = 1, kt_ratio = 2.0 / 7.0, mu = 0.5, restitution = 0.8;
  // material (the gas's)
  double r = 0.01, m = 0, young = 5e7, poisson = 0.3, kn_linear = 2e4;
  // derived (resolve_cooling_set)
  double kn = 0, gamma_n = 0;  // N/m, 1/s: the linear law's, or Hertz's linear equivalent at T0
  double xi = 0;               // Hertz damping ratio (Campello's DEM paper eq. 22)
  double kt = 0, gamma_t = 0;  // N/m; 1/s (the constant dashpot per effective mass)
  double t_c = 0, dt = 0;      // s
  double T0 = 0;               // J
  // of the normal law (classify_normal): its contact time depends on the impact speed (Hertz: a second speed level
  // in the mechanism); its dashpot varies with the overlap (Hertz: tangential_damping constant/normal differ)
  bool speed_dependent = false, dashpot_varies = false;
  NormalMaterial material() const { return {kn_linear, young, poisson, restitution, 0.5 * m}; }
  // tangential_damping = normal on a law whose dashpot varies: the tangential dashpot follows the normal one
  bool dashpot_follows_normal() const { return dashpot_varies && damping == "normal"; }
  std::string label() const;   // "linear, gt/gn 1, kt/kn 0.286, mu 0.5, e 0.8" (+ ", dashpot normal" for Hertz)
  double inertia() const { return 0.4 * m * r * r; }
};

// The normal law's flags of the set (speed_dependent, dashpot_varies) from the registry (InputError naming `normal`
// for an unknown law).
void classify_normal(CoolingSet& s);
// Fills the derived fields for spheres of radius r, mass m at temperature T0 with dt = t_c/dt_fraction.
void resolve_cooling_set(CoolingSet& s, double T0, double dt_fraction);

// f(normal, csds, dsds) with the law objects of the set (a generic lambda; every combination is instantiated).
// The normal law is the registry's (models/contact/normal_registry.hpp) made from the set's material.
template <class F>
decltype(auto) with_cooling_laws(const CoolingSet& s, F&& f) {
  return with_sphere_normal_law("normal", s.normal, s.material(), [&](const auto& normal) -> decltype(auto) {
    const double x = s.gamma_t_ratio;
    if (s.dashpot_follows_normal()) {
      using D = DashpotFollowsNormal<Dsds, std::decay_t<decltype(normal)>>;
      using C = DashpotFollowsNormal<CsdsImplicit, std::decay_t<decltype(normal)>>;
      return f(normal, C(CsdsImplicit{s.kt, 0.0, s.mu}, normal, x), D(Dsds{s.kt, 0.0, s.mu}, normal, x));
    }
    if (s.csds_update == "explicit") return f(normal, Csds{s.kt, s.gamma_t, s.mu}, Dsds{s.kt, s.gamma_t, s.mu});
    return f(normal, CsdsImplicit{s.kt, s.gamma_t, s.mu}, Dsds{s.kt, s.gamma_t, s.mu});
  });
}

struct MechanismOptions {
  int angles = 24;           // impact angles from 0 to 87 deg
  double T_end = 0.01;       // T/T0 of the second speed level
  int gas_phases = 32;       // onset phases averaged at the gas's dt
};
nlohmann::json run_mechanism(const CoolingSet& s, const MechanismOptions& o);

struct KineticOptions {
  long draws = 40000;        // collisions per evaluation, over all batches
  int batches = 10;
  int steps = 18;            // Heun steps in ln T from T0 to T_end
  double T_end = 0.01;       // T/T0
  double rot_ratio = 1;      // T_rot/T_tr at T0
  std::vector<double> edges; // bin edges T/T0 (decreasing) for the bin-averaged ratio
  int dt_levels = 4;         // the ratio at T0 at dt/2^k, k < dt_levels
  long dt_level_draws = 20000;
  std::uint64_t seed = 1;
  int jobs = 1;              // batches evaluated at a time
};
nlohmann::json run_kinetic(const CoolingSet& s, const KineticOptions& o);

// Bin edges T/T0 = exp(-k |ln T_end| / bins), k = 0..bins.
std::vector<double> cooling_edges(double T_end, int bins);

// The two sides of the study's pair: the C-SDS and the D-SDS of a set (with_cooling_laws' csds and dsds).
enum class PairSide { csds, dsds };
inline const char* to_string(PairSide side) { return side == PairSide::csds ? "csds" : "dsds"; }

// The gas of one side of a set's pair from seed `seed`; edges as cooling_edges (T/T0).
nlohmann::json run_cooling_gas(const CoolingSet& s, const GasConfig& g, PairSide side, std::uint64_t seed,
                               const std::vector<double>& edges, double density_limit, double velocity_limit,
                               const StudyContext& ctx);
// LAMMPS' D-SDS of the set from seed `seed` for `steps` steps; an empty row with "note" where LAMMPS has no such law.
nlohmann::json run_lammps_gas(const CoolingSet& s, const GasConfig& g, std::uint64_t seed, long steps,
                              const std::vector<double>& edges, const std::string& folder, const StudyContext& ctx);
// Why LAMMPS cannot run the set's D-SDS ("" if it can: lammps_dsds_coeff has a pair for its laws; not for Hertz
// with a constant tangential dashpot).
std::string lammps_cannot(const CoolingSet& s);

// The times at which a sampled T_tr (J) first falls below each edge T0 e_k (linear in ln T between samples; NaN if
// never), and T_rot there.
struct Crossings {
  std::vector<double> t, T_rot;
};
Crossings edge_crossings(const std::vector<double>& t, const std::vector<double>& T_tr,
                         const std::vector<double>& T_rot, double T0, const std::vector<double>& edges);

}  // namespace stickslip
