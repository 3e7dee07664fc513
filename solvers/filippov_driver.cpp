// solvers/filippov_driver.cpp — the Filippov mode logic as a hybrid Model (see filippov_driver.hpp).
#include "solvers/filippov_driver.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>

#include "core/box_lcp.hpp"
#include "core/errors.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {

const char* to_string(FlowKind kind) {
  switch (kind) {
    case FlowKind::crossing_to_I: return "crossing-to-I";
    case FlowKind::crossing_to_II: return "crossing-to-II";
    case FlowKind::sliding: return "sliding";
    default: return "repulsion";
  }
}

FlowKind classify_flow(double a_I, double a_II) {
  if (a_I > 0) return a_II > 0 ? FlowKind::repulsion : FlowKind::crossing_to_I;
  return a_II > 0 ? FlowKind::crossing_to_II : FlowKind::sliding;
}

FilippovModel::FilippovModel(const FilippovSystem& system, GradientKind gradient, double fd_delta)
    : system_(system), gradient_(gradient), fd_delta_(fd_delta) {
  if (!(fd_delta > 0) || !std::isfinite(fd_delta))
    throw_input("fd_delta", std::to_string(fd_delta), "must be a finite number > 0");
}

double FilippovModel::directional(double t, VecCRef x, std::size_t i, VecCRef v) const {
  const auto ns = static_cast<Eigen::Index>(system_.num_surfaces());
  if (gradient_ == GradientKind::exact) {
    Vec grad(x.size());
    system_.surface_gradient(t, x, i, grad);
    return grad.dot(v) + system_.surface_time_rate(t, x, i);
  }
  Vec h0(ns), h1(ns);
  system_.surfaces(t, x, h0);
  const Vec xs = x + fd_delta_ * v;
  system_.surfaces(system_.surface_time_rate(t, x, i) != 0 ? t + fd_delta_ : t, xs, h1);
  return (h1[static_cast<Eigen::Index>(i)] - h0[static_cast<Eigen::Index>(i)]) / fd_delta_;
}

void FilippovModel::gradient(double t, VecCRef x, std::size_t i, VecRef grad) const {
  if (gradient_ == GradientKind::exact) {
    system_.surface_gradient(t, x, i, grad);
    return;
  }
  // Coordinate-wise forward differences (used by the projection only).
  Vec e = Vec::Zero(x.size());
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    e.setZero();
    e[k] = 1;
    grad[k] = directional(t, x, i, e);
  }
}

Vec FilippovModel::side_values(double t, VecCRef x, const Mode& mode) const {
  const std::size_t ns = system_.num_surfaces();
  const auto n = static_cast<Eigen::Index>(system_.size());
  Vec sigma(static_cast<Eigen::Index>(ns));
  std::vector<std::size_t> sliding;
  for (std::size_t i = 0; i < ns; ++i) {
    sigma[static_cast<Eigen::Index>(i)] = mode[i];
    if (mode[i] == sliding_mode) sliding.push_back(i);
  }
  if (sliding.empty()) return sigma;
  if (gradient_ == GradientKind::exact) {
    Vec slope(static_cast<Eigen::Index>(ns));
    if (system_.sliding_sides(t, x, mode, sigma, slope)) return sigma;
  }
  Vec f(n), f1(n);
  if (sliding.size() == 1) {
    // Eq. 7-8 and 12 for the one sliding surface, the others at their sides.
    const std::size_t i = sliding[0];
    const auto ii = static_cast<Eigen::Index>(i);
    sigma[ii] = 1;
    system_.field(t, x, sigma, f);
    const double a_I = directional(t, x, i, f);
    sigma[ii] = -1;
    system_.field(t, x, sigma, f1);
    const double a_II = -directional(t, x, i, f1);
    const double sum = a_I + a_II;
    const double lambda = sum != 0 ? a_I / sum : 0.5;  // a_I = a_II = 0: the field is tangent on both sides
    sigma[ii] = 1 - 2 * lambda;
    return sigma;
  }
  // Several sliding surfaces: c_i(sigma) = <grad h_i, f(sigma)> is affine in sigma; solve c_S = 0.
  const auto m = static_cast<Eigen::Index>(sliding.size());
  for (std::size_t i : sliding) sigma[static_cast<Eigen::Index>(i)] = 0;
  system_.field(t, x, sigma, f);
  Eigen::MatrixXd c(m, m);
  Vec rhs(m);
  for (Eigen::Index r = 0; r < m; ++r) rhs[r] = -directional(t, x, sliding[static_cast<std::size_t>(r)], f);
  for (Eigen::Index col = 0; col < m; ++col) {
    Vec s1 = sigma;
    s1[static_cast<Eigen::Index>(sliding[static_cast<std::size_t>(col)])] = 1;
    system_.field(t, x, s1, f1);
    for (Eigen::Index r = 0; r < m; ++r)
      c(r, col) = directional(t, x, sliding[static_cast<std::size_t>(r)], f1) + rhs[r];
  }
  Eigen::FullPivLU<Eigen::MatrixXd> lu(c);
  if (!lu.isInvertible())
    throw SolverError("filippov: the sliding surfaces' convex-hull weights are not unique at t=" + std::to_string(t));
  const Vec s = lu.solve(rhs);
  for (Eigen::Index r = 0; r < m; ++r) sigma[static_cast<Eigen::Index>(sliding[static_cast<std::size_t>(r)])] = s[r];
  return sigma;
}

Vec FilippovModel::lambdas(double t, VecCRef x, const Mode& mode) const {
  return ((1.0 - side_values(t, x, mode).array()) / 2).matrix();
}

SurfaceFlow FilippovModel::flow_at(double t, VecCRef x, Vec sigma, std::size_t i) const {
  const auto ii = static_cast<Eigen::Index>(i);
  Vec f(static_cast<Eigen::Index>(system_.size()));
  SurfaceFlow out;
  sigma[ii] = 1;
  system_.field(t, x, sigma, f);
  out.a_I = directional(t, x, i, f);
  sigma[ii] = -1;
  system_.field(t, x, sigma, f);
  out.a_II = -directional(t, x, i, f);
  out.kind = classify_flow(out.a_I, out.a_II);
  const double sum = out.a_I + out.a_II;
  out.lambda = sum != 0 ? out.a_I / sum : 0.5;
  return out;
}

SurfaceFlow FilippovModel::surface_flow(double t, VecCRef x, const Mode& mode, std::size_t i) const {
  Mode others = mode;
  others[i] = region_I;  // surface i itself is overwritten by flow_at; it must not count as sliding
  return flow_at(t, x, side_values(t, x, others), i);
}

Mode FilippovModel::initial_mode(double t, VecCRef x) const {
  const std::size_t ns = system_.num_surfaces();
  Vec h(static_cast<Eigen::Index>(ns));
  system_.surfaces(t, x, h);
  Mode mode(ns, region_I);
  std::vector<std::size_t> on_surface;
  for (std::size_t i = 0; i < ns; ++i) {
    mode[i] = h[static_cast<Eigen::Index>(i)] < 0 ? region_II : region_I;
    if (h[static_cast<Eigen::Index>(i)] == 0) on_surface.push_back(i);
  }
  if (on_surface.size() > 1) {  // several at once: one decision (no trigger: every tie slides on its surface)
    for (std::size_t i : on_surface) mode[i] = sliding_mode;
    decide_jointly(t, x, mode, on_surface, static_cast<std::size_t>(-1), region_I);
    return mode;
  }
  for (std::size_t i : on_surface) {
    const SurfaceFlow flow = surface_flow(t, x, mode, i);
    switch (flow.kind) {
      case FlowKind::sliding: mode[i] = sliding_mode; break;
      case FlowKind::crossing_to_I: mode[i] = region_I; break;
      case FlowKind::crossing_to_II: mode[i] = region_II; break;
      case FlowKind::repulsion: mode[i] = flow.a_I >= flow.a_II ? region_I : region_II; break;
    }
  }
  return mode;
}

void FilippovModel::rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const {
  const std::size_t ns = system_.num_surfaces();
  std::vector<std::size_t> sliding;
  for (std::size_t i = 0; i < mode.size(); ++i)
    if (mode[i] == sliding_mode) sliding.push_back(i);
  if (!sliding.empty() && gradient_ == GradientKind::exact) {
    // The system's own joint solve: its sliding field keeps every dh_i/dt at rounding level, no projection needed.
    Vec sigma(static_cast<Eigen::Index>(ns)), slope(static_cast<Eigen::Index>(ns));
    for (std::size_t i = 0; i < ns; ++i) sigma[static_cast<Eigen::Index>(i)] = mode[i];
    if (system_.sliding_sides(t, x, mode, sigma, slope)) {
      system_.field(t, x, sigma, xdot);
      return;
    }
  }
  const Vec sigma = side_values(t, x, mode);
  system_.field(t, x, sigma, xdot);
  if (gradient_ != GradientKind::exact) return;
  // Remove the (rounding-level) component of a sliding field along the sliding surfaces' normals.
  if (sliding.empty()) return;
  const auto n = static_cast<Eigen::Index>(system_.size());
  const auto m = static_cast<Eigen::Index>(sliding.size());
  Eigen::MatrixXd g(m, n);
  Vec row(n);
  for (Eigen::Index r = 0; r < m; ++r) {
    system_.surface_gradient(t, x, sliding[static_cast<std::size_t>(r)], row);
    g.row(r) = row.transpose();
  }
  if (m == 1) {
    const double nn = g.row(0).squaredNorm();
    if (nn > 0) xdot -= (g.row(0).dot(xdot) / nn) * g.row(0).transpose();
    return;
  }
  const Eigen::MatrixXd gram = g * g.transpose();
  Eigen::FullPivLU<Eigen::MatrixXd> lu(gram);
  if (lu.isInvertible()) xdot -= g.transpose() * lu.solve(g * xdot);
}

void FilippovModel::events(double t, VecCRef x, const Mode& mode, VecRef g) const {
  const std::size_t ns = system_.num_surfaces();
  Vec h(static_cast<Eigen::Index>(ns));
  system_.surfaces(t, x, h);
  bool any_sliding = false;
  for (std::size_t i = 0; i < ns; ++i) any_sliding = any_sliding || mode[i] == sliding_mode;
  Vec sigma, slope;
  bool own = false;  // the system solved the sliding surfaces itself (sliding_sides)
  if (any_sliding) {
    if (gradient_ == GradientKind::exact) {
      sigma.resize(static_cast<Eigen::Index>(ns)), slope.resize(static_cast<Eigen::Index>(ns));
      for (std::size_t i = 0; i < ns; ++i) sigma[static_cast<Eigen::Index>(i)] = mode[i];
      own = system_.sliding_sides(t, x, mode, sigma, slope);
    }
    if (!own) sigma = side_values(t, x, mode);
  }
  for (std::size_t i = 0; i < ns; ++i) {
    const auto ii = static_cast<Eigen::Index>(i);
    if (mode[i] == sliding_mode) {
      // lambda = a_I/(a_I + a_II) with a_I + a_II < 0 while sliding: lambda < 0 <=> a_I > 0 and lambda > 1
      // <=> a_II > 0. a_I and a_II have the same roots as lambda and 1 - lambda but no pole, so a long step
      // cannot jump over the exit (lambda has a pole where a_I + a_II = 0, past the exit). With the sliding
      // surfaces solved together (dh_j/dt = 0 for all of them) and the field affine in sigma_i, a_I = d (1 - sigma_i)
      // and a_II = d (1 + sigma_i), d = d(dh_i/dt)/d(sigma_i): what the system's own solve gives at no extra cost.
      if (own) {
        g[2 * ii] = slope[ii] * (1 - sigma[ii]);
        g[2 * ii + 1] = slope[ii] * (1 + sigma[ii]);
        continue;
      }
      const SurfaceFlow fl = flow_at(t, x, sigma, i);
      g[2 * ii] = fl.a_I;       // lambda < 0: leave into region I
      g[2 * ii + 1] = fl.a_II;  // lambda > 1: leave into region II
    } else {
      g[2 * ii] = -mode[i] * h[ii];  // the surface is reached from the current side
      g[2 * ii + 1] = -1;
    }
  }
}

bool FilippovModel::event_reads(std::size_t which, std::vector<Eigen::Index>& entries) const {
  // Only the system's own sliding solve is local; the generic one (side_values) couples every sliding surface.
  return gradient_ == GradientKind::exact && system_.surface_reads(which / 2, entries);
}

EventOutcome FilippovModel::on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
  const std::size_t i = which / 2;
  if (mode[i] != sliding_mode && which % 2 == 1) return {false, false};
  // The candidates: surface i, every surface sliding now, and every other surface that has reached (or, within the
  // located root's bracket, crossed) zero from its side at this instant: its root coincides with i's, and a function
  // sitting on zero would not fire afterwards (the locator's no-re-fire rule) until the guard's noise band is passed,
  // long after (seen: five identical blocks whose slips reach zero at the same bit; one captured, four crossing on for
  // 5e-6 s). With others sliding or at zero, whether i crosses, slides or leaves and whether they keep sliding is one
  // decision (the multiple-transition problem: decide_jointly).
  Vec h(static_cast<Eigen::Index>(mode.size()));
  system_.surfaces(t, x, h);
  std::vector<std::size_t> candidates;
  for (std::size_t j = 0; j < mode.size(); ++j)
    if (j == i || mode[j] == sliding_mode || -mode[j] * h[static_cast<Eigen::Index>(j)] >= 0) candidates.push_back(j);
  if (candidates.size() > 1) {
    const Mode before = mode;
    decide_jointly(t, x, mode, candidates, i, which % 2 == 0 ? region_I : region_II);
    if (mode == before) return {false, false};
    return {true, false};
  }
  if (mode[i] == sliding_mode) {
    mode[i] = which % 2 == 0 ? region_I : region_II;
    return {true, false};
  }
  const int came_from = mode[i];
  const SurfaceFlow flow = surface_flow(t, x, mode, i);
  // A capture where the field of the side it came from is tangent to rounding (a_I or a_II at rounding level: the
  // trajectory has just left the surface here, or grazes it) is declined: the side's field goes on, and the driver
  // re-decides once the surface is clearly crossed.
  if (flow.kind == FlowKind::sliding &&
      std::abs(came_from == region_I ? flow.a_I : flow.a_II) <= 1e-9 * std::max(std::abs(flow.a_I), std::abs(flow.a_II)))
    return {false, false};
  switch (flow.kind) {
    case FlowKind::sliding: mode[i] = sliding_mode; break;  // project() puts x on h_i = 0
    case FlowKind::crossing_to_I: mode[i] = region_I; break;
    case FlowKind::crossing_to_II: mode[i] = region_II; break;
    case FlowKind::repulsion: {
      // Only reachable tangentially: stay on the side the trajectory came from, on the surface.
      mode[i] = sliding_mode;
      project(t, x, mode);
      mode[i] = came_from;
      break;
    }
  }
  return {true, false};
}

void FilippovModel::decide_jointly(double t, VecCRef x, Mode& mode, const std::vector<std::size_t>& candidates,
                                   std::size_t trigger, int exit_side) const {
  std::vector<int> decided;
  if (gradient_ == GradientKind::exact && system_.decide_sides(t, x, mode, candidates, trigger, decided)) {
    for (std::size_t k = 0; k < candidates.size(); ++k) mode[candidates[k]] = decided[k];
    return;
  }
  // The generic decision: c_j(sigma) = dh_j/dt is affine in the candidates' sigma (core/filippov_system.hpp); with
  // z = -sigma in [-1, 1] and w = c it is the box LCP of core/box_lcp.hpp (z at -1, sigma = +1: region I, where
  // dh/dt >= 0 keeps the trajectory; z at +1: region II; interior: sliding, dh/dt = 0).
  const auto m = static_cast<Eigen::Index>(candidates.size());
  const auto n = static_cast<Eigen::Index>(system_.size());
  Vec sigma(static_cast<Eigen::Index>(mode.size()));
  for (std::size_t j = 0; j < mode.size(); ++j) sigma[static_cast<Eigen::Index>(j)] = mode[j];
  for (std::size_t j : candidates) sigma[static_cast<Eigen::Index>(j)] = 0;
  Vec f(n), c0(m);
  system_.field(t, x, sigma, f);
  for (Eigen::Index r = 0; r < m; ++r) c0[r] = directional(t, x, candidates[static_cast<std::size_t>(r)], f);
  Eigen::MatrixXd M(m, m);
  for (Eigen::Index col = 0; col < m; ++col) {
    Vec s1 = sigma;
    s1[static_cast<Eigen::Index>(candidates[static_cast<std::size_t>(col)])] = 1;
    system_.field(t, x, s1, f);
    for (Eigen::Index r = 0; r < m; ++r) M(r, col) = -(directional(t, x, candidates[static_cast<std::size_t>(r)], f) - c0[r]);
  }
  std::vector<BoxSide> start(static_cast<std::size_t>(m), BoxSide::free);
  for (Eigen::Index r = 0; r < m; ++r) {
    const int side = candidates[static_cast<std::size_t>(r)] == trigger && mode[trigger] == sliding_mode
                         ? exit_side
                         : mode[candidates[static_cast<std::size_t>(r)]];
    start[static_cast<std::size_t>(r)] = side == region_I ? BoxSide::lower : side == region_II ? BoxSide::upper : BoxSide::free;
  }
  const BoxLcpResult res = solve_box_lcp(M, c0, Vec::Constant(m, -1.0), Vec::Constant(m, 1.0), start);
  const double tie = 1e-9 * std::max(c0.cwiseAbs().maxCoeff(), M.cwiseAbs().maxCoeff());
  for (Eigen::Index r = 0; r < m; ++r) {
    const std::size_t j = candidates[static_cast<std::size_t>(r)];
    const BoxSide side = res.side[static_cast<std::size_t>(r)];
    const bool leaving = j == trigger && mode[j] == sliding_mode;
    if (side == BoxSide::free) {
      // At its bound to rounding, the exit being handled goes ahead (z = -sigma at +-1).
      if (leaving && std::abs(res.z[r]) >= 1 - 1e-9) mode[j] = res.z[r] < 0 ? region_I : region_II;
      else mode[j] = sliding_mode;
      continue;
    }
    // On a bound with dh/dt at rounding level both sliding and leaving hold: the trigger leaves, the others stay.
    if (std::abs(res.w[r]) <= tie && !leaving && mode[j] == sliding_mode) continue;
    mode[j] = side == BoxSide::lower ? region_I : region_II;
  }
}

void FilippovModel::project(double t, VecRef x, const Mode& mode) const {
  const std::size_t ns = system_.num_surfaces();
  const auto n = static_cast<Eigen::Index>(system_.size());
  Vec h(static_cast<Eigen::Index>(ns)), grad(n);
  for (int sweep = 0; sweep < 3; ++sweep) {
    bool moved = false;
    for (std::size_t i = 0; i < ns; ++i) {
      if (mode[i] != sliding_mode) continue;
      system_.surfaces(t, x, h);
      const double hi = h[static_cast<Eigen::Index>(i)];
      if (hi == 0) continue;
      gradient(t, x, i, grad);
      const double nn = grad.squaredNorm();
      if (!(nn > 0)) throw SolverError("filippov: grad h_" + std::to_string(i) + " vanishes at t=" + std::to_string(t));
      x -= (hi / nn) * grad;
      moved = true;
    }
    if (!moved) break;
  }
}

RunStats integrate_filippov(const FilippovSystem& system, double t0, double t_end, VecRef x, Mode& mode,
                            const FilippovOptions& options, const Observer& observer) {
  const FilippovModel model(system, options.gradient, options.fd_delta);
  if (mode.empty()) mode = model.initial_mode(t0, x);
  if (mode.size() != system.num_surfaces()) throw std::logic_error("integrate_filippov: one mode entry per surface");
  // The modes of a Filippov system switch only at located crossings of its surfaces: without events a region's
  // vector field would run on past the surface (the plates' friction pushing on through v = 0), so they are always on.
  SolverOptions so = options.solver;
  so.events = true;
  return integrate(model, t0, t_end, x, mode, so, observer);
}

}  // namespace stickslip
