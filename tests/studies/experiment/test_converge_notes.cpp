// What `stickslip converge` and the convergence study tell the reader about a series (studies/experiment/converge.hpp
// series_verdict): every series that was not fitted, or whose fit rests on a fallback reference or lies above the
// scheme's order, says why on stderr, in summary.json ("verdict", "note") and in the figure's key; errors that are all
// exactly 0 are "exact at every level"; the "wrote" line names only the figures drawn.
//
// First the verdicts on synthetic series whose shape is known (one per kind), then the four cases of issue 46 run
// through the built program, each read back from its stderr.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "studies/experiment/converge.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;
using namespace stickslip::test;

namespace {

// A series of errors e at h (coarse to fine), fitted as measure_convergence fits it (against an exact reference:
// errors at or below floor count as round-off).
ConvergenceSeries synthetic(const std::string& scheme, const std::vector<double>& h, const std::vector<double>& e,
                            double floor = 1e-14) {
  ConvergenceSeries se;
  se.spec = parse_integrator("solver", scheme);
  std::vector<double> fitted;
  for (std::size_t k = 0; k < h.size(); ++k) {
    se.points.push_back({h[k], e[k], e[k], 0, 0, 0, 0});
    fitted.push_back(e[k] > floor ? e[k] : 0.0);
  }
  se.fit = fit_asymptotic_order(h, fitted, 0);
  series_verdict(se, se.spec.adaptive() ? "rtol" : "dt", h, fitted, e, std::vector<bool>(h.size(), false), floor);
  return se;
}

std::vector<double> halvings(double h0, int n) {
  std::vector<double> h;
  for (int j = 0; j < n; ++j) h.push_back(h0 / std::pow(2.0, j));
  return h;
}

// The stderr line of a converge run that starts with `head` ("" if none).
std::string line_with(const std::string& text, const std::string& head) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find(head) != std::string::npos) return line;
  return "";
}

}  // namespace

TEST_CASE("series_verdict: each kind of series gets its verdict and a note that gives the numbers") {
  const auto h = halvings(0.1, 6);
  SUBCASE("a clean power law is fitted and needs no note") {
    std::vector<double> e;
    for (double x : h) e.push_back(2 * x * x);
    const auto se = synthetic("heun", h, e);
    CHECK(se.verdict == "fitted");
    CHECK(se.note.empty());
    // An order a little above the scheme's (a correction term, as Euler's 1.005 on the plates) is not flagged.
    std::vector<double> e1;
    for (double x : h) e1.push_back(x * (1 + 0.05 * x));
    const auto euler = synthetic("euler", h, e1);
    CHECK(euler.fit.order > 1);
    CHECK(euler.note.empty());
  }
  SUBCASE("every error 0: exact at every level") {
    const auto se = synthetic("euler", h, std::vector<double>(h.size(), 0.0));
    CHECK(se.verdict == "exact");
    CHECK(se.note.rfind("exact at every level", 0) == 0);
    CHECK(series_label(se).find("exact at every level") != std::string::npos);
  }
  SUBCASE("all but one error at round-off: round-off, the bound and the count named") {
    const auto se = synthetic("rk4", h, {1e-9, 6e-15, 3e-15, 0.0, 2e-15, 0.0});
    CHECK(se.verdict == "round-off");
    CHECK(se.note.find("5 of 6 errors at round-off (at or below 1e-14, 2 of them exactly 0); 1 above it") != std::string::npos);
  }
  SUBCASE("errors that grow as dt falls: not converging") {
    const auto se = synthetic("midpoint", h, {0.75, 1.0, 1.12, 1.19, 1.22, 1.23});
    CHECK(se.verdict == "not converging");
    CHECK(se.note.find("do not fall as dt falls") != std::string::npos);
  }
  SUBCASE("errors that fall overall but rise in between: non-monotone") {
    const auto se = synthetic("rk4", h, {1e-4, 2e-6, 8e-6, 1e-7, 9e-7, 1e-9});
    CHECK(se.verdict == "non-monotone");
    CHECK(se.note.find("rise between 2 of 5") != std::string::npos);
  }
  SUBCASE("errors that fall at every level with changing slope: pre-asymptotic, with the overall slope") {
    // local orders 1, 3, 1, 3, 1 (per halving): no three neighbours agree within 0.25
    const auto se = synthetic("euler", h, {1.0, 0.5, 0.0625, 0.03125, 0.00390625, 0.001953125});
    CHECK(se.verdict == "pre-asymptotic");
    CHECK(se.note.find("overall slope") != std::string::npos);
    CHECK(se.note.find("local orders 1.00 .. 3.00") != std::string::npos);
  }
  SUBCASE("an order above the scheme's from three points: too few points; from six: superconvergence") {
    const auto three = synthetic("rk4", h, {1e-8, 3.1e-10, 9.8e-12, 1e-15, 2e-15, 1.5e-15});
    CHECK(three.verdict == "fitted");
    CHECK(three.note.find("above rk4's order 4: fitted on 3 points only (the 3 finer levels are at round-off)") !=
          std::string::npos);
    std::vector<double> e;
    for (double x : h) e.push_back(std::pow(x, 3));
    const auto six = synthetic("heun", h, e);
    CHECK(six.note.find("above heun's order 2: 6 levels agree on 3.00, superconvergence") != std::string::npos);
    CHECK(above_nominal_note(synthetic("dopri5", {1e-4, 1e-6, 1e-8}, {1e-3, 1e-8, 1e-13})).empty());  // no nominal order in rtol
  }
}

TEST_CASE("issue 46: each converge case prints its reason on stderr") {
  SUBCASE("rk4 and cvode on the Cundall-Strack block: the fallback reference and the non-monotone differences") {
    const auto dir = scratch_dir("notes_slope");
    const CliOutput r = run_cli("converge slope-drift --observable drift --solver rk4,cvode --work --set friction=cundall-strack "
                                "--set t_end=0.05 --out " + dir.string(), true);
    REQUIRE(r.code == 0);
    CAPTURE(r.out);
    const std::string rk4 = line_with(r.out, "converge:   rk4: ");
    CHECK(rk4.find("reference = the finest level's value: the three finest levels show no converging order") != std::string::npos);
    CHECK(rk4.find("non-monotone") != std::string::npos);
    const std::string cvode = line_with(r.out, "slope-drift cvode:bdf: ");
    CHECK(cvode.find("order not fitted: the differences of neighbouring levels") != std::string::npos);
    CHECK(cvode.find("non-monotone") != std::string::npos);
    const auto s = nlohmann::json::parse(read_text(dir / "summary.json"));
    CHECK(s["results"][0]["note"].get<std::string>().find("finest level") != std::string::npos);
    CHECK(s["results"][1]["verdict"] == "non-monotone");
    // The figure's key says the same (the gnuplot script beside the PNG).
    const std::string gp = read_text(dir / "converge.gp");
    CHECK(gp.find("reference: the finest level") != std::string::npos);
    CHECK(gp.find("not fitted (non-monotone)") != std::string::npos);
    std::filesystem::remove_all(dir);
  }
  SUBCASE("IDA's stick time: errors that fall smoothly but with no common order are pre-asymptotic") {
    const auto dir = scratch_dir("notes_ida");
    const CliOutput r = run_cli("converge dry-friction-oscillator --observable t_stick --solver ida --out " + dir.string(), true);
    REQUIRE(r.code == 0);
    CAPTURE(r.out);
    const std::string ida = line_with(r.out, "dry-friction-oscillator ida: ");
    CHECK(ida.find("order not fitted: the errors fall at every level") != std::string::npos);
    CHECK(ida.find("pre-asymptotic") != std::string::npos);
    std::filesystem::remove_all(dir);
  }
  SUBCASE("Coulomb's Filippov block holds exactly: exact at every level, and a figure that says so") {
    const auto dir = scratch_dir("notes_exact");
    const CliOutput r = run_cli("converge slope-drift --observable drift --solver euler --set friction=coulomb-filippov "
                                "--set t_end=0.01 --out " + dir.string(), true);
    REQUIRE(r.code == 0);
    CAPTURE(r.out);
    CHECK(line_with(r.out, "slope-drift euler: ").find("exact at every level: every error is 0") != std::string::npos);
    // "wrote" names converge.png only where it is on disk (gnuplot draws the zeros on the bottom line).
    const std::string wrote = line_with(r.out, "converge: wrote");
    CHECK((wrote.find("converge.png") != std::string::npos &&
           wrote.find("not drawn") == std::string::npos) == std::filesystem::exists(dir / "converge.png"));
    CHECK(read_text(dir / "converge.gp").find("exact at every level") != std::string::npos);
    std::filesystem::remove_all(dir);
  }
  SUBCASE("run convergence: every order line names its law and events; an order above rk4's is explained") {
    const auto dir = scratch_dir("notes_convergence");
    const CliOutput r = run_cli("run convergence --set friction=dsds --set events=on --set solver=euler,rk4 --out " +
                                dir.string(), true);
    REQUIRE(r.code == 0);
    CAPTURE(r.out);
    CHECK(line_with(r.out, "converge: sliding-plates [dsds, events located] euler: order").size() > 0);
    const std::string rk4 = line_with(r.out, "converge: sliding-plates [dsds, events located] rk4: order");
    REQUIRE(rk4.size() > 0);
    CHECK(rk4.find("order 5.0") != std::string::npos);
    CHECK(line_with(r.out, "converge:   rk4: above rk4's order 4: fitted on 3 points only").size() > 0);
    const auto s = nlohmann::json::parse(read_text(dir / "summary.json"));
    bool labelled = false;
    for (const auto& row : s["results"])
      if (row["solver"] == "rk4") labelled = row["label"].get<std::string>().find("above order 4: few points") != std::string::npos;
    CHECK(labelled);
    std::filesystem::remove_all(dir);
  }
}
