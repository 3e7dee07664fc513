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
  const std::string syntax = ": expected a finite number in decimal or scientific notation (2, -0.5, 1e-3; no spaces, no hex)";
  CHECK(message_of([&] { p.real("dt"); }) == "dt=abc" + syntax);
  p.set("dt", "nan");
  CHECK(message_of([&] { p.real("dt"); }) == "dt=nan" + syntax);
  p.set("solver", "rk5");
  // The nearest allowed name is suggested after the list (core/did_you_mean.hpp).
  CHECK(message_of([&] { p.choice("solver", {"euler", "rk4"}); }) == "solver=rk5: allowed: euler, rk4; did you mean rk4?");
  p.set("solver", "leapfrog");
  CHECK(message_of([&] { p.choice("solver", {"euler", "rk4"}); }) == "solver=leapfrog: allowed: euler, rk4");
  p.set("events", "maybe");
  CHECK(message_of([&] { p.flag("events"); }) == "events=maybe: allowed: on, off");
  p.set("list", "1,,3");
  CHECK(message_of([&] { p.real_list("list"); }) == "list=1,,3: empty item in the list");
  CHECK(message_of([&] { p.assign("novalue"); }).find("expected KEY=VALUE") != std::string::npos);
}

TEST_CASE("a number is decimal or scientific notation, nothing else: no spaces on either side, no hex, no inf") {
  // The one syntax of kValueSyntax (shown by `stickslip help STUDY`). Before, " 1" and "0x10" were read (strtod skips
  // leading blanks and reads hex) while "1 " was refused, and list items lost their spaces ("1 0" read as 10).
  Parameters p = make();
  for (const std::string good : {"2", "-0.5", "+3", "1e-3", "1E+6", ".5", "5.", "0", "-0", "1.7976931348623157e308"}) {
    p.set("dt", good);
    CHECK_MESSAGE(message_of([&] { p.real("dt"); }).empty(), good);
  }
  for (const std::string bad : {" 1", "1 ", " 1 ", "0x10", "1e", "e3", ".", "-", "1.2.3", "1e3.5", "inf", "-inf", "nan",
                                "infinity", "1,5", "1_000", "\t1", "1\n", "1e999", "-1e999", "1e-400"}) {
    p.set("dt", bad);
    const std::string m = message_of([&] { p.real("dt"); });
    CHECK_MESSAGE(m.rfind("dt=" + bad + ": ", 0) == 0, "'" << bad << "' -> " << m);
  }
  p.set("list", "0.1, 0.01");  // a space in a list is refused, naming the whole value and the item
  CHECK(message_of([&] { p.real_list("list"); }).rfind("list=0.1, 0.01: ' 0.01' is not a finite number", 0) == 0);
  p.set("list", "1 0");
  CHECK_FALSE(message_of([&] { p.real_list("list"); }).empty());
  p.declare("n", "3", "count");
  for (const std::string bad : {" 3", "3 ", "0x3", "3.0", "3e0", "+", "99999999999999999999"}) {
    p.set("n", bad);
    CHECK_MESSAGE(message_of([&] { p.integer("n", 0, 10); }).rfind("n=" + bad + ": ", 0) == 0, bad);
  }
  p.set("n", "+7");
  CHECK(p.integer("n", 0, 10) == 7);
}

TEST_CASE("culprit: a relation between keys names the one the user gave") {
  Parameters p("demo");
  p.declare("floor", "1", "").declare("hopper", "0.2", "");
  CHECK(p.culprit({"hopper", "floor"}) == "hopper");  // neither given: the first
  p.set("floor", "0.1");
  CHECK(p.culprit({"hopper", "floor"}) == "floor");
  p.set("hopper", "2");
  CHECK(p.culprit({"hopper", "floor"}) == "hopper");
  p.set("floor", "1");  // back at its default: not given
  CHECK(p.culprit({"floor", "hopper"}) == "hopper");
}
