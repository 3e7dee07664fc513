// The --out folder (studies/experiment/out_dir_lock.hpp, with_out_dir): a study refused at run time (exit 2) leaves
// nothing behind (no folder it created, nothing new in one that was there); a finished study in --out is refused
// (exit 2, one line naming the folder and the options) unless --resume reuses it or --overwrite replaces it, for
// run, simulate, sweep and converge alike; an --overwrite that is then refused leaves the old study as it was.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "tests/cli_runner.hpp"

namespace {
namespace fs = std::filesystem;
using stickslip::test::run_cli;

const std::string kTiny = "run sliding-plates --set fig4=off --set sweep_v0=none --set friction=csds --set dt=0.1 ";
const std::string kRefused = "run sliding-plates --set t_end=0.1 ";  // fig4_dt=0.2: must be <= t_end, at run time

std::set<std::string> entries(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

std::string finished(const fs::path& out) {
  return "stickslip: error: --out=" + out.string() +
         ": holds a finished study (summary.json); give --resume to reuse its runs or --overwrite to replace it\n";
}
}  // namespace

TEST_CASE("a run refused at run time leaves no folder it created, and nothing new in one that was there") {
  const fs::path base = stickslip::test::scratch_dir("out_refused");
  fs::remove_all(base);
  fs::create_directories(base);

  const auto made = run_cli(kRefused + "--out " + (base / "new").string(), true);
  CHECK(made.code == 2);
  CHECK(made.out == "stickslip: error: fig4_dt=0.2: must be <= t_end\n");
  CHECK(!fs::exists(base / "new"));

  CHECK(run_cli(kRefused + "--out " + (base / "a" / "b" / "c").string()).code == 2);
  CHECK(!fs::exists(base / "a"));  // the folders it made on the way, too
  fs::create_directories(base / "empty");
  CHECK(run_cli(kRefused + "--out " + (base / "empty" / "new").string()).code == 2);
  CHECK(fs::is_directory(base / "empty"));  // an empty folder that was there stays
  CHECK(fs::is_empty(base / "empty"));

  fs::create_directories(base / "mine");
  std::ofstream(base / "mine" / "notes.txt") << "mine\n";
  CHECK(run_cli(kRefused + "--out " + (base / "mine").string()).code == 2);
  CHECK(entries(base / "mine") == std::set<std::string>{"notes.txt"});
  fs::remove_all(base);
}

TEST_CASE("run: a finished --out is refused without --resume or --overwrite; --overwrite replaces it") {
  const fs::path out = stickslip::test::scratch_dir("out_finished");
  fs::remove_all(out);
  REQUIRE(run_cli(kTiny + "--set t_end=1 --out " + out.string()).code == 0);
  const std::set<std::string> first = entries(out);

  // Another run into it, with other --set values: refused, the folder untouched.
  const auto again = run_cli(kTiny + "--set t_end=2 --out " + out.string(), true);
  CHECK(again.code == 2);
  CHECK(again.out == finished(out));
  CHECK(entries(out) == first);

  // --resume with other values keeps its own check (the changed key named).
  const auto changed = run_cli(kTiny + "--set t_end=2 --resume --out " + out.string(), true);
  CHECK(changed.code == 2);
  CHECK(changed.out.find("t_end=2: differs from the interrupted study") != std::string::npos);

  const auto both = run_cli(kTiny + "--set t_end=2 --resume --overwrite --out " + out.string(), true);
  CHECK(both.code == 2);
  CHECK(both.out.find("--overwrite=: given with --resume") != std::string::npos);

  // --overwrite of a run then refused: the finished study stays as it was.
  const std::string summary = stickslip::test::read_text(out / "summary.json");
  CHECK(run_cli(kRefused + "--overwrite --out " + out.string()).code == 2);
  CHECK(entries(out) == first);
  CHECK(stickslip::test::read_text(out / "summary.json") == summary);

  // --overwrite replaces it.
  std::ofstream(out / "stale.csv") << "x\n";
  REQUIRE(run_cli(kTiny + "--set t_end=2 --overwrite --out " + out.string()).code == 0);
  CHECK(!fs::exists(out / "stale.csv"));
  CHECK(!fs::exists(out / ".stickslip.replaced"));
  const nlohmann::json s = nlohmann::json::parse(stickslip::test::read_text(out / "summary.json"));
  CHECK(s["complete"] == true);
  CHECK(s["provenance"]["parameters"]["t_end"] == "2");
  fs::remove_all(out);
}

TEST_CASE("sweep and simulate refuse a finished --out as run does") {
  const fs::path base = stickslip::test::scratch_dir("out_finished_sweep");
  fs::remove_all(base);
  const std::string sweep = "sweep sliding-plates --set v0=1,2 --fix fig4=off --fix sweep_v0=none --fix friction=csds "
                            "--fix dt=0.1 --fix t_end=1 --jobs 2 --out " + (base / "sweep").string();
  REQUIRE(run_cli(sweep).code == 0);
  const auto again = run_cli(sweep, true);
  CHECK(again.code == 2);
  CHECK(again.out == finished(base / "sweep"));
  CHECK(run_cli(sweep + " --overwrite").code == 0);

  const std::string file = (fs::path(__FILE__).parent_path() / "../../../studies/systems/examples/two_masses.toml").string();
  REQUIRE(fs::exists(file));
  {
    const std::string simulate = "simulate " + file + " --t-end 0.1 --out " + (base / "sim").string();
    REQUIRE(run_cli(simulate).code == 0);
    CHECK(run_cli(simulate, true).out == finished(base / "sim"));
    CHECK(run_cli(simulate + " --overwrite").code == 0);
  }
  fs::remove_all(base);
}
