// studies/property_checks_tmp.cpp — TEMPORARY stand-in for studies/property_checks.cpp (the lead's, in /work/main)
// so that branch issue9-checks links and tests its checks: Draw, Measurement::passed, make_draw. Delete on merge.
#include <cmath>
#include <functional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "studies/property_checks.hpp"

namespace stickslip {

double Draw::operator[](const std::string& key) const {
  const auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("Draw: key '" + key + "' was not drawn");
  return it->second;
}

std::string Draw::describe() const {
  std::ostringstream o;
  o.precision(17);
  bool first = true;
  for (const auto& [k, v] : values_) {
    o << (first ? "" : " ") << k << '=' << v;
    first = false;
  }
  return o.str();
}

bool Measurement::passed() const { return std::isfinite(error) && std::isfinite(tolerance) && error <= tolerance; }

Draw make_draw(const PropertyCheck& check, unsigned long long seed, long index) {
  std::mt19937_64 rng(seed ^ std::hash<std::string>{}(check.model + check.driver) ^ static_cast<unsigned long long>(index));
  Draw d;
  for (const auto& r : check.ranges) {
    const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // [0, 1)
    d.set(r.key, r.log_scale ? std::exp(std::log(r.lo) + u * (std::log(r.hi) - std::log(r.lo))) : r.lo + u * (r.hi - r.lo));
  }
  return d;
}

}  // namespace stickslip
