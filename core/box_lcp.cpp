// core/box_lcp.cpp — principal pivoting for the box LCP (see box_lcp.hpp).
#include "core/box_lcp.hpp"

#include <Eigen/LU>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.hpp"

namespace stickslip {
namespace {

constexpr double kTol = 1e-11;  // relative tolerance of the side conditions during the pivoting

// The scale of the bounds (z) for the tolerances.
double bound_scale(const Vec& lo, const Vec& hi) {
  double s = 0;
  for (Eigen::Index i = 0; i < lo.size(); ++i) {
    if (std::isfinite(lo[i])) s = std::max(s, std::abs(lo[i]));
    if (std::isfinite(hi[i])) s = std::max(s, std::abs(hi[i]));
  }
  return s > 0 ? s : 1.0;
}

bool fixed(const Vec& lo, const Vec& hi, Eigen::Index i) { return !(hi[i] > lo[i]); }

// The contacts whose conditions fail at (z, w) for partition `side`, in index order.
std::vector<Eigen::Index> violators(const std::vector<BoxSide>& side, const Vec& z, const Vec& w, const Vec& lo,
                                    const Vec& hi, double tz, double tw) {
  std::vector<Eigen::Index> v;
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (fixed(lo, hi, i)) continue;
    switch (side[static_cast<std::size_t>(i)]) {
      case BoxSide::free:
        if (z[i] > hi[i] + tz || z[i] < lo[i] - tz) v.push_back(i);
        break;
      case BoxSide::lower:
        if (w[i] < -tw) v.push_back(i);
        break;
      case BoxSide::upper:
        if (w[i] > tw) v.push_back(i);
        break;
    }
  }
  return v;
}

void flip(std::vector<BoxSide>& side, Eigen::Index i, const Vec& z, const Vec& hi) {
  BoxSide& s = side[static_cast<std::size_t>(i)];
  if (s == BoxSide::free) s = z[i] > hi[i] ? BoxSide::upper : BoxSide::lower;
  else s = BoxSide::free;
}

// Principal pivoting over a partition solver solve(side, z, w) (fills z: bound entries on their bounds, free ones
// solved; w for every entry).
template <class Solve>
BoxLcpResult pivot(const Vec& lo, const Vec& hi, std::vector<BoxSide> side, Solve&& solve) {
  const Eigen::Index n = lo.size();
  if (hi.size() != n) throw std::logic_error("box LCP: lo and hi differ in size");
  for (Eigen::Index i = 0; i < n; ++i)
    if (!(lo[i] <= hi[i]) || std::isnan(lo[i]) || std::isnan(hi[i]))
      throw SolverError("box LCP: bound " + std::to_string(i) + " is empty ([" + std::to_string(lo[i]) + ", " +
                        std::to_string(hi[i]) + "])");
  if (side.size() != static_cast<std::size_t>(n)) side.assign(static_cast<std::size_t>(n), BoxSide::free);
  for (Eigen::Index i = 0; i < n; ++i)
    if (fixed(lo, hi, i)) side[static_cast<std::size_t>(i)] = BoxSide::lower;
  const double tz = kTol * bound_scale(lo, hi);
  BoxLcpResult r;
  r.z = Vec::Zero(n), r.w = Vec::Zero(n);
  double w_scale = 0;
  std::size_t best = static_cast<std::size_t>(-1);
  int stalls = 0;
  bool one_at_a_time = false;
  const int max_pivots = 60 + 10 * static_cast<int>(n);
  for (int it = 0; it < max_pivots; ++it) {
    solve(side, r.z, r.w);
    ++r.pivots;
    if (!r.z.allFinite() || !r.w.allFinite()) break;
    w_scale = std::max(w_scale, r.w.cwiseAbs().maxCoeff());
    const double tw = kTol * (w_scale > 0 ? w_scale : 1.0);
    const std::vector<Eigen::Index> v = violators(side, r.z, r.w, lo, hi, tz, tw);
    if (v.empty()) {
      r.side = side;
      return r;
    }
    if (v.size() < best) best = v.size(), stalls = 0;
    else if (++stalls >= 3) one_at_a_time = true;
    if (one_at_a_time) flip(side, v.back(), r.z, hi);
    else
      for (Eigen::Index i : v) flip(side, i, r.z, hi);
  }
  // Not settled: every partition, when there are few.
  std::vector<Eigen::Index> open;
  for (Eigen::Index i = 0; i < n; ++i)
    if (!fixed(lo, hi, i)) open.push_back(i);
  if (open.size() > 12)
    throw SolverError("box LCP: the pivoting did not settle after " + std::to_string(r.pivots) + " partitions (" +
                      std::to_string(open.size()) +
                      " contacts: dependent contact rows, or a system whose contact matrix is not a P-matrix)");
  r.enumerated = true;
  std::size_t total = 1;
  for (std::size_t k = 0; k < open.size(); ++k) total *= 3;
  for (std::size_t code = 0; code < total; ++code) {
    std::size_t c = code;
    for (Eigen::Index i : open) side[static_cast<std::size_t>(i)] = static_cast<BoxSide>(c % 3), c /= 3;
    solve(side, r.z, r.w);
    ++r.pivots;
    if (!r.z.allFinite() || !r.w.allFinite()) continue;
    const double tw = 1e-9 * std::max(w_scale, std::max(r.w.cwiseAbs().maxCoeff(), 1e-300));
    if (violators(side, r.z, r.w, lo, hi, 1e-9 * bound_scale(lo, hi), tw).empty()) {
      r.side = side;
      return r;
    }
  }
  throw SolverError("box LCP: no partition of the " + std::to_string(open.size()) +
                    " contacts satisfies the complementarity conditions");
}

double bound_value(BoxSide s, Eigen::Index i, const Vec& lo, const Vec& hi) {
  return s == BoxSide::upper ? hi[i] : lo[i];
}

}  // namespace

BoxLcpResult solve_box_lcp(const Eigen::MatrixXd& M, const Vec& q, const Vec& lo, const Vec& hi,
                           std::vector<BoxSide> start) {
  const Eigen::Index n = q.size();
  if (M.rows() != n || M.cols() != n) throw std::logic_error("solve_box_lcp: M must be n x n");
  return pivot(lo, hi, std::move(start), [&](const std::vector<BoxSide>& side, Vec& z, Vec& w) {
    std::vector<Eigen::Index> f;
    for (Eigen::Index i = 0; i < n; ++i) {
      const BoxSide s = side[static_cast<std::size_t>(i)];
      if (s == BoxSide::free && hi[i] > lo[i]) f.push_back(i);
      else z[i] = bound_value(s == BoxSide::free ? BoxSide::lower : s, i, lo, hi);
    }
    if (!f.empty()) {
      const auto nf = static_cast<Eigen::Index>(f.size());
      Eigen::MatrixXd a(nf, nf);
      Vec b(nf);
      for (Eigen::Index r = 0; r < nf; ++r) {
        double rhs = -q[f[static_cast<std::size_t>(r)]];
        for (Eigen::Index j = 0; j < n; ++j)
          if (side[static_cast<std::size_t>(j)] != BoxSide::free || !(hi[j] > lo[j])) rhs -= M(f[static_cast<std::size_t>(r)], j) * z[j];
        b[r] = rhs;
        for (Eigen::Index c = 0; c < nf; ++c) a(r, c) = M(f[static_cast<std::size_t>(r)], f[static_cast<std::size_t>(c)]);
      }
      const Vec zf = Eigen::FullPivLU<Eigen::MatrixXd>(a).solve(b);
      for (Eigen::Index r = 0; r < nf; ++r) z[f[static_cast<std::size_t>(r)]] = zf[r];
    }
    w = M * z + q;
  });
}

ContactLcpResult solve_contact_lcp(const SparseMatrix& H, const Vec& r, const SparseMatrix& W, const Vec& c,
                                   const Vec& lo, const Vec& hi, std::vector<BoxSide> start) {
  const Eigen::Index n = H.rows(), m = W.rows();
  if (H.cols() != n || r.size() != n || W.cols() != n || c.size() != m || lo.size() != m)
    throw std::logic_error("solve_contact_lcp: sizes of H, r, W, c, lo do not match");
  // The regularisation of a singular saddle point (dependent rows of stuck contacts): a compliance at 1e-12 of the
  // contacts' inverse effective masses, so the stuck forces become the least-squares ones.
  double inverse_mass = 0;
  {
    const Vec d = H.diagonal();
    for (int k = 0; k < W.outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(W, k); it; ++it)
        if (d[it.col()] > 0) inverse_mass = std::max(inverse_mass, it.value() * it.value() / d[it.col()]);
  }
  ContactLcpResult out;
  Vec y = Vec::Zero(n);
  BoxLcpResult b = pivot(lo, hi, std::move(start), [&](const std::vector<BoxSide>& side, Vec& z, Vec& w) {
    std::vector<Eigen::Index> f;
    Vec rhs_top = r;
    for (Eigen::Index i = 0; i < m; ++i) {
      const BoxSide s = side[static_cast<std::size_t>(i)];
      if (s == BoxSide::free && hi[i] > lo[i]) f.push_back(i);
      else z[i] = bound_value(s == BoxSide::free ? BoxSide::lower : s, i, lo, hi);
    }
    // r + W_B^T z_B
    for (int k = 0; k < W.outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(W, k); it; ++it) {
        const Eigen::Index i = it.row();
        const BoxSide s = side[static_cast<std::size_t>(i)];
        if (s != BoxSide::free || !(hi[i] > lo[i])) rhs_top[it.col()] += it.value() * z[i];
      }
    const auto nf = static_cast<Eigen::Index>(f.size());
    if (nf == 0) {
      Eigen::SimplicialLDLT<SparseMatrix> ldlt(H);
      if (ldlt.info() != Eigen::Success) throw SolverError("box LCP: the system matrix H is not positive definite");
      y = ldlt.solve(rhs_top);
    } else {
      std::vector<Eigen::Index> row_of(static_cast<std::size_t>(m), -1);
      for (Eigen::Index k = 0; k < nf; ++k) row_of[static_cast<std::size_t>(f[static_cast<std::size_t>(k)])] = k;
      for (int attempt = 0; attempt < 2; ++attempt) {
        std::vector<Eigen::Triplet<double>> t;
        t.reserve(static_cast<std::size_t>(H.nonZeros() + 2 * W.nonZeros() + nf));
        for (int k = 0; k < H.outerSize(); ++k)
          for (SparseMatrix::InnerIterator it(H, k); it; ++it) t.emplace_back(it.row(), it.col(), it.value());
        for (int k = 0; k < W.outerSize(); ++k)
          for (SparseMatrix::InnerIterator it(W, k); it; ++it) {
            const Eigen::Index row = row_of[static_cast<std::size_t>(it.row())];
            if (row < 0) continue;
            t.emplace_back(n + row, it.col(), it.value());
            t.emplace_back(it.col(), n + row, -it.value());
          }
        if (attempt == 1)
          for (Eigen::Index k = 0; k < nf; ++k) t.emplace_back(n + k, n + k, 1e-12 * inverse_mass);
        SparseMatrix kkt(n + nf, n + nf);
        kkt.setFromTriplets(t.begin(), t.end());
        Eigen::SparseLU<SparseMatrix> lu;
        lu.analyzePattern(kkt);
        lu.factorize(kkt);
        if (lu.info() != Eigen::Success) continue;
        Vec rhs(n + nf);
        rhs.head(n) = rhs_top;
        for (Eigen::Index k = 0; k < nf; ++k) rhs[n + k] = c[f[static_cast<std::size_t>(k)]];
        const Vec sol = lu.solve(rhs);
        y = sol.head(n);
        for (Eigen::Index k = 0; k < nf; ++k) z[f[static_cast<std::size_t>(k)]] = sol[n + k];
        break;
      }
    }
    w = W * y - c;
  });
  static_cast<BoxLcpResult&>(out) = std::move(b);
  out.y = y;
  return out;
}

bool box_lcp_holds(const Vec& z, const Vec& w, const Vec& lo, const Vec& hi, double w_scale, double tol) {
  const double tz = tol * bound_scale(lo, hi);
  const double tw = tol * std::max(w_scale, 1e-300);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (z[i] < lo[i] - tz || z[i] > hi[i] + tz) return false;
    if (!(hi[i] > lo[i])) continue;
    const bool at_lo = z[i] <= lo[i] + tz, at_hi = z[i] >= hi[i] - tz;
    if (at_lo && w[i] < -tw) return false;
    if (at_hi && w[i] > tw) return false;
    if (!at_lo && !at_hi && std::abs(w[i]) > tw) return false;
  }
  return true;
}

}  // namespace stickslip
