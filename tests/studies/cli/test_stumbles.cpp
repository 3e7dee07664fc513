// The stumbles of issue 46 on the command line: "did you mean" for a misspelled study, key, solver and command, each
// still one line of exit 2; `--set dt 0.1` (a KEY=VALUE split in two) named as such; and the texts that disagreed
// with the code: verify's default draws, the trapezoid's sweeps, sde-heun's weak order, the oscillator's relation.
#include <doctest/doctest.h>

#include <string>

#include "studies/experiment/verify.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {
// Exit 2 with exactly one line on stderr that holds `expected`.
void check_one_line(const std::string& args, const std::string& expected) {
  CAPTURE(args);
  const CliOutput r = run_cli(args + " --out " + scratch_dir("stumbles").string(), true);
  CAPTURE(r.out);
  CHECK(r.code == 2);
  CHECK(r.out.rfind("stickslip: error: ", 0) == 0);
  CHECK(r.out.find(expected) != std::string::npos);
  CHECK(r.out.find('\n') == r.out.size() - 1);
}
}  // namespace

TEST_CASE("did you mean: studies, keys, solvers and commands, appended to the one-line message") {
  check_one_line("run slope-drfit", "study=slope-drfit: unknown study; allowed: ");
  check_one_line("run slope-drfit", "; did you mean slope-drift?");
  check_one_line("run friction-oscillator", "; did you mean dry-friction-oscillator?");
  check_one_line("converge sliding-plate --observable v_end", "; did you mean sliding-plates?");
  check_one_line("sweep slope-drfit --set mu=1,2", "; did you mean slope-drift?");
  check_one_line("run sliding-plates --set gama=1", "gama=1: unknown key for sliding-plates; allowed keys: ");
  check_one_line("run sliding-plates --set gama=1", "; did you mean gamma?");
  check_one_line("run sliding-plates --set solver=rk5", "solver=rk5: 'rk5' is not allowed; allowed: euler, midpoint");
  check_one_line("run sliding-plates --set solver=rk5", "; did you mean rk4?");
  check_one_line("converge sliding-plates --observable v_end --solver huen", "--solver=huen: ");
  check_one_line("converge sliding-plates --observable v_end --solver huen", "; did you mean heun?");
  check_one_line("run dry-friction-oscillator --set solver=filipov", "; did you mean filippov?");
  check_one_line("run slope-drift --set friction=cundall-strak", "; did you mean cundall-strack?");
  // A stranger gets the list alone.
  const CliOutput far = run_cli("run zzzzzzzz", true);
  CHECK(far.code == 2);
  CHECK(far.out.find("did you mean") == std::string::npos);
  const CliOutput command = run_cli("rnu sliding-plates", true);
  CHECK(command.code == 2);
  CHECK(command.out.find("command=rnu: unknown; allowed: list, help, run, simulate, converge, sweep, merge, verify; did you mean run?") !=
        std::string::npos);
}

TEST_CASE("--set dt 0.1: the split KEY=VALUE is named, with what was meant") {
  check_one_line("run sliding-plates --set dt 0.1",
                 "--set=dt: expected KEY=VALUE in one argument, without spaces around '='; did you mean --set dt=0.1?");
  check_one_line("sweep sliding-plates --fix t_end 2 --set dt=0.1,0.05", "did you mean --fix t_end=2?");
  check_one_line("run sliding-plates extra", "argument=extra: one study only");  // a stray word is still that
}

TEST_CASE("the texts agree with the code: verify's draws, the trapezoid, sde-heun, the oscillator's relation") {
  // verify: the default draws per check are VerifyOptions::default_draws / cost (studies/experiment/verify.cpp).
  const CliOutput help = run_cli("verify --help");
  REQUIRE(help.code == 0);
  CHECK(help.out.find("default: " + std::to_string(stickslip::VerifyOptions{}.default_draws) + " / the check's cost") !=
        std::string::npos);
  const CliOutput list = run_cli("list");
  REQUIRE(list.code == 0);
  const auto models = list.out.find("\nmodels:\n");  // the models' lines, after the studies'
  REQUIRE(models != std::string::npos);
  const auto line_of = [&](const std::string& head) {
    const auto from = list.out.find("\n  " + head + " — ", models);
    REQUIRE(from != std::string::npos);
    return list.out.substr(from + 1, list.out.find('\n', from + 1) - from - 1);
  };
  // The engine's trapezoid iterates all particles at once (solvers/particles/particle_trapezoid.hpp): Jacobi sweeps.
  CHECK(line_of("trapezoid").find("Jacobi sweeps") != std::string::npos);
  CHECK(line_of("trapezoid").find("Gauss-Seidel fixed-point iterations") == std::string::npos);
  // sde-heun: the weak order measured on the stochastic-friction ratio, not a bare "weak order 1".
  CHECK(line_of("sde-heun").find("measured") != std::string::npos);
  CHECK(line_of("sde-heun").find("(Stratonovich; weak order 1)") == std::string::npos);
  // The law matrix's "friction-oscillator" is the relation of the models named dry-friction-oscillator and
  // belt-oscillator; both model lines say so.
  CHECK(line_of("dry-friction-oscillator").find("the relation friction-oscillator") != std::string::npos);
  CHECK(line_of("belt-oscillator").find("the relation friction-oscillator") != std::string::npos);
  CHECK(list.out.find("friction-oscillator is the relation of the dry-friction-oscillator and belt-oscillator models") !=
        std::string::npos);
}
