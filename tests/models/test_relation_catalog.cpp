// tests/models/test_relation_catalog.cpp — the small systems by name (models/relation_catalog.hpp): the catalog's
// defaults are the relations' own (the studies' defaults), every key reaches its relation, bad values and names are
// InputErrors naming the key, and a law assembled through the catalog runs as the relation's own builder's does.
#include <doctest/doctest.h>

#include <cmath>

#include "core/errors.hpp"
#include "models/contact/relation_system.hpp"
#include "models/relation_catalog.hpp"
#include "solvers/contact_run.hpp"

using namespace stickslip;

namespace {
double fallback(const std::string& relation, const std::string& key) {
  for (const RelationKey& k : relation_info("r", relation).keys)
    if (k.name == key) return k.fallback;
  FAIL("no key " << key);
  return 0;
}
}  // namespace

TEST_CASE("the catalog's defaults are the relations' own") {
  const PlateParameters plates;
  CHECK(fallback("sliding-plates", "m") == plates.m);
  CHECK(fallback("sliding-plates", "k") == plates.k);
  CHECK(fallback("sliding-plates", "gamma") == plates.gamma);
  CHECK(fallback("sliding-plates", "fmax") == plates.fmax);
  const BlockParameters block;
  CHECK(fallback("incline-block", "size") == block.size);
  CHECK(fallback("incline-block", "angle_deg") * M_PI / 180 == doctest::Approx(block.alpha).epsilon(1e-15));
  CHECK(fallback("incline-block", "mu") == block.mu);
  CHECK(fallback("incline-block", "rho") == block.rho);
  CHECK(fallback("incline-block", "Y") == block.young);
  CHECK(fallback("incline-block", "gamma") == block.normal_damping);
  CHECK(fallback("incline-block", "g") == block.g);
  const OscillatorParameters osc;
  CHECK(fallback("friction-oscillator", "m") == osc.m);
  CHECK(fallback("friction-oscillator", "k") == osc.k);
  CHECK(fallback("friction-oscillator", "F_N") == osc.fn);
  CHECK(fallback("friction-oscillator", "v_belt") == osc.v_belt);
}

TEST_CASE("every key reaches its relation and the initial state") {
  const auto plates = plates_setup({{"m", 2}, {"k", 3}, {"gamma", 0.5}, {"fmax", 4}, {"v0", 7}, {"xi0", 0.25}});
  CHECK(plates.relation.p.m == 2);
  CHECK(plates.relation.p.k == 3);
  CHECK(plates.relation.p.gamma == 0.5);
  CHECK(plates.relation.p.fmax == 4);
  CHECK(plates.body0[0] == 7);
  CHECK(plates.z0 == 0.25);
  CHECK(plates.bound.find("gamma_t")->value == 0.25);  // gamma/m, reported under the key gamma
  CHECK(plates.bound.find("gamma_t")->key == "gamma");
  const auto block = block_setup({{"size", 0.1}, {"angle_deg", 15}, {"damping", 0}, {"v0", 0.5}, {"s0", 1}});
  CHECK(block.relation.p.size == 0.1);
  CHECK(block.relation.p.alpha == doctest::Approx(15 * M_PI / 180));
  CHECK_FALSE(block.relation.p.damping);
  CHECK(block.body0[0] == 1);
  CHECK(block.body0[1] == 0.5);
  CHECK(block.body0[2] == doctest::Approx(-block.relation.p.static_overlap()));  // at its static normal overlap
  const auto osc = oscillator_setup({{"x0", -1}, {"v_belt", 0.2}});
  CHECK(osc.body0[0] == -1);
  CHECK(osc.relation.p.v_belt == 0.2);
  CHECK(relation_info("r", "slope-drift").name == "incline-block");  // by the study that runs it
}

TEST_CASE("bad names and values are InputErrors naming the key") {
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message([] { relation_info("relation", "plates"); }).rfind("relation=plates: allowed: sliding-plates", 0) == 0);
  CHECK(message([] { plates_setup({{"m", -1}}); }) == "m=-1: must be > 0");
  CHECK(message([] { block_setup({{"damping", 2}}); }) == "damping=2: allowed: 1 (on), 0 (off)");
  CHECK(message([] { block_setup({{"angle_deg", 95}}); }).rfind("angle_deg=95", 0) == 0);
  CHECK(message([] { oscillator_setup({{"x0", NAN}}); }) == "x0=nan: must be a finite number");
}

TEST_CASE("a law through the catalog runs as through the relation's own builder") {
  // C-SDS on the plates, hybrid form under CVODE: with_relation + make_contact_system against plates_system.
  PlateParameters p;
  p.gamma = 1.5, p.k = 2;
  const ContactSystem own = plates_system(p, "csds", Driver::cvode, true);
  const ContactSystem via = with_relation("sliding-plates", {{"gamma", 1.5}, {"k", 2}}, [](const auto& s) {
    ContactOptions o = relation_options(Driver::cvode, true, true, "cvode");
    return make_contact_system(s.relation, "csds", bind_law_values({}, s.bound), o);
  });
  SolverOptions so;
  so.kind = Scheme::cvode;
  so.dt = 0.1;
  Vec x1(3), x2(3);
  x1 << 4, 0, 0;
  x2 = x1;
  Mode m1, m2;
  simulate(own, {0, 10, so}, x1, m1);
  simulate(via, {0, 10, so}, x2, m2);
  CHECK(x1 == x2);
  CHECK(m1 == m2);
}
