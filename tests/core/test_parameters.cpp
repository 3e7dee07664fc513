// Parameters: typed reads, lists, and the one-line InputError messages the CLI prints.
#include <doctest/doctest.h>

#include <functional>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "tests/input_error.hpp"

using namespace stickslip;

namespace {
Parameters make() {
  Parameters p("demo");
  p.declare("dt", "0.1", "step").declare("solver", "rk4", "scheme").declare("events", "on", "flag").declare("list", "1,2,3", "values");
  return p;
}
const auto message_of = test::input_error_message;
}  // namespace

TEST_CASE("typed reads and lists") {
  Parameters p = make();
  CHECK(p.positive("dt") == doctest::Approx(0.1));
  CHECK(p.choice("solver", {"euler", "rk4"}) == "rk4");
  CHECK(p.flag("events"));
  CHECK(p.real_list("list") == std::vector<double>{1, 2, 3});
  p.assign("dt=2e-3");
  CHECK(p.positive("dt") == doctest::Approx(2e-3));
}

TEST_CASE("the unit of a key is the [UNIT] of its help text, not a range or an option") {
  Parameters p("demo");
  p.declare("t_end", "1", "end time [s]").declare("Y", "1", "modulus [kg/(m s^2)] (Table 1)");
  p.declare("x", "1", "a value in [0:5] [m/s]").declare("s", "rk4", "cvode[:bdf|:adams] or [--solver LIST]");
  p.declare("mu", "0.6", "friction coefficient");
  CHECK(p.unit("t_end") == "s");
  CHECK(p.unit("Y") == "kg/(m s^2)");
  CHECK(p.unit("x") == "m/s");
  CHECK(p.unit("s") == "");
  CHECK(p.unit("mu") == "");
}

TEST_CASE("bad input names the key, the value and what is allowed") {
  Parameters p = make();
  CHECK(message_of([&] { p.assign("nope=1"); }).find("nope=1: unknown key for demo; allowed keys: dt, events, list, solver") == 0);
  p.set("dt", "-1");
  CHECK(message_of([&] { p.positive("dt"); }) == "dt=-1: must be > 0");
  p.set("dt", "abc");
  CHECK(message_of([&] { p.real("dt"); }) == "dt=abc: expected a finite number");
  p.set("dt", "nan");
  CHECK(message_of([&] { p.real("dt"); }) == "dt=nan: expected a finite number");
  p.set("solver", "rk5");
  CHECK(message_of([&] { p.choice("solver", {"euler", "rk4"}); }) == "solver=rk5: allowed: euler, rk4");
  p.set("events", "maybe");
  CHECK(message_of([&] { p.flag("events"); }) == "events=maybe: allowed: on, off");
  p.set("list", "1,,3");
  CHECK(message_of([&] { p.real_list("list"); }) == "list=1,,3: empty item in the list");
  CHECK(message_of([&] { p.assign("novalue"); }).find("expected KEY=VALUE") != std::string::npos);
}
