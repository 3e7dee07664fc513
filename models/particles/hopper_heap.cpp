// models/particles/hopper_heap.cpp — see hopper_heap.hpp.
#include "models/particles/hopper_heap.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/errors.hpp"

namespace stickslip {

double HopperHeapSpec::mean_mass() const {
  // <r^2> of the uniform distribution on [r (1 - s), r (1 + s)]: r^2 (1 + s^2/3).
  return density * M_PI * radius * radius * (1 + spread * spread / 3);
}

double HopperHeapSpec::hopper_top_of_v() const {
  return outlet_height + 0.5 * (hopper_width - outlet) * std::tan(hopper_angle_deg * M_PI / 180);
}

std::array<std::array<VecD<2>, 2>, 6> hopper_wall_segments(const HopperHeapSpec& spec, double bin_top) {
  using V = VecD<2>;
  const double fx = 0.5 * spec.floor_width, half_w = 0.5 * spec.hopper_width, half_o = 0.5 * spec.outlet;
  const double y_o = spec.outlet_height, y_v = spec.hopper_top_of_v();
  return {{{V(-fx, 0), V(-fx, spec.side_height)},
           {V(fx, 0), V(fx, spec.side_height)},
           {V(-half_w, y_v), V(-half_o, y_o)},
           {V(half_w, y_v), V(half_o, y_o)},
           {V(-half_w, y_v), V(-half_w, bin_top)},
           {V(half_w, y_v), V(half_w, bin_top)}}};
}

void check_hopper_fits(const HopperHeapSpec& spec, double diameter, double pitch, const std::string& what) {
  if (!(spec.outlet > diameter))
    throw_input("outlet", format_value(spec.outlet),
                "wider than the largest " + what + " (> " + format_value(diameter) + " m)");
  if (!(spec.hopper_width > spec.outlet + pitch))
    throw_input("hopper_width", format_value(spec.hopper_width),
                "wider than outlet + one " + what + " (> " + format_value(spec.outlet + pitch) + " m)");
  if (!(spec.floor_width > spec.hopper_width))
    throw_input("floor_width", format_value(spec.floor_width), "wider than the hopper (> " + format_value(spec.hopper_width) + " m)");
}

void for_each_hopper_site(const HopperHeapSpec& spec, double pitch, double clearance, long n,
                          const std::function<void(double, double)>& site) {
  const double alpha = spec.hopper_angle_deg * M_PI / 180, half_w = 0.5 * spec.hopper_width;
  const double y_o = spec.outlet_height, y_v = spec.hopper_top_of_v();
  // The largest |x| of a site at height y: clearance from the inclined walls (their lines; a segment is never
  // closer than its line) below y_v + clearance, and from the vertical walls.
  auto x_limit = [&](double y) {
    double lim = half_w - clearance;
    if (y < y_v + clearance) lim = std::min(lim, 0.5 * spec.outlet + (y - y_o) / std::tan(alpha) - clearance / std::sin(alpha));
    return lim;
  };
  long placed = 0;
  double y = y_o + clearance;
  const long max_rows = 10 * n + 100;
  for (long row = 0; placed < n; ++row, y += pitch) {
    if (row > max_rows) throw_input("n", std::to_string(n), "too many bodies for the hopper");
    const double lim = x_limit(y);
    if (lim < 0) continue;
    const long sites = static_cast<long>(std::floor(2 * lim / pitch)) + 1;
    for (long k = 0; k < sites && placed < n; ++k, ++placed)
      site(-0.5 * static_cast<double>(sites - 1) * pitch + static_cast<double>(k) * pitch, y);
  }
}

HopperHeapScene make_hopper_heap(const HopperHeapSpec& spec, Boundaries& boundaries) {
  const double r_max = spec.radius * (1 + spec.spread), gap = 0.1 * spec.radius;
  const double pitch = 2 * r_max + gap, clearance = r_max + gap;  // site to wall
  check_hopper_fits(spec, 2 * r_max, pitch, "disc");
  std::mt19937_64 rng(spec.seed);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  HopperHeapScene scene;
  ParticleArrays& p = scene.state.bodies;
  p.x.reserve(static_cast<std::size_t>(spec.n));
  for_each_hopper_site(spec, pitch, clearance, spec.n, [&](double x0, double y) {
    const double r = spec.radius * (1 + spec.spread * (2 * uni(rng) - 1));
    // jitter within the disc of radius 0.9 (pitch/2 - r) around the site: neighbours never overlap
    const double a = 0.9 * (0.5 * pitch - r) * std::sqrt(uni(rng)), phi = 2 * M_PI * uni(rng);
    const Vec3 pos(x0 + a * std::cos(phi), y + a * std::sin(phi), 0);
    p.add(pos, Vec3::Zero(), r, spec.density * M_PI * r * r, /*disc=*/true);
    scene.fill_top = std::max(scene.fill_top, pos[1] + r);
  });
  const double bin_top = std::max(scene.fill_top, spec.hopper_top_of_v()) + pitch;
  boundaries = Boundaries{};
  boundaries.gravity = Vec3(0, -spec.g, 0);
  boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitY()});
  for (const auto& [a, b] : hopper_wall_segments(spec, bin_top))
    boundaries.segments.push_back(SegmentWall{Vec3(a.x(), a.y(), 0), Vec3(b.x(), b.y(), 0)});
  return scene;
}

}  // namespace stickslip
