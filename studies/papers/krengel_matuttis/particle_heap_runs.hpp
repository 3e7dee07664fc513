// studies/papers/krengel_matuttis/particle_heap_runs.hpp — one pour of the heap study (seed 002 §5,
// studies/papers/krengel_matuttis/heap_study.cpp): the hopper scene (models/particles/hopper_heap.hpp) on the particle
// engine under velocity Verlet with a linear spring-dashpot normal law, the named tangential law and rolling
// resistance, or the polygon hopper (models/polygon/polygon_hopper.hpp) on the polygon engine with the overlap-area
// force; the energy ledger; at rest (kinetic energy below rest_ratio x E_ref for rest_hold) the angle of repose
// (models/particles/repose_angle.hpp) and the drift of the surface discs over t_drift, once per dt factor from the same
// state at rest (models/particles/surface_drift.hpp):
//   surface_drift(t) = <|x_i(t) - x_i(t_rest)|>_surface, com_drift = |<x_i(t) - x_i(t_rest)>|, drift_rate = the
//   least-squares slope of surface_drift over the second half of the window.
// The angle during the feed (Krengel & Matuttis' Fig. 6 shows particles still falling): every feed_every of the pour
// and at rest, the same fit on the heap's bodies (below the outlet and slower than v_fall = sqrt(2 g d_mean), the
// speed of a fall through one mean diameter: the stream and the hopper are not surface); the row's "feed" (t,
// angle, left, right, in_hopper, falling), its last reading the rest angle, and "feeding", the last reading before
// it with bodies still in the hopper or falling.
// Writes heap_kinetic_<tag>.csv, heap_snap_<tag>_<t>.csv, heap_profile_<tag>.csv, heap_feed_<tag>.csv,
// heap_drift_<tag>_f<factor>.csv and dumps; returns the run's row (summary.json "runs").
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/particles/boundaries.hpp"
#include "models/particles/hopper_heap.hpp"
#include "models/contact/registry.hpp"
#include "models/contact/rolling.hpp"
#include "models/polygon/polygon_hopper.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

struct HeapConfig {
  HopperHeapSpec spec;
  bool polygons = false;    // particles=polygons: Krengel & Matuttis' convex polygons (models/polygon/polygon_engine.hpp)
  RandomPolygonSpec shape;  // their shapes (polygons only)
  double damping = 0;       // D of eq. 18 (the polygons' normal force Y A/l + D sqrt(Y m_n) (dA/dt)/l)
  bool book_contact = false;  // contact=book: Matuttis & Chen's l (eq. 7.6), reduced mass, damping cap 2 (polygons)
  double kn = 0, gamma_n = 0, kt = 0, gamma_t = 0, mu = 0, young = 0, poisson = 0;
  LawValues law_values;  // the engine laws' other parameters (models/particles/engine_laws.hpp)
  RollingResistance rolling;  // mu_roll = 0: no moment
  double dt = 0, skin = 0, t_max = 0, t_drift = 0, sample = 0;
  double rest_ratio = 0, rest_hold = 0, hold_fraction = 0, bin = 0;
  std::vector<double> dt_factors, snapshots;
  double feed_every = 0;  // s between the repose readings of the pour (0: only at rest)
  double v_fall = 0;      // m/s: a body below the outlet and faster than this is falling, not heap (sqrt(2 g d_mean))
  int threads = 1;
  Scheme scheme = Scheme::verlet;  // integrator=verlet or trapezoid (solvers/particles/engine_drivers.hpp)
  long dump_every = 0;  // LAMMPS text dumps every k steps of the pour (0: none)
  double e_ref = 0, d_mean = 0;
  double mean_mass = 0;  // kg/m (polygons: of the drawn shapes)
};

// "0.250": snapshot times in file names and titles.
std::string heap_time(double t);

// The pour, settling and drift windows of one tangential law (a name of models/particles/engine_laws.hpp); `tag`
// names its files and its log lines (the law, or law_s<seed> with several seeds); the row's "law" is the law, its
// "tag" the tag.
nlohmann::json run_heap(const HeapConfig& c, const HopperHeapScene& scene, const Boundaries& walls, const std::string& law,
                        const std::string& tag, const StudyContext& ctx);

// The same with the polygons of the scene on the polygon engine (normal force OverlapNormalForce{young, damping}, no
// rolling resistance: corners resist rolling); snapshots heap_snap_<law>_<t>.csv per polygon (centroid, theta,
// corners, speed, spin), heap_snapshots_<law>.png (Fig. 6 with the polygons drawn), dumps as VTK XML PolyData
// (dumps/heap_<law>.pvd, solvers/particles/polygon_vtk.hpp).
nlohmann::json run_polygon_heap(const HeapConfig& c, const PolygonHopperScene& scene, const std::string& law,
                                const std::string& tag, const StudyContext& ctx);

}  // namespace stickslip
