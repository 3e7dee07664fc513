// models/particles/container_packing.hpp — the final packing of a 2-D pour into the container of Campello ex. 5.3
// (models/particles/container_scene.hpp), as the container study reports it:
//   centroid_y = <y_i>, top_y = max(y_i + r); particles_inside: centres within the walls;
//   contacts_per_particle = (2 pair contacts (|x_i - x_j| < 2r) + wall contacts (centre closer than r to a wall)) / N;
//   psi6 = <|sum_j exp(6 i theta_ij)| / n_i> over particles with n_i >= 2 neighbours within 1.05 d (1: a perfect
//   hexagonal lattice), six_neighbour_fraction = share of particles with exactly 6 such neighbours;
//   area_fraction: the share of a 200 x 100 point grid covered by discs in the window x in [2r, floor - 2r],
//   y in [0, 10r] on the floor, away from the walls. O(N^2), once per pour.
#pragma once

#include <cstddef>
#include <vector>

#include "core/types.hpp"
#include "models/particles/container_scene.hpp"

namespace stickslip {

struct ContainerPacking {
  double centroid_y = 0, top_y = 0, area_fraction = 0, contacts_per_particle = 0, psi6 = 0;
  double wall_contacts = 0;           // particle-wall contacts (overlap > 0)
  double six_neighbour_fraction = 0;  // particles with exactly 6 neighbours within 1.05 d
  std::size_t particles_inside = 0;   // particles whose centre lies inside the container walls
};

// The packing of the particles at x (radius spec.radius) in the container `setup` (its walls: setup.boundaries).
ContainerPacking container_packing(const ContainerSetup& setup, const ContainerSpec& spec, const std::vector<Vec3>& x);

}  // namespace stickslip
