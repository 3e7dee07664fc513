// The property checks of the block, spheres, stochastic spheres (studies/property_checks_{block,spheres,
// stochastic}.cpp) before the verify runner: 3 draws of every check pass, and every invalid value of every range
// makes the check throw an InputError whose message names the key.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>

#include "core/errors.hpp"
#include "studies/property_checks.hpp"

using namespace stickslip;

namespace {

std::string format(double v) { return std::isnan(v) ? "nan" : std::to_string(v); }

void run_checks(const std::vector<PropertyCheck>& checks) {
  for (const PropertyCheck& c : checks) {
    CAPTURE(c.model);
    CAPTURE(c.driver);
    for (long i = 0; i < 3; ++i) {
      const Draw d = make_draw(c, 2026, i);
      CAPTURE(d.describe());
      std::vector<Measurement> ms;
      REQUIRE_NOTHROW(ms = c.run(d));
      CHECK(!ms.empty());
      for (const Measurement& m : ms) {
        CAPTURE(m.name);
        CAPTURE(m.error);
        CAPTURE(m.tolerance);
        CHECK(m.passed());
        MESSAGE(c.model << " " << c.driver << " " << m.name << " ratio " << m.error / m.tolerance);
      }
    }
    const Draw base = make_draw(c, 2026, 0);
    for (const ParameterRange& r : c.ranges)
      for (double bad : r.invalid) {
        Draw d = base;
        d.set(r.key, bad);
        CAPTURE(r.key);
        CAPTURE(format(bad));
        bool named = false;
        try {
          c.run(d);
        } catch (const InputError& e) {
          named = std::string(e.what()).rfind(r.key + "=", 0) == 0;
          const std::string message = e.what();
          CAPTURE(message);
          CHECK(named);
          continue;
        } catch (...) {
        }
        CHECK_MESSAGE(false, "no InputError for " << r.key << "=" << format(bad));
      }
  }
}

}  // namespace

TEST_CASE("block on a slope: property checks pass on 3 draws, invalid values are refused naming the key") {
  run_checks(block_property_checks());
}

TEST_CASE("rolling sphere: property checks pass on 3 draws, invalid values are refused naming the key") {
  run_checks(sphere_property_checks());
}

TEST_CASE("stochastic spheres: property checks pass on 3 draws, invalid values are refused naming the key") {
  run_checks(stochastic_property_checks());
}

namespace stickslip {
std::vector<PropertyCheck> belt_property_checks();  // studies/property_checks_belt.cpp (not yet in property_checks.hpp)
}

TEST_CASE("belt oscillator: property checks pass on 3 draws, invalid values are refused naming the key") {
  run_checks(belt_property_checks());
}

// Not run by default (--no-skip): 20 draws of every check, printing the worst error/tolerance per measurement.
TEST_CASE("worst error/tolerance over 20 draws" * doctest::skip()) {
  std::vector<PropertyCheck> all;
  for (auto f : {block_property_checks, sphere_property_checks, stochastic_property_checks, belt_property_checks})
    for (auto& c : f()) all.push_back(std::move(c));
  for (const PropertyCheck& c : all) {
    std::map<std::string, double> worst;
    for (long i = 0; i < 20; ++i)
      for (const Measurement& m : c.run(make_draw(c, 7, i))) {
        CHECK(m.passed());
        worst[m.name] = std::max(worst[m.name], m.error / m.tolerance);
      }
    for (const auto& [name, r] : worst) MESSAGE(c.model << " | " << c.driver << " | " << name << " | " << r);
  }
}
