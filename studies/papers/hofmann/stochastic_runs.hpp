// studies/papers/hofmann/stochastic_runs.hpp — one thermalisation run of spheres coupled only by Markovian friction
// noise (the particle engine's SDE form, models/particles/engine_sde.hpp, driven by solvers/sde_integrator.hpp), and
// the statistics the stochastic-friction study and its tests need, and the files of a run; the run settings the study's
// runs share (stochastic_base_spec) and the check of its jobs before any run (check_stochastic_jobs).
//
// From rest, the run equilibrates for t_equil and then samples every `sample_interval`:
//   ratio   = mean over samples and contacts of |u_perp,c|^2 / (2 kT nu_c)   (equipartition: one kT nu per
//             tangential component, two components), with a batch-means standard error (40 batches);
//   u components along two tangential unit vectors per contact, scaled by sqrt(kT nu_c), in a histogram;
//   v and omega of sphere 0, each component scaled by its predicted standard deviation (below);
//   the normalised autocorrelation sum_c <u_c(t) . u_c(t + tau)> / sum_c <|u_c|^2>;
//   the largest |P(t) - P(0)|, |L(t) - L(0)| and the energy ledger (core EnergyLedger: kinetic = E_kin,
//   external = U_bond, work = W_f, noise_work = W_R; its balance d(E_kin + U_bond) - dW_f - dW_R).
// Predicted particle variances and the contact-velocity modes: models/particles/sde_equipartition.hpp (Gibbs on
// range(J^T) with fixed geometry, Maxwell-Boltzmann with the momentum constraint when bonded); each scheme's exact
// stationary variance on a linear law's modes: solvers/sde_integrator.hpp (ou_step); the estimators (histogram,
// batch means, autocorrelation): core/sample_statistics.hpp.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "core/energy_ledger.hpp"
#include "models/particles/engine_sde.hpp"
#include "solvers/sde_integrator.hpp"

namespace stickslip {

struct StochasticRunSpec {
  std::string system = "pair";  // "pair" (radius/mass i, j) or "cluster" (cluster_size equal spheres i)
  std::size_t cluster_size = 4;
  ContactGeometry geometry = ContactGeometry::fixed;
  std::string law = "linear";  // a law of the registry with a slip force: linear, coulomb-sign (old spelling coulomb), tanh, ...
  double gamma = 1, mu = 0.5, normal_force = 1, u_scale = 0.1;
  LawValues law_values;        // the other parameters of the registry's laws (law_values of models/contact/registry.hpp)
  double kT = 1;
  Scheme scheme = Scheme::em;
  double dt = 1e-3, t_equil = 20, t_end = 2000;
  double sample_interval = 0.01, acf_max_lag = 1.5;
  std::uint64_t seed = 1;
  double radius_i = 0.5, radius_j = 0.8, mass_i = 1, mass_j = 3, inertia_factor = 0.4;
  double bond_stiffness = 1000;
  int histogram_bins = 80;
  double histogram_range = 5;  // in standard deviations
  std::size_t ledger_points = 400;
};

struct StochasticRunResult {
  double ratio = 0, stderr_ratio = 0;
  std::size_t samples = 0;
  double predicted_ratio = 1;    // what the ratio should be at this dt (see `prediction`)
  std::string prediction;        // e.g. "exact EM stationary variance", "dt->0 Ito limit"
  double limit_ratio = 1;        // the dt -> 0 limit of the scheme: 1 (Ito / Gibbs) for Euler-Maruyama and for
                                 // any scheme with the linear law; the Stratonovich value for Heun otherwise
  std::vector<double> component_ratio;        // <u_c,e1^2>/(kT nu_c), <u_c,e2^2>/(kT nu_c) per contact
  std::vector<double> particle_variance_ratio;  // measured/predicted for v0 xyz, omega0 xyz (0 if predicted 0)
  std::vector<double> hist_centre, hist_u, hist_v, hist_w;  // densities of the scaled variables
  std::vector<double> acf_lag, acf, acf_predicted;          // acf_predicted empty unless linear + fixed
  double momentum_drift = 0, angular_momentum_drift = 0, momentum_scale = 0;
  EnergyLedger ledger;                   // t = 0 and about spec.ledger_points times after it
  std::vector<double> ledger_dP, ledger_dL;  // |P - P0|, |L - L0| at the ledger times
  double ledger_residual = 0;            // |balance| at t_end
  double ledger_max_abs_balance = 0;     // max over the ledger times of |balance|
  double noise_work = 0;                 // W_R(t_end)
  double max_overlap = 0;                // max |r_ij - R_i - R_j| (bonded)
  double nu_mean = 0;
  std::size_t contacts = 0;
  double seconds = 0;
};

// Builds the model of a spec: the spheres of the particle engine at rest in their permanent contacts
// (models/particles/engine_sde.hpp); validates it, InputError names the key.
std::unique_ptr<EngineSde> make_stochastic_model(const StochasticRunSpec& spec);
// The laws of the registry with a dissipative slip force (linear, coulomb-sign: f = mu F_n, the sign law of the SDE
// pair, tanh, ...); the old spelling coulomb is read as coulomb-sign.
const std::vector<std::string>& stochastic_law_names();
const Renames& stochastic_law_renames();
// The law's parameter values of a spec (gamma, mu, u_scale and the other laws' own keys).
LawValues stochastic_law_values(const StochasticRunSpec& spec);

// The step counts of a run, in checked arithmetic: InputError naming dt, t_end, t_equil, sample_interval or
// acf_max_lag when a count overflows (> 1e12 steps, > 1e6 lags) or leaves fewer than 40 samples.
struct StochasticRunCounts {
  long sample_every = 1, equil_steps = 0, total_steps = 0, samples = 0;  // samples after t_equil
  std::size_t lags = 1;
};
// The keys named are those that set this run's t_end and dt (a cluster run's t_end is cluster_t_end); with the
// study's parameters, a count out of range names dt only where the user set dt and not the other key of the ratio
// (sweep_dt=1e-300 names sweep_dt, not sample_interval at its default).
StochasticRunCounts stochastic_run_counts(const StochasticRunSpec& spec, const char* t_end_key = "t_end",
                                          const char* dt_key = "dt", const Parameters* given = nullptr);

StochasticRunResult run_stochastic(const StochasticRunSpec& spec);

// The run settings every run of the stochastic-friction study shares, from its parameters, validated (InputError
// names the key).
StochasticRunSpec stochastic_base_spec(const Parameters& params);

// One run of the study: part "grid", "grid-dt2" (the dt/2 partner of the grid job before it) or "dt-sweep".
struct StochasticJob {
  std::string part;
  StochasticRunSpec spec;
};
// Every job checked before any run (also by --dry-run): its step counts in range, naming the key that set them
// (sweep_t_end and sweep_dt of a dt-sweep job, cluster_t_end of a cluster, else t_end and dt), and every distinct
// model built once (dt, t_end and the seed do not change it) so that bad combinations fail before any long run.
void check_stochastic_jobs(const std::vector<StochasticJob>& jobs, const Parameters& params);

// The run's files in dir: <label>_hist.csv (densities of the scaled u_perp, v0, omega0 components against the unit
// Gaussian), <label>_acf.csv (measured and linear-response autocorrelation) and <label>_ledger.csv (the energy
// ledger with |P - P0| and |L - L0|).
void write_stochastic_run_files(const std::filesystem::path& dir, const std::string& label, const StochasticRunResult& r);
// D(u) of the three laws at kT for the pair of `base` (quadrature + Hermite table) against the closed forms, on
// u / sqrt(2 kT nu) = 1e-2 .. 1e3 (400 points).
void write_noise_strength_table(const std::filesystem::path& csv, const StochasticRunSpec& base, double kT);

}  // namespace stickslip
