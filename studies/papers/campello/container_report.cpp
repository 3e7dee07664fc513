// studies/papers/campello/container_report.cpp — see container_report.hpp.
#include "studies/papers/campello/container_report.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/sample_statistics.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

namespace {

// Mean, standard error and count of one quantity over seeds.
nlohmann::json seed_statistics(const std::vector<double>& v) {
  return nlohmann::json{{"mean", json_number(mean_of(v))}, {"stderr", json_number(stderr_of(v))}, {"n", v.size()}};
}

}  // namespace

void plot_container_figures(const std::filesystem::path& out_dir, const ContainerPourConfig& cfg,
                            const ContainerSpec& spec, const ContainerSetup& setup,
                            const std::vector<std::string>& tags,
                            const std::vector<std::vector<double>>& snapshot_times, std::ostream& log) {
  // Figures 10/12: kinetic energies, log scale, with the times the paper reads off its own Figs. 10 and 12.
  Figure energy{"", 1, 1, 1000, 650, {}, {}};
  Panel& ke = energy.panel(
      "Campello, Example 5.3, Figs. 10 and 12 (" + cfg.integrator + " + " + cfg.tangential +
          ")\ndotted lines and grey band: the paper's times (first hits on the inclined face 0.5 s;\nrise of the "
          "translational energy 2.6-3.4 s with rotations; rest at about 4.0 s)",
      "t [s]", "kinetic energy [J]");
  ke.logy = true;
  ke.set("set format y '%.0e'").set("set key top right");
  ke.set("set style rect fc rgb '#e0e0e0' fs solid 0.5 noborder");
  ke.set("set object 1 rect from 2.6, graph 0 to 3.4, graph 1 behind");
  for (const double t : {0.5, 4.0})
    ke.set(fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lc rgb 'gray30'", t));
  ke.set("set label 'paper: rise 2.6-3.4 s' at 2.62, graph 0.04 font ',9'");
  ke.set("set label 'paper: at rest ~4.0 s' at 4.02, graph 0.04 font ',9'");
  ke.set("set label 'paper: face hit 0.5 s' at 0.52, graph 0.04 font ',9'");
  for (const auto& tag : tags) {
    const std::string f = "container_ke_" + tag + ".csv";
    ke.add(Curve::of(f, "1", "2", "translational, " + std::string(tag == "rot" ? "with" : "without") + " rotations",
                     "l lw 2"));
    if (tag == "rot") ke.add(Curve::of(f, "1", "3", "rotational, with rotations", "l lw 2"));
  }
  render_figure(out_dir / "fig10_12_container_energy.png", energy, log);
  // Figures 9/11: snapshots, coloured by speed, with the container's walls and the vessel the particles start in
  // (not a wall in the run: they all fall from rest together), drawn as data lines so that they are clipped.
  const double r = spec.radius, x_mid = 0.5 * (spec.floor_width + setup.x_right);
  const double vx0 = x_mid - 0.5 * spec.vessel_width, vx1 = x_mid + 0.5 * spec.vessel_width;
  const double vy0 = setup.vessel_bottom - r, vy1 = setup.vessel_top + r;
  const std::vector<std::vector<double>> walls{{0, setup.wall_top}, {0, 0}, {spec.floor_width, 0},
                                               {setup.x_right, spec.incline_rise}, {setup.x_right, setup.wall_top}};
  const std::vector<std::vector<double>> vessel{{vx0, vy1}, {vx0, vy0}, {}, {vx1, vy0}, {vx1, vy1}};
  const double speed_max = 5;
  for (std::size_t k = 0; k < tags.size(); ++k) {
    const auto& times = snapshot_times[k];
    const int cols = 4, rows = static_cast<int>((times.size() + cols - 1) / cols);
    const double yt = std::max(spec.incline_rise + 2.5, 4.5);
    Figure snaps{"Campello, Example 5.3, " +
                     std::string(tags[k] == "rot" ? "Fig. 9: with rotations" : "Fig. 11: without rotations") +
                     "\ncolour: speed (colour bar, m/s; faster drawn as " + format_value(speed_max) +
                     "); solid: container walls; dashed: the vessel the particles start in",
                 rows, cols, 1500, 440 * rows,
                 {"set palette defined (0 'blue', 1 'red')", fmt::format("set cbrange [0:{}]", speed_max),
                  "set colorbox vertical user origin graph 1.03, graph 0 size graph 0.04, graph 1",
                  "set cblabel 'speed [m/s]' offset 1.5,0", "set rmargin 9", "set cbtics 1", "set size ratio -1",
                  "unset key",
                  "set xrange [-0.2:" + format_value(setup.x_right + 0.2) + "]",
                  "set yrange [-0.2:" + format_value(yt) + "]", "set style fill solid 0.6 border lc rgb 'black'",
                  "set xtics 1", "set ytics 1", "unset grid"},
                 {}};
    const std::string wall_block = snaps.block("walls", {"x [m]", "y [m]"}, walls);
    const std::string vessel_block = snaps.block("vessel", {"x [m]", "y [m]"}, vessel);
    for (double t : times)
      snaps.panel("t = " + container_time(t) + " s", "x [m]", "y [m]")
          .add(Curve::of("container_snap_" + tags[k] + "_" + container_time(t) + ".csv", "1", "2:3:4", "",
                         "circles lc palette"))
          .add(Curve::of(wall_block, "1", "2", "", "lines lw 2.5 lc rgb 'black'"))
          .add(Curve::of(vessel_block, "1", "2", "", "lines lw 1.5 dt 2 lc rgb 'gray40'"));
    const std::string figure = tags[k] == "rot" ? "9" : "11";
    render_figure(out_dir / ("fig" + figure + "_container_snapshots_" + tags[k] + ".png"), snaps, log);
  }
}

// One row per pour: the packing, the time to rest and the energy ledger (both integrators).
nlohmann::json container_results(nlohmann::json runs, const ContainerPourConfig& cfg) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto& [tag, r] : runs.items()) {
    nlohmann::json row{{"run", tag},
                       {"integrator", cfg.integrator},
                       {"tangential", cfg.tangential},
                       {"rotations", r["rotations"]},
                       {"seed", r["seed"]},
                       {"time_to_rest", r["time_to_rest"]},
                       {"settled", r["settled"]}};
    for (const auto& [key, v] : r["final"].items()) row[key] = v;
    const nlohmann::json& ledger = r["ledger"];
    row["energy_balance_error"] = ledger.is_object() ? ledger["energy_balance_error"] : nlohmann::json();
    if (ledger.is_object())
      for (const auto& [key, v] : ledger.items()) row[key] = v;
    results.push_back(row);
  }
  return results;
}

nlohmann::json container_ensemble(const nlohmann::json& runs, const std::vector<bool>& modes,
                                  const std::vector<std::uint64_t>& seeds) {
  const std::vector<std::string> keys{"time_to_rest", "centroid_y", "top_y", "area_fraction",
                                      "contacts_per_particle", "psi6", "six_neighbour_fraction"};
  const auto value = [&](bool rotations, std::size_t k, const std::string& key) {
    const auto& r = runs[container_pour_tag(rotations, k, seeds)];
    const auto& v = key == "time_to_rest" ? r["time_to_rest"] : r["final"][key];
    return v.is_number() ? v.get<double>() : NAN;
  };
  nlohmann::json ens;
  for (bool rot_mode : modes) {
    nlohmann::json e;
    for (const auto& key : keys) {
      std::vector<double> v;
      for (std::size_t k = 0; k < seeds.size(); ++k) v.push_back(value(rot_mode, k, key));
      e[key] = seed_statistics(v);
    }
    ens[rot_mode ? "rot" : "norot"] = e;
  }
  if (modes.size() == 2) {
    nlohmann::json d;
    for (const auto& key : keys) {
      std::vector<double> v;
      long higher = 0;
      for (std::size_t k = 0; k < seeds.size(); ++k) {
        v.push_back(value(true, k, key) - value(false, k, key));
        higher += v.back() > 0;
      }
      d[key] = seed_statistics(v);
      d[key]["seeds_rot_higher"] = higher;
    }
    ens["difference_rot_minus_norot"] = d;
  }
  return ens;
}

}  // namespace stickslip
