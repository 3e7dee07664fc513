// `stickslip run convergence` is `stickslip converge` applied to the sliding plates: its folder <law>_<events>/ holds
// what `converge sliding-plates --observable v_end` writes for that law, event location, schemes and dt levels
// (the same errors to the bit, the same fitted orders), and its overview convergence.csv carries the same errors.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "studies/experiment/output.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;
using namespace stickslip::test;

TEST_CASE("run convergence per law and events = converge sliding-plates --observable v_end") {
  const auto dir = scratch_dir("convergence_study");
  std::filesystem::remove_all(dir);
  const CliOutput study = run_cli("run convergence --set friction=csds,dsds --set events=on --set solver=euler,rk4 "
                                  "--set levels=4 --out " + (dir / "study").string());
  REQUIRE(study.code == 0);
  const auto overview = read_csv(dir / "study" / "convergence.csv");  // friction, solver, events, dt, error, ...
  REQUIRE(overview.size() == 2 * 2 * 4);
  for (const std::string law : {"csds", "dsds"}) {
    CAPTURE(law);
    const auto direct = dir / ("converge_" + law);
    const CliOutput cv = run_cli("converge sliding-plates --observable v_end --solver euler,rk4 --dt 0.1:0.0125:4 "
                                 "--floor 1e-12 --set friction=" + law + " --set events=on --out " + direct.string());
    REQUIRE(cv.code == 0);
    const auto a = read_csv(dir / "study" / (law + "_events") / "converge.csv");
    const auto b = read_csv(direct / "converge.csv");
    REQUIRE(a.size() == 8);
    REQUIRE(b.size() == a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      CAPTURE(i);
      // solver index, h, value, reference, error, range code, rhs evals, steps (not the wall time)
      for (std::size_t k = 0; k < 8; ++k) CHECK(a[i][k] == b[i][k]);
      const auto& o = overview[(law == "dsds" ? 8 : 0) + i];
      CHECK(o[3] == a[i][1]);  // dt
      CHECK(o[4] == a[i][4]);  // error
    }
    std::ifstream sa(dir / "study" / (law + "_events") / "summary.json"), sb(direct / "summary.json");
    const auto ja = nlohmann::json::parse(sa), jb = nlohmann::json::parse(sb);
    for (std::size_t s = 0; s < 2; ++s) CHECK(ja["results"][s]["order"] == jb["results"][s]["order"]);
    // Euler with located events: order 1 (seed 001 Fig. 3, C-SDS; the D-SDS with events alike).
    CHECK(ja["results"][0]["order"].get<double>() == doctest::Approx(1).epsilon(0.05));
  }
  std::filesystem::remove_all(dir);
}
