// studies/papers/krengel_matuttis/particle_heap_runs.cpp — see particle_heap_runs.hpp.
#include "studies/papers/krengel_matuttis/particle_heap_runs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>
#include <memory>
#include <type_traits>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/repose_angle.hpp"
#include "models/particles/surface_drift.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "studies/experiment/output.hpp"
#include "models/polygon/polygon_engine.hpp"
#include "models/polygon/polygon_repose.hpp"
#include "solvers/particles/polygon_vtk.hpp"
#include "solvers/particles/particle_dumps.hpp"
#include "studies/experiment/particle_ledger.hpp"
#include "solvers/rest_detector.hpp"
#include "studies/papers/krengel_matuttis/polygon_heap_figures.hpp"

namespace stickslip {

using nlohmann::json;

std::string heap_time(double t) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", t);
  return b;
}

namespace {

void write_snapshot(const std::filesystem::path& path, const ParticleArrays& p) {
  CsvWriter f(path, {"x [m]", "y [m]", "r [m]", "speed [m/s]"});
  for (std::size_t i = 0; i < p.size(); ++i) f.row({p.x[i][0], p.x[i][1], p.radius[i], p.v[i].norm()});
  f.close();
}

// What the disc and the polygon heap do differently (snapshots, dumps, repose fit); the pour is pour_heap below.
struct DiscHeapShape {
  ParticleDumps dumps;
  std::filesystem::path dir;
  std::string law;

  template <class Engine>
  void dump(long k, const Engine& e, const GranularState& s) { dumps.write(k, e, s); }
  void close_dumps() { dumps.close(); }
  template <class Engine>
  void snapshot(const std::string& tag, const std::string&, const Engine&, const GranularState& s) {
    write_snapshot(dir / ("heap_snap_" + law + "_" + tag + ".csv"), s.bodies);
  }
  // The surface points of the discs: (x_i, y_i + r_i), the disc's top (models/particles/repose_angle.hpp).
  template <class Engine>
  std::vector<SurfacePoint> points(const Engine&, const GranularState& s) const {
    std::vector<SurfacePoint> pts;
    pts.reserve(s.bodies.size());
    for (std::size_t i = 0; i < s.bodies.size(); ++i)
      pts.push_back({s.bodies.x[i][0], s.bodies.x[i][1] + s.bodies.radius[i], i});
    return pts;
  }
};

template <class Tangential>
struct PolygonHeapShape {
  std::unique_ptr<PolygonVtkSeries> vtk;  // dump_every > 0
  long every = 0;
  std::filesystem::path dir;
  std::string law;
  std::vector<PolygonStateFrame> frames;  // the snapshots, for the Fig. 6 drawing
  std::vector<std::string> titles;

  void dump(long k, const PolygonEngine<Tangential>& e, const GranularState& s) {
    if (vtk && k % every == 0) vtk->write(s.t, PolygonStateFrame(e, s).frame());
  }
  void close_dumps() {}  // every frame file and the collection are complete as written
  void snapshot(const std::string& tag, const std::string& title, const PolygonEngine<Tangential>& e,
                const GranularState& s) {
    frames.emplace_back(e, s);
    titles.push_back(title);
    const PolygonStateFrame& f = frames.back();
    CsvWriter csv(dir / ("heap_snap_" + law + "_" + tag + ".csv"),
                  {"x [m]", "y [m]", "theta [rad]", "corners [-]", "speed [m/s]", "omega [rad/s]"});
    for (std::size_t i = 0; i < f.x.size(); ++i)
      csv.row({f.x[i].x(), f.x[i].y(), f.theta[i], static_cast<double>(e.shape(i).size()), f.v[i].norm(), f.omega[i]});
    csv.close();
  }
  // Every world corner (models/polygon/polygon_repose.hpp).
  std::vector<SurfacePoint> points(const PolygonEngine<Tangential>& e, const GranularState& s) const {
    const PolygonStateFrame f(e, s);
    return polygon_surface_points(f.frame());
  }
};

// The bodies of the heap: below the outlet (not in the hopper) and slower than v_fall (not falling); their surface
// points only, so that the stream above the heap during the feed is not read as its surface. At rest with the
// hopper empty every body is kept; where none is kept (nothing has landed yet) the fit takes every body.
struct HeapBodies {
  long in_hopper = 0, falling = 0, kept = 0;
};
HeapBodies heap_points(const HeapConfig& c, const ParticleArrays& p, std::vector<SurfacePoint>& points) {
  HeapBodies h;
  std::vector<char> keep(p.size(), 0);
  for (std::size_t i = 0; i < p.size(); ++i) {
    const bool hopper = p.x[i][1] > c.spec.outlet_height, fast = !hopper && p.v[i].norm() > c.v_fall;
    h.in_hopper += hopper, h.falling += fast;
    keep[i] = !hopper && !fast;
    h.kept += keep[i];
  }
  std::erase_if(points, [&](const SurfacePoint& q) { return !keep[q.body]; });
  return h;
}

// The repose fit of the heap's bodies (the same at every reading, feed and rest).
template <class Engine, class Shape>
ReposeFit heap_fit(const HeapConfig& c, const Engine& e, const GranularState& s, const Shape& shape, HeapBodies* bodies) {
  const std::vector<SurfacePoint> all = shape.points(e, s);
  std::vector<SurfacePoint> pts = all;
  const HeapBodies h = heap_points(c, s.bodies, pts);
  if (h.kept == 0) pts = all;  // nothing has landed yet (a pour stopped early): the surface of every body
  if (bodies) *bodies = h;
  const double fx = 0.5 * c.spec.floor_width;
  return fit_repose_profile(surface_profile(pts, -fx, fx, c.bin), 1.5 * c.d_mean);
}

void feed_row(CsvWriter& csv, double t, const ReposeFit& f, const HeapBodies& h) {
  csv.row(std::vector<CsvCell>{t, CsvCell::if_finite(f.angle_deg), CsvCell::if_finite(f.left.angle_deg),
                               CsvCell::if_finite(f.right.angle_deg), f.peak_height, h.in_hopper, h.falling, h.kept});
}

json feed_reading(double t, const ReposeFit& f, const HeapBodies& h) {
  return {{"t", t},
          {"repose_angle_deg", json_number(f.angle_deg)},
          {"repose_left_deg", json_number(f.left.angle_deg)},
          {"repose_right_deg", json_number(f.right.angle_deg)},
          {"heap_height", json_number(f.peak_height)},
          {"in_hopper", h.in_hopper},
          {"falling", h.falling},
          {"heap_bodies", h.kept}};
}

long bodies_in_hopper(const HeapConfig& c, const ParticleArrays& p) {
  long n = 0;
  for (std::size_t i = 0; i < p.size(); ++i) n += p.x[i][1] > c.spec.outlet_height;
  return n;
}

// The contacts only take energy (what a D-SDS creates is a small part of it), so the kinetic energy stays below what
// the bodies had plus gravity's work; far above it the step is unstable for the drawn shapes (slivers stiffer for
// their mass than the mean pair the dt bound is computed on), which no finiteness test sees in time.
void check_pour_energy(const HeapConfig& c, const ParticleLedger& ledger, double kin, double t, const std::string& law) {
  if (!std::isfinite(kin)) throw SolverError("heap[" + law + "]: non-finite kinetic energy at t = " + format_value(t));
  const double available = ledger.start.kinetic + std::max(0.0, ledger.now.gravity_work) + c.e_ref;
  if (kin > 2 * available)
    throw SolverError("heap[" + law + "]: unstable at dt = " + format_value(c.dt) + " s: the kinetic energy " +
                      format_value(kin) + " J/m at t = " + format_value(t) + " s exceeds twice what gravity gave the "
                      "bodies (" + format_value(available) + " J/m); lower dt (or dt_fraction)");
}

// The repose readings of the pour and at rest: heap_feed_<law>.csv and the row's "feed".
struct FeedSeries {
  CsvWriter csv;
  json readings = json::array();
  FeedSeries(const StudyContext& ctx, const std::string& law)
      : csv(ctx.out_dir / ("heap_feed_" + law + ".csv"),
            {"t [s]", "repose_angle [deg]", "repose_left [deg]", "repose_right [deg]", "heap_height [m]",
             "in_hopper [-]", "falling [-]", "heap_bodies [-]"}) {}
  template <class Engine, class Shape>
  ReposeFit read(const HeapConfig& c, const Engine& e, const GranularState& s, const Shape& shape) {
    HeapBodies h;
    const ReposeFit f = heap_fit(c, e, s, shape, &h);
    readings.push_back(feed_reading(s.t, f, h));
    feed_row(csv, s.t, f, h);
    return f;
  }
  // "feeding": the last reading before t while bodies were still in the hopper or falling (null if none was taken).
  json feeding(double t) const {
    json last = nullptr;
    for (const json& r : readings)
      if (r["in_hopper"].get<long>() + r["falling"].get<long>() > 0 && r["t"].get<double>() < t) last = r;
    return last;
  }
};

// How the pour ended.
struct PourEnd {
  bool rested = false;
  double t_rest = -1, t_stop = 0, kinetic_peak = 0;
  std::vector<double> snapshot_times;
};

// The pour: until the heap has rested for rest_hold (below rest_ratio x E_ref once the pour was lively), or t_max;
// heap_kinetic_<law>.csv every sample, the snapshots, the feed readings every feed_every.
template <class Engine, class Shape>
PourEnd pour(const HeapConfig& c, const Engine& e, GranularState& s, Shape& shape, EngineStepper& st,
             ParticleLedger& ledger, FeedSeries& feed, const std::string& law, const StudyContext& ctx) {
  const double dt = c.dt;
  const long sample_every = std::max(1L, std::lround(c.sample / dt));
  const long feed_every = c.feed_every > 0 ? std::max(1L, std::lround(c.feed_every / dt)) : 0;
  const double threshold = c.rest_ratio * c.e_ref;
  CsvWriter ke(ctx.out_dir / ("heap_kinetic_" + law + ".csv"),
               {"t [s]", "kinetic [J/m]", "kinetic_rotational [J/m]", "discs_in_hopper [-]"});
  PourEnd end;
  std::size_t next_snap = 0;
  bool armed = false;
  RestDetector rest(c.rest_hold, 0.5 * dt);
  simulate(e, s, st, {.dt = dt, .steps = std::lround(c.t_max / dt), .ledger = &ledger}, [&](const GranularState&, long k) {
    shape.dump(k, e, s);
    progress_at(s.t);
    if (next_snap < c.snapshots.size() && s.t >= c.snapshots[next_snap] - 0.5 * dt) {
      const std::string t = heap_time(c.snapshots[next_snap]);
      shape.snapshot(t, "t = " + t + " s", e, s);
      end.snapshot_times.push_back(c.snapshots[next_snap++]);
    }
    if (feed_every > 0 && k % feed_every == 0) feed.read(c, e, s, shape);
    if (k % sample_every != 0) return Flow::go_on;
    const double kin = kinetic_energy(s.bodies);
    check_pour_energy(c, ledger, kin, s.t, law);
    const long in_hopper = bodies_in_hopper(c, s.bodies);
    ke.row({s.t, kin, rotational_kinetic_energy(s.bodies), static_cast<double>(in_hopper)});
    end.kinetic_peak = std::max(end.kinetic_peak, kin);
    if (kin > 100 * threshold) armed = true;
    if (rest.update(s.t, armed && kin < threshold)) {
      end.rested = true;
      return Flow::stop;
    }
    if (k % (sample_every * 100) == 0)
      ctx.log << "heap[" << law << "]: t = " << heap_time(s.t) << " s, KE = " << kin << " J/m (rest below " << threshold
              << "), in the hopper " << in_hopper << "\n";
    return Flow::go_on;
  });
  ke.close();
  end.t_rest = rest.t_rest();
  end.t_stop = s.t;
  return end;
}

// The drift windows: from the state at rest, once per dt factor, the drift of the surface discs over t_drift
// (models/particles/surface_drift.hpp); heap_drift_<law>_f<factor>.csv each. Returns "drift_by_dt" and adds the steps.
template <class Engine>
json drift_windows(const HeapConfig& c, const Engine& e, const GranularState& s, const DriftReference& surface,
                   const std::string& law, const StudyContext& ctx, long& steps_taken) {
  json by_dt = json::array();
  for (std::size_t q = 0; q < c.dt_factors.size(); ++q) {
    const double h = c.dt * c.dt_factors[q];
    GranularState w = s;  // bodies, forces of the last step, springs, neighbor list: the run continues from here
    const long steps = std::max(1L, std::lround(c.t_drift / h));
    const long every = std::max(1L, std::lround(c.sample / h));
    CsvWriter csv(ctx.out_dir / ("heap_drift_" + law + "_f" + format_value(c.dt_factors[q]) + ".csv"),
                  {"t_after_rest [s]", "surface_drift [m]", "com_drift [m]", "max_drift [m]", "kinetic [J/m]"});
    std::vector<double> tt, dd;
    double com = 0, mx = 0;
    auto measure = [&](double t) {
      const SurfaceDrift d = surface.measure(w.bodies);
      com = d.com, mx = d.max;
      tt.push_back(t);
      dd.push_back(d.mean);
      csv.row({t, d.mean, com, mx, kinetic_energy(w.bodies)});
    };
    measure(0);
    EngineStepper ws;
    ws.scheme = c.scheme;
    simulate(e, w, ws, {.dt = h, .steps = steps, .each_step = true}, [&](const GranularState&, long k) {
      progress_at(s.t + static_cast<double>(q) * c.t_drift + static_cast<double>(k) * h);
      if (k % every == 0 || k == steps) measure(static_cast<double>(k) * h);
    });
    if (!std::isfinite(dd.back())) throw SolverError("heap[" + law + "]: non-finite drift");
    csv.close();
    steps_taken += ws.steps();
    by_dt.push_back({{"dt_factor", c.dt_factors[q]},
                     {"dt", json_number(h)},
                     {"surface_drift", json_number(dd.back())},
                     {"com_drift", json_number(com)},
                     {"max_drift", json_number(mx)},
                     {"drift_rate", json_number(drift_rate(tt, dd, 0.5 * c.t_drift))}});
  }
  return by_dt;
}

json flank_line(const FlankFit& f) {
  return {{"slope", json_number(f.slope)}, {"intercept", json_number(f.intercept)}, {"x_from", f.x_from}, {"x_to", f.x_to}};
}

// The pour's ledger (models/particles/energy.hpp) as the heap's rows carry it.
json heap_ledger(const ParticleLedger& ledger) {
  return {{"kinetic_end", json_number(ledger.now.kinetic)},
          {"elastic_normal", json_number(ledger.now.elastic_normal)},
          {"elastic_tangential", json_number(ledger.now.elastic_tangential)},
          {"gravity_work", json_number(ledger.now.gravity_work)},
          {"normal_damping", json_number(ledger.normal_damping())},
          {"tangential_dissipation", json_number(ledger.tangential_dissipation())},
          {"rolling_dissipation", json_number(ledger.rolling_dissipation())},
          {"created", json_number(ledger.created())},
          {"scheme_work", json_number(ledger.now.scheme_work)},
          {"verlet_kick", json_number(ledger.now.kick)},
          {"balance", json_number(ledger.balance())}};
}

// The row of a pour: the rest's repose fit, the feed, the drift windows (their first one the row's drift), the
// ledger and the cost.
json heap_row(const HeapConfig& c, const std::string& law, const PourEnd& p, const ReposeFit& fit, const FeedSeries& feed,
              const GranularState& s, std::size_t surface_discs, const json& by_dt, const ParticleLedger& ledger) {
  const json& first = by_dt.front();
  const double scale = ledger_scale(ledger);  // studies/experiment/particle_ledger.hpp
  return {{"law", law},
          {"tag", law},
          {"repose_angle_deg", json_number(fit.angle_deg)},
          {"repose_left_deg", json_number(fit.left.angle_deg)},
          {"repose_right_deg", json_number(fit.right.angle_deg)},
          {"feeding", feed.feeding(s.t)},
          {"feed", feed.readings},
          {"flank_bins", {fit.left.bins, fit.right.bins}},
          {"flank_rms", {json_number(fit.left.rms), json_number(fit.right.rms)}},
          {"flank_lines", {flank_line(fit.left), flank_line(fit.right)}},
          {"heap_height", json_number(fit.peak_height)},
          {"heap_peak_x", json_number(fit.peak_x)},
          {"heap_feet", {json_number(fit.left_foot), json_number(fit.right_foot)}},
          {"surface_discs", surface_discs},
          {"at_rest", p.rested},
          {"t_rest", p.rested ? json_number(p.t_rest) : json(nullptr)},
          {"t_stop", json_number(p.t_stop)},
          {"kinetic_peak", json_number(p.kinetic_peak)},
          {"kinetic_at_stop", json_number(kinetic_energy(s.bodies))},
          {"discs_in_hopper", bodies_in_hopper(c, s.bodies)},
          {"surface_drift", first["surface_drift"]},
          {"drift_rate", first["drift_rate"]},
          {"com_drift", first["com_drift"]},
          {"drift_by_dt", by_dt},
          {"holds", p.rested && first["surface_drift"].is_number() &&
                        first["surface_drift"].get<double>() < c.hold_fraction * c.d_mean},
          {"energy_balance_error", json_number(scale > 0 ? std::abs(ledger.balance()) / scale : 0.0)},
          {"ledger", heap_ledger(ledger)},
          {"snapshot_times", p.snapshot_times}};
}

// The pour to rest, the repose fit and the drift windows on any engine that the particle drivers drive (c.scheme:
// velocity Verlet or the trapezoid, solvers/particles/engine_drivers.hpp).
template <class Engine, class Shape>
json pour_heap(const HeapConfig& c, const Engine& e, GranularState& s, Shape& shape, const std::string& law,
               const StudyContext& ctx) {
  const auto wall0 = std::chrono::steady_clock::now();
  const std::clock_t cpu0 = std::clock();
  ParticleLedger ledger;
  engine_setup(e, s, &ledger);
  shape.dump(0, e, s);
  EngineStepper st;
  st.scheme = c.scheme;
  FeedSeries feed(ctx, law);
  const PourEnd p = pour(c, e, s, shape, st, ledger, feed, law, ctx);
  shape.close_dumps();
  shape.snapshot("final", std::string(p.rested ? "at rest, " : "not at rest, ") + "t = " + heap_time(p.t_stop) + " s", e, s);
  // Angle of repose of the heap at rest (or at t_max): the same fit, the last reading of the feed series.
  const ReposeFit fit = feed.read(c, e, s, shape);
  feed.csv.close();
  {
    CsvWriter prof(ctx.out_dir / ("heap_profile_" + law + ".csv"), {"x [m]", "surface_height [m]"});
    for (std::size_t k = 0; k < fit.profile.x.size(); ++k) prof.row({fit.profile.x[k], fit.profile.height[k]});
    prof.close();
  }
  const DriftReference surface(s.bodies, fit.surface);
  long drift_steps = 0;
  const json by_dt = drift_windows(c, e, s, surface, law, ctx, drift_steps);
  json row = heap_row(c, law, p, fit, feed, s, surface.size(), by_dt, ledger);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;  // the process's CPU time (threads add up)
  ctx.log << "heap[" << law << "]: " << (p.rested ? "at rest at t = " + heap_time(p.t_rest) + " s" : std::string("not at rest by t_max"))
          << ", repose angle " << fit.angle_deg << " deg, surface drift " << by_dt.front()["surface_drift"] << " m over "
          << c.t_drift << " s, " << st.steps() + drift_steps << " steps, " << wall << " s\n";
  row.update({{"steps", st.steps() + drift_steps},
              {"steps_pour", st.steps()},
              {"force_evaluations_pour", st.force_evaluations()},
              {"rebuilds", st.rebuilds()},
              {"wall_s", json_number(wall)},
              {"wall_seconds", json_number(wall)},
              {"cpu_seconds", json_number(cpu)}});
  return row;
}

}  // namespace

json run_heap(const HeapConfig& c, const HopperHeapScene& scene, const Boundaries& walls, const std::string& law,
              const std::string& tag, const StudyContext& ctx) {
  return with_tangential_law(law, {c.kt, c.gamma_t, c.mu, c.young, c.poisson, c.law_values}, [&](const auto& t) {
    ParticleEngine<LinearSpringDashpot, std::decay_t<decltype(t)>, RollingResistance> e;
    e.normal = LinearSpringDashpot{c.kn, c.gamma_n};
    e.tangential = t;
    e.rolling = c.rolling;
    e.boundaries = walls;
    e.skin = c.skin;
    e.threads = c.threads;
    GranularState s = scene.state;
    // the dumps' BOX BOUNDS (open axes: nothing else reads the box): the walls' extent
    if (c.dump_every > 0) {
      Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
      for (const SegmentWall& w : e.boundaries.segments) lo = lo.cwiseMin(w.a).cwiseMin(w.b), hi = hi.cwiseMax(w.a).cwiseMax(w.b);
      for (const PlaneWall& w : e.boundaries.planes) lo = lo.cwiseMin(w.point), hi = hi.cwiseMax(w.point);
      const double r = c.spec.radius * (1 + c.spec.spread);
      e.boundaries.box.lo = lo - Vec3::Constant(r), e.boundaries.box.hi = hi + Vec3::Constant(r);
    }
    DiscHeapShape shape{ParticleDumps(c.dump_every, ctx.out_dir / "dumps", "heap_" + tag), ctx.out_dir, tag};
    json row = pour_heap(c, e, s, shape, tag, ctx);
    row["law"] = law;
    return row;
  });
}

json run_polygon_heap(const HeapConfig& c, const PolygonHopperScene& scene, const std::string& law,
                      const std::string& tag, const StudyContext& ctx) {
  return with_tangential_law(law, {c.kt, c.gamma_t, c.mu, c.young, c.poisson, c.law_values}, [&](const auto& t) {
    using Law = std::decay_t<decltype(t)>;
    PolygonEngine<Law> e;
    e.normal = OverlapNormalForce{c.young, c.damping, c.book_contact ? 2.0 : 0.0};
    e.book_contact = c.book_contact;
    e.tangential = t;
    e.skin = c.skin;
    e.threads = c.threads;
    GranularState s;
    add_polygon_hopper(e, s, scene, c.spec);
    PolygonHeapShape<Law> shape;
    shape.dir = ctx.out_dir;
    shape.law = tag;
    shape.every = c.dump_every;
    if (c.dump_every > 0) shape.vtk = std::make_unique<PolygonVtkSeries>(ctx.out_dir / "dumps", "heap_" + tag);
    json row = pour_heap(c, e, s, shape, tag, ctx);
    row["law"] = law;
    std::vector<PolygonSnapshot> snaps;
    for (std::size_t k = 0; k < shape.frames.size(); ++k) snaps.push_back({shape.frames[k].frame(), shape.titles[k]});
    draw_polygon_snapshots(ctx.out_dir / ("heap_snapshots_" + tag + ".png"),
                           "Krengel & Matuttis, Fig. 6: heap of convex polygons poured from a hopper (" + tag +
                               "). Colour: speed",
                           snaps, c.spec.floor_width, scene.walls, ctx.log);
    return row;
  });
}

}  // namespace stickslip
