// container study (seed 004 ex. 5.3) through the command line: a small pour settles inside the walls with and
// without rotations, stays in the x-y plane, and bad parameters exit 2.
#include <doctest/doctest.h>

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
  const std::string out = "/tmp/stickslip_test_container_" + std::to_string(std::hash<std::string>{}(args));
  const std::string cmd = std::string(STICKSLIP_BINARY) + " run container " + args + " --out " + out + " --json 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string text;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), buf.size(), pipe)) text += buf.data();
  const int status = pclose(pipe);
  Result r{WEXITSTATUS(status), {}};
  if (r.code == 0) r.json = nlohmann::json::parse(text);
  return r;
}
}  // namespace

TEST_CASE("container: 20 particles settle inside the walls, with and without rotations") {
  const Result r = run("--set n=20 --set vessel_height=2 --set vessel_gap=0.1 --set t_end=4 --set snapshots=0.5");
  REQUIRE(r.code == 0);
  for (const char* tag : {"rot", "norot"}) {
    CAPTURE(tag);
    const auto& run = r.json["runs"][tag];
    CHECK(run["settled"].get<bool>());
    CHECK(run["final_to_peak"].get<double>() < 1e-6);
    CHECK(run["time_to_rest"].get<double>() > 0.3);
    CHECK(run["time_to_rest"].get<double>() < 4.0);
    CHECK(run["final"]["particles_inside"].get<int>() == 20);
    CHECK(run["max_out_of_plane"].get<double>() == 0.0);
    CHECK(run["final"]["top_y"].get<double>() < 1.0);  // a heap on the floor, not in the vessel
    CHECK(run["iterations"]["mean"].get<double>() >= 1.0);
  }
  CHECK(r.json["runs"]["norot"]["rotations"].get<bool>() == false);
  CHECK(r.json.contains("difference_rot_minus_norot"));
}

TEST_CASE("container: bad parameters exit 2") {
  CHECK(run("--set n=0").code == 2);
  CHECK(run("--set rotations=maybe").code == 2);
  CHECK(run("--set xi=-1").code == 2);
  CHECK(run("--set vessel_height=1").code == 2);  // 230 particles do not fit
  CHECK(run("--set incline_deg=90").code == 2);
  CHECK(run("--set dt=10").code == 2);
  CHECK(run("--set threads=0").code == 2);
}
