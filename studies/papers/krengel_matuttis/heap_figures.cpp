// studies/papers/krengel_matuttis/heap_figures.cpp — see heap_figures.hpp.
#include "studies/papers/krengel_matuttis/heap_figures.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <string>
#include <utility>
#include <vector>

#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/papers/krengel_matuttis/heap_scene_style.hpp"

namespace stickslip {

using nlohmann::json;

namespace {

// Snapshots (Fig. 6), one figure per law: the walls and the floor as data lines (a datablock: clipped to each
// panel), the speed as colour with its bar (polygons: drawn by their run, polygon_heap_figures.hpp).
void draw_heap_snapshots(const StudyContext& ctx, const json& rows, const Boundaries& walls, double floor_width) {
  std::vector<std::array<double, 4>> segments;
  for (const SegmentWall& w : walls.segments) segments.push_back({w.a[0], w.a[1], w.b[0], w.b[1]});
  const HeapSceneStyle style = heap_scene_style(floor_width, segments);
  const std::vector<std::string>& scene = style.settings;
  for (const json& r : rows) {
    const std::string law = r["tag"].get<std::string>();
    std::vector<std::pair<std::string, std::string>> frames;  // file, title
    for (double t : r["snapshot_times"])
      frames.emplace_back("heap_snap_" + law + "_" + heap_time(t) + ".csv", "t = " + heap_time(t) + " s");
    frames.emplace_back("heap_snap_" + law + "_final.csv",
                        std::string(r["at_rest"].get<bool>() ? "at rest, " : "not at rest, ") + "t = " +
                            heap_time(r["t_stop"].get<double>()) + " s");
    const int cols = static_cast<int>(std::min<std::size_t>(frames.size(), 2));
    const int nrows = static_cast<int>((frames.size() + cols - 1) / cols);
    Figure fig{"Krengel & Matuttis, Fig. 6: heap poured from a hopper (" + law +
                   "; discs, where the paper uses polygons). Colour: speed (colour bar; faster drawn as 2 m/s)",
               nrows, cols, 1450, 500 * nrows, scene, {}};
    const std::string wall_block = fig.block("walls", {"x [m]", "y [m]"}, style.wall_rows);
    for (const auto& [file, title] : frames)
      fig.panel(title, "x [m]", "y [m]")
          .add(Curve::of(file, "1", "2:3:4", "", "circles lc palette"))
          .add(Curve::of(wall_block, "1", "2", "", "lines lw 2 lc rgb 'black'"));
    render_figure(ctx.out_dir / ("heap_snapshots_" + law + ".png"), fig, ctx.log);
  }
}

// The kinetic energy per law against time, with the rest threshold.
void draw_heap_kinetic(const StudyContext& ctx, const HeapConfig& c, const json& rows) {
  const double threshold = c.rest_ratio * c.e_ref;
  Figure kinetic{fmt::format("Heap (Krengel & Matuttis, Sec. 5): kinetic energy per unit depth "
                             "(at rest below {:.3g} J/m)",
                             threshold),
                 1, 1, 1000, 700, {}, {}};
  Panel& ke = kinetic.panel("", "t [s]", "kinetic energy [J/m]").set("set format y '%.0e'");
  ke.logy = true;
  for (const json& r : rows) {
    const std::string law = r["tag"].get<std::string>();
    ke.add(Curve::of("heap_kinetic_" + law + ".csv", "1", "($2 > 0 ? $2 : 1/0)", law, "l lw 2"));
  }
  ke.add(Curve::fn(format_value(threshold), "rest threshold", "l dt 2 lc 'black'"));
  render_figure(ctx.out_dir / "heap_kinetic.png", kinetic, ctx.log);
}

// Fig. 7: the surface drift after rest per law and dt, and (two dt or more) the drift against dt.
void draw_heap_drift(const StudyContext& ctx, const HeapConfig& c, const json& rows) {
  Figure drift{std::string("Krengel & Matuttis, Fig. 7: mean displacement of the surface ") + (c.polygons ? "polygons" : "discs") + " after rest, per law and dt\n(one "
               "colour per law; the smallest dt widest and solid, larger ones narrower and dashed)",
               1, 1, 1100, 700, {}, {}};
  Panel& dp = drift.panel("", "t - t_rest [s]", "surface drift [m]").set("set key top left font ',9'");
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const json& r = rows[k];
    std::size_t j = 0;
    for (const json& d : r["drift_by_dt"]) {
      const std::string law = r["tag"].get<std::string>(), f = format_value(d["dt_factor"].get<double>());
      dp.add(Curve::of("heap_drift_" + law + "_f" + f + ".csv", "1", "2",
                       fmt::format("{}, dt = {:.3g} s", law, d["dt"].get<double>()),
                       fmt::format("l lw {:.1f} dt {} lc rgb '{}'", std::max(1.0, 3.5 - 1.5 * static_cast<double>(j)),
                                   j + 1, curve_color(k))));
      ++j;
    }
  }
  render_figure(ctx.out_dir / "heap_drift.png", drift, ctx.log);
  // Drift against dt: one block per law in heap_drift_dt.dat (whitespace-separated, blocks apart by two blank lines).
  {
    std::string data;
    for (const json& r : rows) {
      data += "# " + r["tag"].get<std::string>() + "\n";
      for (const json& d : r["drift_by_dt"])
        if (d["surface_drift"].is_number())
          data += format_value(d["dt"].get<double>()) + " " +
                  format_value(std::max(1e-300, d["surface_drift"].get<double>())) + "\n";
      data += "\n\n";
    }
    write_file_atomically(ctx.out_dir / "heap_drift_dt.dat", data);
  }
  Figure by_dt{"Heap (Krengel & Matuttis, Fig. 7): surface drift against the time step", 1, 1, 1000, 700,
               {"set datafile separator whitespace", "set datafile nocolumnheaders", "set format x '%.0e'",
                "set format y '%.0e'"},
               {}};
  Panel& bp =
      by_dt.panel("", "dt [s]", "surface drift after " + format_value(c.t_drift) + " s [m]").set("set key top left");
  bp.logx = bp.logy = true;
  for (std::size_t k = 0; k < rows.size(); ++k)
    bp.add(Curve::of("heap_drift_dt.dat", "1", "2 index " + std::to_string(k), rows[k]["tag"].get<std::string>(),
                     "lp lw 2 pt 7"));
  if (c.dt_factors.size() > 1) render_figure(ctx.out_dir / "heap_drift_dt.png", by_dt, ctx.log);  // a curve needs two dt
}

// The surface profiles with the fitted flanks.
void draw_heap_profiles(const StudyContext& ctx, const HeapConfig& c, const json& rows) {
  Figure profile{std::string("Heap (Krengel & Matuttis, Sec. 5): free surface ") + (c.polygons ? "(highest corner)" : "max(y + r)") + " per bin and least-squares flank fits "
                 "(height exaggerated); the key gives the repose angle",
                 1, 1, 1200, 600, {}, {}};
  Panel& pp = profile.panel("", "x [m]", "surface height [m]").set("set yrange [0:*]").set("set key top left");
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const json& r = rows[k];
    const std::string law = r["tag"].get<std::string>(), lt = " lt " + std::to_string(k + 1);
    pp.add(Curve::of("heap_profile_" + law + ".csv", "1", "2",
                     law + " (" +
                         (r["repose_angle_deg"].is_number()
                              ? format_value(std::round(r["repose_angle_deg"].get<double>() * 10) / 10)
                              : std::string("-")) +
                         " deg)",
                     "steps" + lt));
    for (const json& l : r["flank_lines"])
      if (l["slope"].is_number())
        pp.add(Curve::fn("(x >= " + format_value(l["x_from"].get<double>()) +
                             " && x <= " + format_value(l["x_to"].get<double>()) +
                             " ? " + format_value(l["intercept"].get<double>()) + " + " +
                             format_value(l["slope"].get<double>()) + "*x : 1/0)",
                         "", "l lw 3 dt 2" + lt));
  }
  render_figure(ctx.out_dir / "heap_profile.png", profile, ctx.log);
}

}  // namespace

void draw_heap_figures(const StudyContext& ctx, const HeapConfig& c, const json& rows, const Boundaries& walls) {
  if (!c.polygons) draw_heap_snapshots(ctx, rows, walls, c.spec.floor_width);
  draw_heap_kinetic(ctx, c, rows);
  draw_heap_drift(ctx, c, rows);
  draw_heap_profiles(ctx, c, rows);
}

void draw_heap_feed_figures(const StudyContext& ctx, const HeapConfig& c, const json& rows, const json& spread) {
  // The angle during the pour: mean of the flanks solid, left dashed, right dotted; the last point is at rest.
  Figure feed{"Krengel & Matuttis, Fig. 6: angle of repose during the pour (heap bodies only: below the outlet and "
              "slower than " + format_value(std::round(c.v_fall * 100) / 100) + " m/s)\nsolid: mean of the flanks, "
              "dashed: left, dotted: right; the last point of each pour is its angle at rest (or at t_max)",
              1, 1, 1100, 700, {}, {}};
  Panel& fp = feed.panel("", "t [s]", "repose angle [deg]").set("set key bottom right font ',9'").set("set yrange [0:*]");
  bool any = false;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    // a pour whose heap never had a fitted flank (too small) has no point to draw
    const json& readings = rows[k]["feed"];
    if (std::none_of(readings.begin(), readings.end(), [](const json& q) { return q["repose_angle_deg"].is_number(); }))
      continue;
    any = true;
    const std::string tag = rows[k]["tag"].get<std::string>(), file = "heap_feed_" + tag + ".csv";
    const std::string lc = fmt::format(" lc rgb '{}'", curve_color(k));
    fp.add(Curve::of(file, "1", "2", tag, "lp lw 2 pt 7 ps 0.6" + lc))
        .add(Curve::of(file, "1", "3", "", "l lw 1 dt 2" + lc))
        .add(Curve::of(file, "1", "4", "", "l lw 1 dt 3" + lc));
  }
  if (any) render_figure(ctx.out_dir / "heap_feed.png", feed, ctx.log);
  // The angles per seed, one colour per law: at rest filled, feeding open; the law's mean +- sd dashed.
  Figure seeds{"Heap (Krengel & Matuttis, Sec. 5): angle of repose per seed (filled: at rest, open: feeding)\n"
               "dashed: each law's mean +- sample sd at rest (summary.json spread)",
               1, 1, 1000, 700, {}, {}};
  Panel& sp = seeds.panel("", "seed", "repose angle [deg]").set("set key outside right font ',9'").set("set offsets 0.5, 0.5, 0, 0");
  for (std::size_t k = 0; k < spread.size(); ++k) {
    const json& s = spread[k];
    const std::string law = s["law"].get<std::string>(), lc = fmt::format(" lc rgb '{}'", curve_color(k));
    sp.add(Curve::of("heap_repose.csv", "3", fmt::format("(($2 == {}) ? $4 : 1/0)", k), law + " at rest", "p pt 7 ps 1.5" + lc))
        .add(Curve::of("heap_repose.csv", "3", fmt::format("(($2 == {}) ? $8 : 1/0)", k), law + " feeding", "p pt 6 ps 1.5" + lc));
    const json& a = s["repose_angle_deg"];
    if (a["mean"].is_number()) {
      const double m = a["mean"].get<double>(), sd = a["sd"].is_number() ? a["sd"].get<double>() : 0.0;
      for (const double y : {m - sd, m, m + sd})
        sp.add(Curve::fn(format_value(y), y == m ? law + fmt::format(" mean {:.1f} +- {:.1f} deg", m, sd) : "",
                         (y == m ? "l lw 2 dt 2" : "l lw 1 dt 3") + lc));
    }
  }
  // a spread needs two seeds
  if (rows.size() > spread.size() &&
      std::any_of(rows.begin(), rows.end(), [](const json& r) { return r["repose_angle_deg"].is_number(); }))
    render_figure(ctx.out_dir / "heap_repose_seeds.png", seeds, ctx.log);
}

}  // namespace stickslip
