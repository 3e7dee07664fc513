// studies/papers/krengel_matuttis/heap_report.cpp — see heap_report.hpp.
#include "studies/papers/krengel_matuttis/heap_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "studies/experiment/output.hpp"

namespace stickslip {

using nlohmann::json;

json heap_results(const json& rows) {
  json results = json::array();
  for (const json& r : rows) {
    json by_dt = json::array();
    for (const json& d : r["drift_by_dt"])
      by_dt.push_back({{"dt", d["dt"]}, {"com_drift", d["com_drift"]}, {"surface_drift", d["surface_drift"]}});
    const json& f = r["feeding"];
    results.push_back({{"law", r["law"]},
                       {"seed", r.contains("seed") ? r["seed"] : json(nullptr)},
                       {"tag", r["tag"]},
                       {"repose_angle_deg", r["repose_angle_deg"]},
                       {"repose_left_deg", r["repose_left_deg"]},
                       {"repose_right_deg", r["repose_right_deg"]},
                       {"feeding", f.is_null() ? json(nullptr)
                                               : json{{"t", f["t"]},
                                                      {"repose_angle_deg", f["repose_angle_deg"]},
                                                      {"repose_left_deg", f["repose_left_deg"]},
                                                      {"repose_right_deg", f["repose_right_deg"]},
                                                      {"in_hopper", f["in_hopper"]},
                                                      {"falling", f["falling"]}}},
                       {"at_rest", r["at_rest"]},
                       {"t_rest", r["t_rest"]},
                       {"surface_drift", r["surface_drift"]},
                       {"com_drift", r["com_drift"]},
                       {"drift_by_dt", by_dt},
                       {"drift_rate", r["drift_rate"]},
                       {"energy_balance_error", r["energy_balance_error"]},
                       {"wall_s", r["wall_s"]},
                       {"steps", r["steps"]},
                       {"holds", r["holds"]}});
  }
  return results;
}

namespace {

// n, mean, sample sd, min, max of the finite values (null where undefined) and all values in order.
json spread_of(const std::vector<json>& values) {
  std::vector<double> v;
  for (const json& x : values)
    if (x.is_number()) v.push_back(x.get<double>());
  const std::size_t n = v.size();
  double mean = 0;
  for (double x : v) mean += x;
  mean = n ? mean / static_cast<double>(n) : NAN;
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  const double sd = n >= 2 ? std::sqrt(ss / static_cast<double>(n - 1)) : NAN;
  return {{"n", n},
          {"mean", json_number(mean)},
          {"sd", json_number(sd)},
          {"min", n ? json_number(*std::min_element(v.begin(), v.end())) : json(nullptr)},
          {"max", n ? json_number(*std::max_element(v.begin(), v.end())) : json(nullptr)},
          {"values", values}};
}

json feeding_value(const json& r, const char* key) {
  return r["feeding"].is_null() ? json(nullptr) : r["feeding"][key];
}

}  // namespace

json heap_spread(const json& rows, const std::vector<std::string>& laws) {
  json out = json::array();
  for (const std::string& law : laws) {
    std::vector<json> seeds, rest, left, right, feed, feed_left, feed_right;
    for (const json& r : rows) {
      if (r["law"] != law) continue;
      seeds.push_back(r.contains("seed") ? r["seed"] : json(nullptr));
      rest.push_back(r["repose_angle_deg"]), left.push_back(r["repose_left_deg"]), right.push_back(r["repose_right_deg"]);
      feed.push_back(feeding_value(r, "repose_angle_deg"));
      feed_left.push_back(feeding_value(r, "repose_left_deg"));
      feed_right.push_back(feeding_value(r, "repose_right_deg"));
    }
    out.push_back({{"law", law},
                   {"seeds", seeds},
                   {"repose_angle_deg", spread_of(rest)},
                   {"repose_left_deg", spread_of(left)},
                   {"repose_right_deg", spread_of(right)},
                   {"feeding_angle_deg", spread_of(feed)},
                   {"feeding_left_deg", spread_of(feed_left)},
                   {"feeding_right_deg", spread_of(feed_right)}});
  }
  return out;
}

void write_heap_repose_table(const StudyContext& ctx, const json& rows) {
  CsvWriter csv(ctx.out_dir / "heap_repose.csv",
                {"law", "law_index [-]", "seed [-]", "repose_angle [deg]", "repose_left [deg]", "repose_right [deg]",
                 "feeding_t [s]", "feeding_angle [deg]", "feeding_left [deg]", "feeding_right [deg]"});
  std::vector<std::string> laws;
  const auto cell = [](const json& v) { return v.is_number() ? CsvCell(v.get<double>()) : CsvCell(""); };
  for (const json& r : rows) {
    const std::string law = r["law"].get<std::string>();
    if (std::find(laws.begin(), laws.end(), law) == laws.end()) laws.push_back(law);
    const double index = static_cast<double>(std::find(laws.begin(), laws.end(), law) - laws.begin());
    csv.row(std::vector<CsvCell>{law, index, cell(r.contains("seed") ? r["seed"] : json()), cell(r["repose_angle_deg"]),
                                 cell(r["repose_left_deg"]), cell(r["repose_right_deg"]), cell(feeding_value(r, "t")),
                                 cell(feeding_value(r, "repose_angle_deg")), cell(feeding_value(r, "repose_left_deg")),
                                 cell(feeding_value(r, "repose_right_deg"))});
  }
  csv.close();
}

std::string heap_conclusion(const json& rows, const HeapConfig& c) {
  std::string holds, creeps;
  for (const json& r : rows) {
    const std::string law = r["tag"].get<std::string>();
    char line[256];
    const std::string rest =
        r["at_rest"].get<bool>() ? "at rest at " + heap_time(r["t_rest"].get<double>()) + " s" : "not at rest";
    std::snprintf(line, sizeof line, "%s: %s, surface drift %.3g m (%.3g diameters) in %.3g s at dt = %.3g s%s; ",
                  law.c_str(), rest.c_str(),
                  r["surface_drift"].is_number() ? r["surface_drift"].get<double>() : NAN,
                  r["surface_drift"].is_number() ? r["surface_drift"].get<double>() / c.d_mean : NAN, c.t_drift,
                  c.dt * c.dt_factors.front(), r["holds"].get<bool>() ? ", holds" : ", does not hold");
    creeps += line;
    if (r["holds"].get<bool>()) holds += (holds.empty() ? "" : ", ") + law;
  }
  return (holds.empty() ? std::string("no law holds the heap") : "holds the heap: " + holds) +
         " (at rest and surface drift below " + format_value(c.hold_fraction) + " mean diameters over " +
         format_value(c.t_drift) + " s). " + creeps;
}

json heap_setup(const HeapConfig& c, double fill_top, double damping_ratio, double bin_diameters) {
  const std::string mapping =
      c.polygons && c.book_contact
          ? "contact=book (Matuttis & Chen): f_n = Y A/l + f_damp, f_damp = D sqrt(Y m_r) (dA/dt)/l capped at 2 Y A/l, per "
            "contact; l = 4 d_i d_j/(d_i + d_j) (d: distances of the centres of mass to the force point; a wall 4 d_i), "
            "m_r = m_i m_j/(m_i + m_j) the pair's reduced mass; damping_ratio: D/2, eq. 18's ratio for two mean polygons "
            "face to face (l = 2 r); k_t, gamma_t as for contact=equal-area"
      : c.polygons ? "f_n = Y A/l + D sqrt(Y m_n) (dA/dt)/l per contact (Krengel & Matuttis eq. 18; A overlap area, l the "
                   "reduced equal-area radius, m_n the normal effective mass); damping_ratio: D, eq. 18's ratio for two "
                   "mean polygons face to face; k_n = Y x 1 m only sets gamma_t's scale; k_t = kt_ratio k_n; gamma_t = "
                   "gamma_t_factor sqrt(k_t/m*), the law's dashpot gamma_t m* with m* of eq. 21 per contact"
                 : "k_n = Y x 1 m (F = Y A/l with A = w h, w ~ l); gamma_n = D sqrt(k_n/m*), m* = m_mean/2; k_t = "
                   "kt_ratio k_n; gamma_t = gamma_t_factor sqrt(k_t/m*)";
  const std::string shape =
      c.polygons ? "convex polygons of " + std::to_string(c.shape.min_corners) + "-" + std::to_string(c.shape.max_corners) +
                       " corners (" + (c.shape.corners == CornerPlacement::uniform ? "uniform" : "stratified") +
                       ") on ellipses of eccentricity " + format_value(c.shape.ellipse_eccentricity()) + " (b/a " +
                       format_value(std::sqrt(1 - std::pow(c.shape.ellipse_eccentricity(), 2))) +
                       "; Krengel & Matuttis Sec. 5), no rolling resistance"
                 : "discs with a radius spread (Krengel & Matuttis use polygons of 5-10 corners)";
  return {{"material", {{"kn", json_number(c.kn)},
                        {"gamma_n", json_number(c.gamma_n)},
                        {"damping_ratio", json_number(damping_ratio)},
                        {"kt", json_number(c.kt)},
                        {"gamma_t", json_number(c.gamma_t)},
                        {"mu_roll", json_number(c.rolling.mu_roll)},
                        {"k_roll", json_number(c.rolling.k_roll)},
                        {"gamma_roll", json_number(c.rolling.gamma_roll)},
                        {"mean_mass", json_number(c.mean_mass)},
                        {"mapping", mapping}}},
          {"geometry", {{"fill_top", json_number(fill_top)},
                        {"hopper_top_of_v", json_number(c.spec.hopper_top_of_v())},
                        {"outlet_height", c.spec.outlet_height},
                        {"floor_width", c.spec.floor_width}}},
          {"rest_criterion", "kinetic energy < " + format_value(c.rest_ratio) + " N m_mean g d_mean = " +
                                 format_value(c.rest_ratio * c.e_ref) + " J/m for " + format_value(c.rest_hold) + " s"},
          {"repose_method", std::string(c.polygons ? "surface profile: highest corner" : "surface profile max(y + r)") + " in bins of " + format_value(bin_diameters) +
                                " mean diameters; heap = bins >= 1.5 d around the peak; each flank's bins between 0.2 "
                                "and 0.8 of the peak height fitted by least squares; angle = mean of atan|slope|"},
          {"particle_shape", shape},
          {"integrator", c.scheme == Scheme::trapezoid ? "trapezoid (Campello, phi = 1/2, tol 1e-4)" : "velocity Verlet"},
          {"threads", c.threads}};
}

}  // namespace stickslip
