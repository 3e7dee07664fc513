// models/system/coulomb_exact.cpp — see coulomb_exact.hpp.
#include "models/system/coulomb_exact.hpp"

#include "models/contact/registry.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <unsupported/Eigen/MatrixFunctions>
#include <cmath>
#include <stdexcept>
#include <string>

namespace stickslip {

namespace {

constexpr int kStick = 1, kSlidePos = 2, kSlideNeg = 3;
int sign_of(int mode) { return mode == kSlidePos ? 1 : -1; }

// The contact's mu where its law at its parameters is Coulomb friction (models/contact/registry.hpp,
// is_constant_coulomb: coulomb and its forms, weakening without weakening); any other law has no such solution.
double mu_of(const SystemContact& c) {
  double mu = 0;
  if (!is_constant_coulomb(c.law, c.values, &mu))
    throw std::invalid_argument("CoulombSystemExact: contact " + c.name + " has law " + c.law +
                                " (Coulomb only: a sliding force mu F_n at every slip speed)");
  return mu;
}

void require_affine(const TimeFunction& f, const std::string& what) {
  if (f.custom || (f.amplitude != 0 && f.omega != 0))
    throw std::invalid_argument("CoulombSystemExact: " + what + " is not affine in t");
}

}  // namespace

CoulombSystemExact::CoulombSystemExact(const SystemSpec& spec, double t_end) {
  spec.validate();
  n_ = spec.size();
  m_ = spec.contacts.size();
  const auto n = static_cast<Eigen::Index>(n_), m = static_cast<Eigen::Index>(m_);
  M_ = spec.mass_matrix.size() ? spec.mass_matrix : Eigen::MatrixXd(spec.mass.asDiagonal());
  Minv_ = M_.inverse();
  K_ = Eigen::MatrixXd::Zero(n, n), C_ = Eigen::MatrixXd::Zero(n, n);
  g0_ = Vec::Zero(n), g1_ = Vec::Zero(n);
  for (const SystemSpring& s : spec.springs) {
    if (s.unilateral) throw std::invalid_argument("CoulombSystemExact: unilateral spring " + s.name);
    if (s.a.dof && s.b.dof) {
      const auto a = static_cast<Eigen::Index>(*s.a.dof), b = static_cast<Eigen::Index>(*s.b.dof);
      for (auto* mat : {&K_, &C_}) {
        const double c = mat == &K_ ? s.k : s.c;
        (*mat)(a, a) += c, (*mat)(b, b) += c, (*mat)(a, b) -= c, (*mat)(b, a) -= c;
      }
      g0_[a] -= s.k * s.length, g0_[b] += s.k * s.length;
      continue;
    }
    // One end a drive p(t) = value + rate t.
    const bool a_body = s.a.dof.has_value();
    const SystemEnd& drive = a_body ? s.b : s.a;
    require_affine(drive.motion, "drive " + drive.drive);
    const auto k = static_cast<Eigen::Index>(a_body ? *s.a.dof : *s.b.dof);
    const double p0 = drive.motion.value, pv = drive.motion.rate;
    K_(k, k) += s.k, C_(k, k) += s.c;
    // body at a: f = k (p - x - L) + c (p' - v); body at b: f = -(k (x - p - L) + c (v - p')).
    g0_[k] += s.k * (p0 + (a_body ? -s.length : s.length)) + s.c * pv;
    g1_[k] += s.k * pv;
  }
  if (spec.stiffness.size()) K_ += spec.stiffness;
  if (spec.damping.size()) C_ += spec.damping;
  for (const SystemForce& f : spec.forces) {
    require_affine(f.f, "force " + f.name);
    g0_[static_cast<Eigen::Index>(f.dof)] += f.f.value;
    g1_[static_cast<Eigen::Index>(f.dof)] += f.f.rate;
  }
  W_ = Eigen::MatrixXd::Zero(m, n);
  u_ = Vec::Zero(m), fs_ = Vec::Zero(m);
  for (std::size_t c = 0; c < m_; ++c) {
    const SystemContact& ct = spec.contacts[c];
    for (const SparseTerm& w : ct.w) W_(static_cast<Eigen::Index>(c), static_cast<Eigen::Index>(w.dof)) = w.coeff;
    if (!ct.fn_q.empty() || !ct.fn_v.empty()) throw std::invalid_argument("CoulombSystemExact: normal force of " + ct.name + " depends on the state");
    if (!ct.u.constant()) throw std::invalid_argument("CoulombSystemExact: surface of " + ct.name + " moves unevenly");
    u_[static_cast<Eigen::Index>(c)] = ct.u.value;
    fs_[static_cast<Eigen::Index>(c)] = mu_of(ct) * std::max(0.0, ct.fn0);
  }
  // The shortest period (or the damping time, or the span) sets the grid on which transitions are bracketed.
  const Eigen::VectorXcd ev = (Minv_ * K_).eigenvalues();
  double w2 = 0;
  for (Eigen::Index i = 0; i < ev.size(); ++i) w2 = std::max(w2, ev[i].real());
  period_ = w2 > 0 ? 2 * M_PI / std::sqrt(w2) : t_end;
  const Eigen::VectorXcd ec = (Minv_ * C_).eigenvalues();
  for (Eigen::Index i = 0; i < ec.size(); ++i)
    if (ec[i].real() > 0) period_ = std::min(period_, 1 / ec[i].real());
  period_ = std::min(period_, t_end);

  // Initial state and mode.
  Vec y(2 * n + 2);
  y << spec.q0, spec.v0, 0.0, 1.0;
  std::vector<int> mode(m_, kStick);
  std::vector<std::size_t> at_rest;
  for (std::size_t c = 0; c < m_; ++c) {
    const double s = W_.row(static_cast<Eigen::Index>(c)).dot(spec.v0) - u_[static_cast<Eigen::Index>(c)];
    if (s > 0) mode[c] = kSlidePos;
    else if (s < 0) mode[c] = kSlideNeg;
    else at_rest.push_back(c);
  }
  mode = decide(y, mode, at_rest);
  double t = 0;
  // The grid: a 512th of the shortest period (a motion that reverses and sticks again within one grid step would
  // be missed), and a first step of 1e-5 of it, so that a function starting at zero (a slip that has just begun) is
  // armed at once.
  const double dtau = period_ / 512, first = 1e-5 * period_;
  for (int guard = 0; guard < 100000; ++guard) {
    Segment seg;
    seg.t0 = t, seg.y0 = y, seg.mode = mode;
    dynamics(mode, seg.B, seg.L);
    segments_.push_back(seg);
    // The event functions: sliding -sign s (< 0 while valid), stuck |lambda| - F_s; armed once negative.
    const auto g = [&](const Vec& yy, std::size_t c) {
      const auto cc = static_cast<Eigen::Index>(c);
      if (mode[c] == kStick) return std::abs(seg.L.row(cc).dot(yy)) - fs_[cc];
      const double s = W_.row(cc).dot(yy.segment(n, n)) - u_[cc];
      return -sign_of(mode[c]) * s;
    };
    std::vector<char> armed(m_, 0);
    for (std::size_t c = 0; c < m_; ++c) armed[c] = g(y, c) < 0;
    const Eigen::MatrixXd E = (seg.B * dtau).exp();
    Vec yk = y;
    double tau = 0, hit = -1;
    std::vector<std::size_t> fired;
    while (t + tau < t_end && hit < 0) {
      const double step = std::min(tau == 0 ? first : dtau, t_end - t - tau);
      const Vec y1 = step == dtau ? Vec(E * yk) : Vec((seg.B * step).exp() * yk);
      for (std::size_t c = 0; c < m_; ++c) {
        if (!armed[c]) continue;
        if (g(y1, c) < 0) continue;
        double lo = 0, hi = step;  // bisect within this interval (from yk)
        for (int it = 0; it < 200 && hi - lo > 0; ++it) {
          const double mid = 0.5 * (lo + hi);
          if (mid <= lo || mid >= hi) break;
          if (g(Vec((seg.B * mid).exp() * yk), c) >= 0) hi = mid;
          else lo = mid;
        }
        const double root = tau + hi;
        if (hit < 0 || root < hit - 1e-15 * period_) hit = root, fired.assign(1, c);
        else if (std::abs(root - hit) <= 1e-15 * period_) fired.push_back(c);
      }
      for (std::size_t c = 0; c < m_; ++c) armed[c] = armed[c] || g(y1, c) < 0;
      if (hit < 0) yk = y1, tau += step;
    }
    if (hit < 0) break;  // no transition before t_end
    t += hit;
    y = (seg.B * hit).exp() * seg.y0;
    const std::vector<int> next = decide(y, mode, fired);
    for (std::size_t c = 0; c < m_; ++c)
      if (next[c] != mode[c]) transitions_.push_back({t, c, mode[c], next[c]});
    mode = next;
  }
}

void CoulombSystemExact::dynamics(const std::vector<int>& mode, Eigen::MatrixXd& B, Eigen::MatrixXd& L) const {
  const auto n = static_cast<Eigen::Index>(n_), m = static_cast<Eigen::Index>(m_), dim = 2 * n + 2;
  // f(y) = F y: -K q - C v + g0 + g1 t + W_slide^T F_slide.
  Eigen::MatrixXd F = Eigen::MatrixXd::Zero(n, dim);
  F.leftCols(n) = -K_;
  F.middleCols(n, n) = -C_;
  F.col(2 * n) = g1_;
  F.col(2 * n + 1) = g0_;
  std::vector<Eigen::Index> stuck;
  for (Eigen::Index c = 0; c < m; ++c) {
    const int md = mode[static_cast<std::size_t>(c)];
    if (md == kStick) stuck.push_back(c);
    else F.col(2 * n + 1) += W_.row(c).transpose() * (-sign_of(md) * fs_[c]);
  }
  const auto ns = static_cast<Eigen::Index>(stuck.size());
  Eigen::MatrixXd Ws(ns, n);
  for (Eigen::Index k = 0; k < ns; ++k) Ws.row(k) = W_.row(stuck[static_cast<std::size_t>(k)]);
  Eigen::MatrixXd lambda = Eigen::MatrixXd::Zero(ns, dim);  // lambda_S = -(Ws M^-1 Ws^T)^-1 Ws M^-1 F y
  if (ns > 0) lambda = -(Ws * Minv_ * Ws.transpose()).fullPivLu().solve(Ws * Minv_ * F);
  B = Eigen::MatrixXd::Zero(dim, dim);
  B.block(0, n, n, n).setIdentity();
  B.middleRows(n, n) = Minv_ * (F + Ws.transpose() * lambda);
  B(2 * n, 2 * n + 1) = 1;  // t' = 1
  L = Eigen::MatrixXd::Zero(m, dim);
  for (Eigen::Index c = 0; c < m; ++c) {
    const int md = mode[static_cast<std::size_t>(c)];
    if (md != kStick) L(c, 2 * n + 1) = -sign_of(md) * fs_[c];
  }
  for (Eigen::Index k = 0; k < ns; ++k) L.row(stuck[static_cast<std::size_t>(k)]) = lambda.row(k);
}

bool CoulombSystemExact::valid_after(const Vec& y, const std::vector<int>& mode, double eps) const {
  Eigen::MatrixXd B, L;
  dynamics(mode, B, L);
  const auto n = static_cast<Eigen::Index>(n_);
  // At y itself: stuck forces within their thresholds.
  for (std::size_t c = 0; c < m_; ++c) {
    const auto cc = static_cast<Eigen::Index>(c);
    if (mode[c] == kStick && std::abs(L.row(cc).dot(y)) > fs_[cc] * (1 + 1e-9) + 1e-300) return false;
  }
  const Vec ye = (B * eps).exp() * y;
  for (std::size_t c = 0; c < m_; ++c) {
    const auto cc = static_cast<Eigen::Index>(c);
    if (mode[c] == kStick) {
      if (!(std::abs(L.row(cc).dot(ye)) < fs_[cc])) return false;
    } else {
      const double s = W_.row(cc).dot(ye.segment(n, n)) - u_[cc];
      if (!(sign_of(mode[c]) * s > 0)) return false;
    }
  }
  return true;
}

std::vector<int> CoulombSystemExact::decide(const Vec& y, const std::vector<int>& mode,
                                            const std::vector<std::size_t>& fired) const {
  std::vector<std::size_t> z;
  for (std::size_t c = 0; c < m_; ++c)
    if (mode[c] == kStick || std::find(fired.begin(), fired.end(), c) != fired.end()) z.push_back(c);
  std::size_t total = 1;
  for (std::size_t k = 0; k < z.size(); ++k) total *= 3;
  const double eps = 1e-5 * period_;
  for (std::size_t code = 0; code < total; ++code) {
    std::vector<int> trial = mode;
    std::size_t c = code;
    for (std::size_t j : z) trial[j] = static_cast<int>(c % 3) + 1, c /= 3;  // stick first
    if (valid_after(y, trial, eps)) return trial;
  }
  throw std::runtime_error("CoulombSystemExact: no consistent mode at a transition");
}

const CoulombSystemExact::Segment& CoulombSystemExact::segment(double t) const {
  std::size_t k = 0;
  while (k + 1 < segments_.size() && segments_[k + 1].t0 <= t) ++k;
  return segments_[k];
}

CoulombSystemExact::State CoulombSystemExact::at(double t) const {
  const Segment& s = segment(t);
  const Vec y = (s.B * (t - s.t0)).exp() * s.y0;
  const auto n = static_cast<Eigen::Index>(n_);
  return {y.head(n), y.segment(n, n), s.mode};
}

Vec CoulombSystemExact::forces(double t) const {
  const Segment& s = segment(t);
  return s.L * ((s.B * (t - s.t0)).exp() * s.y0);
}

}  // namespace stickslip
