// Issue 47, item 3: a long single run streams its samples to its CSV as they are produced (nothing held to be written
// at the end), so a signal is honoured at once, also while the CSV grows, and the progress line follows simulated
// time for as long as the run (and its writing) goes on. The time limits are liveness bounds with a margin for a
// loaded machine (the measured times are printed; about 0.1 s here), not timings.
#include <doctest/doctest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using stickslip::test::file_text;
using stickslip::test::Stickslip;

namespace {

// The percentages of "current run N %" in a progress log.
std::set<int> current_run_percentages(const std::string& err) {
  std::set<int> seen;
  const std::regex re("current run ([0-9]+) %");
  for (auto it = std::sregex_iterator(err.begin(), err.end(), re); it != std::sregex_iterator(); ++it)
    seen.insert(std::stoi((*it)[1]));
  return seen;
}

void check_no_part_files(const fs::path& out) {
  for (const auto& e : fs::recursive_directory_iterator(out)) CHECK_MESSAGE(e.path().extension() != ".part", e.path());
}

}  // namespace

TEST_CASE("sliding-plates at dt=5e-7 (2e6 CSV rows): SIGTERM while its CSV grows ends it within a second, no CSV left") {
  const stickslip::test::ScratchDir dir("bounded_sigterm");
  const fs::path out = dir / "out";
  Stickslip run({"run", "sliding-plates", "--set", "fig4=off", "--set", "sweep_v0=none", "--set", "friction=csds",
                 "--set", "dt=5e-7", "--set", "t_end=1", "--out", out.string()},
                dir / "log");
  // The CSV is written while the run goes: its .part file appears and grows.
  const fs::path part = out / "runs" / "csds_euler_dt5e-07.csv.part";
  REQUIRE(stickslip::test::wait_until([&] { return (fs::exists(part) && fs::file_size(part) > (1 << 20)) || run.poll(); },
                                      30000ms));
  REQUIRE_MESSAGE(!run.poll(), "finished before the signal: " << run.err());
  run.signal(SIGTERM);
  const auto t0 = std::chrono::steady_clock::now();
  const auto code = run.wait(3000ms);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(run.err());
  REQUIRE_MESSAGE(code.has_value(), "still running 3 s after SIGTERM");
  MESSAGE("sliding-plates: exit " << *code << " " << seconds << " s after SIGTERM");
  CHECK(*code == 143);
  CHECK(seconds < 1.0);
  const nlohmann::json summary = nlohmann::json::parse(file_text(out / "summary.json"));
  CHECK(summary["complete"] == false);
  CHECK(summary["interrupted_by"] == "SIGTERM");
  CHECK(!fs::exists(out / "runs" / "csds_euler_dt5e-07.csv"));  // a cut run leaves no CSV under its name
  check_no_part_files(out);
}

TEST_CASE("dry-friction-oscillator euler-sign at dt=1e-9: the progress line moves with simulated time; SIGINT ends it at once") {
  const stickslip::test::ScratchDir dir("bounded_progress");
  const fs::path out = dir / "out";
  // 1e7 steps, each streamed to the CSV: tens of seconds; a progress line every 0.2 s.
  Stickslip run({"run", "dry-friction-oscillator", "--set", "dt=1e-9", "--set", "t_end=0.01", "--set", "solver=euler-sign",
                 "--out", out.string()},
                dir / "log", {"STICKSLIP_PROGRESS_SECONDS=0.2"});
  REQUIRE(stickslip::test::wait_until([&] { return current_run_percentages(run.err()).size() >= 3 || run.poll(); },
                                      20000ms, 50ms));
  REQUIRE_MESSAGE(!run.poll(), "finished before the signal: " << run.err());
  const std::set<int> seen = current_run_percentages(run.err());
  CHECK(seen.size() >= 3);
  CHECK(*seen.rbegin() < 100);
  run.signal(SIGINT);
  const auto t0 = std::chrono::steady_clock::now();
  const auto code = run.wait(3000ms);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(run.err());
  REQUIRE_MESSAGE(code.has_value(), "still running 3 s after SIGINT");
  MESSAGE("dry-friction-oscillator: exit " << *code << " " << seconds << " s after SIGINT; progress seen " << seen.size()
                                           << " distinct percentages");
  CHECK(*code == 130);
  CHECK(seconds < 1.0);
  check_no_part_files(out);
}
