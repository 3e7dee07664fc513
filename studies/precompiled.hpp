// studies/precompiled.hpp — the headers nearly every file of studies/ parses (the standard library's, Eigen, fmt,
// nlohmann-json, the law registry, the study and output layers, the drivers of the contact and particle runs),
// compiled once per build as the studies library's precompiled header (CMakeLists.txt): about 60 % of the time of a
// study's translation unit went to parsing them. Nothing here is required by a file that does not include it itself.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "models/contact/registry.hpp"
#include "models/particles/engine_laws.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/particles/engine_drivers.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
