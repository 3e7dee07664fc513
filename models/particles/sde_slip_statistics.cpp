// models/particles/sde_slip_statistics.cpp — see sde_slip_statistics.hpp.
#include "models/particles/sde_slip_statistics.hpp"

#include <cmath>

#include "models/particles/sde_equipartition.hpp"

namespace stickslip {

SlipStatistics::SlipStatistics(const SlipStatisticsSpec& spec, const EngineSde& model, const Vec& predicted_var,
                               VecCRef x)
    : spec_(spec), model_(model), C_(model.contacts()), var_(predicted_var), var_floor_(1e-12 * var_.maxCoeff()),
      hu_(spec.histogram_bins, spec.histogram_range), hv_(hu_), hw_(hu_), batches_(spec.samples, 40),
      comp_sum_(2 * C_, 0), part_sum_(Vec::Zero(6)), acf_(spec.lags, C_), e1_(C_), e2_(C_) {
  update_bases(x);  // fixed geometry: constant; bonded: recomputed per sample
}

void SlipStatistics::update_bases(VecCRef x) {
  for (std::size_t c = 0; c < C_; ++c) tangent_basis(model_.kinematics(x, c).n, e1_[c], e2_[c]);
}

void SlipStatistics::sample(VecCRef x) {
  if (spec_.geometry == ContactGeometry::bonded) update_bases(x);
  std::vector<Vec3>& slot = acf_.next();
  double ratio_now = 0;
  for (std::size_t c = 0; c < C_; ++c) {
    const Vec3 u = -model_.kinematics(x, c).vt;  // u_perp of the seed (S2)
    slot[c] = u;
    const double scale = std::sqrt(spec_.kT * model_.nu(c));
    ratio_now += u.squaredNorm() / (2 * scale * scale) / C_;
    for (int a = 0; a < 2; ++a) {
      const double z = u.dot(a == 0 ? e1_[c] : e2_[c]) / scale;
      comp_sum_[2 * c + a] += z * z;
      hu_.add(z);
    }
  }
  acf_.push();
  const Vec3 v0 = model_.velocity(x, 0), w0 = model_.spin(x, 0);
  for (int a = 0; a < 3; ++a) {
    part_sum_[a] += v0[a] * v0[a];
    part_sum_[3 + a] += w0[a] * w0[a];
    if (var_[a] > var_floor_) hv_.add(v0[a] / std::sqrt(var_[a]));
    if (var_[3 + a] > var_floor_) hw_.add(w0[a] / std::sqrt(var_[3 + a]));
  }
  batches_.add(n_, ratio_now);
  total_sum_ += ratio_now;
  ++n_;
}

std::vector<double> SlipStatistics::component_ratios() const {
  std::vector<double> r;
  for (double s : comp_sum_) r.push_back(s / n_);
  return r;
}

std::vector<double> SlipStatistics::particle_variance_ratios() const {
  std::vector<double> r;
  for (int a = 0; a < 6; ++a) r.push_back(var_[a] > var_floor_ ? part_sum_[a] / n_ / var_[a] : 0);
  return r;
}

}  // namespace stickslip
