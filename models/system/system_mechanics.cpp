// models/system/system_mechanics.cpp — see system_mechanics.hpp.
#include "models/system/system_mechanics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/errors.hpp"

namespace stickslip {
namespace {

using Triplets = std::vector<Eigen::Triplet<double>>;

struct EndState {
  double x, v;
};
EndState end_state(const SystemEnd& e, double t, VecCRef q, VecCRef v) {
  if (e.dof) return {q[static_cast<Eigen::Index>(*e.dof)], v[static_cast<Eigen::Index>(*e.dof)]};
  return {e.motion.at(t), e.motion.derivative(t)};
}
// The element's force on end a.
double element_force(const SystemSpring& s, const EndState& a, const EndState& b) {
  const double f = s.k * (b.x - a.x - s.length) + s.c * (b.v - a.v);
  return s.unilateral ? std::max(0.0, f) : f;
}

}  // namespace

SystemMechanics::SystemMechanics(SystemSpec spec) : spec_(std::move(spec)) {
  spec_.validate();
  const auto n = static_cast<Eigen::Index>(dofs());
  const auto m = static_cast<Eigen::Index>(contacts());
  Triplets t;
  if (diagonal_mass()) {
    for (Eigen::Index k = 0; k < n; ++k) t.emplace_back(k, k, spec_.mass[k]);
  } else {
    for (Eigen::Index r = 0; r < n; ++r)
      for (Eigen::Index c = 0; c < n; ++c)
        if (spec_.mass_matrix(r, c) != 0) t.emplace_back(r, c, spec_.mass_matrix(r, c));
    llt_.emplace(spec_.mass_matrix);
  }
  M_.resize(n, n);
  M_.setFromTriplets(t.begin(), t.end());
  t.clear();
  for (Eigen::Index i = 0; i < m; ++i)
    for (const SparseTerm& w : spec_.contacts[static_cast<std::size_t>(i)].w)
      if (w.coeff != 0) t.emplace_back(i, static_cast<Eigen::Index>(w.dof), w.coeff);
  W_.resize(m, n);
  W_.setFromTriplets(t.begin(), t.end());
  // The linear part of the two-sided elements: f = -K q - C v + g.
  Triplets tk, tc;
  for (const SystemSpring& s : spec_.springs) {
    if (s.unilateral) continue;
    const auto add = [&](Triplets& tr, double c) {
      if (c == 0) return;
      if (s.a.dof) tr.emplace_back(*s.a.dof, *s.a.dof, c);
      if (s.b.dof) tr.emplace_back(*s.b.dof, *s.b.dof, c);
      if (s.a.dof && s.b.dof) {
        tr.emplace_back(*s.a.dof, *s.b.dof, -c);
        tr.emplace_back(*s.b.dof, *s.a.dof, -c);
      }
    };
    add(tk, s.k);
    add(tc, s.c);
  }
  for (const auto& [tr, m] : {std::pair<Triplets*, const Eigen::MatrixXd*>{&tk, &spec_.stiffness}, {&tc, &spec_.damping}})
    for (Eigen::Index r = 0; r < m->rows(); ++r)
      for (Eigen::Index c = 0; c < m->cols(); ++c)
        if ((*m)(r, c) != 0) tr->emplace_back(r, c, (*m)(r, c));
  K_.resize(n, n);
  K_.setFromTriplets(tk.begin(), tk.end());
  C_.resize(n, n);
  C_.setFromTriplets(tc.begin(), tc.end());
  if (spec_.stiffness.size()) Kx_ = spec_.stiffness.sparseView();
  if (spec_.damping.size()) Cx_ = spec_.damping.sparseView();
  // Effective masses.
  m_star_.resize(contacts());
  for (std::size_t i = 0; i < contacts(); ++i) {
    double inv = 0;
    if (diagonal_mass()) {
      for (const SparseTerm& w : spec_.contacts[i].w) inv += w.coeff * w.coeff / spec_.mass[static_cast<Eigen::Index>(w.dof)];
    } else {
      Vec wi = Vec::Zero(n);
      for (const SparseTerm& w : spec_.contacts[i].w) wi[static_cast<Eigen::Index>(w.dof)] = w.coeff;
      inv = wi.dot(llt_->solve(wi));
    }
    m_star_[i] = 1.0 / inv;
  }
  // Couplings through springs and the mass matrix.
  std::vector<std::set<std::size_t>> c(dofs());
  for (std::size_t k = 0; k < dofs(); ++k) c[k].insert(k);
  for (const SystemSpring& s : spec_.springs)
    if (s.a.dof && s.b.dof) c[*s.a.dof].insert(*s.b.dof), c[*s.b.dof].insert(*s.a.dof);
  if (!diagonal_mass())
    for (std::size_t k = 0; k < dofs(); ++k)
      for (std::size_t j = 0; j < dofs(); ++j) c[k].insert(j);
  for (const SparseMatrix* m : {&Kx_, &Cx_})
    for (int k = 0; k < m->outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(*m, k); it; ++it) c[static_cast<std::size_t>(it.row())].insert(static_cast<std::size_t>(it.col()));
  coupled_.resize(dofs());
  for (std::size_t k = 0; k < dofs(); ++k) coupled_[k].assign(c[k].begin(), c[k].end());
  std::vector<std::size_t> all(contacts());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  all_decoupled_ = decoupled(all);
}

bool SystemMechanics::local_reads(std::size_t c, const SystemLayout& layout, std::vector<Eigen::Index>& entries) const {
  if (!all_decoupled_) return false;
  const SystemContact& sc = spec_.contacts[c];
  const auto body = [&](std::size_t d) { entries.push_back(layout.q(d)), entries.push_back(layout.v(d)); };
  for (std::size_t d : coupled_[sc.w[0].dof]) body(d);  // the body's force: springs, dashpots, K, C
  for (const SparseRow* r : {&sc.fn_q, &sc.fn_v})
    for (const SparseTerm& a : *r) body(a.dof);
  if (layout.z(c) >= 0) entries.push_back(layout.z(c));
  return true;
}

void SystemMechanics::applied(double t, VecCRef q, VecCRef v, VecRef f) const {
  f.setZero();
  for (const SystemSpring& s : spec_.springs) {
    const EndState a = end_state(s.a, t, q, v), b = end_state(s.b, t, q, v);
    const double fa = element_force(s, a, b);
    if (s.a.dof) f[static_cast<Eigen::Index>(*s.a.dof)] += fa;
    if (s.b.dof) f[static_cast<Eigen::Index>(*s.b.dof)] -= fa;
  }
  for (const SystemForce& e : spec_.forces) f[static_cast<Eigen::Index>(e.dof)] += e.f.at(t);
  if (Kx_.nonZeros()) f -= Kx_ * q;
  if (Cx_.nonZeros()) f -= Cx_ * v;
}

void SystemMechanics::applied_rest(double t, VecCRef q, VecCRef v, VecRef g) const {
  applied(t, q, v, g);
  g += K_ * q + C_ * v;
}

void SystemMechanics::solve_mass(VecCRef f, VecRef a) const {
  if (diagonal_mass()) a = f.cwiseQuotient(spec_.mass);
  else a = llt_->solve(f);
}

void SystemMechanics::add_contact_forces(VecCRef F, VecRef f) const { f += W_.transpose() * F; }

double SystemMechanics::row_dot(std::size_t i, VecCRef v) const {
  double s = 0;
  for (const SparseTerm& w : spec_.contacts[i].w) s += w.coeff * v[static_cast<Eigen::Index>(w.dof)];
  return s;
}

double SystemMechanics::normal_force(std::size_t i, VecCRef q, VecCRef v) const {
  const SystemContact& c = spec_.contacts[i];
  double fn = c.fn0;
  for (const SparseTerm& a : c.fn_q) fn += a.coeff * q[static_cast<Eigen::Index>(a.dof)];
  for (const SparseTerm& b : c.fn_v) fn += b.coeff * v[static_cast<Eigen::Index>(b.dof)];
  return std::max(0.0, fn);
}

bool SystemMechanics::decoupled(const std::vector<std::size_t>& contacts) const {
  if (!diagonal_mass()) return false;
  std::vector<char> taken(dofs(), 0);
  for (std::size_t i : contacts) {
    const SparseRow& w = spec_.contacts[i].w;
    if (w.size() != 1 || w[0].coeff == 0 || taken[w[0].dof]) return false;
    taken[w[0].dof] = 1;
  }
  return true;
}

ContactLcpResult SystemMechanics::decide(double t, VecCRef q, VecCRef v, VecCRef F,
                                         const std::vector<std::size_t>& candidates, const Vec& lo, const Vec& hi,
                                         std::vector<BoxSide> start) const {
  const auto n = static_cast<Eigen::Index>(dofs());
  const auto nz = static_cast<Eigen::Index>(candidates.size());
  Vec r(n);
  applied(t, q, v, r);
  Vec others = F;
  for (std::size_t i : candidates) others[static_cast<Eigen::Index>(i)] = 0;
  r += W_.transpose() * others;
  if (decoupled(candidates)) {
    // Each candidate acts on a body of its own (a chain, a row of blocks): the Delassus matrix is diagonal, and each
    // force is its own clamp of the force that holds it, in O(n).
    ContactLcpResult out;
    out.y = r.cwiseQuotient(spec_.mass);
    out.z.resize(nz), out.w.resize(nz), out.side.resize(candidates.size());
    for (Eigen::Index k = 0; k < nz; ++k) {
      const std::size_t i = candidates[static_cast<std::size_t>(k)];
      const SparseTerm& w = spec_.contacts[i].w[0];
      const auto d = static_cast<Eigen::Index>(w.dof);
      const double a = w.coeff * w.coeff / spec_.mass[d], b = w.coeff * out.y[d] - surface_acceleration(t, i);
      const double held = -b / a;
      double z = held;
      BoxSide side = BoxSide::free;
      if (!(hi[k] > lo[k])) z = lo[k], side = BoxSide::lower;
      else if (held < lo[k]) z = lo[k], side = BoxSide::lower;
      else if (held > hi[k]) z = hi[k], side = BoxSide::upper;
      out.z[k] = z, out.side[static_cast<std::size_t>(k)] = side;
      out.w[k] = side == BoxSide::free ? 0.0 : a * z + b;
      out.y[d] += w.coeff * z / spec_.mass[d];
    }
    out.pivots = 1;
    return out;
  }
  Vec c(nz);
  for (Eigen::Index k = 0; k < nz; ++k) c[k] = surface_acceleration(t, candidates[static_cast<std::size_t>(k)]);
  return solve_contact_lcp(M_, r, rows(candidates), c, lo, hi, std::move(start));
}

SparseMatrix SystemMechanics::rows(const std::vector<std::size_t>& contacts) const {
  Triplets tw;
  for (std::size_t k = 0; k < contacts.size(); ++k)
    for (const SparseTerm& w : spec_.contacts[contacts[k]].w)
      if (w.coeff != 0) tw.emplace_back(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(w.dof), w.coeff);
  SparseMatrix out(static_cast<Eigen::Index>(contacts.size()), static_cast<Eigen::Index>(dofs()));
  out.setFromTriplets(tw.begin(), tw.end());
  return out;
}

void SystemMechanics::hold(const std::vector<std::size_t>& held, const Vec& targets, VecRef v) const {
  if (held.empty()) return;
  if (decoupled(held)) {  // each on a body of its own: that body's velocity alone
    for (std::size_t k = 0; k < held.size(); ++k) {
      const SparseTerm& w = spec_.contacts[held[k]].w[0];
      v[static_cast<Eigen::Index>(w.dof)] = targets[static_cast<Eigen::Index>(k)] / w.coeff;
    }
    return;
  }
  const auto nh = static_cast<Eigen::Index>(held.size());
  const double inf = std::numeric_limits<double>::infinity();
  const Vec r = M_ * v;
  v = solve_contact_lcp(M_, r, rows(held), targets, Vec::Constant(nh, -inf), Vec::Constant(nh, inf)).y;
}

double SystemMechanics::kinetic(VecCRef v) const { return 0.5 * v.dot(M_ * v); }

double SystemMechanics::elastic(double t, VecCRef q) const {
  double e = 0;
  const Vec v0 = Vec::Zero(q.size());
  for (const SystemSpring& s : spec_.springs) {
    if (s.unilateral || s.k == 0) continue;
    const double d = end_state(s.b, t, q, v0).x - end_state(s.a, t, q, v0).x - s.length;
    e += 0.5 * s.k * d * d;
  }
  if (Kx_.nonZeros()) e += 0.5 * q.dot(Kx_ * q);
  return e;
}

SystemMechanics::Powers SystemMechanics::powers(double t, VecCRef q, VecCRef v, VecCRef F) const {
  Powers p;
  for (const SystemSpring& s : spec_.springs) {
    const EndState a = end_state(s.a, t, q, v), b = end_state(s.b, t, q, v);
    const double fa = element_force(s, a, b);
    if (s.unilateral) {  // its work on the bodies, whole
      if (s.a.dof) p.applied += fa * a.v;
      if (s.b.dof) p.applied -= fa * b.v;
      continue;
    }
    if (!s.a.dof) p.applied -= fa * a.v;  // a drive end: minus the element's force on it times its velocity
    if (!s.b.dof) p.applied += fa * b.v;
    p.dashpots += s.c * (b.v - a.v) * (b.v - a.v);
  }
  for (const SystemForce& e : spec_.forces) p.applied += e.f.at(t) * v[static_cast<Eigen::Index>(e.dof)];
  if (Cx_.nonZeros()) p.dashpots += v.dot(Cx_ * v);
  for (std::size_t i = 0; i < contacts(); ++i) {
    const double fi = F[static_cast<Eigen::Index>(i)];
    p.surfaces += fi * surface_velocity(t, i);
    p.friction += fi * slip(t, i, v);
  }
  return p;
}

}  // namespace stickslip
