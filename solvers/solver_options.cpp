#include "solvers/solver_options.hpp"

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

std::string to_string(Scheme scheme) {
  static const char* const names[] = {"euler", "midpoint", "heun",   "rk4",    "dopri5", "cvode", "ida",
                                      "gear",  "bdf",      "trapezoid", "verlet", "moreau", "em",  "sde-heun"};
  return names[static_cast<std::size_t>(scheme)];
}

bool is_general(Scheme scheme) { return static_cast<int>(scheme) <= static_cast<int>(Scheme::gear); }

const std::vector<std::string>& solver_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (int i = 0; i <= static_cast<int>(Scheme::gear); ++i) n.push_back(to_string(static_cast<Scheme>(i)));
    return n;
  }();
  return names;
}

Scheme parse_solver(const std::string& key, const std::string& name) {
  const auto& names = solver_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<Scheme>(i);
  throw_input(key, name, "allowed: " + join(names));
}

bool is_fixed_step(Scheme scheme) {
  return scheme == Scheme::euler || scheme == Scheme::midpoint || scheme == Scheme::heun || scheme == Scheme::rk4 ||
         scheme == Scheme::gear;
}

}  // namespace stickslip
