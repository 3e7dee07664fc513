// models/particles/container_scene.cpp — see container_scene.hpp.
#include "models/particles/container_scene.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/errors.hpp"

namespace stickslip {

ContainerSetup build_container(const ContainerSpec& spec) {
  const auto str = [](double v) { return format_value(v); };
  if (spec.particles < 1 || spec.particles > 1000000) throw_input("n", std::to_string(spec.particles), "must lie in [1, 1e6]");
  if (!(spec.radius > 0 && 2 * spec.radius < spec.floor_width))
    throw_input("r", str(spec.radius), "must be > 0 and < floor_width / 2 = " + str(spec.floor_width / 2));
  if (!(spec.density > 0)) throw_input("rho", str(spec.density), "must be > 0");
  if (!(spec.incline_deg > 5 && spec.incline_deg < 85)) throw_input("incline_deg", str(spec.incline_deg), "must lie in (5, 85)");
  if (!(spec.floor_width > 2 * spec.radius)) throw_input("floor_width", str(spec.floor_width), "must be > 2 r");
  if (!(spec.incline_rise > 0)) throw_input("incline_rise", str(spec.incline_rise), "must be > 0");
  if (!(spec.vessel_width > 2.2 * spec.radius)) throw_input("vessel_width", str(spec.vessel_width), "must be > 2.2 r");
  if (!(spec.vessel_height > 2.2 * spec.radius)) throw_input("vessel_height", str(spec.vessel_height), "must be > 2.2 r");
  if (!(spec.vessel_gap >= 0)) throw_input("vessel_gap", str(spec.vessel_gap), "must be >= 0");
  ContainerSetup c;
  const double r = spec.radius;
  const double mass = spec.density * 4.0 / 3.0 * M_PI * r * r * r;
  const double run = spec.incline_rise / std::tan(spec.incline_deg * M_PI / 180.0);
  c.x_right = spec.floor_width + run;
  // The vessel is centred over the face: wider than the face's run, it would reach through the right wall.
  if (!(spec.vessel_width <= run))
    throw_input("vessel_width", str(spec.vessel_width),
                "must be <= the inclined face's run incline_rise / tan(incline_deg) = " + str(run) +
                    " m (the vessel, centred over the face, lies inside the walls)");
  const double height = spec.vessel_height - 2 * r;  // centres in [bottom, top], discs inside the vessel
  c.vessel_packing = static_cast<double>(spec.particles) * M_PI * r * r / (spec.vessel_width * spec.vessel_height);
  const double x_mid = spec.floor_width + 0.5 * run;  // vessel centred over the middle of the inclined face
  const double x0 = x_mid - 0.5 * spec.vessel_width;
  // The face under the vessel is highest below its right edge: the gap is measured from there.
  const double face_top = std::min(spec.incline_rise, (x0 + spec.vessel_width - spec.floor_width) * spec.incline_rise / run);
  c.vessel_bottom = face_top + spec.vessel_gap + r;
  c.vessel_top = c.vessel_bottom + height;
  c.wall_top = std::max(c.vessel_top + 2 * r, spec.incline_rise + 1.0);
  c.young = spec.young;
  c.poisson = spec.poisson;
  for (std::size_t p = 0; p < spec.particles; ++p) c.bodies.add(Vec3::Zero(), Vec3::Zero(), r, mass);
  std::vector<SegmentWall>& walls = c.boundaries.segments;
  walls.push_back({Vec3(0, c.wall_top, 0), Vec3(0, 0, 0)});                             // left wall
  walls.push_back({Vec3(0, 0, 0), Vec3(spec.floor_width, 0, 0)});                       // floor
  walls.push_back({Vec3(spec.floor_width, 0, 0), Vec3(c.x_right, spec.incline_rise, 0)});  // inclined face
  walls.push_back({Vec3(c.x_right, spec.incline_rise, 0), Vec3(c.x_right, c.wall_top, 0)});  // right wall
  c.boundaries.gravity = Vec3(0, -9.81, 0);
  c.boundaries.box.lo = Vec3(-r, -r, -r);  // open axes: only the dumps' BOX BOUNDS read it
  c.boundaries.box.hi = Vec3(c.x_right + r, c.wall_top + r, r);
  // Random sequential addition inside [x0 + r, x0 + w - r] x [bottom, top], non-overlapping (gap >= 0).
  std::vector<Vec3>& xs = c.bodies.x;
  std::mt19937_64 rng(spec.seed);
  const auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53;  // same stream on every platform
  };
  const double cell = 2 * r;
  // Checked sizes: the grid of cells over the vessel must fit in memory.
  const double cells_x = std::ceil(spec.vessel_width / cell) + 1, cells_y = std::ceil(height / cell) + 1;
  if (!(cells_x * cells_y <= 1e8))
    throw_input(spec.vessel_width / cell > spec.vessel_height / cell ? "vessel_width" : "vessel_height",
                str(std::max(spec.vessel_width, spec.vessel_height)),
                "the vessel spans more than 1e8 cells of 2 r; at most about 1e4 r on each side");
  const long nx = static_cast<long>(cells_x), ny = static_cast<long>(cells_y);
  std::vector<std::vector<std::uint32_t>> grid(static_cast<std::size_t>(nx * ny));
  // Random sequential addition with a bounded number of attempts; near its jamming limit (and in a narrow vessel)
  // it can fail for one seed and not another, so a failure falls back to a jittered lattice, which holds the
  // particles whenever the vessel can at this area fraction.
  const long max_attempts = 20000000;
  long attempts = 0;
  bool placed = true;
  for (std::size_t p = 0; p < spec.particles && placed; ++p) {
    for (;;) {
      if (++attempts > max_attempts) {
        placed = false;
        break;
      }
      const Vec3 x(uniform(x0 + r, x0 + spec.vessel_width - r), uniform(c.vessel_bottom, c.vessel_top), 0.0);
      const long gx = static_cast<long>((x[0] - x0) / cell), gy = static_cast<long>((x[1] - c.vessel_bottom) / cell);
      bool free = true;
      for (long dy = -1; dy <= 1 && free; ++dy)
        for (long dx = -1; dx <= 1 && free; ++dx) {
          const long cx = gx + dx, cy = gy + dy;
          if (cx < 0 || cy < 0 || cx >= nx || cy >= ny) continue;
          for (std::uint32_t q : grid[static_cast<std::size_t>(cy * nx + cx)])
            if ((xs[q] - x).squaredNorm() < 4 * r * r) {
              free = false;
              break;
            }
        }
      if (!free) continue;
      xs[p] = x;
      grid[static_cast<std::size_t>(std::clamp(gy, 0L, ny - 1) * nx + std::clamp(gx, 0L, nx - 1))].push_back(
          static_cast<std::uint32_t>(p));
      break;
    }
  }
  if (placed) return c;
  // Jittered lattice: rows of `per_row` centres spaced sx >= 2r across the vessel, rows spaced sy >= 2r over its
  // height (square), or a hexagonal lattice (rows sqrt(3) r apart, alternate rows shifted by r) when the square
  // one does not hold them. Each centre moves by up to (min(sx, sy) - 2r)/2 in x and y: never an overlap.
  c.placement = "lattice";
  const double wc = spec.vessel_width - 2 * r;  // span of the centres
  const long per_row = static_cast<long>(std::floor(wc / cell + 1e-9)) + 1;
  const long rows_needed = (static_cast<long>(spec.particles) + per_row - 1) / per_row;
  const long rows_fit = static_cast<long>(std::floor(height / cell + 1e-9)) + 1;
  if (rows_needed <= rows_fit) {
    const double sx = per_row > 1 ? wc / static_cast<double>(per_row - 1) : 0.0;
    const double sy = rows_needed > 1 ? height / static_cast<double>(rows_needed - 1) : 0.0;
    const double jitter = 0.5 * std::max(0.0, std::min(per_row > 1 ? sx : HUGE_VAL, rows_needed > 1 ? sy : HUGE_VAL) - cell);
    const double j = std::isfinite(jitter) ? 0.999 * jitter : 0.0;
    for (std::size_t p = 0; p < spec.particles; ++p) {
      const long row = static_cast<long>(p) / per_row, col = static_cast<long>(p) % per_row;
      const double xa = x0 + r + static_cast<double>(col) * sx, ya = c.vessel_bottom + static_cast<double>(row) * sy;
      xs[p] = Vec3(std::clamp(xa + uniform(-j, j), x0 + r, x0 + spec.vessel_width - r),
                            std::clamp(ya + uniform(-j, j), c.vessel_bottom, c.vessel_top), 0.0);
    }
    return c;
  }
  // Hexagonal: even rows per_row centres, odd rows shifted by r hold per_row_odd.
  const long per_row_odd = static_cast<long>(std::floor((wc - r) / cell + 1e-9)) + 1;
  const double sy = std::sqrt(3.0) * r;
  const long hex_rows = static_cast<long>(std::floor(height / sy + 1e-9)) + 1;
  const long capacity = (hex_rows + 1) / 2 * per_row + hex_rows / 2 * std::max(0L, per_row_odd);
  if (per_row_odd < 1 || capacity < static_cast<long>(spec.particles))
    throw_input("vessel_height", str(spec.vessel_height),
                "the vessel holds at most " + std::to_string(std::max(capacity, rows_fit * per_row)) +
                    " particles (hexagonal lattice); make it taller or wider");
  std::size_t p = 0;
  for (long row = 0; p < spec.particles; ++row)
    for (long col = 0; col < (row % 2 ? per_row_odd : per_row) && p < spec.particles; ++col, ++p)
      xs[p] = Vec3(x0 + r + (row % 2 ? r : 0.0) + static_cast<double>(col) * cell,
                            c.vessel_bottom + static_cast<double>(row) * sy, 0.0);
  return c;
}

ParticleArrays container_bodies(const ContainerSetup& setup, bool rotations) {
  ParticleArrays p = setup.bodies;
  if (!rotations) std::fill(p.inv_inertia.begin(), p.inv_inertia.end(), 0.0);
  return p;
}

}  // namespace stickslip
