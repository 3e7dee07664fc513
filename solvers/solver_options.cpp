#include "solvers/solver_options.hpp"

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

const std::vector<std::string>& solver_names() {
  static const std::vector<std::string> names{"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida", "gear"};
  return names;
}

std::string to_string(SolverKind kind) { return solver_names()[static_cast<std::size_t>(kind)]; }

SolverKind parse_solver(const std::string& key, const std::string& name) {
  const auto& names = solver_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<SolverKind>(i);
  throw_input(key, name, "allowed: " + join(names));
}

bool is_fixed_step(SolverKind kind) {
  return kind == SolverKind::euler || kind == SolverKind::midpoint || kind == SolverKind::heun ||
         kind == SolverKind::rk4 || kind == SolverKind::gear;
}

}  // namespace stickslip
