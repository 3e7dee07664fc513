// core/did_you_mean.hpp: the edit distance (optimal string alignment) on pairs whose distance is known by hand, and the names it suggests for
// the typos of issue 46 (a misspelled study, key and solver) and none for a name far from every known one.
#include <doctest/doctest.h>

#include "core/did_you_mean.hpp"

using namespace stickslip;

TEST_CASE("edit distance: insertions, deletions and substitutions, without case") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);  // k->s, e->i, +g
  CHECK(edit_distance("flaw", "lawn") == 2);       // -f, +n
  CHECK(edit_distance("gama", "gamma") == 1);
  CHECK(edit_distance("drfit", "drift") == 1);     // a swapped pair
  CHECK(edit_distance("rnu", "run") == 1);
  CHECK(edit_distance("RK4", "rk4") == 0);
  CHECK(edit_distance("abc", "xyz") == 3);
}

TEST_CASE("suggestions: the nearest known names, none for a stranger or an exact name") {
  const std::vector<std::string> studies{"sliding-plates", "convergence", "rolling-sphere", "dry-friction-oscillator",
                                         "slope-drift", "container"};
  CHECK(did_you_mean("slope-drfit", studies) == "; did you mean slope-drift?");
  CHECK(did_you_mean("sliding-plate", studies) == "; did you mean sliding-plates?");
  CHECK(did_you_mean("friction-oscillator", studies) == "; did you mean dry-friction-oscillator?");  // contained
  CHECK(did_you_mean("granular", studies).empty());
  CHECK(did_you_mean("slope-drift", studies).empty());  // known: nothing to suggest
  CHECK(did_you_mean("gama", {"gamma", "m", "k", "v0"}) == "; did you mean gamma?");
  CHECK(did_you_mean("rk5", {"euler", "midpoint", "heun", "rk4", "dopri5"}) == "; did you mean rk4?");
  CHECK(did_you_mean("filipov", {"filippov", "filippov-cvode", "ida", "euler-sign"}) == "; did you mean filippov?");
  CHECK(nearest_names("k1", {"k", "kt", "m"}) == std::vector<std::string>{"k", "kt"});  // a tie: both
  CHECK(did_you_mean("k1", {"k", "kt", "m"}) == "; did you mean k or kt?");
}
