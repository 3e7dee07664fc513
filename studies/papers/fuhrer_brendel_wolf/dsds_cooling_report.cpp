// studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.cpp — see dsds_cooling_report.hpp.
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "models/particles/cooling_statistics.hpp"
#include "models/particles/paired_crossings.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/fuhrer_brendel_wolf/gas_study_outputs.hpp"

namespace stickslip {

namespace {

using nlohmann::json;

// One sentence: the whole-range ratio with its error, the kinetic prediction, the direction against the paper's.
std::string answer_of(const CoolingSet& s, const json& res) {
  const json& w = res["whole_range"];
  const double r = w["ratio"].is_number() ? w["ratio"].get<double>() : NAN;
  const double se = w["ratio_stderr"].is_number() ? w["ratio_stderr"].get<double>() : NAN;
  double kr = NAN, ks = NAN;
  if (res.contains("kinetic_whole_range")) {
    const json& k = res["kinetic_whole_range"];
    if (k["ratio"].is_number()) kr = k["ratio"].get<double>();
    if (k["ratio_stderr"].is_number()) ks = k["ratio_stderr"].get<double>();
  }
  // The best estimate for the verdict: the gas where it has an error bar, else the kinetic prediction.
  const bool gas = std::isfinite(r) && std::isfinite(se);
  const auto verdict_of = [](double v, double e) -> std::string {
    const double sig = std::abs(v - 1) / e;
    const std::string size = fmt::format("{:.2f} %", 100 * std::abs(v - 1));
    if (sig >= 5 && v > 1)
      return fmt::format("the D-SDS cools {} faster than the C-SDS ({:.1f} sigma), against the paper's claim", size, sig);
    if (sig >= 5 && v < 1)
      return fmt::format("the D-SDS cools {} slower than the C-SDS ({:.1f} sigma), the paper's claimed direction", size, sig);
    if (5 * e <= 0.005) return fmt::format("indistinguishable: |ratio - 1| below 5 sigma = {:.2f} %", 500 * e);
    return fmt::format("undecided at this precision ({:.1f} sigma from 1; the 0.5 % level needs sigma <= 0.001)", sig);
  };
  std::string verdict;
  if (!gas && !std::isfinite(kr)) {
    verdict = "no estimate (no gas runs and no kinetic prediction)";
  } else if (!gas) {
    verdict = "kinetic prediction: " + verdict_of(kr, ks);
  } else {
    verdict = "gas: " + verdict_of(r, se);
    // the gas undecided: say what the (much more precise) kinetic prediction decides, and whether the gas agrees
    if (std::abs(r - 1) < 5 * se && std::isfinite(kr) && std::abs(kr - 1) >= 5 * ks)
      verdict += fmt::format("; kinetic prediction: {} (the gas is {:.1f} sigma from it)", verdict_of(kr, ks),
                             std::abs(r - kr) / std::sqrt(se * se + ks * ks));
  }
  std::string text = s.label() + ": zeta_D/zeta_C = " + plus_minus(r, se) + " over T/T0 = 1.." +
                     format_value(res["whole_range"]["T_lo"].get<double>()) + " (gas, " +
                     std::to_string(w["seeds_used"].get<std::size_t>()) + " paired seeds";
  if (std::isfinite(kr)) text += "; kinetic prediction " + plus_minus(kr, ks);
  text += "): " + verdict + ".";
  return text;
}

}  // namespace

std::map<std::string, std::string> dsds_cooling_result_units() {
  std::map<std::string, std::string> u;
  for (const char* k : {"ratio", "ratio_stderr", "kinetic_ratio", "kinetic_ratio_stderr", "z_gas_vs_kinetic", "T_hi",
                        "T_lo", "seeds_used", "seeds_needed", "effect_in_sigma", "lammps_over_ours",
                        "lammps_over_ours_stderr", "z", "csds_dt_over_reference", "csds_dt_over_reference_stderr",
                        "dsds_over_reference_csds", "dsds_over_reference_csds_stderr", "net_over_loss_max",
                        "net_over_loss_min", "onset_over_eq11", "psi_deg", "gamma_t_ratio", "kt_ratio", "mu",
                        "restitution", "time_step_error"})
    u.emplace(k, "-");
  for (const char* k : {"cpu_seconds_per_seed_pair", "cpu_hours_needed", "dt", "t_c"}) u.emplace(k, "s");
  u["cpu_hours_needed"] = "h";
  return u;
}

namespace {

// The seeds both laws ran, in order: their crossing times and rotational temperatures at the edges.
std::map<std::uint64_t, CrossingPair> crossing_pairs(const CoolingSetRuns& runs) {
  std::map<std::uint64_t, CrossingPair> pair_of;
  for (const auto& [sd, c] : runs.csds) {
    if (!runs.dsds.count(sd)) continue;
    const json& d = runs.dsds.at(sd);
    pair_of[sd] = {numbers(c["crossing_t"]), numbers(d["crossing_t"]), numbers(c["crossing_T_rot"]),
                   numbers(d["crossing_T_rot"]), c["t_homogeneous_end"].get<double>(),
                   d["t_homogeneous_end"].get<double>()};
  }
  return pair_of;
}

json set_parameters(std::size_t si, const CoolingSet& s) {
  return {{"set", si},
          {"label", s.label()},
          {"normal", s.normal},
          {"tangential_damping", s.damping},
          {"gamma_t_ratio", s.gamma_t_ratio},
          {"kt_ratio", s.kt_ratio},
          {"mu", s.mu},
          {"restitution", s.restitution},
          {"csds_update", s.csds_update},
          {"t_c", json_number(s.t_c)},
          {"dt", json_number(s.dt)},
          {"kt", json_number(s.kt)},
          {"gamma_t", json_number(s.gamma_t)},
          {"kn", json_number(s.kn)},
          {"gamma_n", json_number(s.gamma_n)}};
}

double number_or(const json& v, double otherwise) { return v.is_number() ? v.get<double>() : otherwise; }

// The gas per bin of ln T against the kinetic prediction (kbins: null when the kinetic part did not run); the largest
// number of seeds a bin needs for `precision`.
json gas_bins(std::size_t si, const std::vector<CrossingPair>& pairs, const std::vector<double>& edges, const json* kbins,
              double precision, double& worst_needed, CoolingTables& tables) {
  json gbins = json::array();
  for (std::size_t b = 0; b + 1 < edges.size(); ++b) {
    const PairedRatio r = bin_rate_ratio(pairs, b);
    const double needed = seeds_needed(r, precision);
    if (std::isfinite(needed)) worst_needed = std::max(worst_needed, needed);
    json bin{{"T_hi", edges[b]}, {"T_lo", edges[b + 1]}, {"ratio", json_number(r.ratio)},
             {"ratio_stderr", json_number(r.stderr_)}, {"seeds_used", r.n}, {"seeds_needed", json_number(needed)},
             {"effect_in_sigma", json_number(std::abs(r.ratio - 1) / r.stderr_)}};
    if (kbins) {
      const json& kb = (*kbins)[b];
      bin["kinetic_ratio"] = kb["ratio"];
      bin["kinetic_ratio_stderr"] = kb["ratio_stderr"];
      const double kr = number_or(kb["ratio"], NAN), ks = number_or(kb["ratio_stderr"], NAN);
      bin["z_gas_vs_kinetic"] = json_number((r.ratio - kr) / std::sqrt(r.stderr_ * r.stderr_ + ks * ks));
    }
    gbins.push_back(bin);
    tables.ratio.push_back({static_cast<double>(si), edges[b], edges[b + 1], std::sqrt(edges[b] * edges[b + 1]),
                            std::isfinite(r.ratio) ? r.ratio : -1, std::isfinite(r.stderr_) ? r.stderr_ : -1,
                            static_cast<double>(r.n), kbins ? number_or((*kbins)[b]["ratio"], -1) : -1,
                            kbins ? number_or((*kbins)[b]["ratio_stderr"], -1) : -1});
  }
  return gbins;
}

// The kinetic part: its whole range, its dt levels and their extrapolation to dt -> 0; its nodes' table rows.
void kinetic_results(std::size_t si, const json& kin, json& res, CoolingTables& tables) {
  res["kinetic_whole_range"] = kin["whole_range"];
  res["kinetic_dt_levels"] = kin["dt_levels"];
  const json& lv = kin["dt_levels"];
  if (lv.size() >= 2 && lv.back()["ratio"].is_number() && lv[lv.size() - 2]["ratio"].is_number()) {
    // first order in dt: R(0) ~ 2 R(dt/2^K) - R(dt/2^(K-1)); the gas's time-step error R(dt) - R(0)
    const double r0 = 2 * lv.back()["ratio"].get<double>() - lv[lv.size() - 2]["ratio"].get<double>();
    res["kinetic_ratio_dt0"] = json_number(r0);
    res["time_step_error"] = json_number(lv.front()["ratio"].get<double>() - r0);
  }
  for (const json& nd_ : kin["nodes"])
    tables.kinetic.push_back({static_cast<double>(si), nd_["T_over_T0"].get<double>(), nd_["ratio"].get<double>(),
                              number_or(nd_["ratio_stderr"], 0.0), nd_["loss_csds"].get<double>(),
                              nd_["loss_dsds"].get<double>(), nd_["rot_csds"].get<double>(),
                              nd_["rot_dsds"].get<double>(), nd_["created_dsds"].get<double>()});
}

// T_rot/T_tr of the gas at the edges (mean over the seeds homogeneous to the edge), per law.
void rotation_rows(std::size_t si, const std::vector<CrossingPair>& pairs, const std::vector<double>& edges,
                   CoolingTables& tables) {
  for (std::size_t k = 0; k < edges.size(); ++k) {
    std::vector<double> rc, rd;
    for (const CrossingPair& p : pairs) {
      if (!homogeneous_to(p, k)) continue;
      rc.push_back(p.T_rot_csds[k] / edges[k]);
      rd.push_back(p.T_rot_dsds[k] / edges[k]);
    }
    if (!rc.empty()) tables.rotation.push_back({static_cast<double>(si), edges[k], mean_of(rc), mean_of(rd)});
  }
}

// The mechanism: its CSV rows and the extremes of net/loss at dt -> 0.
json mechanism_results(std::size_t si, const json& mech, CoolingTables& tables) {
  double lo = INFINITY, hi = -INFINITY, psi_lo = NAN, psi_hi = NAN, onset_ratio = NAN, identity = 0;
  for (const json& lv : mech["levels"]) {
    const double e_normal = lv["pair_energy_normal"].get<double>();
    for (const json& pt : lv["points"]) {
      // energies per collision over the impact energy E = m* (v_n^2 + v_t^2)/2
      const double en = e_normal * (1 + std::pow(pt["vt_over_vn"].get<double>(), 2));
      const json &z = pt["dt0"], &gd = pt["gas_dt"];
      const double loss = z["loss_csds"].get<double>(), rel = z["net"].get<double>() / loss;
      identity = std::max({identity, z["identity_residual"].get<double>() / loss, gd["identity_residual"].get<double>() / loss});
      if (lv["T_over_T0"].get<double>() == 1.0) {
        if (rel < lo) lo = rel, psi_lo = pt["psi_deg"].get<double>();
        if (rel > hi) hi = rel, psi_hi = pt["psi_deg"].get<double>();
        if (pt["kind"] == "translation" && pt["eq11_closed_form"].get<double>() > 0 && !std::isfinite(onset_ratio) &&
            pt["psi_deg"].get<double>() > 60)
          onset_ratio = z["created_onset"].get<double>() / pt["eq11_closed_form"].get<double>();
      }
      tables.mechanism.push_back({static_cast<double>(si), lv["T_over_T0"].get<double>(),
                                  pt["kind"] == "translation" ? 0.0 : 1.0, pt["psi_deg"].get<double>(),
                                  pt["vt_over_vn"].get<double>(), pt["eq11_closed_form"].get<double>() / en,
                                  z["created_onset"].get<double>() / en, z["created"].get<double>() / en,
                                  z["extra_dissipation"].get<double>() / en, z["net"].get<double>() / en,
                                  100 * rel, gd["created_onset"].get<double>() / en, gd["created"].get<double>() / en,
                                  100 * gd["net"].get<double>() / gd["loss_csds"].get<double>(),
                                  z["normal_damping_difference"].get<double>() / en, z["beta_csds"].get<double>(),
                                  z["beta_dsds"].get<double>()});
    }
  }
  return {{"net_over_loss_min", json_number(lo)}, {"psi_deg_at_min", json_number(psi_lo)},
          {"net_over_loss_max", json_number(hi)}, {"psi_deg_at_max", json_number(psi_hi)},
          {"onset_over_eq11", json_number(onset_ratio)}, {"identity_residual_over_loss", json_number(identity)}};
}

// The LAMMPS check: its D-SDS's times and the reference C-SDS's against ours, to the deepest edge all reached.
json lammps_check(std::size_t si, const CoolingSetRuns& runs, const std::map<std::uint64_t, CrossingPair>& pair_of,
                  std::size_t deepest, const std::vector<double>& edges, double ref_factor, CoolingTables& tables) {
  json lj{{"ran", !runs.lammps.empty()}, {"note", runs.lammps_note}};
  if (runs.lammps.empty()) return lj;
  // Whole range to the deepest edge all of them reached (LAMMPS' homogeneity: that of our dsds run).
  std::size_t e = deepest;
  for (const auto& [sd, l] : runs.lammps)
    while (e > 0 && !std::isfinite(numbers(l["crossing_t"])[e])) --e;
  for (const auto& [sd, r] : runs.reference)
    while (e > 0 && !std::isfinite(numbers(r["crossing_t"])[e])) --e;
  const auto crossing = [e](const json& row) { return numbers(row["crossing_t"])[e]; };
  std::vector<double> tl, to, tc, tr, diff;
  for (const auto& [sd, l] : runs.lammps) {
    if (!homogeneous_to(pair_of.at(sd), e)) continue;
    tl.push_back(crossing(l));
    to.push_back(crossing(runs.dsds.at(sd)));
    tc.push_back(crossing(runs.csds.at(sd)));
    tr.push_back(crossing(runs.reference.at(sd)));
    diff.push_back(tl.back() - to.back());
    tables.lammps.push_back({static_cast<double>(si), static_cast<double>(sd), edges[e], tl.back(), to.back(), tc.back(), tr.back()});
  }
  // The same law from the same state: the trajectories part (chaos), so the times differ like two seeds'; the
  // scale is the seed-to-seed standard deviation of our D-SDS's time, x sqrt(2/n).
  std::vector<double> all_d;
  for (const auto& [sd, d] : runs.dsds)
    if (std::isfinite(crossing(d))) all_d.push_back(crossing(d));
  const double sd_seed = all_d.size() > 1 ? stderr_of(all_d) * std::sqrt(static_cast<double>(all_d.size())) : NAN;
  const double scale = sd_seed * std::sqrt(2.0 / static_cast<double>(tl.size()));
  const PairedRatio lo_ratio = paired_ratio(tl, to), cref = paired_ratio(tc, tr);
  const PairedRatio d_ref = paired_ratio(tr, tl), o_ref = paired_ratio(tr, to);
  lj.update({{"T_lo", edges[e]},
             {"seeds", tl.size()},
             {"lammps_over_ours", json_number(lo_ratio.ratio)},
             {"lammps_over_ours_stderr", json_number(lo_ratio.stderr_)},
             {"z", json_number(mean_of(diff) / scale)},
             {"agrees", std::abs(mean_of(diff)) <= 3 * scale},
             {"csds_dt_over_reference", json_number(cref.ratio)},
             {"csds_dt_over_reference_stderr", json_number(cref.stderr_)},
             {"dsds_over_reference_csds", json_number(o_ref.ratio)},
             {"dsds_over_reference_csds_stderr", json_number(o_ref.stderr_)},
             {"lammps_dsds_over_reference_csds", json_number(d_ref.ratio)},
             {"lammps_dsds_over_reference_csds_stderr", json_number(d_ref.stderr_)},
             {"reference_dt_factor", ref_factor}});
  return lj;
}

}  // namespace

json analyse_cooling_set(std::size_t si, const CoolingSet& s, const CoolingSetRuns& runs, const std::vector<double>& edges,
                         long seeds, double precision, double ref_factor, CoolingTables& tables) {
  const std::map<std::uint64_t, CrossingPair> pair_of = crossing_pairs(runs);
  std::vector<CrossingPair> pairs;
  for (const auto& [sd, p] : pair_of) pairs.push_back(p);
  json res = set_parameters(si, s);
  std::vector<double> cpu;  // CPU time per seed pair
  for (const auto& [sd, row] : runs.csds)
    if (runs.dsds.count(sd)) cpu.push_back(row["wall_seconds"].get<double>() + runs.dsds.at(sd)["wall_seconds"].get<double>());
  const double cpu_pair = cpu.empty() ? NAN : mean_of(cpu);
  const json& kin = runs.kinetic;
  double worst_needed = 0;
  res["bins"] = gas_bins(si, pairs, edges, kin.is_object() ? &kin["bins"] : nullptr, precision, worst_needed, tables);
  // The whole range ends at the deepest edge that at least 90 % of the seeds (and 2) reached homogeneously.
  const std::size_t deepest = deepest_common_edge(pairs, edges.size());
  const PairedRatio whole = whole_range_rate_ratio(pairs, deepest);
  res["whole_range"] = {{"T_lo", edges[deepest]}, {"ratio", json_number(whole.ratio)},
                        {"ratio_stderr", json_number(whole.stderr_)}, {"seeds_used", whole.n}};
  res["seeds"] = seeds;
  res["seeds_needed_for_precision"] = json_number(worst_needed > 0 ? worst_needed : NAN);
  res["precision"] = precision;
  res["cpu_seconds_per_seed_pair"] = json_number(cpu_pair);
  res["cpu_hours_needed"] = json_number(worst_needed > 0 ? worst_needed * cpu_pair / 3600 : NAN);
  res["homogeneous_to"] = edges[deepest];
  if (kin.is_object()) kinetic_results(si, kin, res, tables);
  rotation_rows(si, pairs, edges, tables);
  if (runs.mechanism.is_object()) res["mechanism"] = mechanism_results(si, runs.mechanism, tables);
  res["lammps"] = lammps_check(si, runs, pair_of, deepest, edges, ref_factor, tables);
  res["answer"] = answer_of(s, res);
  return res;
}

void write_cooling_tables(const std::filesystem::path& out_dir, const CoolingTables& tables) {
  write_csv_rows(out_dir / "dsds_cooling_ratio.csv",
                 {"set [-]", "T_hi/T0 [-]", "T_lo/T0 [-]", "T_mid/T0 [-]", "gas zeta_D/zeta_C [-]",
                  "gas stderr (-1: none) [-]", "seeds [-]", "kinetic zeta_D/zeta_C [-]", "kinetic stderr [-]"},
                 tables.ratio);
  write_csv_rows(out_dir / "dsds_cooling_kinetic.csv",
                 {"set [-]", "T/T0 [-]", "zeta_D/zeta_C [-]", "stderr [-]", "csds -<dK_tr>/T [-]", "dsds -<dK_tr>/T [-]",
                  "csds T_rot/T_tr [-]", "dsds T_rot/T_tr [-]", "dsds created per collision/T [-]"},
                 tables.kinetic);
  write_csv_rows(out_dir / "dsds_cooling_rotation.csv",
                 {"set [-]", "T/T0 [-]", "csds T_rot/T_tr (gas) [-]", "dsds T_rot/T_tr (gas) [-]"}, tables.rotation);
  write_csv_rows(out_dir / "dsds_cooling_mechanism.csv",
                 {"set [-]", "T/T0 [-]", "kind (0 centres' v_t, 1 spins) [-]", "psi [deg]", "v_t/v_n [-]",
                  "eq. 11 onset closed form/E [-]", "created at onset dt->0/E [-]", "created dt->0/E [-]",
                  "extra dissipation dt->0/E [-]", "net dK_D - dK_C dt->0/E [-]", "net/C-SDS loss dt->0 [%]",
                  "created at onset gas dt/E [-]", "created gas dt/E [-]", "net/C-SDS loss gas dt [%]",
                  "normal damping difference dt->0/E [-]", "beta C-SDS [-]", "beta D-SDS [-]"},
                 tables.mechanism);
  write_csv_rows(out_dir / "dsds_cooling_lammps.csv",
                 {"set [-]", "seed [-]", "T_lo/T0 [-]", "LAMMPS D-SDS time to T_lo [s]", "our D-SDS [s]", "our C-SDS [s]",
                  "our C-SDS at dt/reference_dt_factor [s]"},
                 tables.lammps);
}

}  // namespace stickslip
