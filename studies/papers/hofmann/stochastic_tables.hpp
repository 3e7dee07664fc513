// studies/papers/hofmann/stochastic_tables.hpp — the rows and tables of the stochastic-friction study
// (studies/papers/hofmann/stochastic_friction_study.cpp): the labels of its jobs (StochasticJob of
// studies/papers/hofmann/stochastic_runs.hpp), the summary row of a run, and the CSV tables written from the rows (a
// resumed study gets a finished run's row back, not the run: studies/experiment/run_store.hpp; the histograms, ACF and
// ledger are in the runs' runs/<label>_*.csv).
//   results.csv      one row per grid point; with extrapolate=on the grid row and its dt/2 partner, completed with
//                    the Talay-Tubaro value R_TT = 2 R(dt/2) - R(dt), stderr sqrt(4 se(dt/2)^2 + se(dt)^2)
//                    (solvers/sde_integrator.hpp) and its verdicts against the scheme's dt -> 0 limit L:
//                    |R_TT - L| < 3 % of L and < 3 stderr (checked for the linear and coulomb-sign rows)
//   dt_sweep.csv     one row per dt-sweep run
//   dt_sweep_fit.csv the weighted least-squares fit R = a + b dt (core/line_fit.hpp fit_weighted_line) of every
//                    (kT, law, scheme) of the sweep with >= 2 distinct dt: the intercept a +- se is the dt -> 0 value
#pragma once

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studies/experiment/output.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"

namespace stickslip {

// e.g. pair_fixed_linear_kT1_em_dt0.002; dt-sweep runs get the prefix sweep_ (a sweep dt equal to the grid dt must
// not overwrite the grid's files).
std::string stochastic_run_label(const StochasticRunSpec& spec);
std::string stochastic_job_label(const StochasticJob& job);

// The summary row of a run (summary.json "results", the run store's row).
nlohmann::json stochastic_row(const StochasticJob& job, const StochasticRunResult& r);

// results.csv and dt_sweep.csv, opened on construction; add_rows fills them and `results` from the runs' rows.
class StochasticTables {
 public:
  StochasticTables(const std::filesystem::path& dir, bool extrapolate);
  // rows[k] is the row of jobs[k]; logs every extrapolated grid point on `log`, prefixed by `study`.
  void add_rows(const std::vector<StochasticJob>& jobs, const nlohmann::json& rows, const std::string& study,
                std::ostream& log);

  nlohmann::json results = nlohmann::json::array();  // the grid rows (completed at dt/2) and the dt-sweep rows
  std::vector<std::string> grid_labels;
  std::size_t checked = 0;                            // linear and coulomb-sign grid rows checked (extrapolate=on)
  nlohmann::json failures = nlohmann::json::array();  // labels of those outside 3 % or 3 stderr of the limit

 private:
  std::vector<CsvCell> table_row(const StochasticRunSpec& spec, const StochasticRunResult& r);
  bool extrapolate_;
  CsvWriter table_, sweep_;
  std::size_t grid_rows_ = 0;
};

// dt_sweep_fit.csv in dir from the dt-sweep rows of `results` (StochasticTables::results of the same jobs); the fits
// as summary.json "dt_sweep_fits".
nlohmann::json write_dt_sweep_fits(const std::filesystem::path& dir, const std::vector<StochasticJob>& jobs,
                                   const nlohmann::json& results);

}  // namespace stickslip
