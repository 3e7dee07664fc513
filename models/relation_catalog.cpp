// models/relation_catalog.cpp — see relation_catalog.hpp.
#include "models/relation_catalog.hpp"

#include <algorithm>
#include <cmath>

namespace stickslip {

const std::vector<RelationInfo>& relation_catalog() {
  static const std::vector<RelationInfo> c{
      {"sliding-plates", "sliding-plates",
       "two plates pressed together sliding against each other (Fuehrer, Brendel & Wolf §3.1); state v, law state, W",
       {{"m", "1", 1, "reduced mass"},
        {"k", "1", 1, "tangential stiffness (the law's kt)"},
        {"gamma", "1", 2, "tangential damping, absolute (the law's gamma_t m)"},
        {"fmax", "1", 1, "critical force mu F_n (F_n of a law with mu = 1)"},
        {"v0", "1", 4, "initial relative velocity v(0)"},
        {"xi0", "1", 0, "initial spring displacement xi(0)"}},
       {"kt", "gamma_t", "mu"}},
      {"incline-block", "slope-drift",
       "a square block on an inclined plane (Krengel & Matuttis §4, Table 1); state s, v, y, w, law state",
       {{"size", "m", 0.01, "block size l"},
        {"angle_deg", "deg", 30, "slope angle"},
        {"mu", "1", 0.6, "friction coefficient"},
        {"rho", "kg/m^3", 5000, "density"},
        {"Y", "kg/(m s^2)", 5e7, "Young's modulus"},
        {"gamma", "1", 1.5, "normal damping prefactor D of eq. 18"},
        {"damping", "1", 1, "1: normal and tangential damping on (Table 1), 0: off"},
        {"g", "m/s^2", 9.81, "gravity"},
        {"s0", "m", 0, "initial position down the slope"},
        {"v0", "m/s", 0, "initial speed down the slope (the block starts at its static normal overlap)"}},
       {"kt", "gamma_t", "mu"}},
      {"friction-oscillator", "dry-friction-oscillator",
       "a mass on a spring rubbing on a belt (Krengel & Matuttis eq. 1-3 at v_belt = 0); state x, v, law state",
       {{"m", "kg", 0.25, "mass"},
        {"k", "N/m", 1, "spring stiffness"},
        {"F_N", "N", 1, "normal force"},
        {"v_belt", "m/s", 0, "belt speed"},
        {"x0", "m", 1.9, "initial position"},
        {"v0", "m/s", 0, "initial velocity"}},
       {}},
  };
  return c;
}

const RelationInfo& relation_info(const std::string& key, const std::string& name) {
  const auto& c = relation_catalog();
  const auto it = std::find_if(c.begin(), c.end(), [&](const RelationInfo& r) { return r.name == name || r.study == name; });
  if (it != c.end()) return *it;
  std::vector<std::string> names;
  for (const auto& r : c) names.push_back(r.name);
  throw_input(key, name, "allowed: " + join(names) + " (or the study that runs one: sliding-plates, slope-drift, "
                         "dry-friction-oscillator)");
}

namespace {
double value(const RelationValues& values, const std::string& relation, const std::string& key) {
  if (const auto it = values.find(key); it != values.end()) return it->second;
  for (const RelationKey& k : relation_info("relation", relation).keys)
    if (k.name == key) return k.fallback;
  throw std::logic_error("relation_catalog: " + relation + " has no key " + key);
}
double finite(const RelationValues& values, const std::string& relation, const std::string& key) {
  const double v = value(values, relation, key);
  if (!std::isfinite(v)) throw_input(key, format_value(v), "must be a finite number");
  return v;
}
}  // namespace

RelationSetup<SlidingPlates> plates_setup(const RelationValues& values) {
  const std::string r = "sliding-plates";
  PlateParameters p;
  p.m = value(values, r, "m"), p.k = value(values, r, "k"), p.gamma = value(values, r, "gamma");
  p.fmax = value(values, r, "fmax");
  p.validate();
  RelationSetup<SlidingPlates> s{SlidingPlates{p}, p.law_values(), Vec::Constant(1, finite(values, r, "v0")),
                                 Vec::Zero(1), finite(values, r, "xi0")};
  return s;
}

RelationSetup<InclineBlock> block_setup(const RelationValues& values) {
  const std::string r = "incline-block";
  BlockParameters p;
  p.size = value(values, r, "size"), p.alpha = value(values, r, "angle_deg") * M_PI / 180;
  p.mu = value(values, r, "mu"), p.rho = value(values, r, "rho"), p.young = value(values, r, "Y");
  p.normal_damping = value(values, r, "gamma"), p.g = value(values, r, "g");
  const double damping = value(values, r, "damping");
  if (damping != 0 && damping != 1) throw_input("damping", format_value(damping), "allowed: 1 (on), 0 (off)");
  p.damping = damping == 1;
  p.validate();
  Vec b(4);
  b << finite(values, r, "s0"), finite(values, r, "v0"), -p.static_overlap(), 0.0;
  return {InclineBlock{p}, p.law_values(), b, Vec::Zero(0), 0.0};
}

RelationSetup<FrictionOscillator> oscillator_setup(const RelationValues& values) {
  const std::string r = "friction-oscillator";
  OscillatorParameters p;
  p.m = value(values, r, "m"), p.k = value(values, r, "k"), p.fn = value(values, r, "F_N");
  p.v_belt = value(values, r, "v_belt");
  p.validate();
  Vec b(2);
  b << finite(values, r, "x0"), finite(values, r, "v0");
  return {FrictionOscillator{p}, LawValues{}, b, Vec::Zero(0), 0.0};
}

}  // namespace stickslip
