// models/polygon/polygon_scene_file.hpp — a user's polygon scene as text (`scene=FILE` of the polygon heap): read,
// validated, written.
//
// Format: one body per line,
//     x  y  theta   q0x q0y  q1x q1y  ...  q{n-1}x q{n-1}y
// x, y (m) the body's reference point in the world, theta (rad) its orientation, q_k (m) its corners in the body
// frame, relative to the reference point, counter-clockwise; the world corners are (x, y) + R(theta) q_k. The
// reference point need not be the centroid: the reader computes the centroid c of the q_k (convex_polygon.hpp) and
// stores the body at x + R(theta) c with its corners about c. Separators: blanks or tabs; `#` starts a comment to the
// end of the line; blank lines are skipped; lines are numbered from 1 as an editor shows them.
// write_polygon_scene writes the centroid pose with the corners about the centroid at 17 significant digits, so a
// scene read back is the same to round-off (the centroid of corners about it is ~1e-19 m, not exactly 0).
// Validation (InputError naming key `scene`, value "FILE:LINE", what is allowed):
//   a token that is not a finite number, an odd count of corner coordinates, fewer than 3 corners,
//   corners that are not a convex counter-clockwise simple polygon (check_convex_polygon: clockwise, collinear,
//   repeated, self-intersecting, winding twice), no body at all;
//   two bodies that overlap (overlap area > 1e-12 of the smaller body's area: the clipping's round-off on outlines
//   that only touch) -> value "FILE:LINE_i and LINE_j". Pairs are found on a uniform grid of cell 2 R_max (R_max the
//   largest bounding radius): each body tests its own and the 8 neighbouring cells, O(N) for bodies of similar size;
//   clipping (models/polygon/overlap.hpp) only for pairs whose bounding circles meet.
//   A body overlapping a wall (check_scene_clear_of_walls) -> value "FILE:LINE", the wall named by its index.
#pragma once

#include <filesystem>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "models/polygon/overlap.hpp"
#include "models/polygon/polygon_frame.hpp"

namespace stickslip {

struct PolygonScene {
  std::vector<ConvexPolygon> shapes;  // one per body
  std::vector<int> shape_of;
  std::vector<Vec2> x;        // centroids (m)
  std::vector<double> theta;  // rad
  std::vector<int> line;      // the line of each body in its file
  std::string source;         // the file's name in messages

  PolygonFrame frame() const { return PolygonFrame{shapes, shape_of, x, theta, {}, {}}; }
};

// Parses and validates a scene (every check above except the walls); source names the text in messages.
PolygonScene parse_polygon_scene(std::istream& in, const std::string& source);
// The same from a file; an unreadable file is an InputError naming key `scene`.
PolygonScene read_polygon_scene(const std::filesystem::path& file);

// Throws InputError (key scene) if two bodies overlap; line[i] and source name them.
void check_scene_no_overlap(const PolygonFrame& f, std::span<const int> line, const std::string& source);
// Throws InputError (key scene) if a body overlaps a wall (area > 1e-12 of the body's area).
void check_scene_clear_of_walls(const PolygonFrame& f, std::span<const PolygonWall> walls, std::span<const int> line,
                                const std::string& source);

// Writes the frame in the format above (centroid pose, corners about the centroid), with a header comment.
void write_polygon_scene(std::ostream& out, const PolygonFrame& f);

}  // namespace stickslip
