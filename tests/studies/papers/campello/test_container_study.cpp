// container study (seed 004 ex. 5.3) through the command line: a small pour (two seeds) settles inside the walls with
// and without rotations, stays in the x-y plane, and bad parameters exit 2.
#include <doctest/doctest.h>

#include "tests/cli_runner.hpp"

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace {
struct Result {
  int code;
  nlohmann::json json;
};

Result run(const std::string& args) {
  const std::string out = stickslip::test::scratch_dir("container_" + std::to_string(std::hash<std::string>{}(args))).string();
  const auto cli = stickslip::test::run_cli("run container " + args + " --out " + out + " --json");
  Result r{cli.code, {}};
  if (r.code == 0) r.json = nlohmann::json::parse(cli.out);
  return r;
}
}  // namespace

TEST_CASE("container: 40 particles settle inside the walls, with and without rotations") {
  // 40 particles cover the floor: a lone disc rolling on it loses energy only to the weak drag (no rolling
  // resistance in the model) and would take far longer to come to rest.
  const Result r = run("--set n=40 --set vessel_height=3 --set vessel_width=1 --set vessel_gap=0.1 --set t_end=6 "
                       "--set snapshots=0.5 --set seeds=1,2 --set integrator=trapezoid");  // today's path (the engine: test_container_engine_cli)
  REQUIRE(r.code == 0);
  REQUIRE(r.json["runs"].size() == 4);  // rot, norot, rot_s2, norot_s2
  for (const auto& [tag, run] : r.json["runs"].items()) {
    CAPTURE(tag);
    CHECK(run["settled"].get<bool>());
    CHECK(run["final_to_peak"].get<double>() < 1e-6);
    CHECK(run["time_to_rest"].get<double>() > 0.3);
    CHECK(run["time_to_rest"].get<double>() < 6.0);
    CHECK(run["final"]["particles_inside"].get<int>() == 40);
    CHECK(run["max_out_of_plane"].get<double>() == 0.0);
    CHECK(run["final"]["top_y"].get<double>() < 2.0);  // a heap in the container, below the vessel (bottom 2.2 m)
    CHECK(run["iterations"]["mean"].get<double>() >= 1.0);
  }
  CHECK(r.json["runs"]["norot"]["rotations"].get<bool>() == false);
  CHECK(r.json["ensemble"]["difference_rot_minus_norot"]["top_y"]["n"].get<int>() == 2);
  CHECK(r.json["ensemble"]["rot"]["time_to_rest"]["mean"].is_number());
}

TEST_CASE("container: bad parameters exit 2") {
  CHECK(run("--set n=0").code == 2);
  CHECK(run("--set rotations=maybe").code == 2);
  CHECK(run("--set xi=-1").code == 2);
  CHECK(run("--set vessel_height=1").code == 2);  // 230 particles do not fit
  CHECK(run("--set incline_deg=90").code == 2);
  CHECK(run("--set dt=10").code == 2);
  CHECK(run("--set threads=0").code == 2);
  CHECK(run("--set seeds=1.5").code == 2);
}
