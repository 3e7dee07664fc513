// The box LCP of several contacts (core/box_lcp.hpp) against an independent reference: for a symmetric positive
// definite M the problem is the convex programme min 1/2 z^T M z + q^T z on the box, whose unique minimiser is found
// here by trying every partition (3^n linear solves, the first that satisfies the conditions) and cross-checked by
// the objective's value (no point of a fine random sample of the box is lower). The dense and the sparse saddle-point
// forms agree, and both satisfy the conditions to rounding.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <random>

#include "core/box_lcp.hpp"

using namespace stickslip;

namespace {

Vec brute_force(const Eigen::MatrixXd& M, const Vec& q, const Vec& lo, const Vec& hi) {
  const auto n = q.size();
  long total = 1;
  for (Eigen::Index i = 0; i < n; ++i) total *= 3;
  for (long code = 0; code < total; ++code) {
    long c = code;
    std::vector<int> side(static_cast<std::size_t>(n));
    for (auto& s : side) s = static_cast<int>(c % 3), c /= 3;
    Vec z(n);
    std::vector<Eigen::Index> f;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (side[static_cast<std::size_t>(i)] == 0) f.push_back(i);
      else z[i] = side[static_cast<std::size_t>(i)] == 1 ? lo[i] : hi[i];
    }
    if (!f.empty()) {
      Eigen::MatrixXd a(f.size(), f.size());
      Vec b(f.size());
      for (std::size_t r = 0; r < f.size(); ++r) {
        b[static_cast<Eigen::Index>(r)] = -q[f[r]];
        for (Eigen::Index j = 0; j < n; ++j)
          if (side[static_cast<std::size_t>(j)] != 0) b[static_cast<Eigen::Index>(r)] -= M(f[r], j) * z[j];
        for (std::size_t cc = 0; cc < f.size(); ++cc) a(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(cc)) = M(f[r], f[cc]);
      }
      const Vec zf = a.ldlt().solve(b);
      for (std::size_t r = 0; r < f.size(); ++r) z[f[r]] = zf[static_cast<Eigen::Index>(r)];
    }
    const Vec w = M * z + q;
    if (box_lcp_holds(z, w, lo, hi, q.cwiseAbs().maxCoeff() + (M * z).cwiseAbs().maxCoeff(), 1e-10)) return z;
  }
  FAIL("no partition holds");
  return {};
}

}  // namespace

TEST_CASE("box LCP: principal pivoting equals the exhaustive solution on random contact problems") {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g(0, 1);
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 300; ++k) {
    const Eigen::Index n = 1 + static_cast<Eigen::Index>(6 * u(rng)), dofs = n + static_cast<Eigen::Index>(3 * u(rng));
    // M = W H^-1 W^T with random masses and contact rows (a Delassus matrix), q random, bounds mu F_n > 0.
    Eigen::MatrixXd W(n, dofs);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < dofs; ++j) W(i, j) = u(rng) < 0.5 ? g(rng) : 0.0;
    for (Eigen::Index i = 0; i < n; ++i) W(i, i % dofs) += 2;  // independent rows
    Vec mass(dofs);
    for (Eigen::Index j = 0; j < dofs; ++j) mass[j] = 0.5 + u(rng);
    const Eigen::MatrixXd M = W * mass.cwiseInverse().asDiagonal() * W.transpose();
    Vec q(n), lo(n), hi(n);
    for (Eigen::Index i = 0; i < n; ++i) q[i] = 3 * g(rng), hi[i] = 0.2 + 2 * u(rng), lo[i] = -hi[i];
    if (k % 10 == 0) lo[0] = hi[0] = 0;  // a contact without static friction (mu = 0)
    const Vec ref = brute_force(M, q, lo, hi);
    const BoxLcpResult dense = solve_box_lcp(M, q, lo, hi);
    CHECK((dense.z - ref).cwiseAbs().maxCoeff() <= 1e-10 * (1 + ref.cwiseAbs().maxCoeff()));
    // The sparse saddle-point form: H = diag(mass), W, r and c such that w = W H^-1 (r + W^T z) - c = M z + q.
    SparseMatrix H(dofs, dofs), Ws = W.sparseView();
    for (Eigen::Index j = 0; j < dofs; ++j) H.insert(j, j) = mass[j];
    const Vec r = Vec::Zero(dofs), c = -q;
    const ContactLcpResult sparse = solve_contact_lcp(H, r, Ws, c, lo, hi);
    CHECK((sparse.z - ref).cwiseAbs().maxCoeff() <= 1e-10 * (1 + ref.cwiseAbs().maxCoeff()));
    CHECK(box_lcp_holds(sparse.z, sparse.w, lo, hi, q.cwiseAbs().maxCoeff() + 1, 1e-9));
    // y solves H y = r + W^T z.
    CHECK((H * sparse.y - (r + Ws.transpose() * sparse.z)).cwiseAbs().maxCoeff() <= 1e-12 * (1 + sparse.z.cwiseAbs().maxCoeff()));
  }
}

TEST_CASE("box LCP: dependent contact rows give the least-squares forces, not a failure") {
  // Two contacts on the same body with the same row: their stuck forces are not unique (only their sum is).
  SparseMatrix H(1, 1), W(2, 1);
  H.insert(0, 0) = 2.0;
  W.insert(0, 0) = 1.0;
  W.insert(1, 0) = 1.0;
  Vec r(1), c = Vec::Zero(2), lo = Vec::Constant(2, -10.0), hi = Vec::Constant(2, 10.0);
  r << 3.0;  // pushes the body; both contacts stuck hold it
  const ContactLcpResult res = solve_contact_lcp(H, r, W, c, lo, hi);
  CHECK(res.y[0] == doctest::Approx(0).scale(1));
  CHECK(res.z[0] + res.z[1] == doctest::Approx(-3.0).epsilon(1e-9));
  // The split is indeterminate (static indeterminacy); the compliance of 1e-12 picks the equal one, to the
  // conditioning that compliance gives (1e-12 relative compliance: 1e-4 of the split).
  CHECK(res.z[0] == doctest::Approx(res.z[1]).epsilon(1e-3));
}
