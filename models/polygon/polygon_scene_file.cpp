// models/polygon/polygon_scene_file.cpp — see polygon_scene_file.hpp.
#include "models/polygon/polygon_scene_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "core/errors.hpp"

namespace stickslip {

namespace {

constexpr double kTouchingArea = 1e-12;  // overlap area below this fraction of the smaller body: touching outlines

std::string where(const std::string& source, int line) { return source + ":" + std::to_string(line); }

const std::string kLineForm = "a body line 'x y theta  q0x q0y q1x q1y ...' of finite numbers (m, rad)";

double parse_number(const std::string& token, const std::string& source, int line) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(token.c_str(), &end);
  if (end != token.c_str() + token.size() || errno == ERANGE || !std::isfinite(v))
    throw_input("scene", where(source, line), kLineForm + " ('" + token + "' is not a finite number)");
  return v;
}

}  // namespace

PolygonScene parse_polygon_scene(std::istream& in, const std::string& source) {
  PolygonScene s;
  s.source = source;
  std::string text;
  std::vector<double> numbers;
  std::vector<Vec2> q;
  for (int line = 1; std::getline(in, text); ++line) {
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    std::istringstream tokens(text);
    numbers.clear();
    for (std::string t; tokens >> t;) numbers.push_back(parse_number(t, source, line));
    if (numbers.empty()) continue;
    if (numbers.size() < 3 || (numbers.size() - 3) % 2 != 0)
      throw_input("scene", where(source, line),
                  kLineForm + " (" + std::to_string(numbers.size()) + " numbers: " +
                      (numbers.size() < 3 ? "no pose" : "an odd count of corner coordinates") + ")");
    const std::size_t n = (numbers.size() - 3) / 2;
    if (n < 3)
      throw_input("scene", where(source, line), "a body of at least 3 corners (" + std::to_string(n) + " given)");
    q.resize(n);
    for (std::size_t k = 0; k < n; ++k) q[k] = Vec2(numbers[3 + 2 * k], numbers[4 + 2 * k]);
    try {
      check_convex_polygon(q, "scene");
    } catch (const InputError& e) {
      throw_input("scene", where(source, line), e.allowed + "; corners " + e.value);
    }
    const Vec2 ref(numbers[0], numbers[1]);
    const double theta = numbers[2];
    const Vec2 c = polygon_mass(q).centroid;
    s.shapes.emplace_back(q, "scene");
    s.shape_of.push_back(static_cast<int>(s.x.size()));
    s.x.push_back(ref + rotate(c, std::cos(theta), std::sin(theta)));
    s.theta.push_back(theta);
    s.line.push_back(line);
  }
  if (in.bad()) throw_input("scene", source, "a readable text file (reading failed)");
  if (s.x.empty()) throw_input("scene", source, "at least one body (" + kLineForm + "; none found)");
  check_scene_no_overlap(s.frame(), s.line, source);
  return s;
}

PolygonScene read_polygon_scene(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw_input("scene", file.string(), std::string("a readable text file (") + std::strerror(errno) + ")");
  return parse_polygon_scene(in, file.string());
}

void check_scene_no_overlap(const PolygonFrame& f, std::span<const int> line, const std::string& source) {
  const std::size_t n = f.size();
  if (n < 2) return;
  double r_max = 0;
  for (std::size_t i = 0; i < n; ++i) r_max = std::max(r_max, f.shape(i).bounding_radius());
  const double cell = 2 * r_max;
  // Cell indices clamped to 32 bits (a scene wider than 4e9 cells piles its far bodies into the edge cells: still
  // correct, only slower) and packed into one unsigned key.
  auto index = [&](double v) { return static_cast<std::int64_t>(std::clamp(std::floor(v / cell), -2147483648.0, 2147483647.0)); };
  auto cell_of = [&](const Vec2& p) { return std::pair<std::int64_t, std::int64_t>(index(p.x()), index(p.y())); };
  auto key = [](std::int64_t a, std::int64_t b) {
    return (static_cast<std::uint64_t>(a) << 32) ^ (static_cast<std::uint64_t>(b) & 0xffffffffULL);
  };
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> grid;
  grid.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto [a, b] = cell_of(f.x[i]);
    grid[key(a, b)].push_back(i);
  }
  std::vector<Vec2> pi(kMaxPolygonCorners), pj(kMaxPolygonCorners);
  OverlapPolygon o;
  for (std::size_t i = 0; i < n; ++i) {
    const auto [a, b] = cell_of(f.x[i]);
    const int ni = f.world_corners(i, pi);
    for (std::int64_t da = -1; da <= 1; ++da)
      for (std::int64_t db = -1; db <= 1; ++db) {
        const auto it = grid.find(key(a + da, b + db));
        if (it == grid.end()) continue;
        for (std::size_t j : it->second) {
          if (j <= i) continue;
          if ((f.x[i] - f.x[j]).norm() > f.shape(i).bounding_radius() + f.shape(j).bounding_radius()) continue;
          const int nj = f.world_corners(j, pj);
          polygon_overlap(std::span<const Vec2>(pi.data(), static_cast<std::size_t>(ni)),
                          std::span<const Vec2>(pj.data(), static_cast<std::size_t>(nj)), o);
          const double area = o.area();
          if (area > kTouchingArea * std::min(f.shape(i).area(), f.shape(j).area())) {
            const auto [first, second] = std::minmax(line[i], line[j]);
            throw_input("scene", source + ":" + std::to_string(first) + " and " + std::to_string(second),
                        "bodies that do not overlap at the start (overlap area " + format_value(area) + " m^2)");
          }
        }
      }
  }
}

void check_scene_clear_of_walls(const PolygonFrame& f, std::span<const PolygonWall> walls, std::span<const int> line,
                                const std::string& source) {
  std::vector<Vec2> p(kMaxPolygonCorners);
  OverlapPolygon o;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const int n = f.world_corners(i, p);
    for (std::size_t w = 0; w < walls.size(); ++w) {
      wall_overlap(std::span<const Vec2>(p.data(), static_cast<std::size_t>(n)), walls[w], o);
      if (o.area() > kTouchingArea * f.shape(i).area())
        throw_input("scene", where(source, line[i]),
                    "a body clear of the walls (it overlaps wall " + std::to_string(w) + " by " + format_value(o.area()) +
                        " m^2)");
    }
  }
}

void write_polygon_scene(std::ostream& out, const PolygonFrame& f) {
  out << "# stickslip polygon scene: one body per line\n"
         "# x [m]  y [m]  theta [rad]   then the corners q_k (x, y) [m] in the body frame about (x, y), "
         "counter-clockwise;\n# world corner = (x, y) + R(theta) q_k. Here (x, y) is the centroid.\n";
  char buf[32];
  auto num = [&](double v) {
    std::snprintf(buf, sizeof buf, "%.17g", v);
    out << buf;
  };
  for (std::size_t i = 0; i < f.size(); ++i) {
    num(f.x[i].x()), out << ' ', num(f.x[i].y()), out << ' ', num(f.theta[i]);
    for (const Vec2& q : f.shape(i).corners()) out << "  ", num(q.x()), out << ' ', num(q.y());
    out << '\n';
  }
}

}  // namespace stickslip
