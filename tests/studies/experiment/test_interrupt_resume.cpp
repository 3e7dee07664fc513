// Runs that lose nothing: SIGINT after the first finished run leaves that run's row on disk and summary.json with
// "complete": false (exit 130); --resume with a changed parameter is exit 2 naming it; --resume with the same
// parameters finishes the study with the rows of an uninterrupted run. SIGTERM gives exit 143.
#include <doctest/doctest.h>

#include <algorithm>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/interrupted_run.hpp"

namespace {
namespace fs = std::filesystem;

const std::vector<std::string> kArgs{"run", "container", "--set", "n=60", "--set", "seeds=1,2", "--set", "t_end=1",
                                     "--set", "rest_hold=10", "--set", "snapshots=0.5"};

// Starts the study (`study_args`) into `out`, waits until `rows` runs are on disk, sends `sig`; the exit status.
int interrupt_after(const fs::path& out, std::size_t rows, int sig, const std::vector<std::string>& study_args = kArgs) {
  return stickslip::test::interrupt_after(study_args, out, rows, sig);
}

// A run's row without its wall time.
nlohmann::json row(const nlohmann::json& summary, const std::string& tag) {
  nlohmann::json r = summary["runs"][tag];
  r.erase("wall_seconds");
  return r;
}
}  // namespace

TEST_CASE("SIGINT keeps the finished rows; --resume finishes with the rows of an uninterrupted run") {
  const fs::path base = fs::temp_directory_path() / ("stickslip_interrupt_" + std::to_string(getpid()));
  const fs::path out = base / "interrupted", ref = base / "reference";
  fs::remove_all(base);
  fs::create_directories(out);

  const int code = interrupt_after(out, 1, SIGINT);
  REQUIRE(code == 130);
  const nlohmann::json partial = stickslip::test::read_json_file(out / "summary.json");
  CHECK(partial["complete"] == false);
  CHECK(partial["runs_done"].get<int>() >= 1);
  CHECK(partial["runs_done"].get<int>() < 4);
  CHECK(stickslip::test::line_count(out / "runs.jsonl") == 1 + partial["runs_done"].get<std::size_t>());
  CHECK(fs::exists(out / "container_ke_rot.csv"));  // the finished run's time series, complete under its name
  for (const auto& e : fs::directory_iterator(out)) CHECK(e.path().extension() != ".part");

  // A changed parameter is refused, naming it (t_end=1 given as t_end=2: a second --set of one key is refused).
  std::vector<std::string> other = kArgs;
  std::replace(other.begin(), other.end(), std::string("t_end=1"), std::string("t_end=2"));
  const auto changed = stickslip::test::run_cli(stickslip::test::joined(other) + "--resume --out " + out.string(), true);
  CHECK(changed.code == 2);
  CHECK(changed.out.find("t_end=2: differs from the interrupted study") != std::string::npos);

  const auto [a, b] = stickslip::test::resumed_and_fresh(kArgs, out, ref);
  CHECK(a["complete"] == true);
  CHECK(a["runs_done"] == 4);
  CHECK(a["runs_resumed"] == partial["runs_done"]);
  for (const std::string tag : {"rot", "norot", "rot_s2", "norot_s2"}) CHECK(row(a, tag) == row(b, tag));
  CHECK(a["ensemble"] == b["ensemble"]);
  CHECK(a["provenance"]["parameters"] == b["provenance"]["parameters"]);
  fs::remove_all(base);
}

TEST_CASE("SIGTERM ends a study with exit 143 and complete: false") {
  const fs::path out = fs::temp_directory_path() / ("stickslip_sigterm_" + std::to_string(getpid()));
  fs::remove_all(out);
  fs::create_directories(out);
  CHECK(interrupt_after(out, 0, SIGTERM) == 143);
  CHECK(stickslip::test::read_json_file(out / "summary.json")["complete"] == false);
  fs::remove_all(out);
}

// Four runs of ~0.2-0.6 s each: the grid pair (fixed), its dt/2 partner, two dt-sweep runs.
const std::vector<std::string> kStochastic{
    "run",         "stochastic-friction",   "--set", "law=linear",      "--set", "kT=1",
    "--set",       "system=pair",           "--set", "geometry=fixed",  "--set", "t_end=400",
    "--set",       "t_equil=5",             "--set", "sweep_dt=0.01,0.005", "--set", "sweep_t_end=400",
    "--set",       "sweep_law=linear",      "--set", "sweep_scheme=euler-maruyama", "--set", "sweep_kT=1"};

TEST_CASE("stochastic-friction: SIGINT keeps the finished runs; --resume gives the rows of an uninterrupted run") {
  const fs::path base = stickslip::test::scratch_dir("interrupt_stochastic");
  const fs::path out = base / "interrupted", ref = base / "reference";
  fs::remove_all(base);
  fs::create_directories(out);

  REQUIRE(interrupt_after(out, 1, SIGINT, kStochastic) == 130);
  const nlohmann::json partial = stickslip::test::read_json_file(out / "summary.json");
  CHECK(partial["complete"] == false);
  const std::size_t done = partial["runs_done"].get<std::size_t>();
  CHECK(done >= 1);
  CHECK(done < 4);
  CHECK(stickslip::test::line_count(out / "runs.jsonl") == 1 + done);
  {  // the finished runs' rows, under their labels, with their measured ratio
    std::ifstream in(out / "runs.jsonl");
    std::string line;
    std::getline(in, line);
    CHECK(nlohmann::json::parse(line)["study"] == "stochastic-friction");
    std::getline(in, line);
    const nlohmann::json first = nlohmann::json::parse(line);
    CHECK(first["key"] == "pair_fixed_linear_kT1_em_dt0.002");
    CHECK(first["row"]["equipartition_ratio"].is_number());
    CHECK(fs::exists(out / "runs" / "pair_fixed_linear_kT1_em_dt0.002_ledger.csv"));
  }
  for (const auto& e : fs::recursive_directory_iterator(out)) CHECK(e.path().extension() != ".part");

  const auto [a, b] = stickslip::test::resumed_and_fresh(kStochastic, out, ref);
  CHECK(a["complete"] == true);
  CHECK(a["runs_done"] == 4);
  CHECK(a["runs_resumed"] == done);
  CHECK(stickslip::test::without_timings(a["results"]) == stickslip::test::without_timings(b["results"]));
  CHECK(a["dt_sweep_fits"] == b["dt_sweep_fits"]);
  CHECK(a["extrapolated_check"] == b["extrapolated_check"]);
  for (const std::string f : {"results.csv", "dt_sweep.csv", "dt_sweep_fit.csv"}) {
    INFO(f);
    CHECK(stickslip::test::read_text(out / f) == stickslip::test::read_text(ref / f));
  }
  fs::remove_all(base);
}
