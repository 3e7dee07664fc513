// studies/checks/property_checks_heap.cpp — randomized property check of the hopper pour (models/particles/hopper_heap.hpp,
// the scene of the heap study) on the particle engine under velocity Verlet: a few tens of discs with a drawn
// tangential law (every name of models/particles/engine_laws.hpp, law = index into particle_law_names()), rolling
// resistance, stiffness, damping, friction and hopper geometry, poured for t_end (the first discs reach the floor).
// Normal law and coefficients as the heap study: k_n = Y x 1 m, gamma_n = D sqrt(k_n/m*), k_t = 2/7 k_n,
// gamma_t = 1/4 sqrt(k_t/m*), k_roll = k_n/4, gamma_roll = sqrt(k_roll/m*), m* = m_mean/2; dt = t_c/50 with
// t_c = pi / sqrt(k_n/m*) (the undamped linear contact). Measures:
//   the ledger (studies/checks/property_checks_ledger.hpp): balance to round-off, scheme work and normal damping sign to
//     the first-order error dt/t_c;
//   no disc below the floor: min over the run of y_i - r_i >= -h_max, h_max = sqrt(4 M g y_top / k_n): no single
//     contact can store more elastic energy 1/2 k_n h^2 than the potential energy the pour releases, M g y_top
//     (y_top the fill's top), here doubled for the scheme's energy error (the second measurement bounds it to 2 %).
//     A floor that lets a disc through (a wrong wall normal, a missed wall candidate) fails by the disc's diameter;
//   every disc accounted for: the discs in the hopper (above the outlet), below the outlet inside the side walls,
//     and nowhere else (escaped through a wall or not finite) — the count of the last kind must be 0.
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "models/particles/hopper_heap.hpp"
#include "models/particles/engine_laws.hpp"
#include "studies/checks/property_checks_ledger.hpp"

namespace stickslip {
namespace {

std::vector<Measurement> run_pour(const Draw& d) {
  HopperHeapSpec spec;
  spec.n = std::lround(d["n"]);
  spec.outlet = d["outlet"];
  spec.hopper_width = spec.outlet + d["hopper_extra"];
  spec.outlet_height = d["outlet_height"];
  spec.floor_width = 0.3;
  spec.side_height = 0.2;  // above any bounce: a disc can leave only through a wall
  spec.seed = static_cast<std::uint64_t>(std::lround(d["seed"]));
  RollingResistance rolling;
  const double m_star = 0.5 * spec.mean_mass(), kn = d["young"];
  rolling.mu_roll = d["mu_roll"];
  rolling.k_roll = 0.25 * kn;
  rolling.gamma_roll = std::sqrt(rolling.k_roll / m_star);
  rolling.validate();
  Boundaries walls;
  const HopperHeapScene scene = make_hopper_heap(spec, walls);
  const double w0 = std::sqrt(kn / m_star), t_c = M_PI / w0, dt = t_c / 50;
  const long steps = std::lround(d["t_end"] / dt);
  double mass = 0;
  for (std::size_t i = 0; i < scene.state.bodies.size(); ++i) mass += scene.state.bodies.mass[i];
  const double h_max = std::sqrt(4 * mass * spec.g * scene.fill_top / kn);
  TangentialParameters pair;
  pair.kt = 2.0 / 7.0 * kn;
  pair.gamma_t = 0.25 * std::sqrt(pair.kt / m_star);
  pair.mu = d["mu"];
  pair.young = kn;
  pair.poisson = 0.3;
  TangentialParameters wall = pair;
  wall.mu = d["mu_wall"];
  double lowest = std::numeric_limits<double>::infinity();
  std::vector<Measurement> ms = with_tangential_law(drawn_law(d), pair, wall, [&](auto law) {
    ParticleEngine<LinearSpringDashpot, decltype(law), RollingResistance> e;
    e.normal = LinearSpringDashpot{kn, d["damping"] * w0};
    e.tangential = law;
    e.rolling = rolling;
    e.boundaries = walls;
    e.skin = 0.2 * spec.radius;
    GranularState s = scene.state;
    auto m = verlet_ledger_measurements(e, s, dt, steps, t_c, [&](const GranularState& st) {
      const ParticleArrays& p = st.bodies;
      for (std::size_t i = 0; i < p.size(); ++i) lowest = std::min(lowest, p.x[i][1] - p.radius[i]);
    });
    long lost = 0;
    const ParticleArrays& p = s.bodies;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const Vec3& x = p.x[i];
      const bool in_hopper = x[1] > spec.outlet_height && std::abs(x[0]) < 0.5 * spec.hopper_width;
      const bool below = x[1] > -h_max && x[1] <= spec.outlet_height && std::abs(x[0]) < 0.5 * spec.floor_width;
      if (!x.allFinite() || !(in_hopper || below)) ++lost;
    }
    m.push_back({"discs neither in the hopper nor inside the side walls below it", static_cast<double>(lost), 0.0});
    return m;
  });
  ms.push_back({"depth of the lowest disc below the floor [m]", std::max(0.0, -lowest), h_max});
  return ms;
}

}  // namespace

std::vector<PropertyCheck> heap_property_checks() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {{"heap/pour", "verlet",
           "discs poured from the hopper with a drawn tangential law (index into none..coulomb): ledger balance to "
           "round-off, scheme work and normal damping >= 0 within dt/t_c, no disc below the floor by more than the "
           "overlap that the released potential energy allows, none escaped",
           {{"law", 0, 6.999},
            {"n", 8, 30},
            {"seed", 0, 1000},
            {"young", 1e6, 2e7, true},
            {"damping", 0.1, 1.5},
            {"mu", 0.1, 0.8},
            {"mu_wall", 0.1, 0.8},
            {"mu_roll", 0, 0.1, false, {-0.1, nan}},
            {"outlet", 0.02, 0.05, false, {0, -0.01}},
            {"hopper_extra", 0.02, 0.06},
            {"outlet_height", 0.02, 0.05},
            {"t_end", 0.08, 0.15}},
           run_pour,
           20}};
}

}  // namespace stickslip
