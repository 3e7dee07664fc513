// studies/papers/krengel_matuttis/slope_block_engine.cpp — the block on the slope on the polygon engine
// (slope_block_engine.hpp).
#include "studies/papers/krengel_matuttis/slope_block_engine.hpp"

#include <cmath>
#include <vector>

#include "core/errors.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/polygon/polygon_engine.hpp"
#include "solvers/particles/engine_simulate.hpp"

namespace stickslip {

std::string block_engine_refusal(const std::string& law) {
  const std::string why = refusal(law, RelationKind::particles, Driver::verlet);
  return why.empty() ? why : "on the particle engine (solver=verlet): " + why;
}

long run_block_on_engine(const BlockParameters& p, const std::string& law, const LawValues& extra, double y0, double v0,
                         double dt, double t_end, const std::function<void(const SlopeEngineSample&)>& observe) {
  p.validate();
  if (const std::string why = block_engine_refusal(law); !why.empty()) throw_input("friction", law, why);
  const TangentialParameters tp{p.kt(), p.gamma_t() / p.mass(), p.mu, p.young, 0.0, extra};
  return with_tangential_law(law, tp, [&](const auto& t) {
    PolygonEngine<std::decay_t<decltype(t)>> e;
    e.normal = {p.young, p.damping ? p.normal_damping : 0.0};
    e.tangential = t;
    const double l = p.size, gx = p.g * std::sin(p.alpha);
    e.boundaries.gravity = Vec3(gx, -p.g * std::cos(p.alpha), 0);
    e.shapes = {ConvexPolygon(std::vector<Vec2>{{0, 0}, {l, 0}, {l, l}, {0, l}})};
    e.walls = {half_plane_wall(Vec2(0, 0), Vec2(0, 1))};
    e.wall_length = l;
    e.skin = 0.1 * l;
    GranularState s;
    e.add_body(s, 0, Vec2(0, y0 + 0.5 * l), 0.0, p.rho, Vec2(v0, 0));
    const double m = s.bodies.mass[0];
    const double dt_stable = block_engine_stable_dt(p);
    auto sample = [&](const GranularState& q) {
      const ParticleArrays& b = q.bodies;
      const SlopeEngineSample x{q.t, b.x[0].x(), b.v[0].x(), b.x[0].y() - 0.5 * l, b.f[0].x() - m * gx, q.theta[0]};
      if (!std::isfinite(x.s) || !std::isfinite(x.v) || !std::isfinite(x.y) || !std::isfinite(x.theta) ||
          !std::isfinite(x.force))
        throw SolverError("velocity Verlet (particle engine): non-finite state at t = " + format_value(q.t) +
                          " with dt = " + format_value(dt) + " (stable below 2/omega = " + format_value(dt_stable) +
                          " s for this block's normal spring)");
      observe(x);
    };
    engine_setup(e, s);
    sample(s);
    EngineStepper st;
    simulate(e, s, st, {.dt = dt, .t_end = t_end}, sample);
    return st.steps();
  });
}

}  // namespace stickslip
