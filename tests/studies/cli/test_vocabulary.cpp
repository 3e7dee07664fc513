// One vocabulary (issue 12): "coulomb" had four meanings. The block's set-valued law is coulomb-filippov (the bare
// old name is ambiguous there, next to coulomb-dae, and refused naming both), the sphere contact's is coulomb-stick
// and the stochastic pair's coulomb-sign (the old name still read where it is the only Coulomb law). Each refusal
// is exit 2 with one line, from run, converge and sweep alike; the sweep refuses before it starts any point.
#include <doctest/doctest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {
void check_refused(const std::string& args, const std::string& message) {
  CAPTURE(args);
  const auto out = scratch_dir("vocabulary_refused");
  const CliOutput r = run_cli(args + " --out " + out.string(), true);
  CHECK(r.code == 2);
  CHECK(r.out == "stickslip: error: " + message + "\n");
  CHECK_FALSE(std::filesystem::exists(out / "points"));  // a sweep starts nothing
  std::filesystem::remove_all(out);
}
}  // namespace

TEST_CASE("renamed choices: one new name reads the old spelling, several refuse it naming them") {
  const stickslip::Renames r{{"old", {"new"}}, {"both", {"a", "b"}}};
  CHECK(stickslip::renamed("k", "old", r) == "new");
  CHECK(stickslip::renamed("k", "other", r) == "other");
  CHECK_THROWS_WITH_AS(stickslip::renamed("k", "both", r), "k=both: renamed, ambiguous: give one of a, b",
                       stickslip::InputError);
  stickslip::Parameters p("demo");
  p.declare("law", "old,x", "laws (list)");
  CHECK(p.choice_list("law", {"new", "x"}, r) == std::vector<std::string>{"new", "x"});
}

TEST_CASE("the block's coulomb is ambiguous: run, converge and sweep refuse it naming coulomb-filippov and coulomb-dae") {
  const std::string msg = "friction=coulomb: renamed, ambiguous: give one of coulomb-filippov, coulomb-dae";
  check_refused("run slope-drift --set friction=coulomb --set dt_sweep=none --set size_sweep=none", msg);
  check_refused("converge slope-drift --observable drift --set friction=coulomb", msg);
  // The sweep's line also names the point and the option that would run the others.
  check_refused("sweep slope-drift --set friction=coulomb,csds --fix solver=rk4 --fix dt_sweep=none --fix size_sweep=none",
                msg + "; point 0 of the sweep (friction=coulomb); --skip-refused runs the others");
  // A law x driver pair the model's form excludes refuses the sweep too (every point of it is skipped).
  check_refused("sweep slope-drift --set friction=dsds --set solver=dopri5 --fix dt_sweep=none --fix size_sweep=none",
                "friction=dsds: no supported friction/solver/damping combination; point 0 of the sweep (friction=dsds, "
                "solver=dopri5); --skip-refused runs the others");
}

TEST_CASE("the new names run; the old sphere spelling is read as the new one (stochastic: test_stochastic_friction_study)") {
  const auto dir = scratch_dir("vocabulary_new");
  const auto sd = run_cli("run slope-drift --json --set friction=coulomb-filippov --set solver=rk4 --set dt=1e-5 "
                          "--set t_end=0.05 --set angle_deg=30 --set damping=on --set dt_sweep=none --set size_sweep=none "
                          "--out " + (dir / "sd").string());
  REQUIRE(sd.code == 0);
  const auto j = nlohmann::json::parse(sd.out);
  REQUIRE(j["results"].size() == 1);
  CHECK(j["results"][0]["friction"] == "coulomb-filippov");
  CHECK(j["results"][0]["drift"].get<double>() == 0.0);  // below the critical angle the Filippov block holds
  // The rigid sphere contact: the old and the new name give the same run, byte for byte.
  const std::string roll = "run rolling-sphere --json --set integrator=rk4 --set tangential=";
  const auto old_name = run_cli(roll + "coulomb --out " + (dir / "r1").string());
  const auto new_name = run_cli(roll + "coulomb-stick --out " + (dir / "r2").string());
  REQUIRE(old_name.code == 0);
  REQUIRE(new_name.code == 0);
  auto results = [](const std::string& out) {
    auto r = without_timings(nlohmann::json::parse(out));
    r.erase("provenance"), r.erase("tangential");
    return r;
  };
  CHECK(results(old_name.out) == results(new_name.out));
  std::filesystem::remove_all(dir);
}
