// The systems on the command line: `simulate FILE` writes its outputs and agrees with the exact solution, `help FILE`
// lists the file's keys, a bad file exits 2 naming the file, the line and the key, sweep and converge take a file;
// the block-chain study against its closed form and its skipped pairs; the Burridge-Knopoff study's first quakes the
// same under the Filippov driver and IDA (to their tolerances).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "studies/experiment/output.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;
using stickslip::test::run_cli;

namespace {

const std::string kSource = STICKSLIP_SOURCE_DIR;
const std::string kTwoMasses = kSource + "/studies/systems/examples/two_masses.toml";

nlohmann::json summary_of(const std::filesystem::path& out) {
  std::ifstream in(out / "summary.json");
  return nlohmann::json::parse(in);
}

std::string write_bad(const std::string& text) {
  const auto dir = test::scratch_dir("bad_system");
  std::filesystem::create_directories(dir);
  const auto path = dir / "bad.toml";
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("simulate FILE: the outputs, the keys, and the motion of the exact solution") {
  const auto out = test::scratch_dir("simulate_two_masses");
  std::filesystem::remove_all(out);
  const auto r = run_cli("simulate " + kTwoMasses + " --solver ida --t-end 2 --out " + out.string(), true);
  REQUIRE(r.code == 0);
  for (const char* f : {"state.csv", "contacts.csv", "events.csv", "ledger.csv", "summary.json"})
    CHECK(std::filesystem::exists(out / f));
  const nlohmann::json s = summary_of(out);
  CHECK(s["solver"] == "ida");
  CHECK(s["run"]["driver"] == "ida");
  CHECK(s["final"]["stuck"].size() == 2);  // both masses at rest by t = 2 s
  // The ledger balances to IDA's tolerance (rtol 1e-10 in the file: 100 rtol of the energy).
  CHECK(s["run"]["balance_relative"].get<double>() <= 1e-8);
  // The rest positions of the exact solution (models/system/coulomb_exact.hpp, through converge's exact reference).
  const auto c = run_cli("converge " + kTwoMasses + " --observable q.x1 --solver ida --rtol 1e-6:1e-8:3 --reference exact "
                         "--set t_end=2 --out " + (out / "converge").string(), true);
  CHECK(c.code == 0);
  const nlohmann::json cs = summary_of(out / "converge");
  CHECK(cs["reference"] == "exact");
  // IDA's error against it within 10 rtol at every level (measured 0.15 .. 0.45 rtol: global, from local control).
  for (const auto& p : cs["results"][0]["points"]) CHECK(p["error"].get<double>() <= 10 * p["h"].get<double>());
  // help FILE lists every number of the file as a key.
  const auto h = run_cli("help " + kTwoMasses);
  CHECK(h.code == 0);
  for (const char* key : {"body.x1.mass = 1", "contact.floor1.mu = 0.2", "spring.link.k = 30", "solver = filippov:dopri5"})
    CHECK(h.out.find(key) != std::string::npos);
  std::filesystem::remove_all(out);
}

TEST_CASE("a bad system file or key exits 2 naming the file, the line and the key") {
  const std::string good = test::read_text(kTwoMasses);
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const auto at = s.find(from);
    REQUIRE(at != std::string::npos);
    return s.replace(at, from.size(), to);
  };
  struct Case {
    std::string file, sets, expected;
  };
  const std::vector<Case> cases{
      {with("mass = 0.5", "mass = -0.5"), "", "body.x2.mass=-0.5: must be a finite number > 0"},
      {with("body = \"x1\"", "body = \"x9\""), "", "contact.floor1.body=x9: no such body; the bodies are x1, x2"},
      {with("mu = 0.2", "mu = -1"), "", "contact.floor1.mu=-1: must be >= 0"},
      {with("k = 30.0", "k = 30.0\nstiff = 1"), "", "spring.link.stiff=1: unknown key; allowed:"},
      {good, "--set contact.floor1.mu=banana", "contact.floor1.mu=banana"},
      {good, "--set solver=verlet", "solver=verlet: not a driver of systems"},
      {good, "--set body.x1.q0=nan", "body.x1.q0=nan"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.expected);
    const std::string path = write_bad(c.file);
    const auto r = run_cli("simulate " + path + " " + c.sets + " --dry-run", true);
    CHECK(r.code == 2);
    CHECK(r.out.find(c.expected) != std::string::npos);
    // A value of the file is reported with its file and line; one given by --set without.
    if (c.sets.empty()) CHECK(r.out.find("bad.toml:") != std::string::npos);
  }
  const auto missing = run_cli("simulate /nonexistent/none.toml", true);
  CHECK(missing.code == 2);
  CHECK(missing.out.find("none.toml") != std::string::npos);
}

TEST_CASE("sweep takes a system file where it takes a study") {
  const auto out = test::scratch_dir("sweep_system");
  std::filesystem::remove_all(out);
  const auto r = run_cli("sweep " + kTwoMasses + " --set contact.floor1.mu=0.2,0.3 --set t_end=1 --jobs 1 --out " + out.string(), true);
  CHECK(r.code == 0);
  std::ifstream table(out / "sweep.csv");
  const auto rows = read_csv_records(table, "sweep.csv");
  CHECK(rows.size() == 3);  // the header and two points
  std::filesystem::remove_all(out);
}

TEST_CASE("block-chain: released together every driver stops at the closed form's time; a pair without a form is skipped") {
  const auto out = test::scratch_dir("block_chain");
  std::filesystem::remove_all(out);
  const auto r = run_cli("run block-chain --set n=4 --set t_end=0.6 --set dt=0.002 --set friction=coulomb,dsds "
                         "--set solver=filippov:dopri5,ida,moreau --out " + out.string(), true);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("skipped friction=dsds solver=filippov:dopri5") != std::string::npos);
  const nlohmann::json s = summary_of(out);
  const double t_stop = s["exact"]["t_stop"].get<double>();  // v0 / (g (mu cos a - sin a))
  CHECK(t_stop == doctest::Approx(0.5 / (9.81 * (0.5 * std::cos(20 * M_PI / 180) - std::sin(20 * M_PI / 180)))));
  int coulomb = 0;
  for (const auto& row : s["results"]) {
    if (row["friction"] != "coulomb") continue;
    ++coulomb;
    CAPTURE(row["solver"].get<std::string>());
    // Located events: the stop to the drivers' tolerance; Moreau-Jean at the end of the step it stops in.
    const double tol = row["solver"] == "moreau" ? 0.002 : 1e-8;
    CHECK(std::abs(row["t_stop"].get<double>() - t_stop) <= tol);
    CHECK(row["drift"].get<double>() == 0.0);  // held exactly after the stop
  }
  CHECK(coulomb == 3);
  CHECK(s["skipped"].size() >= 1);
  std::filesystem::remove_all(out);
}

TEST_CASE("burridge-knopoff: the first quakes the same under the Filippov driver and IDA") {
  // Carlson & Langer's fault with 6 blocks, a fast plate: the catalogue's first events (start, size, moment) from two
  // different forms of the same law (Filippov's convex hull, the DAE's stuck constraint) at rtol 1e-10: their starts
  // within 1e-6 of the time, moments within 1e-5 relative (each quake's slip integrates the tolerance over its
  // switches).
  std::vector<std::vector<std::vector<double>>> catalogues;
  for (const std::string solver : {"filippov:dopri5", "ida"}) {
    const auto out = test::scratch_dir("bk_" + std::to_string(catalogues.size()));
    std::filesystem::remove_all(out);
    const auto r = run_cli("run burridge-knopoff --set n=6 --set t_end=150 --set nu=0.05 --set dt=0.1 --set rtol=1e-10 "
                           "--set atol=1e-12 --set solver=" + solver + " --out " + out.string(), true);
    REQUIRE(r.code == 0);
    catalogues.push_back(read_csv(out / "catalogue.csv"));
    std::filesystem::remove_all(out);
  }
  REQUIRE(catalogues[0].size() >= 3);
  REQUIRE(catalogues[1].size() >= 3);
  for (std::size_t k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(std::abs(catalogues[0][k][0] - catalogues[1][k][0]) <= 1e-6 * 150);
    CHECK(catalogues[0][k][2] == catalogues[1][k][2]);
    CHECK(std::abs(catalogues[0][k][3] - catalogues[1][k][3]) <= 1e-5 * std::abs(catalogues[1][k][3]));
  }
}

TEST_CASE("burridge-knopoff under Moreau-Jean: no quake at the start, a magnitude for every positive moment") {
  // The blocks start stuck: the first quake starts when the plate has loaded a block to its threshold, at the end of
  // the Moreau-Jean step the Filippov driver's located onset falls in (the loading before it is exact: the blocks are
  // held). A quake whose blocks end with no net forward slip (M <= 0: one released block pulled back) has no
  // magnitude ln M: an empty field, never "nan" or "-inf".
  const double dt = 0.1;
  std::vector<std::vector<std::vector<std::string>>> catalogues;
  for (const std::string solver : {"moreau", "filippov:dopri5"}) {
    const auto out = test::scratch_dir("bk_moreau_" + std::to_string(catalogues.size()));
    std::filesystem::remove_all(out);
    const auto r = run_cli("run burridge-knopoff --set n=5 --set t_end=100 --set nu=0.05 --set dt=0.1 --set rtol=1e-10 "
                           "--set atol=1e-12 --set solver=" + solver + " --out " + out.string(), true);
    REQUIRE(r.code == 0);
    std::ifstream in(out / "catalogue.csv");
    catalogues.push_back(read_csv_records(in, "catalogue.csv"));
    std::filesystem::remove_all(out);
  }
  const auto& moreau = catalogues[0];
  REQUIRE(moreau.size() >= 3);  // the header and two quakes at least
  std::size_t without = 0;
  for (std::size_t k = 1; k < moreau.size(); ++k) {
    CAPTURE(k);
    const double moment = std::stod(moreau[k][3]);
    if (moment > 0) {
      CHECK(std::abs(std::stod(moreau[k][4]) - std::log(moment)) <= 1e-12 * std::abs(std::log(moment)) + 1e-15);
    } else {
      CHECK(moreau[k][4].empty());
      ++without;
    }
  }
  MESSAGE((moreau.size() - 1) << " quakes, " << without << " without a magnitude");
  const double start = std::stod(moreau[1][0]), located = std::stod(catalogues[1][1][0]);
  CHECK(start > 0);
  CHECK(start >= located - 1e-9);
  CHECK(start <= located + dt + 1e-9);
}
