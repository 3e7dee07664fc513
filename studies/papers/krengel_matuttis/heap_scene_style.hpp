// studies/papers/krengel_matuttis/heap_scene_style.hpp — what the heap's snapshots (Krengel & Matuttis, Fig. 6) share,
// for discs (studies/papers/krengel_matuttis/heap_figures.cpp) and polygons
// (studies/papers/krengel_matuttis/polygon_heap_figures.cpp): equal scales on x and y, the speed as colour (blue 0 ..
// red kMaxSnapshotSpeed m/s, faster drawn as the maximum) with its colour bar right of the panel, x over the floor, y
// from just below the floor to 2 % above the walls' top, and the walls and the floor as rows of a data block (each
// segment two rows and a blank one: lines drawn from data are clipped to the panel).
#pragma once

#include <array>
#include <string>
#include <vector>

namespace stickslip {

inline constexpr double kMaxSnapshotSpeed = 2.0;  // m/s: the top of the colour bar

struct HeapSceneStyle {
  std::vector<std::string> settings;              // gnuplot lines for every snapshot panel
  std::vector<std::vector<double>> wall_rows;     // x [m], y [m] rows for Figure::block
};

// segments: the walls as (x_a, y_a, x_b, y_b); the floor y = 0 across floor_width is added.
HeapSceneStyle heap_scene_style(double floor_width, const std::vector<std::array<double, 4>>& segments);

}  // namespace stickslip
