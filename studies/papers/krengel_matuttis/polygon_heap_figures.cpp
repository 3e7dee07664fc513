// studies/papers/krengel_matuttis/polygon_heap_figures.cpp — see polygon_heap_figures.hpp.
#include "studies/papers/krengel_matuttis/polygon_heap_figures.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

#include "studies/papers/krengel_matuttis/heap_scene_style.hpp"

namespace stickslip {

std::vector<std::string> polygon_objects(const PolygonFrame& f) {
  std::vector<std::string> lines;
  lines.reserve(f.size());
  std::vector<Vec2> c(kMaxPolygonCorners);
  std::string s;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const int n = f.world_corners(i, c);
    s = fmt::format("set object {} polygon from {:.9g},{:.9g}", i + 1, c[0].x(), c[0].y());
    for (int k = 1; k <= n; ++k) {
      const Vec2& p = c[static_cast<std::size_t>(k % n)];  // back to the first corner: closed
      s += fmt::format(" to {:.9g},{:.9g}", p.x(), p.y());
    }
    s += fmt::format(" fc palette cb {:.4g} fs solid 0.9 border lc rgb '#303030' lw 0.4",
                     std::min(f.velocity(i).norm(), kMaxSnapshotSpeed));
    lines.push_back(s);
  }
  return lines;
}

Figure polygon_snapshot_figure(const std::string& title, std::span<const PolygonSnapshot> snapshots, double floor_width,
                               std::span<const PolygonWall> walls) {
  std::vector<std::array<double, 4>> segments;
  for (const PolygonWall& w : walls)
    if (!w.infinite) segments.push_back({w.a.x(), w.a.y(), w.b.x(), w.b.y()});
  const HeapSceneStyle style = heap_scene_style(floor_width, segments);
  const int cols = static_cast<int>(std::min<std::size_t>(std::max<std::size_t>(snapshots.size(), 1), 2));
  const int rows = static_cast<int>((snapshots.size() + static_cast<std::size_t>(cols) - 1) / static_cast<std::size_t>(cols));
  Figure fig{title, std::max(rows, 1), cols, 1450, 500 * std::max(rows, 1), style.settings, {}};
  fig.multiplot = true;
  const std::string wall_block = fig.block("walls", {"x [m]", "y [m]"}, style.wall_rows);
  for (const PolygonSnapshot& s : snapshots) {
    Panel& p = fig.panel(s.title, "x [m]", "y [m]");
    for (std::string& line : polygon_objects(s.frame)) p.set(std::move(line));
    p.add(Curve::of(wall_block, "1", "2", "", "lines lw 2 lc rgb 'black'"));
  }
  return fig;
}

bool draw_polygon_snapshots(const std::filesystem::path& png, const std::string& title,
                            std::span<const PolygonSnapshot> snapshots, double floor_width,
                            std::span<const PolygonWall> walls, std::ostream& log) {
  return render_figure(png, polygon_snapshot_figure(title, snapshots, floor_width, walls), log);
}

}  // namespace stickslip
