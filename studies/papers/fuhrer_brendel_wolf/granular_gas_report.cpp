// studies/papers/fuhrer_brendel_wolf/granular_gas_report.cpp — see granular_gas_report.hpp.
#include "studies/papers/fuhrer_brendel_wolf/granular_gas_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "models/contact/registry.hpp"
#include "core/errors.hpp"
#include "models/particles/cooling_ensemble.hpp"
#include "models/particles/cooling_statistics.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

CoolingSeries series_of(const json& row) {
  return {numbers(row["t"]),          numbers(row["T_tr"]),           numbers(row["T_rot"]),
          numbers(row["density_index"]), numbers(row["velocity_index"]), numbers(row["collisions"])};
}

// The per-run cooling analysis of every law (homogeneity, Haff fits, cooling rates) and the ensemble statistics on
// the shared grids: the sampling times t_grid and the temperatures T_grid every law reaches while homogeneous.
struct GasAnalysis {
  double t_a = 0, density_limit = 0;  // the Haff fits' window start; the density index's homogeneity limit
  bool has_csds = false;
  std::map<std::string, std::vector<CoolingSeries>> series;
  std::map<std::string, std::vector<RunCooling>> cooling;
  std::map<std::string, std::vector<double>> t_hom, taus;
  std::map<std::string, double> hom_mean;
  std::vector<double> t_grid, T_grid;
  std::map<std::string, std::vector<json>> zeta_at;  // per law: per grid point stat
  std::vector<json> ratio_at;                        // the paired dsds/csds ratio per grid point (both ran)
  std::map<std::string, EnsembleTemperature> mean_tr;
  std::map<std::string, std::vector<double>> mean_rot, mean_density, mean_velocity;
  double zeta_of(const std::string& law, std::size_t run, double T) {
    return rate_at(series[law][run].T_tr, cooling[law][run].zeta, T);
  }
  double ratio_to_csds(const std::string& law);

  // The steps of the report (each below): the analysis, then the outputs that read it.
  void analyse(const GranularGasSetup& s, const GasEnsembleRows& rows);
  void write_series(const GranularGasSetup& s, const GasEnsembleRows& rows, const StudyContext& ctx);
  json law_results(const GranularGasSetup& s, const GasEnsembleRows& rows, const std::string& law);
  json lammps_comparison(const GasEnsembleRows& rows);
  std::pair<json, std::string> energy_answer(const GranularGasSetup& s, const GasEnsembleRows& rows,
                                             const StudyContext& ctx);
};

// The ratio per law to csds, averaged over the temperature grid (mean over T of the per-T ensemble means).
double GasAnalysis::ratio_to_csds(const std::string& law) {
  if (!has_csds) return static_cast<double>(NAN);
  std::vector<double> v;
  for (std::size_t q = 0; q < T_grid.size(); ++q) {
    const json& a = zeta_at[law][q];
    const json& c = zeta_at["csds"][q];
    if (a["mean"].is_number() && c["mean"].is_number() && c["mean"].get<double>() > 0)
      v.push_back(a["mean"].get<double>() / c["mean"].get<double>());
  }
  return mean_of(v);
}

void GasAnalysis::analyse(const GranularGasSetup& s, const GasEnsembleRows& rows) {
  const GasConfig& g = s.g;
  const std::vector<std::string>& laws = s.laws;
  const auto& by_law = rows.by_law;
  const auto has = [&](const char* law) { return by_law.count(law) > 0; };
  const double cluster_factor = s.cluster_factor;
  t_a = s.fit_start * s.t_free0;
  density_limit = cluster_factor * carnahan_starling_s0(g.spec.phi);
  has_csds = has("csds");
  // Per run: homogeneity, Haff fits, cooling rate; the T grid every law reaches while homogeneous.
  double t_low = 0;
  for (const std::string& law : laws) {
    for (const json& row : by_law.at(law)) {
      series[law].push_back(series_of(row));
      const RunCooling c = analyse_cooling_run(series[law].back(), t_a, density_limit, cluster_factor);
      cooling[law].push_back(c);
      t_hom[law].push_back(c.t_homogeneous_end);
      taus[law].push_back(c.haff.tau - t_a);
      t_low = std::max(t_low, c.lowest_homogeneous_T);
    }
    hom_mean[law] = mean_of(t_hom[law]);
  }
  t_grid = numbers(by_law.begin()->second.front()["t"]);
  T_grid = cooling_temperature_grid(g.spec.t0, t_low);
  for (std::size_t q = 0; q < T_grid.size(); ++q) {
    std::map<std::string, std::vector<double>> per;
    for (const std::string& law : laws)
      for (std::size_t run = 0; run < series[law].size(); ++run) {
        const double z = zeta_of(law, run, T_grid[q]);
        if (std::isfinite(z)) per[law].push_back(z);
      }
    for (const std::string& law : laws) zeta_at[law].push_back(ensemble_stat(per[law]));
    if (has("dsds") && has("csds")) {
      std::vector<double> ratio;
      for (std::size_t run = 0; run < std::min(series["dsds"].size(), series["csds"].size()); ++run) {
        const double zd = zeta_of("dsds", run, T_grid[q]), zc = zeta_of("csds", run, T_grid[q]);
        if (std::isfinite(zd) && std::isfinite(zc) && zc > 0) ratio.push_back(zd / zc);
      }
      ratio_at.push_back(ensemble_stat(ratio));
    }
  }
  // Ensemble-mean series.
  for (const std::string& law : laws) {
    mean_tr[law] = ensemble_temperature(series[law]);
    mean_rot[law] = ensemble_mean_series(series[law], &CoolingSeries::T_rot);
    mean_density[law] = ensemble_mean_series(series[law], &CoolingSeries::density_index);
    mean_velocity[law] = ensemble_mean_series(series[law], &CoolingSeries::velocity_index);
  }
}

// gas_temperatures.csv, gas_homogeneity.csv, gas_cooling_rate.csv.
void GasAnalysis::write_series(const GranularGasSetup& s, const GasEnsembleRows& rows, const StudyContext& ctx) {
  const GasConfig& g = s.g;
  const std::vector<std::string>& laws = s.laws;
  const double m = g.spec.mass(), sigma = 2 * g.spec.radius, nd = g.spec.number_density();
  const double e_meas = s.restitution_measured;
  const double tau_kt = s.tau_kt;
  std::vector<std::string> cols{"t [s]", "t/tau_KT [-]"};
  for (const std::string& law : laws)
    for (const char* c : {"T_tr [J]", "T_tr stderr [J]", "T_rot [J]"}) cols.push_back(law + " " + c);
  const json& lammps_row = rows.lammps;
  const bool lmp_series = lammps_row.is_object() && lammps_row.contains("T_tr");
  if (lmp_series) cols.insert(cols.end(), {"lammps dsds T_tr [J]", "lammps dsds T_rot [J]"});
  CsvWriter csv(ctx.out_dir / "gas_temperatures.csv", cols);
  for (std::size_t k = 0; k < t_grid.size(); ++k) {
    std::vector<double> v{t_grid[k], t_grid[k] / tau_kt};
    for (const std::string& law : laws)
      v.insert(v.end(), {mean_tr[law].mean[k], mean_tr[law].stderr_[k], mean_rot[law][k]});
    if (lmp_series) {
      // LAMMPS samples on the same step grid; nearest sample by time.
      const auto lt = numbers(lammps_row["t"]), ltr = numbers(lammps_row["T_tr"]), lrot = numbers(lammps_row["T_rot"]);
      std::size_t best = 0;
      for (std::size_t q = 0; q < lt.size(); ++q)
        if (std::abs(lt[q] - t_grid[k]) < std::abs(lt[best] - t_grid[k])) best = q;
      v.insert(v.end(), {ltr[best], lrot[best]});
    }
    csv.row(v);
  }
  csv.close();
  std::vector<std::string> hcols{"t [s]", "t/tau_KT [-]"};
  for (const std::string& law : laws)
    hcols.insert(hcols.end(), {law + " density_index/S_CS(0) [-]", law + " velocity_index [-]"});
  CsvWriter h(ctx.out_dir / "gas_homogeneity.csv", hcols);
  for (std::size_t k = 0; k < t_grid.size(); ++k) {
    std::vector<double> v{t_grid[k], t_grid[k] / tau_kt};
    for (const std::string& law : laws)
      v.insert(v.end(), {mean_density[law][k] / carnahan_starling_s0(g.spec.phi), mean_velocity[law][k]});
    h.row(v);
  }
  h.close();
  std::vector<std::string> zcols{"T_tr [J]", "T_tr/T0 [-]", "kinetic theory zeta (none) [1/s]"};
  for (const std::string& law : laws) zcols.insert(zcols.end(), {law + " zeta [1/s]", law + " zeta stderr [1/s]"});
  if (!ratio_at.empty()) zcols.insert(zcols.end(), {"dsds/csds [-]", "dsds/csds stderr [-]"});
  std::vector<std::vector<double>> zrows;
  for (std::size_t q = 0; q < T_grid.size(); ++q) {
    std::vector<double> v{T_grid[q], T_grid[q] / g.spec.t0,
                          enskog_cooling_rate(e_meas, nd, sigma, g.spec.phi, T_grid[q], m)};
    auto num = [](const json& j) { return j.is_number() ? j.get<double>() : NAN; };
    for (const std::string& law : laws) v.insert(v.end(), {num(zeta_at[law][q]["mean"]), num(zeta_at[law][q]["stderr"])});
    if (!ratio_at.empty()) v.insert(v.end(), {num(ratio_at[q]["mean"]), num(ratio_at[q]["stderr"])});
    zrows.push_back(v);
  }
  write_csv_rows(ctx.out_dir / "gas_cooling_rate.csv", zcols, zrows);  // -1 marks "not reached" (documented)
}

// gas_dsds_created.csv and the summary's dsds_energy_created (an empty object without a D-SDS run).
json dsds_energy_created(const GranularGasSetup& s, const GasEnsembleRows& rows, const StudyContext& ctx) {
  if (!rows.by_law.count("dsds")) return json::object();
  const GasConfig& g = s.g;
  const std::vector<json>& dsds = rows.by_law.at("dsds");
  CsvWriter c(ctx.out_dir / "gas_dsds_created.csv",
              {"v_t bin low [m/s]", "v_t bin high [m/s]", "collisions [-]", "created per collision [J]",
               "eq. 11 closed form per collision [J]"});
  const json& bins0 = dsds.front()["onsets"]["bins"];
  double measured = 0, predicted = 0;
  for (std::size_t b = 0; b < bins0.size(); ++b) {
    std::vector<OnsetBin> of_runs;
    for (const json& row : dsds) {
      const json& bin = row["onsets"]["bins"][b];
      const auto num = [](const json& j) { return j.is_number() ? j.get<double>() : NAN; };
      of_runs.push_back({bin["count"].get<double>(), num(bin["created_mean"]), num(bin["eq11_mean"])});
    }
    const OnsetBin pooled = pool_onset_bins(of_runs);
    if (pooled.count <= 0) continue;
    const double hi = bins0[b]["vt_hi"].is_number() ? bins0[b]["vt_hi"].get<double>() : g.vt_bin_max * 1.5;
    c.row({bins0[b]["vt_lo"].get<double>(), hi, pooled.count, pooled.created_mean, pooled.eq11_mean});
  }
  c.close();
  double ledger_created = 0, collisions = 0;
  for (const json& row : dsds) {
    measured += row["onsets"]["created_total"].get<double>();
    predicted += row["onsets"]["eq11_total"].get<double>();
    ledger_created += row["ledger"]["created"].get<double>();
    collisions += row["onsets"]["count"].get<double>();
  }
  return {{"onset_created_total", json_number(measured)},
          {"eq11_closed_form_total", json_number(predicted)},
          {"onset_over_eq11", json_number(predicted > 0 ? measured / predicted : NAN)},
          {"ledger_created_total", json_number(ledger_created)},
          {"onset_share_of_ledger_created", json_number(ledger_created > 0 ? measured / ledger_created : NAN)},
          {"collisions", collisions},
          {"ledger_created_per_collision", json_number(collisions > 0 ? ledger_created / collisions : NAN)}};
}

// The summary's results row of one law.
json GasAnalysis::law_results(const GranularGasSetup& s, const GasEnsembleRows& rows, const std::string& law) {
  const GasConfig& g = s.g;
  const auto& by_law = rows.by_law;
  const double m = g.spec.mass(), sigma = 2 * g.spec.radius, nd = g.spec.number_density();
  const double e_meas = s.restitution_measured;
  const double tau_kt = s.tau_kt;
  const std::vector<json>& law_rows = by_law.at(law);
  std::vector<double> expo, created, per_coll, bal_err, scheme_err, freq_ratio, net_t;
  json terms = json::object();
  for (std::size_t run = 0; run < law_rows.size(); ++run) {
    const json& row = law_rows[run];
    const HaffFit& f = cooling[law][run].haff;
    if (std::isfinite(f.exponent)) expo.push_back(f.exponent);
    created.push_back(row["ledger"]["created"].get<double>());
    net_t.push_back((row["ledger"]["tangential_dissipation"].get<double>() - row["ledger"]["created"].get<double>()) /
                    row["ledger"]["kinetic_start"].get<double>());
    const double ncoll = row["onsets"]["count"].get<double>();
    per_coll.push_back(ncoll > 0 ? row["ledger"]["created"].get<double>() / ncoll : 0.0);
    bal_err.push_back(row["ledger"]["energy_balance_error"].get<double>());
    scheme_err.push_back(std::abs(row["ledger"]["scheme_work_relative"].get<double>()));
    // Collision count against Enskog's frequency integrated over the homogeneous phase.
    freq_ratio.push_back(collisions_over_enskog(series[law][run], t_hom[law][run], static_cast<double>(g.spec.n), nd,
                                                sigma, g.spec.phi, m));
    if (run == 0) terms = row["ledger"];
  }
  json r{{"law", law},
         {"normal", g.normal},
         {"tau", json_number(mean_of(taus[law]))},
         {"tau_stderr", json_number(stderr_of(taus[law]))},
         {"tau_per_seed", taus[law]},
         {"haff_exponent", json_number(mean_of(expo))},
         {"haff_exponent_stderr", json_number(stderr_of(expo))},
         {"haff_exponent_seeds", expo.size()},
         {"energy_created", json_number(mean_of(created))},
         {"energy_created_per_collision", json_number(mean_of(per_coll))},
         {"energy_created_over_initial_kinetic", json_number(mean_of(created) / terms["kinetic_start"].get<double>())},
         {"net_tangential_loss_over_initial_kinetic", json_number(mean_of(net_t))},
         {"net_tangential_loss_stderr", json_number(stderr_of(net_t))},
         {"cooling_rate_ratio_to_csds", json_number(ratio_to_csds(law))},
         {"t_homogeneous_end", json_number(hom_mean[law])},
         {"t_homogeneous_end_per_seed", t_hom[law]},
         {"homogeneous_throughout", *std::min_element(t_hom[law].begin(), t_hom[law].end()) >= t_grid.back()},
         {"collisions_over_enskog", json_number(mean_of(freq_ratio))},
         {"energy_balance_error", json_number(*std::max_element(bal_err.begin(), bal_err.end()))},
         {"scheme_energy_error", json_number(*std::max_element(scheme_err.begin(), scheme_err.end()))},
         {"energy_terms_first_seed", terms},
         {"wall_seconds", json_number(law_rows.front()["wall_seconds"].get<double>())}};
  if (is_frictionless(law)) {  // the smooth gas: Haff's law of kinetic theory
    const double tau = mean_of(taus[law]), se = stderr_of(taus[law]);
    r["tau_kinetic_theory"] = json_number(tau_kt);
    r["tau_over_kinetic_theory"] = json_number(tau / tau_kt);
    r["tau_deviation_in_stderr"] = json_number(se > 0 ? (tau - tau_kt) / se : NAN);
    // The local cooling rate against Enskog's at the same T, averaged over the temperature grid per seed (free of
    // the Haff fit's anchoring at t_a), then mean and standard error over the seeds; t_c/t_free0 says how far the
    // gas is from the hard-sphere limit.
    const auto enskog = [&](double Tq) { return enskog_cooling_rate(e_meas, nd, sigma, g.spec.phi, Tq, m); };
    std::vector<double> per_seed;
    for (std::size_t run = 0; run < law_rows.size(); ++run) {
      const auto engine = [&](double Tq) { return zeta_of(law, run, Tq); };
      if (const auto q = mean_rate_ratio(T_grid, engine, enskog)) per_seed.push_back(*q);
    }
    r["cooling_rate_over_kinetic_theory"] = json_number(mean_of(per_seed));
    r["cooling_rate_over_kinetic_theory_stderr"] = json_number(stderr_of(per_seed));
    // Against event-driven hard spheres from the same initial states (paired by seed), and theirs against Enskog.
    if (!rows.hard_spheres.empty()) {
      std::vector<double> hs_kt, engine_hs, hs_tau;
      for (std::size_t run = 0; run < rows.hard_spheres.size() && run < law_rows.size(); ++run) {
        const auto th = numbers(rows.hard_spheres[run]["t"]), Th = numbers(rows.hard_spheres[run]["T_tr"]);
        const auto zh = cooling_rate(th, Th);
        const auto hard = [&](double Tq) { return rate_at(Th, zh, Tq); };
        const auto engine = [&](double Tq) { return zeta_of(law, run, Tq); };
        if (const auto hk = mean_rate_ratio(T_grid, hard, enskog)) hs_kt.push_back(*hk);
        if (const auto eh = mean_rate_ratio(T_grid, engine, hard)) engine_hs.push_back(*eh);
        hs_tau.push_back(fit_haff(th, Th, t_a, t_hom[law][run]).tau - t_a);
      }
      r["hard_spheres_cooling_rate_over_kinetic_theory"] = json_number(mean_of(hs_kt));
      r["hard_spheres_cooling_rate_over_kinetic_theory_stderr"] = json_number(stderr_of(hs_kt));
      r["cooling_rate_over_hard_spheres"] = json_number(mean_of(engine_hs));
      r["cooling_rate_over_hard_spheres_stderr"] = json_number(stderr_of(engine_hs));
      r["hard_spheres_tau"] = json_number(mean_of(hs_tau));
      r["hard_spheres_tau_stderr"] = json_number(stderr_of(hs_tau));
    }
    r["contact_time_over_free_time"] = json_number(s.contact_time / s.t_free0);
  }
  return r;
}

// The summary's LAMMPS comparison.
json GasAnalysis::lammps_comparison(const GasEnsembleRows& rows) {
  const json& lammps_row = rows.lammps;
  json lammps_json{{"ran", lammps_row.is_object() && lammps_row.contains("T_tr")}, {"note", rows.lammps_note}};
  if (lammps_json["ran"].get<bool>()) {
    const auto lt = numbers(lammps_row["t"]), lT = numbers(lammps_row["T_tr"]);
    const HaffFit f = fit_haff(lt, lT, t_a, hom_mean["dsds"]);
    const double tau_l = f.tau - t_a, m_d = mean_of(taus["dsds"]), se_d = stderr_of(taus["dsds"]);
    const double sd_run = se_d * std::sqrt(static_cast<double>(taus["dsds"].size()));
    // T(t) difference against the dsds run of the same seed, relative, over the homogeneous phase.
    const auto& ours = series["dsds"].front().T_tr;
    // For scale: the seed-to-seed relative standard deviation of T_tr at the same time (one run's spread).
    double max_rel = 0, rel_sd_at_max = 0;
    for (std::size_t k = 0; k < std::min(lT.size(), ours.size()) && t_grid[k] <= hom_mean["dsds"]; ++k) {
      const double rel = std::abs(lT[k] / ours[k] - 1);
      if (rel > max_rel) {
        max_rel = rel;
        rel_sd_at_max =
            mean_tr["dsds"].stderr_[k] * std::sqrt(static_cast<double>(taus["dsds"].size())) / mean_tr["dsds"].mean[k];
      }
    }
    lammps_json.update({{"tau", json_number(tau_l)},
                        {"haff_exponent", json_number(f.exponent)},
                        {"dsds_tau_mean", json_number(m_d)},
                        {"dsds_tau_sd_one_run", json_number(sd_run)},
                        {"tau_difference_in_sd", json_number(sd_run > 0 ? (tau_l - m_d) / sd_run : NAN)},
                        {"agrees", sd_run > 0 && std::abs(tau_l - m_d) <= 2 * sd_run * std::sqrt(1 + 1.0 / static_cast<double>(taus["dsds"].size()))},
                        {"max_relative_T_difference_same_seed", json_number(max_rel)},
                        {"seed_to_seed_relative_sd_there", json_number(rel_sd_at_max)},
                        {"wall_seconds", lammps_row["wall_seconds"]}});
  }
  return lammps_json;
}

// The answer in energies: per law, what it created, what the scheme itself did wrong (velocity Verlet's energy
// error), and what was dissipated, as fractions of the initial kinetic energy K0 (mean +- stderr over seeds):
// gas_energy.csv and the log's table; returns the summary's energy_over_initial_kinetic and the answer.
std::pair<json, std::string> GasAnalysis::energy_answer(const GranularGasSetup& s, const GasEnsembleRows& rows,
                                                        const StudyContext& ctx) {
  json energy = json::array();
  std::string energy_answer;
  const std::vector<std::string>& laws = s.laws;
  const auto& by_law = rows.by_law;
  const auto has = [&](const char* law) { return by_law.count(law) > 0; };
  CsvWriter csv(ctx.out_dir / "gas_energy.csv",
                {"law index [-]", "created/K0 [-]", "created stderr [-]", "|scheme energy error|/K0 [-]",
                 "scheme stderr [-]", "normal damping/K0 [-]", "normal stderr [-]", "tangential dissipation/K0 [-]",
                 "tangential stderr [-]", "net tangential loss (D_t - C)/K0 [-]", "net stderr [-]"});
  ctx.log << "granular-gas: energy per law, fractions of the initial kinetic energy K0 (mean +- stderr over "
          << s.seeds.size() << " seeds):\n"
          << fmt::format("  {:<15} {:>17} {:>22} {:>17} {:>22} {:>20}\n", "law", "created",
                         "|scheme energy error|", "normal damping", "tangential dissipation", "net tangential");
  for (std::size_t k = 0; k < laws.size(); ++k) {
    std::vector<double> cr, sc, dn, dtg, net;
    for (const json& row : by_law.at(laws[k])) {
      const json& l = row["ledger"];
      const double k0 = l["kinetic_start"].get<double>();
      cr.push_back(l["created"].get<double>() / k0);
      sc.push_back(std::abs(l["scheme_work"].get<double>()) / k0);
      dn.push_back(l["normal_damping"].get<double>() / k0);
      dtg.push_back(l["tangential_dissipation"].get<double>() / k0);
      net.push_back(dtg.back() - cr.back());
    }
    const auto se = stderr_or_zero;
    csv.row({static_cast<double>(k), mean_of(cr), se(cr), mean_of(sc), se(sc), mean_of(dn), se(dn), mean_of(dtg),
             se(dtg), mean_of(net), se(net)});
    const auto f = [&](const std::vector<double>& v) { return plus_minus(mean_of(v), se(v)); };
    ctx.log << fmt::format("  {:<15} {:>17} {:>22} {:>17} {:>22} {:>20}\n", laws[k], f(cr), f(sc), f(dn), f(dtg), f(net));
    energy.push_back({{"law", laws[k]}, {"created", ensemble_stat(cr)}, {"scheme_energy_error", ensemble_stat(sc)},
                      {"normal_damping", ensemble_stat(dn)}, {"tangential_dissipation", ensemble_stat(dtg)},
                      {"net_tangential_loss", ensemble_stat(net)}});
  }
  csv.close();
  // One sentence: the D-SDS's creation beside the scheme's own error and the net loss of both laws.
  const auto frac = [&](const std::string& law, const char* what) {
    for (const json& e : energy)
      if (e["law"] == law) return e[what]["mean"].is_number() ? e[what]["mean"].get<double>() : NAN;
    return static_cast<double>(NAN);
  };
  double scheme_max = 0;
  for (const json& e : energy)
    if (e["scheme_energy_error"]["mean"].is_number())
      scheme_max = std::max(scheme_max, e["scheme_energy_error"]["mean"].get<double>());
  if (has("dsds")) {
    energy_answer = fmt::format(
        "The D-SDS creates {:.3f} K0 in the collisions, beside velocity Verlet's own energy error of up to {:.3f} K0 "
        "(dt = t_c/{}) and a normal damping of {:.3f} K0; it dissipates {:.3f} K0 tangentially, so its net tangential "
        "loss is {:.3f} K0",
        frac("dsds", "created"), scheme_max, format_value(s.dt_fraction), frac("dsds", "normal_damping"),
        frac("dsds", "tangential_dissipation"), frac("dsds", "net_tangential_loss"));
    if (has("csds"))
      energy_answer += fmt::format(" against the C-SDS's {:.3f} K0 (which creates {:.3f} K0); the D-SDS/C-SDS cooling "
                                   "rate at equal T is {:.4f} (mean over the T grid).",
                                   frac("csds", "net_tangential_loss"), frac("csds", "created"), ratio_to_csds("dsds"));
    else
      energy_answer += ".";
  } else {
    energy_answer = fmt::format("No D-SDS run (laws without dsds); velocity Verlet's energy error is up to {:.3f} K0.",
                                scheme_max);
  }
  ctx.log << "granular-gas: " << energy_answer << "\n";
  return {energy, energy_answer};
}

}  // namespace

std::map<std::string, std::string> granular_gas_result_units() {
  std::map<std::string, std::string> u;
  for (const char* k : {"T0", "balance", "created", "elastic_normal", "elastic_tangential", "energy_created",
                        "energy_created_per_collision", "eq11_closed_form_total", "external_dissipation",
                        "gravity_work", "kinetic_end", "kinetic_start", "ledger_created_per_collision",
                        "ledger_created_total", "normal_damping", "onset_created_total", "reset_jump",
                        "scheme_work", "tangential_dissipation", "verlet_kick"}) u.emplace(k, "J");
  for (const char* k : {"contact_time", "dsds_tau_mean", "dsds_tau_sd_one_run", "dt", "fit_window_start",
                        "hard_spheres_tau", "hard_spheres_tau_stderr", "loop_seconds", "t_end", "t_free0",
                        "t_homogeneous_end", "t_homogeneous_end_per_seed", "tau", "tau_kinetic_theory",
                        "tau_per_seed", "tau_stderr"}) u.emplace(k, "s");
  for (const char* k : {"T_over_T0", "chi_carnahan_starling", "collisions", "collisions_over_enskog",
                        "contact_time_over_free_time", "cooling_rate_over_hard_spheres",
                        "cooling_rate_over_hard_spheres_stderr", "cooling_rate_over_kinetic_theory",
                        "cooling_rate_over_kinetic_theory_stderr", "cooling_rate_ratio_to_csds", "density_index",
                        "energy_balance_error", "energy_created_over_initial_kinetic", "haff_exponent",
                        "haff_exponent_stderr", "haff_exponent_seeds",
                        "hard_spheres_cooling_rate_over_kinetic_theory",
                        "hard_spheres_cooling_rate_over_kinetic_theory_stderr",
                        "max_relative_T_difference_same_seed", "net_tangential_loss_over_initial_kinetic",
                        "net_tangential_loss_stderr", "onset_over_eq11", "onset_share_of_ledger_created", "ratio",
                        "restitution_continuous", "restitution_measured", "scheme_energy_error",
                        "scheme_work_relative", "seed_to_seed_relative_sd_there", "steps_per_run",
                        "tau_deviation_in_stderr", "tau_difference_in_sd", "tau_over_kinetic_theory",
                        "velocity_index"}) u.emplace(k, "-");
  return u;
}

json granular_gas_report(const GranularGasSetup& s, const GasEnsembleRows& rows, const StudyContext& ctx) {
  const GasConfig& g = s.g;
  GasAnalysis a;
  a.analyse(s, rows);
  a.write_series(s, rows, ctx);
  const json created_json = dsds_energy_created(s, rows, ctx);
  json results = json::array();
  for (const std::string& law : s.laws) results.push_back(a.law_results(s, rows, law));
  const json lammps_json = a.lammps_comparison(rows);
  const auto [energy, energy_answer] = a.energy_answer(s, rows, ctx);
  const std::vector<json>& ratio_at = a.ratio_at;
  const std::vector<double>& T_grid = a.T_grid;
  const double e_meas = s.restitution_measured, tau_kt = s.tau_kt, cluster_factor = s.cluster_factor;
  const double t_a = a.t_a, density_limit = a.density_limit;
  json ratio_json = json::array();
  for (std::size_t q = 0; q < ratio_at.size(); ++q)
    ratio_json.push_back({{"T_over_T0", json_number(T_grid[q] / g.spec.t0)}, {"ratio", ratio_at[q]}});
  return {{"answer", energy_answer},
          {"energy_over_initial_kinetic", energy},
          {"results", results},
          {"kinetic_theory", {{"restitution_measured", json_number(e_meas)},
                              {"restitution_continuous", json_number(s.restitution_continuous)},
                              {"contact_time", json_number(s.contact_time)},
                              {"chi_carnahan_starling", json_number(carnahan_starling_chi(g.spec.phi))},
                              {"tau", json_number(tau_kt)},
                              {"t_free0", json_number(s.t_free0)},
                              {"formula", "tau = 2/zeta(T0), zeta = (1-e^2)/3 * 4 sqrt(pi) n sigma^2 chi(phi) sqrt(T/m), chi = (1-phi/2)/(1-phi)^3"}}},
          {"dt", json_number(g.dt)},
          {"steps_per_run", g.steps},
          {"t_end", json_number(static_cast<double>(g.steps) * g.dt)},
          {"T0", json_number(g.spec.t0)},
          {"fit_window_start", json_number(t_a)},
          {"homogeneity_thresholds", {{"density_index", json_number(density_limit)}, {"velocity_index", cluster_factor}}},
          {"dsds_energy_created", created_json},
          {"dsds_over_csds_cooling_rate", ratio_json},
          {"lammps", lammps_json}};
}

}  // namespace stickslip
