// models/relation_catalog.hpp — the small systems by name, for a caller that builds one from KEY = value pairs (the
// Python package's stickslip.model): each relation's keys (its parameters and its initial state, spelt, with units,
// as the study that runs it spells them) and the law parameters the relation binds to its own keys.
//   sliding-plates       models/sliding_plates.hpp (study sliding-plates): m, k, gamma, fmax; v0, xi0
//   incline-block        models/incline_block.hpp (study slope-drift): size, angle_deg, mu, rho, Y, gamma, damping,
//                        g; s0, v0 (the block starts at its static normal overlap, at rest normal to the slope)
//   friction-oscillator  models/friction_oscillator.hpp (study dry-friction-oscillator): m, k, F_N, v_belt; x0, v0
// with_relation(name, values, f) calls f(RelationSetup<R>): the relation, the law values it binds, and its initial
// state (body rows, extra rows, the law state z0). Any key not listed is a law parameter (the caller's business).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/types.hpp"
#include "models/contact/law.hpp"
#include "models/friction_oscillator.hpp"
#include "models/incline_block.hpp"
#include "models/sliding_plates.hpp"

namespace stickslip {

struct RelationKey {
  std::string name, unit;
  double fallback;
  std::string help;
};

struct RelationInfo {
  std::string name, study, summary;  // study: the study of the command line that runs this relation
  std::vector<RelationKey> keys;     // parameters, then the initial state
  std::vector<std::string> bound;    // the law parameters the relation sets from its keys
};

const std::vector<RelationInfo>& relation_catalog();
// The entry of relation `name` (or of the study that runs it); an InputError naming `key` lists the relations.
const RelationInfo& relation_info(const std::string& key, const std::string& name);

template <class R>
struct RelationSetup {
  R relation;
  LawValues bound;  // the law parameters the relation binds, each carrying the relation's key
  Vec body0, extra0;
  double z0 = 0;    // the law's state (a spring xi; the force of a DAE law is found by its projection)
};

using RelationValues = std::map<std::string, double>;
RelationSetup<SlidingPlates> plates_setup(const RelationValues& values);
RelationSetup<InclineBlock> block_setup(const RelationValues& values);
RelationSetup<FrictionOscillator> oscillator_setup(const RelationValues& values);

// f(setup) for relation `name` built from `values` (the relation's keys; missing ones take their defaults). Every
// value is checked by the relation's own validation (InputError naming the key).
template <class F>
auto with_relation(const std::string& name, const RelationValues& values, F&& f) {
  const std::string& canonical = relation_info("relation", name).name;
  if (canonical == "incline-block") return f(block_setup(values));
  if (canonical == "friction-oscillator") return f(oscillator_setup(values));
  return f(plates_setup(values));
}

}  // namespace stickslip
