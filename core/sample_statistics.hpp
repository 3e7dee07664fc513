// core/sample_statistics.hpp — estimators of a sample:
//   mean_of, stderr_of   the mean and the standard error of that mean (ensembles over seeds):
//                        mean = (1/n) sum x_k,   stderr = sqrt( sum (x_k - mean)^2 / ((n - 1) n) );
//   DensityHistogram     the density of a variable on [-range, range] in `bins` equal bins of width w = 2 range/bins:
//                        p_b = count_b / (n w), n every value offered (those outside the range included);
//   BatchMeans           the standard error of the mean of a correlated series from B consecutive batches:
//                        stderr = sqrt( sum_b (m_b - m)^2 / ((B - 1) B) ), m_b a batch's mean, m the whole mean;
//   LagAutocorrelation   C(k) = <sum_c a_c(s) . a_c(s - k)>_s / C(0) of a series of samples, each a list of items
//                        (vectors) a_c, over the lags k = 0..K (the last K + 1 samples kept in a ring).
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

namespace stickslip {

inline double mean_of(const std::vector<double>& v) {  // NaN when empty
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? NAN : s / static_cast<double>(v.size());
}

inline double stderr_of(const std::vector<double>& v) {  // NaN with fewer than 2
  if (v.size() < 2) return NAN;
  const double m = mean_of(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size() - 1) / static_cast<double>(v.size()));
}

// The same, 0 with fewer than 2 (one seed: no error bar).
inline double stderr_or_zero(const std::vector<double>& v) { return v.size() > 1 ? stderr_of(v) : 0.0; }

class DensityHistogram {
 public:
  DensityHistogram(int bins, double range) : range_(range), width_(2 * range / bins), count_(bins, 0.0) {}
  void add(double z) {
    const int b = static_cast<int>(std::floor((z + range_) / width_));
    if (b >= 0 && b < static_cast<int>(count_.size())) count_[b] += 1;
    n_ += 1;
  }
  double centre(int b) const { return -range_ + (b + 0.5) * width_; }
  double density(int b) const { return n_ > 0 ? count_[b] / (n_ * width_) : 0.0; }
  int bins() const { return static_cast<int>(count_.size()); }

 private:
  double range_, width_, n_ = 0;
  std::vector<double> count_;
};

class BatchMeans {
 public:
  // `samples` values expected in all, `batches` batches of consecutive values.
  BatchMeans(long samples, int batches) : samples_(samples), sum_(batches, 0.0), n_(batches, 0.0) {}
  // The value of sample k (0 <= k < samples).
  void add(long k, double x) {
    const int b = static_cast<int>(k * static_cast<long>(sum_.size()) / samples_);
    sum_[b] += x;
    n_[b] += 1;
  }
  // The standard error of `mean`, the mean of all values (summed by the caller in its order).
  double stderr_of_mean(double mean) const {
    double var = 0;
    const double batches = static_cast<double>(sum_.size());
    for (std::size_t b = 0; b < sum_.size(); ++b) var += std::pow(sum_[b] / n_[b] - mean, 2);
    return std::sqrt(var / (batches - 1) / batches);
  }

 private:
  long samples_;
  std::vector<double> sum_, n_;
};

template <class Item>
class LagAutocorrelation {
 public:
  LagAutocorrelation(std::size_t lags, std::size_t items)
      : ring_(lags + 1, std::vector<Item>(items, Item::Zero())), sum_(lags + 1, 0.0), n_(lags + 1, 0.0) {}
  // The items of the next sample, to fill before push().
  std::vector<Item>& next() { return ring_[samples_ % ring_.size()]; }
  // Adds the products of the sample just filled with the last `lags` samples.
  void push() {
    const std::vector<Item>& now = ring_[samples_ % ring_.size()];
    for (std::size_t k = 0; k < ring_.size() && k <= samples_; ++k) {
      const std::vector<Item>& old = ring_[(samples_ - k) % ring_.size()];
      double dot = 0;
      for (std::size_t c = 0; c < now.size(); ++c) dot += now[c].dot(old[c]);
      sum_[k] += dot;
      n_[k] += 1;
    }
    ++samples_;
  }
  // The lags that have a product (k <= samples - 1) and C(k).
  std::size_t lags_with_data() const {
    std::size_t k = 0;
    while (k < n_.size() && n_[k] > 0) ++k;
    return k;
  }
  double correlation(std::size_t k) const { return sum_[k] / n_[k] / (sum_[0] / n_[0]); }

 private:
  std::vector<std::vector<Item>> ring_;
  std::vector<double> sum_, n_;
  std::size_t samples_ = 0;
};

}  // namespace stickslip
