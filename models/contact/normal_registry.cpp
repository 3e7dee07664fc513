// models/contact/normal_registry.cpp — see normal_registry.hpp.
#include "models/contact/normal_registry.hpp"

#include <fmt/format.h>

namespace stickslip {

std::vector<std::string> normal_law_names(unsigned contacts) {
  std::vector<std::string> names;
  for_each_normal_law([&](const auto& e) {
    if (e.contacts & contacts) names.emplace_back(e.name);
  });
  return names;
}

std::string normal_law_catalog() {
  std::string s = "normal laws (contacts they have a form on; parameters with defaults and ranges):\n";
  for_each_normal_law([&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    std::vector<std::string> on;
    if (e.contacts & normal_spheres) on.emplace_back("sphere and disc pairs, walls (particle engine, LAMMPS)");
    if (e.contacts & normal_flat_face) on.emplace_back("a flat face on a plane (incline-block)");
    s += fmt::format("  {} — {}\n      contacts: {}\n      parameters: {}\n", e.name, e.summary, join(on, "; "),
                     parameter_summary(L::parameters.data(), L::parameters.size()));
  });
  return s;
}

}  // namespace stickslip
