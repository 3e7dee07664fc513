// models/particles/container_packing.cpp — see container_packing.hpp.
#include "models/particles/container_packing.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

namespace stickslip {

ContainerPacking container_packing(const ContainerSetup& setup, const ContainerSpec& spec, const std::vector<Vec3>& x) {
  ContainerPacking pk;
  const std::size_t n = x.size();
  const double r = spec.radius;
  for (std::size_t p = 0; p < n; ++p) {
    pk.centroid_y += x[p][1] / static_cast<double>(n);
    pk.top_y = std::max(pk.top_y, x[p][1] + r);
    const double face = (x[p][0] - spec.floor_width) * std::tan(spec.incline_deg * M_PI / 180.0);
    if (x[p][0] > 0 && x[p][0] < setup.x_right && x[p][1] > 0 && x[p][1] > face - 1e-9 && x[p][1] < setup.wall_top)
      ++pk.particles_inside;
  }
  // Contacts (overlap > 0) and neighbours within 1.05 d for psi_6; O(N^2) once at the end.
  std::vector<std::complex<double>> psi(n, 0.0);
  std::vector<int> nb(n, 0);
  long contacts_pp = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = i + 1; k < n; ++k) {
      const Vec3 d = x[k] - x[i];
      const double dist = d.norm();
      if (dist < 2 * r) ++contacts_pp;
      if (dist < 2.1 * r) {
        const double a = std::atan2(d[1], d[0]);
        psi[i] += std::polar(1.0, 6 * a);
        psi[k] += std::polar(1.0, 6 * (a + M_PI));
        ++nb[i];
        ++nb[k];
      }
    }
  long walls = 0;
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t w = 0; w < setup.boundaries.num_walls(); ++w) walls += setup.boundaries.wall(w, x[p]).distance < r;
  double psi_sum = 0;
  long psi_count = 0, six = 0;
  for (std::size_t p = 0; p < n; ++p) {
    if (nb[p] == 6) ++six;
    if (nb[p] >= 2) {
      psi_sum += std::abs(psi[p]) / nb[p];
      ++psi_count;
    }
  }
  pk.psi6 = psi_count ? psi_sum / static_cast<double>(psi_count) : 0.0;
  pk.six_neighbour_fraction = static_cast<double>(six) / static_cast<double>(n);
  pk.contacts_per_particle = static_cast<double>(2 * contacts_pp + walls) / static_cast<double>(n);
  pk.wall_contacts = static_cast<double>(walls);
  // Area fraction in a window on the floor, away from the walls: x in [2r, floor_width - 2r], y in [0, 10r]
  // (the window lies under the pile for the default geometry), by a 200 x 100 point grid.
  {
    const double xa = 2 * r, xb = spec.floor_width - 2 * r, ya = 0, yb = 10 * r;
    long covered = 0, pts = 0;
    for (int a = 0; a < 200; ++a)
      for (int b = 0; b < 100; ++b) {
        const double gx = xa + (a + 0.5) * (xb - xa) / 200, gy = ya + (b + 0.5) * (yb - ya) / 100;
        ++pts;
        for (std::size_t p = 0; p < n; ++p)
          if ((x[p][0] - gx) * (x[p][0] - gx) + (x[p][1] - gy) * (x[p][1] - gy) < r * r) {
            ++covered;
            break;
          }
      }
    pk.area_fraction = static_cast<double>(covered) / static_cast<double>(pts);
  }
  return pk;
}

}  // namespace stickslip
