#include "studies/experiment/property_checks.hpp"

#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/errors.hpp"

namespace stickslip {

double Draw::operator[](const std::string& key) const {
  const auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("property check reads undrawn key '" + key + "'");
  return it->second;
}

std::string Draw::describe() const {
  std::string s;
  for (const auto& [k, v] : values_) s += (s.empty() ? "" : " ") + k + "=" + format_value(v);
  return s;
}

bool Measurement::passed() const { return std::isfinite(error) && std::isfinite(tolerance) && error <= tolerance; }

namespace {
// splitmix64: decorrelates the seed, the check and the index before they seed the generator.
unsigned long long mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
unsigned long long fnv1a(const std::string& s) {
  unsigned long long h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}
}  // namespace

Draw make_draw(const PropertyCheck& check, unsigned long long seed, long index) {
  std::mt19937_64 rng(mix(mix(seed) ^ fnv1a(check.model + "|" + check.driver) ^ mix(static_cast<unsigned long long>(index))));
  Draw d;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (const ParameterRange& r : check.ranges) {
      const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // [0, 1)
      const double v = r.log_scale ? r.lo * std::pow(r.hi / r.lo, u) : r.lo + (r.hi - r.lo) * u;
      d.set(r.key, v);
    }
    if (!check.admissible || check.admissible(d)) return d;
  }
  throw std::logic_error("property check " + check.model + " x " + check.driver + ": no admissible draw in 1000");
}

std::vector<PropertyCheck> all_property_checks() {
  std::vector<PropertyCheck> all;
  for (auto part : {plate_property_checks, oscillator_property_checks, belt_property_checks, block_property_checks,
                    polygon_property_checks, sphere_property_checks, container_property_checks, stochastic_property_checks,
                    heap_property_checks, system_property_checks, particle_property_checks, law_property_checks})
    for (auto& c : part()) all.push_back(std::move(c));
  return all;
}

}  // namespace stickslip
