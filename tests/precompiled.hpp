// tests/precompiled.hpp — the third-party headers every test parses (doctest, the standard library's, Eigen, fmt),
// compiled once per build and reused by every test program (CMakeLists.txt: stickslip_test_pch). Project headers are
// left out so that a library test still compiles against the libraries it tests only.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <doctest/doctest.h>
#include <fmt/format.h>
