// studies/experiment/provenance.hpp — what a result needs to be rerun exactly: program version and git commit (captured when
// CMake configured the build; "unknown" outside a git checkout), the versions of SUNDIALS, Boost and Eigen, the
// command line and the resolved parameters. `stickslip --version` prints the first part; summary.json carries all.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/parameters.hpp"

namespace stickslip {

nlohmann::json build_versions();  // {"stickslip", "git_commit", "sundials", "boost", "eigen"}
std::string version_text();       // the lines of `stickslip --version`
nlohmann::json provenance(const std::vector<std::string>& command_line, const Parameters& params);

}  // namespace stickslip
