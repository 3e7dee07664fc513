#include "models/sliding_plates_exact.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/root_finding.hpp"

namespace stickslip {

ExactSlidingPlates::ExactSlidingPlates(PlateParameters p, const Csds&, double v0, double xi0, double horizon)
    : ExactSlidingPlates(p, false, v0, xi0, horizon) {}

ExactSlidingPlates::ExactSlidingPlates(PlateParameters p, const Dsds&, double v0, double xi0, double horizon)
    : ExactSlidingPlates(p, true, v0, xi0, horizon) {}

ExactSlidingPlates::ExactSlidingPlates(PlateParameters p, bool dsds, double v0, double xi0, double horizon)
    : p_(p), dsds_(dsds), v0_(v0), horizon_(horizon) {
  p_.validate();
  if (!dsds && !(p_.gamma > 0))
    throw_input("gamma", format_value(p_.gamma), "must be > 0 for friction=csds (eq. 10 divides by it)");
  const double vstar = p_.gamma * p_.fmax / (p_.m * p_.k);
  const double fs0 = -p_.k * xi0 - p_.gamma * v0;
  Phase first{0.0, stick_mode, v0, xi0};
  if (std::abs(fs0) > p_.fmax) {
    const int s = fs0 > 0 ? +1 : -1;
    if (dsds_) {
      first.xi = -(s * p_.fmax + p_.gamma * v0) / p_.k;  // eq. 3 applied at t = 0
      if (s * v0 < -vstar) first.kind = s > 0 ? slide_pos : slide_neg;
      else sticks_at_start_ = true;  // a slide of zero length: slide -> stick at t = 0
    } else {
      first.kind = s > 0 ? slide_pos : slide_neg;
    }
  }
  phases_.push_back(first);
  // Follow the phases up to the horizon; a sticking phase can be followed by sliding again.
  for (int guard = 0; guard < 10000; ++guard) {
    const Phase& ph = phases_.back();
    const double t_end = phase_end(ph, horizon_);
    if (!(t_end < horizon_)) break;
    const State s = in_phase(ph, t_end - ph.t_start);
    Phase next{t_end, stick_mode, s.v, s.xi};
    if (ph.kind == stick_mode) {
      const double fs = -p_.k * s.xi - p_.gamma * s.v;
      next.kind = fs > 0 ? slide_pos : slide_neg;
    } else if (dsds_) {
      next.xi = -((ph.kind == slide_pos ? 1 : -1) * p_.fmax + p_.gamma * s.v) / p_.k;
    }
    phases_.push_back(next);
  }
}

ExactSlidingPlates::State ExactSlidingPlates::in_phase(const Phase& ph, double tau) const {
  State st{};
  st.kind = ph.kind;
  if (ph.kind == stick_mode) {
    const double alpha = p_.gamma / (2 * p_.m);
    const double w02 = p_.k / p_.m;
    const double lambda = w02 - alpha * alpha;
    double c, s;
    if (lambda > 0) {
      const double wd = std::sqrt(lambda);
      c = std::cos(wd * tau);
      s = std::sin(wd * tau) / wd;
    } else if (lambda < 0) {
      const double wd = std::sqrt(-lambda);
      c = std::cosh(wd * tau);
      s = std::sinh(wd * tau) / wd;
    } else {
      c = 1;
      s = tau;
    }
    const double e = std::exp(-alpha * tau);
    st.xi = e * (ph.xi * c + (ph.v + alpha * ph.xi) * s);
    st.v = e * (ph.v * c - (alpha * ph.v + w02 * ph.xi) * s);
    st.force = -p_.k * st.xi - p_.gamma * st.v;
  } else {
    const int sg = ph.kind == slide_pos ? +1 : -1;
    st.v = ph.v + sg * p_.fmax * tau / p_.m;
    if (!dsds_)
      st.xi = -sg * p_.fmax / p_.k + (ph.xi + sg * p_.fmax / p_.k) * std::exp(-p_.k * tau / p_.gamma);
    else
      st.xi = -(sg * p_.fmax + p_.gamma * st.v) / p_.k;
    st.force = sg * p_.fmax;
  }
  st.work = 0.5 * p_.m * (st.v * st.v - v0_ * v0_);
  return st;
}

double ExactSlidingPlates::phase_end(const Phase& ph, double limit) const {
  const double span = limit - ph.t_start;
  if (!(span > 0)) return limit;
  if (ph.kind != stick_mode && dsds_) {
    const int sg = ph.kind == slide_pos ? +1 : -1;
    const double vstar = p_.gamma * p_.fmax / (p_.m * p_.k);
    const double tau = -p_.m * (sg * ph.v + vstar) / p_.fmax;
    return tau > 0 && tau < span ? ph.t_start + tau : limit;
  }
  // h < 0 while the phase holds: sticking |F_S| - F_max, sliding F_max - s F_S.
  auto h = [&](double tau) {
    const State st = in_phase(ph, tau);
    const double fs = -p_.k * st.xi - p_.gamma * st.v;
    if (ph.kind == stick_mode) return std::abs(fs) - p_.fmax;
    return p_.fmax - (ph.kind == slide_pos ? fs : -fs);
  };
  // Scan for the first upward crossing; the first point is taken just off the start, where h may be a
  // round-off either side of zero (the phase began on the switching surface).
  const int n = 20000;
  const double d = span / n;
  double a = 1e-9 * d, fa = h(a);
  for (int i = 1; i <= n; ++i) {
    const double b = i * d;
    const double fb = h(b);
    if (fa < 0 && fb >= 0) {
      const Bracket br = illinois(h, a, b, fa, fb, 4 * std::numeric_limits<double>::epsilon() * (ph.t_start + b));
      return ph.t_start + br.b;
    }
    a = b;
    fa = fb;
  }
  return limit;
}

ExactSlidingPlates::State ExactSlidingPlates::at(double t) const {
  std::size_t i = phases_.size() - 1;
  while (i > 0 && phases_[i].t_start > t) --i;
  return in_phase(phases_[i], t - phases_[i].t_start);
}

std::optional<double> ExactSlidingPlates::t_stick() const {
  std::optional<double> last;
  if (sticks_at_start_) last = 0.0;
  for (std::size_t i = 1; i < phases_.size(); ++i)
    if (phases_[i].kind == stick_mode && phases_[i - 1].kind != stick_mode) last = phases_[i].t_start;
  return last;
}

namespace {
template <class L>
constexpr bool has_exact_plates = std::is_same_v<L, Csds> || std::is_base_of_v<Dsds, L>;
}  // namespace

std::vector<std::string> laws_with_exact_plates() {
  std::vector<std::string> names;
  for_each_law([&](const auto& e) {
    if constexpr (has_exact_plates<typename std::decay_t<decltype(e)>::Law>) names.emplace_back(e.name);
  });
  return names;
}

std::optional<ExactSlidingPlates> exact_plates_of(const PlateParameters& p, const std::string& law, double v0,
                                                  double xi0, double horizon) {
  return with_law("friction", law, [&](const auto& e) -> std::optional<ExactSlidingPlates> {
    using L = typename std::decay_t<decltype(e)>::Law;
    if constexpr (std::is_same_v<L, Csds>) return ExactSlidingPlates(p, Csds{}, v0, xi0, horizon);
    else if constexpr (std::is_base_of_v<Dsds, L>) return ExactSlidingPlates(p, Dsds{}, v0, xi0, horizon);
    else return std::nullopt;
  });
}

}  // namespace stickslip
