// The command-line contract: exit 2 with one line naming key, value and what is allowed; exit 3 for a
// solver failure; --json prints exactly one JSON object on stdout.
#include <doctest/doctest.h>

#include "tests/cli_runner.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
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
}  // namespace

TEST_CASE("bad input exits 2 with one line naming the key") {
  struct Case {
    std::string args, expected;
  };
  for (const Case& c : std::initializer_list<Case>{
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
       }) {
    CAPTURE(c.args);
    const Result r = run(c.args);
    CHECK(r.code == 2);
    CHECK(r.out.find(c.expected) != std::string::npos);
    CHECK(r.out.find('\n') == r.out.size() - 1);  // exactly one line
  }
}

TEST_CASE("a solver failure exits 3 with the solver's reason") {
  // Explicit Euler far beyond its stability limit (k = 1e8, dt = 0.1) diverges.
  const Result r = run("run sliding-plates --set friction=csds --set k=1e8 --set fmax=1e12 --set dt=0.1 "
                       "--set sweep_v0=none --set fig4=off");
  CHECK(r.code == 3);
  CHECK(r.out.find("euler: the state became non-finite") != std::string::npos);
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

TEST_CASE("list names every study, friction law and solver") {
  const Result r = run("list");
  CHECK(r.code == 0);
  for (const char* name : {"sliding-plates", "convergence", "csds", "dsds-stage", "dsds-dae", "dopri5", "cvode", "ida"})
    CHECK(r.out.find(name) != std::string::npos);
}
