// studies/papers/krengel_matuttis/heap_scene_style.cpp — see heap_scene_style.hpp.
#include "studies/papers/krengel_matuttis/heap_scene_style.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace stickslip {

HeapSceneStyle heap_scene_style(double floor_width, const std::vector<std::array<double, 4>>& segments) {
  // (no cblabel: it lands in the next panel)
  HeapSceneStyle s{{"set size ratio -1", "unset key", "unset grid", "set palette defined (0 'blue', 1 'red')",
                    "set cbrange [0:" + format_value(kMaxSnapshotSpeed) + "]",
                    "set colorbox vertical user origin graph 1.02, graph 0 size graph 0.025, graph 1",
                    "set format cb '%g m/s'", "set rmargin 11", "set style fill solid 0.6 noborder"},
                   {}};
  double top = 0;
  for (const auto& [xa, ya, xb, yb] : segments) {
    s.wall_rows.push_back({xa, ya}), s.wall_rows.push_back({xb, yb}), s.wall_rows.push_back({});
    top = std::max({top, ya, yb});
  }
  s.wall_rows.push_back({-0.5 * floor_width, 0}), s.wall_rows.push_back({0.5 * floor_width, 0});
  s.settings.push_back("set xrange [" + format_value(-0.5 * floor_width) + ":" + format_value(0.5 * floor_width) + "]");
  s.settings.push_back("set yrange [-0.005:" + format_value(top * 1.02) + "]");
  return s;
}

}  // namespace stickslip
