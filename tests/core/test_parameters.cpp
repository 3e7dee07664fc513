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

TEST_CASE("a key's declared check runs when it is set, whether or not the run reads the key") {
  Parameters p = make();
  p.accepts("dt", [](const std::string& key, const std::string& value) {
    if (parse_real(key, value) > 1) throw_input(key, value, "must be <= 1");
  });
  CHECK(message_of([&] { p.set("dt", "2"); }) == "dt=2: must be <= 1");
  CHECK(message_of([&] { p.assign("dt=banana"); }).rfind("dt=banana: expected a finite number", 0) == 0);
  CHECK(p.raw("dt") == "0.1");  // a refused value is not kept
  p.set("dt", "0.5");
  CHECK(p.raw("dt") == "0.5");
  CHECK_THROWS_AS(p.accepts("undeclared", {}), std::logic_error);
}

TEST_CASE("a bad item of a list names the whole value the user gave and the item") {
  Parameters p = make();
  p.declare("flags", "on,off", "switches").declare("schemes", "a,b", "names");
  p.set("flags", "on,,off");
  CHECK(message_of([&] { p.flag_list("flags"); }) == "flags=on,,off: item '': allowed: on, off");
  p.set("schemes", "a,zz");
  const auto read = [&] {
    return p.each_item("schemes", [](const std::string& s) {
      if (s != "a" && s != "b") throw_input("schemes", s, "allowed: a, b");
      return s;
    });
  };
  CHECK(message_of([&] { (void)read(); }) == "schemes=a,zz: item 'zz': allowed: a, b");
  p.set("schemes", "zz");  // one value: named as it is
  CHECK(message_of([&] { (void)read(); }) == "schemes=zz: allowed: a, b");
  p.set("schemes", "b,a");
  CHECK(read() == std::vector<std::string>{"b", "a"});
}

TEST_CASE("a switch is on or off as help states it; an open range excludes its ends") {
  Parameters p = make();
  for (const char* other : {"yes", "1", "true", "ON", "0", "no", "false"}) {
    p.set("events", other);
    CHECK(message_of([&] { p.flag("events"); }) == std::string("events=") + other + ": allowed: on, off");
  }
  p.set("events", "off");
  CHECK(!p.flag("events"));
  p.declare("rtol", "1e-8", "relative tolerance");
  CHECK(p.in_open_range("rtol", 0, 1) == 1e-8);
  for (const char* edge : {"0", "1", "1e308", "-1"}) {
    p.set("rtol", edge);
    CHECK(message_of([&] { p.in_open_range("rtol", 0, 1); }) == std::string("rtol=") + edge + ": must lie in (0, 1)");
  }
}

TEST_CASE("numbers in messages read as the command line takes them: 1e308, not 1e+308") {
  CHECK(format_value(1e308) == "1e308");
  CHECK(format_value(1.5e20) == "1.5e20");
  CHECK(format_value(-2e-300) == "-2e-300");
  CHECK(format_value(0.001) == "0.001");
  CHECK(parse_real("x", format_value(1.58113883008e152)) == 1.58113883008e152);
}
