// The command-line contract: exit 2 with one line naming key, value and what is allowed (also for a malformed
// command line and a key given twice); exit 3 for a solver failure; --json prints exactly one JSON object on stdout;
// every command has its help; list names every driver.
#include <doctest/doctest.h>

#include "tests/cli_runner.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <vector>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {
struct Result {
  int code;
  std::string out;
};

// Runs the CLI with a private output directory; captures stdout (and stderr when `merge`).
Result run(const std::string& args, bool merge = true) {
  const auto dir = stickslip::test::scratch_dir("cli_test");
  const auto cli = stickslip::test::run_cli(args + " --out " + dir.string(), merge);
  return {cli.code, cli.out};
}

struct BadInput {
  std::string args, expected;
};

// Each command line exits 2 with exactly one line on stderr that holds `expected`.
void check_refused(std::initializer_list<BadInput> cases, bool with_out) {
  for (const BadInput& c : cases) {
    CAPTURE(c.args);
    const Result r = with_out ? run(c.args) : [&] {
      const auto cli = stickslip::test::run_cli(c.args, true);
      return Result{cli.code, cli.out};
    }();
    CHECK(r.code == 2);
    CHECK(r.out.rfind("stickslip: error: ", 0) == 0);
    CHECK(r.out.find(c.expected) != std::string::npos);
    CHECK(r.out.find('\n') == r.out.size() - 1);  // exactly one line
  }
}
}  // namespace

TEST_CASE("bad input exits 2 with one line naming the key") {
  check_refused({
           {"run no-such-study", "study=no-such-study: unknown study; allowed:"},
           {"run sliding-plates --set foo=1", "foo=1: unknown key for sliding-plates"},
           {"run sliding-plates --set dt=-0.1", "dt=-0.1: every value must be > 0"},
           {"run sliding-plates --set dt=20", "dt=20: needs dt <= t_end (dt=20, t_end=10)"},
           {"run sliding-plates --set m=0", "m=0: must be > 0"},
           {"run sliding-plates --set solver=rk5", "solver=rk5: 'rk5' is not allowed; allowed: euler, midpoint"},
           {"run sliding-plates --set friction=csds --set gamma=0", "gamma=0: must be > 0 for friction=csds"},
           {"run sliding-plates --set friction=dsds --set solver=ida", "solver=ida: this model adjusts its state"},
           {"run sliding-plates --set friction=dsds-dae --set events=off", "events=off: friction=dsds-dae is a hybrid DAE"},
           {"run sliding-plates --set v0=abc", "v0=abc: expected a finite number"},
           {"run convergence --set levels=99", "levels=99: must be an integer in [3, 16]"},
           {"run convergence --set solver=ida", "'ida' is not allowed"},
       }, true);
}

TEST_CASE("a solver failure exits 3 with the solver's reason") {
  // Explicit Euler far beyond its stability limit (k = 1e8, dt = 0.1) diverges.
  const Result r = run("run sliding-plates --set friction=csds --set k=1e8 --set fmax=1e12 --set dt=0.1 "
                       "--set sweep_v0=none --set fig4=off");
  CHECK(r.code == 3);
  // The spring energy overflows a step before the state does: the run ends there, naming the scheme and the cause.
  CHECK(r.out.find("stickslip: solver failure: euler: the run diverged at t=") != std::string::npos);
  CHECK(r.out.find("stability limit") != std::string::npos);
}

TEST_CASE("--json prints exactly one JSON object with the documented fields") {
  const Result r = run("run sliding-plates --set friction=csds,dsds-dae --set solver=ida --set dt=0.01 "
                       "--set sweep_v0=none --set fig4=off --json", false);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);  // throws if there is anything but one object
  CHECK(j["study"] == "sliding-plates");
  REQUIRE(j["results"].size() == 2);
  for (const auto& row : j["results"]) {
    for (const char* key : {"friction", "solver", "dt", "t_stick", "xi_end", "v_end", "energy_created"})
      CHECK(row.contains(key));
  }
  // C-SDS through IDA (exact t_stick 3.9299192..., see tests/models) and the D-SDS DAE (t_stick = 2).
  CHECK(j["results"][0]["t_stick"].get<double>() == doctest::Approx(3.9299192264).epsilon(1e-8));
  CHECK(j["results"][1]["t_stick"].get<double>() == doctest::Approx(2.0).epsilon(1e-8));
  CHECK(j["results"][1]["energy_created"].get<double>() == doctest::Approx(24.5).epsilon(1e-8));
}

TEST_CASE("list names every study, friction law and driver") {
  const auto r = stickslip::test::run_cli("list");
  CHECK(r.code == 0);
  for (const char* name : {"sliding-plates", "convergence", "csds", "dsds-stage", "dsds-dae", "dopri5", "cvode", "ida",
                           "filippov:", "em", "sde-heun", "event-driven", "trapezoid", "verlet"})
    CHECK_MESSAGE(r.out.find("  " + std::string(name)) != std::string::npos, name);
  // Every driver a check of `verify --solver` runs (the allowed list of its message) and every scheme of the
  // integrator-spec grammar (the allowed list of a malformed spec) is named at the start of a line of `list`.
  const auto names_after = [](const std::string& text, const std::string& marker, const std::string& end) {
    const auto from = text.find(marker);
    REQUIRE(from != std::string::npos);
    std::vector<std::string> names;
    std::stringstream items(text.substr(from + marker.size(), text.find(end, from + marker.size()) - from - marker.size()));
    for (std::string item; std::getline(items, item, ',');) names.push_back(item.substr(item.find_first_not_of(' ')));
    return names;
  };
  const auto checked = stickslip::test::run_cli("verify --solver cvode:adams:3", true);
  const auto grammar = stickslip::test::run_cli("verify --solver nope", true);
  std::vector<std::string> drivers = names_after(checked.out, "allowed: ", "\n");
  for (const auto& n : names_after(grammar.out, "SCHEME one of ", " (e.g.")) drivers.push_back(n);
  CHECK(drivers.size() > 15);
  // The Filippov driver on a scheme (verify's system checks run filippov:rk4, filippov:dopri5, filippov:cvode) is
  // named on the line of filippov:SCHEME.
  const auto at = r.out.find("\n  filippov:SCHEME — ");
  REQUIRE(at != std::string::npos);
  const std::string filippov_line = r.out.substr(at, r.out.find('\n', at + 1) - at);
  for (const auto& d : drivers) {
    if (d.rfind("filippov:", 0) == 0) CHECK_MESSAGE(filippov_line.find(" " + d + ",") != std::string::npos, d);
    else CHECK_MESSAGE(r.out.find("\n  " + d + " — ") != std::string::npos, d);
  }
}

TEST_CASE("every command has its help: stickslip help COMMAND equals stickslip COMMAND --help, naming its options") {
  const auto top = stickslip::test::run_cli("--help");
  CHECK(top.code == 0);
  const std::map<std::string, std::vector<std::string>> options{
      {"list", {}},
      {"help", {"TOPIC"}},
      {"run", {"--set KEY=VALUE", "--out DIR", "--json", "--resume", "--dry-run", "sweep STUDY --set KEY=a,b"}},
      {"converge", {"--observable NAME", "--solver LIST", "--dt FROM:TO:LEVELS", "--rtol FROM:TO:LEVELS",
                    "--reference KIND", "--floor E", "--set KEY=VALUE", "--out DIR", "--work", "--json"}},
      {"sweep", {"--set KEY=LIST", "--fix KEY=VALUE", "--jobs N", "--shard I/N", "--out DIR", "--resume",
                 "--skip-refused", "--dry-run", "run STUDY --set KEY=a,b"}},
      {"merge", {"DIR", "--out DIR"}},
      {"verify", {"--draws N", "--seed S", "--model", "--solver", "--draw I", "--no-invalid", "--json"}},
  };
  for (const auto& [command, names] : options) {
    CAPTURE(command);
    CHECK(top.out.find("\n  " + command + " ") != std::string::npos);  // listed by stickslip --help
    const auto a = stickslip::test::run_cli("help " + command), b = stickslip::test::run_cli(command + " --help");
    CHECK(a.code == 0);
    CHECK(b.code == 0);
    CHECK(a.out == b.out);
    CHECK(a.out.find("Usage: stickslip " + command) != std::string::npos);
    for (const auto& n : names) CHECK_MESSAGE(a.out.find(n) != std::string::npos, n);
  }
  // help STUDY: the study's parameters and its observables.
  const auto study = stickslip::test::run_cli("help sliding-plates");
  CHECK(study.code == 0);
  for (const char* n : {"parameters (--set KEY=VALUE; numbers as", "  friction = dsds,csds", "observables", "  v_end [n.u.]"})
    CHECK_MESSAGE(study.out.find(n) != std::string::npos, n);
  // No arguments: the program's help, exit 2.
  const auto none = stickslip::test::run_cli("");
  CHECK(none.code == 2);
  CHECK(none.out == top.out);
}

TEST_CASE("bad command lines: exit 2 with one line naming the option or key, the value and what is allowed") {
  check_refused({
           {"nope", "stickslip: error: command=nope: unknown; allowed: list, help, run, simulate, converge, sweep, merge, verify"},
           {"run sliding-plates --frobnicate", "argument=--frobnicate: allowed with run: --set KEY=VALUE, --out DIR"},
           {"run sliding-plates extra", "argument=extra: one study only"},
           {"run sliding-plates --set", "--set=: expects a value"},
           {"run sliding-plates --out a --out b", "--out=a and b: given twice; give it once"},
           {"run sliding-plates --set dt=0.1 --set m=2 --set dt=0.2", "dt=0.2: given twice (--set dt=0.1 and --set dt=0.2)"},
           {"converge sliding-plates --observable v_end --set m=2 --set m=3", "m=3: given twice (--set m=2 and --set m=3)"},
           {"sweep slope-drift --set mu=0.5,1 --set mu=2", "mu=2: given twice (--set mu=0.5,1)"},
           {"sweep slope-drift --set mu=0.5,1 --fix mu=2", "mu=2: given twice (--set mu=0.5,1)"},
           {"converge", "study=: missing; see stickslip converge --help"},
           {"help nope", "help=nope: neither a command nor a study; allowed: list, help"},
           {"list extra", "argument=extra: allowed with list: none"},
           {"--json run sliding-plates", "argument=--json: an option goes after its command"},
           {"--version run sliding-plates", "--version=: given with a command"},
           {"verify --draws", "--draws=: expects a value"},
           {"verify --draws 0", "--draws=0: allowed: a whole number from 1 to 1000000"},
       }, false);
}
