// studies/papers/krengel_matuttis/polygon_heap_figures.hpp — Krengel & Matuttis, Fig. 6 with their particles: snapshots
// of a heap of convex polygons (models/polygon/polygon_frame.hpp), every polygon filled in the colour of its speed (the
// disc heap's palette and colour bar, studies/papers/krengel_matuttis/heap_scene_style.hpp; faster than the bar's top
// drawn at the top) with a thin dark outline, the hopper's walls and the floor as black lines, one panel per snapshot
// in two columns. Each polygon is a gnuplot object (`set object polygon ... fc palette cb <speed>`) written into its
// panel's settings, so the script next to the PNG holds the whole picture (about 100 bytes per corner).
#pragma once

#include <filesystem>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "models/polygon/overlap.hpp"
#include "models/polygon/polygon_frame.hpp"
#include "studies/experiment/figure.hpp"

namespace stickslip {

struct PolygonSnapshot {
  PolygonFrame frame;  // v empty: drawn at speed 0
  std::string title;   // the panel's title ("t = 0.5 s")
};

// The gnuplot lines that draw the frame's polygons (objects 1 .. N).
std::vector<std::string> polygon_objects(const PolygonFrame& f);

// The figure (walls: the segment walls are drawn, a half-plane as the floor line across floor_width).
Figure polygon_snapshot_figure(const std::string& title, std::span<const PolygonSnapshot> snapshots, double floor_width,
                               std::span<const PolygonWall> walls);

// Renders it to png (false and a line on log where gnuplot is missing or fails, as render_figure).
bool draw_polygon_snapshots(const std::filesystem::path& png, const std::string& title,
                            std::span<const PolygonSnapshot> snapshots, double floor_width,
                            std::span<const PolygonWall> walls, std::ostream& log);

}  // namespace stickslip
