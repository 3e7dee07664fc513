// solvers/filippov_driver.cpp — the Filippov mode logic as a hybrid Model (see filippov_driver.hpp).
#include "solvers/filippov_driver.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>

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
    return grad.dot(v);
  }
  Vec h0(ns), h1(ns);
  system_.surfaces(t, x, h0);
  const Vec xs = x + fd_delta_ * v;
  system_.surfaces(t, xs, h1);
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
  for (std::size_t i = 0; i < ns; ++i) mode[i] = h[static_cast<Eigen::Index>(i)] < 0 ? region_II : region_I;
  for (std::size_t i = 0; i < ns; ++i) {
    if (h[static_cast<Eigen::Index>(i)] != 0) continue;
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
  const Vec sigma = side_values(t, x, mode);
  system_.field(t, x, sigma, xdot);
  if (gradient_ != GradientKind::exact) return;
  // Remove the (rounding-level) component of a sliding field along the sliding surfaces' normals.
  std::vector<std::size_t> sliding;
  for (std::size_t i = 0; i < mode.size(); ++i)
    if (mode[i] == sliding_mode) sliding.push_back(i);
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
  Vec sigma;
  if (any_sliding) sigma = side_values(t, x, mode);
  for (std::size_t i = 0; i < ns; ++i) {
    const auto ii = static_cast<Eigen::Index>(i);
    if (mode[i] == sliding_mode) {
      // lambda = a_I/(a_I + a_II) with a_I + a_II < 0 while sliding: lambda < 0 <=> a_I > 0 and lambda > 1
      // <=> a_II > 0. a_I and a_II have the same roots as lambda and 1 - lambda but no pole, so a long step
      // cannot jump over the exit (lambda has a pole where a_I + a_II = 0, past the exit).
      const SurfaceFlow fl = flow_at(t, x, sigma, i);
      g[2 * ii] = fl.a_I;       // lambda < 0: leave into region I
      g[2 * ii + 1] = fl.a_II;  // lambda > 1: leave into region II
    } else {
      g[2 * ii] = -mode[i] * h[ii];  // the surface is reached from the current side
      g[2 * ii + 1] = -1;
    }
  }
}

EventOutcome FilippovModel::on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
  const std::size_t i = which / 2;
  if (mode[i] == sliding_mode) {
    mode[i] = which % 2 == 0 ? region_I : region_II;
    return {true, false};
  }
  if (which % 2 == 1) return {false, false};
  const int came_from = mode[i];
  const SurfaceFlow flow = surface_flow(t, x, mode, i);
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
