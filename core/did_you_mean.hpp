// core/did_you_mean.hpp — the suggestion a message about an unknown name ends with: the known names nearest to what
// was typed, by edit distance (optimal string alignment: insertions, deletions, substitutions and swaps of
// neighbouring letters, each 1; letters compared without case).
//
// A name is near when its distance is at most max(1, length / 3) of the longer of the two (a typo, a letter left
// out or doubled, a swapped pair), or when one contains the other ("friction-oscillator" in
// "dry-friction-oscillator", "slope" in "slope-drift") and no name is nearer by distance. Several names at the same
// distance are all suggested.
#pragma once

#include <string>
#include <vector>

namespace stickslip {

// The edit distance between a and b (a swap of neighbours counts 1), letters compared without case.
std::size_t edit_distance(const std::string& a, const std::string& b);
// The known names nearest to `given` (empty if none is near, or if `given` is one of them).
std::vector<std::string> nearest_names(const std::string& given, const std::vector<std::string>& known);
// "; did you mean slope-drift?" ("; did you mean a or b?"), or "" when no name is near: appended to a one-line
// message after its list of what is allowed.
std::string did_you_mean(const std::string& given, const std::vector<std::string>& known);

}  // namespace stickslip
