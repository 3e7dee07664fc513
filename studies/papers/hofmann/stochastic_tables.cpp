// studies/papers/hofmann/stochastic_tables.cpp — see stochastic_tables.hpp.
#include "studies/papers/hofmann/stochastic_tables.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/line_fit.hpp"
#include "models/contact/registry.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"

namespace stickslip {
namespace {

std::string fmt_g(double v) { return fmt::format("{:g}", v); }
const char* geometry_name(ContactGeometry g) { return g == ContactGeometry::fixed ? "fixed" : "bonded"; }

// The numbers of a run that the tables need, read back from its row.
StochasticRunResult scalars_of(const nlohmann::json& row) {
  const auto num = [&](const char* key) { return row[key].is_number() ? row[key].get<double>() : std::nan(""); };
  StochasticRunResult r;
  r.ratio = num("equipartition_ratio");
  r.stderr_ratio = num("stderr");
  r.samples = row["samples"].get<std::size_t>();
  r.predicted_ratio = num("predicted_ratio");
  r.limit_ratio = num("limit_ratio_dt_to_0");
  r.momentum_drift = num("momentum_drift_max");
  r.angular_momentum_drift = num("angular_momentum_drift_max");
  r.ledger_residual = num("ledger_residual");
  r.ledger_max_abs_balance = num("ledger_max_abs_balance");
  r.noise_work = num("noise_work");
  r.seconds = num("seconds");
  return r;
}

std::vector<std::string> table_columns(bool extrapolate) {
  std::vector<std::string> columns{
      "index", "system", "geometry", "law", "scheme", "kT [n.u.]", "dt [n.u.]", "equipartition_ratio", "stderr",
      "predicted_ratio", "limit_ratio", "samples", "momentum_drift [n.u.]", "angular_momentum_drift [n.u.]",
      "ledger_residual [n.u.]", "ledger_max_abs_balance [n.u.]", "noise_work [n.u.]"};
  if (extrapolate)
    for (const char* c : {"dt2 [n.u.]", "equipartition_ratio_dt2", "stderr_dt2", "equipartition_ratio_extrapolated",
                          "stderr_extrapolated"})
      columns.push_back(c);
  return columns;
}

}  // namespace

std::string stochastic_run_label(const StochasticRunSpec& s) {
  return fmt::format("{}_{}_{}_kT{}_{}_dt{}", s.system, geometry_name(s.geometry), s.law, fmt_g(s.kT),
                     s.scheme == Scheme::sde_heun ? "heun" : "em", fmt_g(s.dt));
}

std::string stochastic_job_label(const StochasticJob& job) {
  return (job.part == "dt-sweep" ? "sweep_" : "") + stochastic_run_label(job.spec);
}

nlohmann::json stochastic_row(const StochasticJob& job, const StochasticRunResult& r) {
  const StochasticRunSpec& s = job.spec;
  nlohmann::json j;
  j["part"] = job.part;
  j["system"] = s.system;
  j["geometry"] = geometry_name(s.geometry);
  j["law"] = s.law;
  j["scheme"] = sde_scheme_name(s.scheme);
  j["kT"] = s.kT;
  j["dt"] = s.dt;
  j["equipartition_ratio"] = json_number(r.ratio);
  j["samples"] = r.samples;
  j["stderr"] = json_number(r.stderr_ratio);
  j["within_3_percent"] = std::abs(r.ratio - 1) < 0.03;
  j["within_3_stderr"] = std::abs(r.ratio - 1) < 3 * r.stderr_ratio;
  j["predicted_ratio"] = json_number(r.predicted_ratio);
  j["limit_ratio_dt_to_0"] = json_number(r.limit_ratio);
  j["prediction"] = r.prediction;
  j["deviation_from_prediction_in_stderr"] = json_number((r.ratio - r.predicted_ratio) / r.stderr_ratio);
  j["contacts"] = r.contacts;
  j["nu"] = json_number(r.nu_mean);
  nlohmann::json comps = nlohmann::json::array(), parts = nlohmann::json::array();
  for (double v : r.component_ratio) comps.push_back(json_number(v));
  for (double v : r.particle_variance_ratio) parts.push_back(json_number(v));
  j["component_ratios"] = comps;
  j["particle0_variance_ratios_v_xyz_omega_xyz"] = parts;
  j["momentum_drift_max"] = json_number(r.momentum_drift);
  j["angular_momentum_drift_max"] = json_number(r.angular_momentum_drift);
  j["momentum_scale_sqrt_kT_m"] = json_number(r.momentum_scale);
  j["ledger_residual"] = json_number(r.ledger_residual);
  j["ledger_max_abs_balance"] = json_number(r.ledger_max_abs_balance);
  j["noise_work"] = json_number(r.noise_work);
  if (s.geometry == ContactGeometry::bonded) j["max_bond_stretch"] = json_number(r.max_overlap);
  j["seed"] = s.seed;
  j["seconds"] = json_number(r.seconds);
  return j;
}

StochasticTables::StochasticTables(const std::filesystem::path& dir, bool extrapolate)
    : extrapolate_(extrapolate),
      table_(dir / "results.csv", table_columns(extrapolate)),
      sweep_(dir / "dt_sweep.csv",
             {"law", "scheme", "dt [n.u.]", "equipartition_ratio", "stderr", "predicted_ratio", "kT [n.u.]"}) {}

std::vector<CsvCell> StochasticTables::table_row(const StochasticRunSpec& spec, const StochasticRunResult& r) {
  return {grid_rows_++, spec.system, geometry_name(spec.geometry), spec.law, sde_scheme_name(spec.scheme), spec.kT, spec.dt,
          r.ratio, r.stderr_ratio, r.predicted_ratio, r.limit_ratio, r.samples, r.momentum_drift,
          r.angular_momentum_drift, r.ledger_residual, r.ledger_max_abs_balance, r.noise_work};
}

void StochasticTables::add_rows(const std::vector<StochasticJob>& jobs, const nlohmann::json& rows,
                                const std::string& study, std::ostream& log) {
  StochasticRunResult grid_result;  // the grid run whose dt/2 partner comes next
  nlohmann::json grid_row;
  std::string grid_label;
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const auto& [part, spec] = jobs[k];
    const std::string label = stochastic_job_label(jobs[k]);
    const nlohmann::json& row = rows[k];
    const StochasticRunResult r = scalars_of(row);
    if (part == "dt-sweep") {
      results.push_back(row);
      sweep_.row({spec.law, sde_scheme_name(spec.scheme), spec.dt, r.ratio, r.stderr_ratio, r.predicted_ratio, spec.kT});
    } else if (part == "grid") {
      grid_labels.push_back(label);
      if (extrapolate_) {
        grid_result = r;
        grid_row = row;
        grid_label = label;
      } else {
        results.push_back(row);
        table_.row(table_row(spec, r));
      }
    } else {  // grid-dt2: complete the grid row before it
      const StochasticRunSpec& coarse = jobs[k - 1].spec;
      nlohmann::json j = grid_row;
      const Estimate ex = talay_tubaro_extrapolation({grid_result.ratio, grid_result.stderr_ratio},
                                                     {r.ratio, r.stderr_ratio});
      const double limit = grid_result.limit_ratio;
      j["dt2"] = spec.dt;
      j["equipartition_ratio_dt2"] = json_number(r.ratio);
      j["stderr_dt2"] = json_number(r.stderr_ratio);
      j["samples_dt2"] = r.samples;
      j["seed_dt2"] = spec.seed;
      j["seconds_dt2"] = json_number(r.seconds);
      j["ledger_max_abs_balance_dt2"] = json_number(r.ledger_max_abs_balance);
      j["equipartition_ratio_extrapolated"] = json_number(ex.value);
      j["stderr_extrapolated"] = json_number(ex.stderr_value);
      const bool in3 = std::abs(ex.value - limit) < 0.03 * limit;
      const bool in3se = std::abs(ex.value - limit) < 3 * ex.stderr_value;
      j["extrapolated_within_3_percent_of_limit"] = in3;
      j["extrapolated_within_3_stderr_of_limit"] = in3se;
      j["extrapolated_deviation_in_stderr"] = json_number((ex.value - limit) / ex.stderr_value);
      results.push_back(j);
      std::vector<CsvCell> cells = table_row(coarse, grid_result);
      cells.insert(cells.end(), {spec.dt, r.ratio, r.stderr_ratio, CsvCell::if_finite(ex.value),
                                 CsvCell::if_finite(ex.stderr_value)});
      table_.row(cells);
      // The two limits of the pair's friction, viscous and dry Coulomb (the laws with a known weak order 1).
      const std::string law = renamed("law", coarse.law, stochastic_law_renames());
      const LawValues values = stochastic_law_values(coarse);
      if (is_linear_friction(law, values) || is_constant_coulomb(law, values)) {
        ++checked;
        if (!(in3 && in3se)) failures.push_back(grid_label);
      }
      log << fmt::format("{}: {} extrapolated {:.4f} +- {:.4f} (limit {:.4f}, {:+.1f} se)\n", study, grid_label,
                         ex.value, ex.stderr_value, limit, (ex.value - limit) / ex.stderr_value);
    }
  }
  table_.close();
  sweep_.close();
}

nlohmann::json write_dt_sweep_fits(const std::filesystem::path& dir, const std::vector<StochasticJob>& jobs,
                                   const nlohmann::json& results) {
  struct Group {
    double kT;
    std::string law, scheme;
    double limit;
    std::vector<double> dt, ratio, se;
  };
  std::vector<Group> groups;
  for (std::size_t k = 0, row = 0; k < jobs.size(); ++k) {
    if (jobs[k].part == "grid-dt2") continue;
    const nlohmann::json& res = results[row++];
    if (jobs[k].part != "dt-sweep") continue;
    const auto& s = jobs[k].spec;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.kT == s.kT && g.law == s.law && g.scheme == sde_scheme_name(s.scheme);
    });
    if (it == groups.end()) {
      groups.push_back({s.kT, s.law, sde_scheme_name(s.scheme), res["limit_ratio_dt_to_0"].get<double>(), {}, {}, {}});
      it = groups.end() - 1;
    }
    it->dt.push_back(s.dt);
    it->ratio.push_back(res["equipartition_ratio"].get<double>());
    it->se.push_back(res["stderr"].get<double>());
  }
  CsvWriter csv(dir / "dt_sweep_fit.csv",
                {"law", "scheme", "kT [n.u.]", "points", "intercept (dt -> 0)", "stderr_intercept", "slope [1/n.u.]",
                 "stderr_slope [1/n.u.]", "chi2_per_dof", "limit_ratio", "intercept_deviation_in_stderr"});
  nlohmann::json fits = nlohmann::json::array();
  for (const auto& g : groups) {
    std::vector<double> distinct = g.dt;
    std::sort(distinct.begin(), distinct.end());
    if (std::unique(distinct.begin(), distinct.end()) - distinct.begin() < 2) continue;
    const WeightedLineFit f = fit_weighted_line(g.dt, g.ratio, g.se);
    const double dev = (f.intercept - g.limit) / f.stderr_intercept;
    using C = CsvCell;
    csv.row({g.law, g.scheme, g.kT, f.points, C::if_finite(f.intercept), C::if_finite(f.stderr_intercept),
             C::if_finite(f.slope), C::if_finite(f.stderr_slope), C::if_finite(f.chi2_per_dof), g.limit,
             C::if_finite(dev)});
    fits.push_back({{"law", g.law},
                    {"scheme", g.scheme},
                    {"kT", g.kT},
                    {"points", f.points},
                    {"intercept", json_number(f.intercept)},
                    {"stderr_intercept", json_number(f.stderr_intercept)},
                    {"slope", json_number(f.slope)},
                    {"stderr_slope", json_number(f.stderr_slope)},
                    {"chi2_per_dof", json_number(f.chi2_per_dof)},
                    {"limit_ratio_dt_to_0", json_number(g.limit)},
                    {"intercept_deviation_in_stderr", json_number(dev)}});
  }
  csv.close();
  return fits;
}

}  // namespace stickslip
