// models/particles/hopper_heap.hpp — the scene of seed 002 §5 (Fig. 6): discs poured from a hopper onto a floor.
//
// 2-D, in the x-y plane (z = 0; the engine keeps discs planar exactly, models/particles/particle_arrays.hpp), gravity
// -g e_y, SI units, every quantity per metre of depth (a disc of radius r has mass rho pi r^2 x 1 m).
// Walls (models/particles/boundaries.hpp), planes first, then segments:
//   floor        PlaneWall y = 0, normal +e_y (infinite)
//   side walls   SegmentWall x = -floor_width/2 and +floor_width/2, y in [0, side_height] (a disc that rolls away
//                stops there instead of rolling for ever)
//   hopper       two inclined segments from (+-hopper_width/2, y_v) down to (+-outlet/2, outlet_height), at
//                hopper_angle to the horizontal, y_v = outlet_height + (hopper_width - outlet)/2 tan(hopper_angle),
//                and two vertical segments x = +-hopper_width/2 from y_v up to the top of the fill (the bin).
// Discs: radii uniform in [r (1 - spread), r (1 + spread)] (seed 002 uses polygons of 5-10 corners, mean radius
// 2.5 mm: we use discs, with rolling resistance where a law provides it, so that a disc heap can stand).
// Placement (make_hopper_heap): a jittered square lattice of pitch 2 r_max + gap, row by row from the outlet up,
// each site at least r_max + gap/2 from every wall and each disc jittered within its own cell, so no two discs
// overlap and none touches a wall; the outlet is open from t = 0 (the pour starts at once). Deterministic for a seed.
// The geometry (hopper_wall_segments, check_hopper_fits, for_each_hopper_site) is shared with the polygon heap
// (models/polygon/polygon_hopper.hpp), which places bounding circles on the same lattice.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "models/particles/particle_engine.hpp"

namespace stickslip {

struct HopperHeapSpec {
  long n = 1625;
  double radius = 2.5e-3;  // mean radius (m)
  double spread = 0.2;     // relative half-width of the uniform radius distribution
  double density = 5000;   // kg/m^3
  double floor_width = 1.0, side_height = 0.05;                         // m
  double hopper_width = 0.2, outlet = 0.08, outlet_height = 0.25;      // m
  double hopper_angle_deg = 60;                                        // inclined walls to the horizontal
  double g = 9.81;                                                      // m/s^2
  std::uint64_t seed = 1;

  double mean_mass() const;        // rho pi <r^2> (kg per metre of depth)
  double hopper_top_of_v() const;  // y_v (m)
};

// The six wall segments (the floor y = 0 excluded), each from a to b in the x-y plane: left and right side walls
// (from the floor up), left and right inclined walls (from the rim (-+hopper_width/2, y_v) down to the outlet's lips),
// left and right bin walls (from the rim up to bin_top).
std::array<std::array<VecD<2>, 2>, 6> hopper_wall_segments(const HopperHeapSpec& spec, double bin_top);

// Throws InputError when particles of bounding diameter `diameter` on a lattice of pitch `pitch` cannot pass or fill
// the hopper: outlet <= diameter, hopper_width <= outlet + pitch (no row of sites above the inclined walls),
// floor_width <= hopper_width. `what` names the particles in the message ("disc", "polygon's bounding circle").
void check_hopper_fits(const HopperHeapSpec& spec, double diameter, double pitch, const std::string& what);

// The sites of the jittered lattice: row by row from the outlet up (pitch apart in x and y), each at least
// `clearance` from the inclined and vertical walls (their lines; a segment is never closer than its line), centred
// in its row; calls site(x, y) until it has been called n times. Throws InputError (key n) if no row holds a site.
void for_each_hopper_site(const HopperHeapSpec& spec, double pitch, double clearance, long n,
                          const std::function<void(double, double)>& site);

struct HopperHeapScene {
  GranularState state;
  double fill_top = 0;  // highest disc top at t = 0 (m)
};

// Throws InputError naming the key when the geometry cannot hold the discs (outlet narrower than a disc, ...).
HopperHeapScene make_hopper_heap(const HopperHeapSpec& spec, Boundaries& boundaries);

}  // namespace stickslip
