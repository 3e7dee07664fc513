// The property checks of systems of several frictional contacts (studies/checks/property_checks_systems.cpp): a few
// seeded draws of every system check, each invalid value refused with its key.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "studies/experiment/property_checks.hpp"
#include "studies/experiment/verify.hpp"

using namespace stickslip;

TEST_CASE("every system check passes 2 seeded draws (another seed than test_verify's), invalid values refused") {
  VerifyOptions o;
  o.draws = 2;
  o.seed = 4242;
  o.models = {"system"};
  std::ostringstream log;
  const auto results = run_verify(o, log);
  std::set<std::string> models;
  for (const auto& r : results) {
    CAPTURE(r.model);
    CAPTURE(r.driver);
    for (const auto& f : r.failure_reports) MESSAGE(f);
    CHECK(r.draws == 2);
    CHECK(r.invalid_cases > 0);
    CHECK(r.passed());
    models.insert(r.model);
  }
  CHECK(results.size() == system_property_checks().size());
  CHECK(models == std::set<std::string>{"system/two-mass:exact", "system/chain:closed-form", "system/chain-wave:exact",
                                        "system/ledger", "system/joint-decision"});
}
