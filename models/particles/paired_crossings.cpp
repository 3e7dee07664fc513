// models/particles/paired_crossings.cpp — see paired_crossings.hpp.
#include "models/particles/paired_crossings.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace stickslip {

bool homogeneous_to(const CrossingPair& p, std::size_t edge) {
  if (edge >= p.t_csds.size() || edge >= p.t_dsds.size()) return false;  // an edge the runs have no crossing for
  return std::isfinite(p.t_csds[edge]) && std::isfinite(p.t_dsds[edge]) && p.t_csds[edge] <= p.homogeneous_end_csds &&
         p.t_dsds[edge] <= p.homogeneous_end_dsds;
}

std::size_t deepest_common_edge(const std::vector<CrossingPair>& pairs, std::size_t edges) {
  std::vector<std::size_t> reach;
  for (const CrossingPair& p : pairs) {
    std::size_t e = 0;
    while (e + 1 < edges && homogeneous_to(p, e + 1)) ++e;
    reach.push_back(e);
  }
  std::sort(reach.begin(), reach.end(), std::greater<>());
  const std::size_t need = std::max<std::size_t>(2, static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(reach.size()))));
  return reach.size() >= need ? reach[need - 1] : 0;
}

PairedRatio bin_rate_ratio(const std::vector<CrossingPair>& pairs, std::size_t b) {
  std::vector<double> dc, dd;
  for (const CrossingPair& p : pairs) {
    if (!homogeneous_to(p, b + 1)) continue;
    dc.push_back(p.t_csds[b + 1] - p.t_csds[b]);
    dd.push_back(p.t_dsds[b + 1] - p.t_dsds[b]);
  }
  return paired_ratio(dc, dd);
}

PairedRatio whole_range_rate_ratio(const std::vector<CrossingPair>& pairs, std::size_t deepest) {
  std::vector<double> wc, wd;
  for (const CrossingPair& p : pairs) {
    if (deepest == 0 || !homogeneous_to(p, deepest)) continue;
    wc.push_back(p.t_csds[deepest]);
    wd.push_back(p.t_dsds[deepest]);
  }
  return paired_ratio(wc, wd);
}

double seeds_needed(const PairedRatio& r, double precision) {
  return std::isfinite(r.stderr_) ? std::ceil(static_cast<double>(r.n) * std::pow(r.stderr_ / precision, 2)) : NAN;
}

}  // namespace stickslip
