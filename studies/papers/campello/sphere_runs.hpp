// studies/papers/campello/sphere_runs.hpp — the runs of the two sphere examples of seed 004, shared by their studies
// and their `converge` observables: parameters -> scene, initial state and run options (validated), and one run
// observed by the example's detector (models/particles/rolling_sphere_scene.hpp, three_spheres_scene.hpp) with its
// CSV and summary row.
//   rolling-sphere (ex. 5.1, Fig. 5): one sphere, state x, phi, v, omega; t_roll, v_roll, omega_roll against the
//     rigid-body solution (models/rolling_sphere_analytic.hpp).
//   three-spheres (ex. 5.2, Fig. 7): three spheres; particle 1's collision, spin reversal, return to rolling and
//     its angular momentum about the floor contact point (see studies/papers/campello/three_spheres_study.cpp).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "core/parameters.hpp"
#include "models/particles/rolling_sphere_scene.hpp"
#include "models/particles/three_spheres_scene.hpp"
#include "solvers/particles/sphere_run.hpp"
#include "studies/papers/campello/sphere_parameters.hpp"

namespace stickslip {

// The values Campello's Example 5.1 prints for its simulation (summary.json "paper_printed", the Fig. 5 figure's
// markers and title): t_roll 2.69 s, v_roll 8.95 m/s, omega_roll -44.57 rad/s, read at the rounded t = 2.69 s.
struct RollingSpherePaperValues {
  static constexpr double t_roll = 2.69, v_roll = 8.95, omega_roll = -44.57;  // s, m/s, rad/s
};

struct RollingSpherePrepared {
  RollingSphereSetup setup;
  SphereRunOptions opt;
  double t_end;
};
// From the parameters of rolling-sphere (r, m, v0, omega0, mu, E, nu, xi, g, t_end, tangential, gamma_t and the
// sphere run parameters).
RollingSpherePrepared prepare_rolling_sphere(const Parameters& prm);
// The run: rows (t, x, rotation_z, v_x, omega_z, slip_x and the analytic x, rotation_z, v_x, omega_z) every
// `every`-th sample into csv_path, progress on log; the summary row (t_roll, v_roll, omega_roll, their analytic
// values and relative errors, run statistics). A sphere that never rolls by t_end is a SolverError.
nlohmann::json rolling_sphere_row(const RollingSpherePrepared& pr, long every, const std::filesystem::path& csv_path,
                                  std::ostream& log);

struct ThreeSpheresPrepared {
  ThreeSpheresSetup setup;
  SphereRunOptions opt;
  double t_end;
};
// From the parameters of three-spheres (r, m, E, nu, mu, mu_pp, xi, v0, t_contact, t_end, tangential, gamma_t and
// the sphere run parameters).
ThreeSpheresPrepared prepare_three_spheres(const Parameters& prm);
// The run: particle 1's rows (t, v_radial, spin, rotation, slip speed, gap_12, kinetic energy of all three, radial
// slip velocity) every 10th sample into csv_path; the summary row with the measured times and their rigid-body and
// Hertz references, and the stick oscillation after rolling resumes (measured, and predicted for Mindlin).
nlohmann::json three_spheres_row(const ThreeSpheresPrepared& pr, const std::filesystem::path& csv_path);

}  // namespace stickslip
