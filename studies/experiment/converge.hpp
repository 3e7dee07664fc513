// studies/experiment/converge.hpp — `stickslip converge STUDY --observable NAME [--solver LIST] [--dt FROM:TO:LEVELS]
// [--rtol FROM:TO:LEVELS] [--reference exact|richardson|finest] [--floor E] [--set KEY=VALUE]... [--out DIR]
// [--work] [--json]`: the order of convergence of any observable a study declares (studies/experiment/observable.hpp).
//
// For every integrator spec (solvers/integrator_spec.hpp) the observable is measured at LEVELS resolutions spaced
// geometrically from FROM to TO: the step dt of a fixed-step scheme, the relative tolerance rtol of an adaptive
// one (dopri5, cvode, ida). error = |y(h) - reference| with the reference
//   exact       the study's exact value (refused where the study has none)
//   richardson  per solver, from its three finest levels y1, y2, y3 (ratio r = h2 / h3): observed order
//               q = log(|y1 - y2| / |y2 - y3|) / log(h1 / h2), reference y3 + (y3 - y2) / (r^q - 1); the order
//               is then fitted on the differences |y_j - y_j+1| of neighbouring levels (errors against a reference
//               made of the same levels would return q exactly)
//   finest      per solver, one more run at h_min / 4
// The order is fitted by least squares over the detected asymptotic range with a 95 % confidence interval
// (core/order_fit.hpp); pre-asymptotic and round-off points are drawn, not fitted; errors <= floor (default
// 1e-14 |reference|, about a hundred ulps) or <= eps N |reference| (the rounding N steps can accumulate, eps =
// 2.2e-16) count as round-off.
// Stochastic observables (em, sde-heun) report a standard error se with each value (and the reference se_ref: 0
// for exact, that of the run for finest, propagated for richardson): an error within 2 se of 0,
// |y - reference| <= 2 sqrt(se^2 + se_ref^2), is statistical noise, not discretisation error; such points are
// labelled "statistical" and, like round-off, never fitted (core/order_fit.hpp treats them as below the floor);
// so are the points of a stochastic series finer than its asymptotic range (there the noise, not rounding, ends it).
// Their standard errors are in summary.json (points[].stderr).
// Writes converge.csv (one row per run; units in the header; text columns as codes, legend in summary.json),
// converge_long.csv (one row per run and result: solver, h_kind, h, h_unit, range, result, value, unit; texts, not
// codes), summary.json, converge.png (log-log, guides of slope 1..4 beside the series fitted nearest them) and, with
// --work, work.png (error against rhs evaluations and against wall time: the work-precision diagram).
// Runs that lose nothing (DESIGN.md), as `run` and `sweep`: every run's point is a row of runs.jsonl when it returns
// (studies/experiment/run_store.hpp); a signal leaves summary.json "complete": false and exits 130 / 143, and
// `--resume` with the same options finishes it from the stored rows (the values of an uninterrupted converge; the
// stored runs keep the wall time they took). A finished --out is refused without --resume or --overwrite
// (studies/experiment/out_dir_lock.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/order_fit.hpp"
#include "studies/experiment/command_io.hpp"
#include "studies/experiment/observable.hpp"

namespace stickslip {

class RunStore;

// The options of `stickslip converge` as typed (parsed by studies/cli/command_line.cpp, validated here).
struct ConvergeArgs {
  std::string study, observable, solver, dt, rtol, reference, floor, out;
  std::vector<std::string> sets;          // --set KEY=VALUE, in order
  bool work = false, json = false, resume = false, overwrite = false;
  std::vector<std::string> command_line;  // "stickslip converge ..." as typed, for provenance
};

// Writes its progress to io.err and the --json object to io.out (studies/experiment/command_io.hpp).
int converge_command(const ConvergeArgs& args, CommandIo& io);

struct ConvergencePoint {
  double h = 0, value = 0, error = 0, seconds = 0;
  long rhs_evals = 0, steps = 0;
  double std_error = 0;  // statistical standard error of value (stochastic observables)
};

struct ConvergenceSeries {
  IntegratorSpec spec;
  std::vector<ConvergencePoint> points;  // coarse to fine
  double reference = 0, reference_std_error = 0;
  std::string reference_note;
  OrderFit fit;          // range[k] belongs to points[k]
  std::string failure;   // a solver failure of one of its runs: reported, not fitted
  // What the fit says of the series (series_verdict below): "fitted", "exact", "round-off", "statistical",
  // "not converging", "non-monotone" or "pre-asymptotic"; note: why it was not fitted, or what limits the fit
  // (a fallback reference, an order above the scheme's), one line for a reader ("" when there is nothing to add).
  std::string verdict, note;
  bool on_differences = false;      // richardson: the order is fitted on |y_j - y_j+1|, not on the errors
  bool reference_fallback = false;  // richardson found no converging order on the three finest levels: the finest
                                    // value is the reference
};

// The verdict and note of a measured series (called by measure_convergence; public for the tests). h_name: "dt" or
// "rtol"; fitted_e: the errors (or level differences) as fitted, 0 where at round-off or statistical noise; raw: the
// same before that (exact zeros stay 0); statistical: per point, within 2 standard errors of 0; floor: the round-off
// bound used (the largest over the points).
//   exact           every raw error is 0: "exact at every level"
//   round-off       fewer than 2 errors above the round-off bound (so no order can be fitted)
//   statistical     the same, the points lost to statistical noise
//   not converging  the errors do not fall as h falls (median local order <= 0.2)
//   non-monotone    they fall overall but rise between some neighbouring levels
//   pre-asymptotic  they fall at every level but no three neighbouring levels agree on a local order
//   fitted          an order was fitted (the note then tells a fallback reference or an order above the scheme's)
void series_verdict(ConvergenceSeries& se, const std::string& h_name, const std::vector<double>& h,
                    const std::vector<double>& fitted_e, const std::vector<double>& raw, const std::vector<bool>& statistical,
                    double floor);
// A fitted order above the scheme's nominal one (IntegratorSpec::order: euler 1, midpoint and heun 2, rk4 4; the
// others have none, their order in rtol being no property of the scheme) by more than 0.25, and its 95 % interval
// above it where there is one: "above rk4's order 4: ..." with the likely cause (too few points, or superconvergence
// on this problem); "" if not.
std::string above_nominal_note(const ConvergenceSeries& se);

// The measurement behind `converge` (also the convergence study's): obs at every dt (fixed-step specs) or rtol
// (adaptive ones), the reference ("exact" uses `exact`), the errors and the fitted orders; floor_abs < 0: the
// default floor 1e-14 |reference|. A SolverError of the very first run is thrown; later ones end their series.
// Progress on `log`: a line at most every 5 s (run count, the latest value, the time left); every run is in the CSV.
// store: each run goes through it (studies/experiment/run_store.hpp; key "SPEC dt=H", "SPEC rtol=H" or "SPEC
// reference h=H"), so that its row is on disk when it returns and a --resume reuses it; null: no store.
std::vector<ConvergenceSeries> measure_convergence(const Observable& obs, const Parameters& prm,
                                                  const std::vector<IntegratorSpec>& specs, const std::vector<double>& dts,
                                                  const std::vector<double>& rtols, const std::string& reference,
                                                  std::optional<double> exact, double floor_abs, std::ostream& log,
                                                  RunStore* store = nullptr);

// The outputs of a measurement (converge's and, per friction law and event location, the convergence study's) in
// `out` (created): converge.csv (one row per run, codes for the text columns), converge_long.csv, converge.png (error
// against dt and against rtol, guides of slope 1..4), with `work` work.png (error against rhs evaluations and wall
// time), and
// summary.json (command, study, observable, unit, reference, results, csv_codes, figures: the PNGs drawn, and the keys
// of `extra`), which is returned. Each series' fitted order goes to `log`, with its verdict's note ("converge: STUDY
// SOLVER: order ..." and "converge:   SOLVER: NOTE"); context, when not empty, is written after the study ("converge:
// sliding-plates [dsds, events located] rk4: ...": which of several measurements a line belongs to).
nlohmann::json write_convergence(const std::filesystem::path& out, const std::string& study, const Observable& obs,
                                 const std::vector<ConvergenceSeries>& series, const std::string& reference, bool work,
                                 const nlohmann::json& extra, std::ostream& log, const std::string& context = "");

// The label of a fitted order for a figure's key: "p = 2.01, 95 % CI 2.00 to 2.02, 8 points"; with fewer than 3
// points no interval exists ("p = 4.1 from 2 points, no CI"); "no fit" without a fit.
std::string order_label(const OrderFit& fit);
// The same for a series, with its verdict where it was not fitted ("not fitted: non-monotone", "exact at every
// level (error 0)") and a short flag where its reference or its order needs a word ("reference: the finest level").
std::string series_label(const ConvergenceSeries& se);
// True when the two error sequences agree point by point to 0.1 %, closer than a log-log plot can separate
// (schemes that coincide up to rounding, e.g. the midpoint rule and Heun's method on an affine right-hand side,
// whose last levels differ by a few 1e-6 of rounding): a figure says so rather than hide one under the other.
bool same_errors(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace stickslip
