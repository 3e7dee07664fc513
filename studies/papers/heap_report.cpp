// studies/papers/heap_report.cpp — see heap_report.hpp.
#include "studies/papers/heap_report.hpp"

#include <cmath>
#include <cstdio>

#include "studies/experiment/output.hpp"

namespace stickslip {

using nlohmann::json;

json heap_results(const json& rows) {
  json results = json::array();
  for (const json& r : rows)
    results.push_back({{"law", r["law"]},
                       {"repose_angle_deg", r["repose_angle_deg"]},
                       {"t_rest", r["t_rest"]},
                       {"surface_drift", r["surface_drift"]},
                       {"drift_rate", r["drift_rate"]},
                       {"energy_balance_error", r["energy_balance_error"]},
                       {"wall_s", r["wall_s"]},
                       {"steps", r["steps"]},
                       {"holds", r["holds"]}});
  return results;
}

std::string heap_conclusion(const json& rows, const HeapConfig& c) {
  std::string holds, creeps;
  for (const json& r : rows) {
    const std::string law = r["law"].get<std::string>();
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
          {"integrator", c.driver == Driver::trapezoid ? "trapezoid (Campello, phi = 1/2, tol 1e-4)" : "velocity Verlet"},
          {"threads", c.threads}};
}

}  // namespace stickslip
