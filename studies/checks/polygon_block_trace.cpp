// studies/checks/polygon_block_trace.cpp — the traced Coulomb run of the polygon block (polygon_block_trace.hpp).
#include "studies/checks/polygon_block_trace.hpp"

#include <algorithm>
#include <cmath>

#include "core/line_fit.hpp"
#include "models/polygon/polygon_slope_block.hpp"
#include "solvers/contact_run.hpp"
#include "studies/papers/krengel_matuttis/slope_block_engine.hpp"

namespace stickslip {

double PolygonBlockTrace::late_acceleration() const {
  const auto half = static_cast<std::ptrdiff_t>(t.size() / 2);
  return fit_line(std::vector<double>(t.begin() + half, t.end()), std::vector<double>(v.begin() + half, v.end())).slope;
}

double PolygonBlockTrace::max_face_displacement(double l) const {
  double face = 0;
  for (std::size_t k = 0; k < s.size(); ++k) face = std::max(face, std::abs(s[k] + 0.5 * l * std::sin(theta[k])));
  return face;
}

double static_tilt_displacement(const BlockParameters& p) {
  return 3 * p.mass() * p.g * std::sin(p.alpha) * p.size / (p.young * p.size);
}

double block_normal_period(const BlockParameters& p) { return 2 * M_PI * std::sqrt(p.mass() / p.young); }

double sliding_trace_duration(const BlockParameters& p) { return std::max(0.01, 20 * block_normal_period(p)); }

PolygonBlockTrace trace_polygon_block_coulomb(const BlockParameters& p, bool dae, double t_end) {
  const ContactSystem sys = polygon_block_system(p, dae ? "coulomb-dae" : "coulomb-filippov",
                                                 dae ? Driver::ida : driver_of(Scheme::dopri5, true), dae, dae);
  SolverOptions o;
  o.kind = dae ? Scheme::ida : Scheme::dopri5;
  o.dt = o.max_step = 1e-4;
  o.rtol = dae ? 1e-8 : 1e-10;
  o.atol = 1e-16;
  Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
  x[2] = -p.static_overlap();
  Mode mode;
  const PolygonSlopeBlock rel{p};
  PolygonBlockTrace tr;
  simulate(sys, {.t_end = t_end, .solver = o, .project = true}, x, mode, [&](const ContactSample& q) {
    tr.t.push_back(q.t), tr.s.push_back(q.x[0]), tr.v.push_back(q.x[1]), tr.theta.push_back(q.x[4]);
    if (q.t > 0) tr.held = tr.held && q.mode[0] == (dae ? static_cast<int>(stick_mode) : static_cast<int>(sliding_mode));
    tr.max_slip = std::max(tr.max_slip, std::abs(rel.contact(q.t, q.x.head(6)).v()));
  });
  return tr;
}

PolygonBlockTrace trace_polygon_block_on_engine(const BlockParameters& p, double dt, double t_end) {
  PolygonBlockTrace tr;
  (void)run_block_on_engine(p, "coulomb", {}, -p.static_overlap(), 0.0, dt, t_end, [&](const SlopeEngineSample& q) {
    tr.t.push_back(q.t), tr.s.push_back(q.s), tr.v.push_back(q.v), tr.theta.push_back(q.theta);
  });
  return tr;
}

}  // namespace stickslip
