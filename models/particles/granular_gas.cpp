// models/particles/granular_gas.cpp — see granular_gas.hpp.
#include "models/particles/granular_gas.hpp"

#include <cmath>
#include <limits>
#include <random>

#include "core/errors.hpp"

namespace stickslip {

double GasSpec::mass() const { return density * 4.0 / 3.0 * M_PI * radius * radius * radius; }

double GasSpec::box_edge() const {
  return std::cbrt(static_cast<double>(n) * 4.0 / 3.0 * M_PI * radius * radius * radius / phi);
}

GranularState make_granular_gas(const GasSpec& spec, Boundaries& boundaries) {
  const double edge = spec.box_edge(), r = spec.radius, m = spec.mass();
  boundaries.box.lo = Vec3::Zero();
  boundaries.box.hi = Vec3::Constant(edge);
  boundaries.box.periodic = {true, true, true};
  std::mt19937_64 rng(spec.seed);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  std::normal_distribution<double> gauss(0.0, 1.0);
  // Random sequential addition on a grid of cells of edge >= 2r: a new sphere is checked against the 27 cells around.
  const long cells = std::max(1L, static_cast<long>(std::floor(edge / (2 * r))));
  const double cell = edge / static_cast<double>(cells);
  // Linked lists per cell: head[c] the last sphere put in c, next[q] the one before it (none: UINT32_MAX).
  constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> head(static_cast<std::size_t>(cells * cells * cells), none), next;
  next.reserve(static_cast<std::size_t>(spec.n));
  GranularState s;
  ParticleArrays& p = s.bodies;
  p.x.reserve(static_cast<std::size_t>(spec.n));
  const long max_tries = 1000 * spec.n + 1000;
  long tries = 0;
  auto cell_of = [&](double c) { return std::min(cells - 1, static_cast<long>(c / cell)); };
  while (static_cast<long>(p.size()) < spec.n) {
    if (++tries > max_tries)
      throw_input("n", std::to_string(spec.n),
                  "too many spheres for random placement at phi=" + format_value(spec.phi) + " (phi <= 0.3)");
    const Vec3 x(uni(rng) * edge, uni(rng) * edge, uni(rng) * edge);
    const long cx = cell_of(x[0]), cy = cell_of(x[1]), cz = cell_of(x[2]);
    bool free = true;
    for (long dx = -1; dx <= 1 && free; ++dx)
      for (long dy = -1; dy <= 1 && free; ++dy)
        for (long dz = -1; dz <= 1 && free; ++dz) {
          const long ix = (cx + dx + cells) % cells, iy = (cy + dy + cells) % cells, iz = (cz + dz + cells) % cells;
          for (std::uint32_t q = head[static_cast<std::size_t>((ix * cells + iy) * cells + iz)]; q != none; q = next[q])
            if (boundaries.box.minimal_image_any(p.x[q] - x).squaredNorm() < 4 * r * r) {
              free = false;
              break;
            }
        }
    if (!free) continue;
    std::uint32_t& h = head[static_cast<std::size_t>((cx * cells + cy) * cells + cz)];
    next.push_back(h);
    h = static_cast<std::uint32_t>(p.size());
    p.add(x, Vec3(gauss(rng), gauss(rng), gauss(rng)), r, m);
    p.omega.back() = Vec3(gauss(rng), gauss(rng), gauss(rng));
  }
  // Zero momentum, exact temperatures.
  Vec3 mean = Vec3::Zero();
  for (const Vec3& v : p.v) mean += v;
  mean /= static_cast<double>(p.size());
  for (Vec3& v : p.v) v -= mean;
  const GasTemperatures t = gas_temperatures(p);
  const double sv = t.translational > 0 ? std::sqrt(spec.t0 / t.translational) : 0.0;
  const double sw = t.rotational > 0 ? std::sqrt(spec.t_rot0 / t.rotational) : 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    p.v[i] *= sv;
    p.omega[i] *= sw;
  }
  return s;
}

GasTemperatures gas_temperatures(const ParticleArrays& p) {
  GasTemperatures t;
  double mass = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    t.momentum += p.mass[i] * p.v[i];
    mass += p.mass[i];
  }
  const Vec3 vc = mass > 0 ? Vec3(t.momentum / mass) : Vec3(Vec3::Zero());
  for (std::size_t i = 0; i < p.size(); ++i) {
    t.translational += p.mass[i] * (p.v[i] - vc).squaredNorm();
    t.rotational += p.inertia(i) * p.omega[i].squaredNorm();
  }
  const double dof = 3.0 * static_cast<double>(std::max<std::size_t>(1, p.size()));
  t.translational /= dof;
  t.rotational /= dof;
  return t;
}

Homogeneity gas_homogeneity(const ParticleArrays& p, const PeriodicBox& box, double per_cell) {
  Homogeneity h;
  const std::size_t n = p.size();
  const long k = std::max(2L, std::lround(std::cbrt(static_cast<double>(n) / per_cell)));
  h.cells_per_axis = k;
  const std::size_t cells = static_cast<std::size_t>(k * k * k);
  std::vector<double> count(cells, 0.0), mass(cells, 0.0), uncorrelated(cells, 0.0);
  std::vector<Vec3> mom(cells, Vec3::Zero());
  Vec3 ptot = Vec3::Zero();
  double mtot = 0;
  for (std::size_t i = 0; i < n; ++i) ptot += p.mass[i] * p.v[i], mtot += p.mass[i];
  const Vec3 vc = mtot > 0 ? Vec3(ptot / mtot) : Vec3(Vec3::Zero());
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3 x = box.wrap(p.x[i]);
    long idx[3];
    for (int a = 0; a < 3; ++a)
      idx[a] = std::clamp(static_cast<long>((x[a] - box.lo[a]) / box.length(a) * static_cast<double>(k)), 0L, k - 1);
    const std::size_t c = static_cast<std::size_t>((idx[0] * k + idx[1]) * k + idx[2]);
    const Vec3 u = p.v[i] - vc;
    count[c] += 1;
    mass[c] += p.mass[i];
    mom[c] += p.mass[i] * u;
    uncorrelated[c] += p.mass[i] * p.mass[i] * u.squaredNorm();
  }
  const double mean = static_cast<double>(n) / static_cast<double>(cells);
  double var = 0, coherent = 0, random = 0;
  for (std::size_t c = 0; c < cells; ++c) {
    var += (count[c] - mean) * (count[c] - mean);
    if (mass[c] > 0) {
      coherent += mom[c].squaredNorm() / mass[c];
      random += uncorrelated[c] / mass[c];
    }
  }
  var /= static_cast<double>(cells);
  h.density_index = mean > 0 ? var / mean : 0.0;
  h.velocity_index = random > 0 ? coherent / random : 0.0;
  return h;
}

}  // namespace stickslip
