// Signals (core/interrupt.hpp, core/child_process.hpp): a Ctrl-C (SIGINT to the terminal's foreground group) is
// honoured while gnuplot draws a figure and inside every driver's step loop: the study ends within seconds with exit
// 130 and "complete": false, no figure or CSV left half written, no child left running. A sweep forwards the
// signal to its points and stops at once; kill -9 of a sweep takes its points with it (PR_SET_PDEATHSIG), and an
// immediate --resume finishes with the rows of an uninterrupted sweep (the --out lock holds it off the dying points).
// The references are the commands' own uninterrupted results; the time limits are liveness bounds (each command
// would run 10 s to minutes without the signal), not timings.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using stickslip::test::file_text;
using stickslip::test::Stickslip;

namespace {

std::vector<std::string> with_out(std::vector<std::string> args, const fs::path& out) {
  args.insert(args.end(), {"--out", out.string()});
  return args;
}

// No file of a study is left half written: no .part anywhere under out.
void check_no_part_files(const fs::path& out) {
  for (const auto& e : fs::recursive_directory_iterator(out)) CHECK_MESSAGE(e.path().extension() != ".part", e.path());
}

// Starts args into out, waits until `ready` exists there (its run store, or the last file written before its first
// run) and `settle` more (it is then inside its first run's driver), sends
// SIGINT to its group as Ctrl-C does, and checks the clean end: exit 130 within `limit`, complete: false, nothing
// half written, no process left.
void interrupt_inside(const std::string& what, const std::vector<std::string>& args, std::chrono::milliseconds settle,
                      const std::string& ready = "runs.jsonl", std::chrono::milliseconds limit = 5000ms) {
  INFO(what);
  const stickslip::test::ScratchDir dir("sigint_" + what);
  const fs::path out = dir / "out";
  Stickslip run(with_out(args, out), dir / "log");
  REQUIRE(stickslip::test::wait_until([&] { return fs::exists(out / ready) || run.poll(); }, 30000ms));
  std::this_thread::sleep_for(settle);
  REQUIRE_MESSAGE(!run.poll(), "finished before the signal: " << run.err());
  const auto children = stickslip::test::descendants(run.pid());
  run.signal_group(SIGINT);
  const auto t0 = std::chrono::steady_clock::now();
  const auto code = run.wait(limit);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(run.err());
  REQUIRE_MESSAGE(code.has_value(), what << ": still running " << limit.count() << " ms after SIGINT");
  MESSAGE(what << ": exit " << *code << " " << seconds << " s after SIGINT");
  CHECK(*code == 130);
  const nlohmann::json summary = nlohmann::json::parse(file_text(out / "summary.json"));
  CHECK(summary["complete"] == false);
  CHECK(summary["interrupted_by"] == "SIGINT");
  check_no_part_files(out);
  for (pid_t c : children) CHECK_MESSAGE(!stickslip::test::process_alive(c), "left running: " << c);
}

}  // namespace

TEST_CASE("Ctrl-C while gnuplot draws a figure: exit 130, no PNG, gnuplot gone") {
  // A gnuplot that never finishes (it sleeps), found first on PATH, so the signal certainly falls inside the figure.
  const stickslip::test::ScratchDir dir("sigint_figure");
  const fs::path bin = dir / "bin", pids = dir / "gnuplot.pids", out = dir / "out";
  fs::create_directories(bin);
  {
    std::ofstream fake(bin / "gnuplot");
    fake << "#!/bin/sh\necho $$ >> '" << pids.string() << "'\nexec sleep 60\n";
  }
  fs::permissions(bin / "gnuplot", fs::perms::owner_all);
  Stickslip run(with_out({"run", "sliding-plates", "--set", "sweep_v0=none", "--set", "fig4=off"}, out), dir / "log",
                {"PATH=" + bin.string() + ":/usr/bin:/bin"});
  REQUIRE(stickslip::test::wait_until([&] { return !file_text(pids).empty() || run.poll(); }, 30000ms));
  REQUIRE_FALSE(run.poll().has_value());
  const pid_t gnuplot = static_cast<pid_t>(std::atol(file_text(pids).c_str()));
  run.signal_group(SIGINT);  // the terminal's Ctrl-C: gnuplot runs in a group of its own, stickslip ends it
  const auto code = run.wait(5000ms);
  INFO(run.err());
  REQUIRE_MESSAGE(code.has_value(), "the SIGINT during the figure was lost");
  CHECK(*code == 130);
  CHECK(nlohmann::json::parse(file_text(out / "summary.json"))["complete"] == false);
  CHECK(stickslip::test::wait_until([&] { return !stickslip::test::process_alive(gnuplot); }, 2000ms));
  for (const auto& e : fs::recursive_directory_iterator(out)) CHECK(e.path().extension() != ".png");
  check_no_part_files(out);
}

// Each command spends its time inside one driver's loop with no output point for seconds (an output interval as
// long as the run), where only the loop's own check can see the signal: nearly undamped plates that stick for ever
// (gamma 1e-9, F_max 1e9) oscillating for 1e6 time units (about 15 s in dopri5, longer in CVODE and IDA), the
// oscillator from x0 = 1e5 (1e5 half-cycles, each an event of the Filippov driver), 1e7 rk4 steps of a block, 1e7
// time units of the stochastic pair, a rolling sphere and a pour of 1e4 s.
namespace {
const std::vector<std::string> kPlates{"--set", "fig4=off", "--set", "sweep_v0=none", "--set", "gamma=1e-9", "--set",
                                       "fmax=1e9", "--set", "t_end=1e6", "--set", "dt=1e6"};
std::vector<std::string> plates(std::vector<std::string> args) {
  args.insert(args.begin(), {"run", "sliding-plates"});
  args.insert(args.end(), kPlates.begin(), kPlates.end());
  return args;
}
}  // namespace

TEST_CASE("Ctrl-C inside each driver's loop: exit 130 within seconds") {
  interrupt_inside("dopri5", plates({"--set", "solver=dopri5", "--set", "friction=csds"}), 300ms);
  interrupt_inside("cvode", plates({"--set", "solver=cvode", "--set", "friction=csds"}), 300ms);
  interrupt_inside("ida", plates({"--set", "solver=ida", "--set", "friction=dsds-dae"}), 300ms);
  interrupt_inside("filippov", {"run", "dry-friction-oscillator", "--set", "solver=filippov", "--set", "x0=1e5", "--set",
                                "t_end=4e5", "--set", "dt=4e5"},
                   300ms, "exact.csv");  // the exact solution (1.25e5 phases) is computed before the run
  interrupt_inside("fixed-step", {"run", "slope-drift", "--set", "friction=csds", "--set", "solver=rk4", "--set", "dt=2e-6",
                                  "--set", "t_end=19", "--set", "dt_sweep=none", "--set", "size_sweep=none", "--set",
                                  "damping=on", "--set", "angle_deg=30"},
                   300ms);
  interrupt_inside("sde", {"run", "stochastic-friction", "--set", "system=pair", "--set", "geometry=fixed", "--set",
                           "law=linear", "--set", "kT=1", "--set", "extrapolate=off", "--set", "t_end=1e7", "--set",
                           "sweep_dt=none"},
                   300ms);
  interrupt_inside("trapezoid", {"run", "rolling-sphere", "--set", "integrator=trapezoid", "--set", "t_end=1e4"}, 300ms);
  interrupt_inside("velocity-verlet", {"run", "container", "--set", "n=60", "--set", "seeds=1", "--set", "t_end=1e4",
                                       "--set", "rest_hold=1e4", "--set", "rotations=on"},
                   300ms);
}

// Points of about 15 s each in dopri5 (the plates above): only the driver's own check and the sweep's forwarding
// stop them.
namespace {
std::vector<std::string> slow_sweep() {
  std::vector<std::string> args{"sweep", "sliding-plates", "--set", "v0=1,2,3,4", "--jobs", "2", "--fix", "solver=dopri5",
                                "--fix", "friction=csds"};
  for (std::size_t i = 0; i < kPlates.size(); i += 2) args.insert(args.end(), {"--fix", kPlates[i + 1]});
  return args;
}
}  // namespace

TEST_CASE("Ctrl-C of a sweep: its points stop at once, exit 130, none left running") {
  const stickslip::test::ScratchDir dir("sigint_sweep");
  const fs::path out = dir / "out";
  Stickslip sweep(with_out(slow_sweep(), out), dir / "log");
  REQUIRE(stickslip::test::wait_until(
      [&] { return (fs::exists(out / "points" / "0" / "runs.jsonl") && fs::exists(out / "points" / "1" / "runs.jsonl")) || sweep.poll(); },
      30000ms));
  std::this_thread::sleep_for(200ms);
  REQUIRE_FALSE(sweep.poll().has_value());
  const auto children = stickslip::test::descendants(sweep.pid());
  CHECK(children.size() >= 2);
  sweep.signal_group(SIGINT);
  const auto t0 = std::chrono::steady_clock::now();
  const auto code = sweep.wait(5000ms);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(sweep.err());
  REQUIRE(code.has_value());
  MESSAGE("sweep: exit " << *code << " " << seconds << " s after SIGINT");
  CHECK(*code == 130);
  CHECK(nlohmann::json::parse(file_text(out / "summary.json"))["complete"] == false);
  for (pid_t c : children) CHECK_MESSAGE(!stickslip::test::process_alive(c), "left running: " << c);
}

TEST_CASE("kill -9 of a sweep: no point left running; an immediate --resume ends as an uninterrupted sweep") {
  const stickslip::test::ScratchDir dir("kill_sweep");
  const fs::path out = dir / "out", ref = dir / "ref";
  // Four points of about half a second each (a block, rk4, 2.5e5-5e5 steps), two at a time.
  const std::vector<std::string> args{"sweep", "slope-drift", "--set", "dt=4e-6,5e-6,6e-6,8e-6", "--fix",
                                      "friction=csds", "--fix", "solver=rk4", "--fix", "t_end=2", "--fix",
                                      "dt_sweep=none", "--fix", "size_sweep=none", "--fix", "damping=on", "--fix",
                                      "angle_deg=30", "--jobs", "2"};
  {
    Stickslip sweep(with_out(args, out), dir / "log");
    REQUIRE(stickslip::test::wait_until(
        [&] { return stickslip::test::descendants(sweep.pid()).size() >= 2 || sweep.poll(); }, 30000ms));
    std::this_thread::sleep_for(100ms);
    REQUIRE_FALSE(sweep.poll().has_value());
    const auto children = stickslip::test::descendants(sweep.pid());
    sweep.signal(SIGKILL);  // the sweep alone, as `kill -9 PID` does
    REQUIRE(sweep.wait(5000ms).has_value());
    // At once (no wait for the points to die): the lock keeps the resume off the points still running.
    Stickslip resume(with_out([&] { auto a = args; a.push_back("--resume"); return a; }(), out), dir / "resume_log");
    for (pid_t c : children)
      CHECK_MESSAGE(stickslip::test::wait_until([&] { return !stickslip::test::process_alive(c); }, 3000ms),
                    "point left running after kill -9 of its sweep: " << c);
    const auto code = resume.wait(120000ms);
    INFO(resume.err());
    REQUIRE(code.has_value());
    CHECK(*code == 0);
  }
  Stickslip fresh(with_out(args, ref), dir / "ref_log");
  REQUIRE(fresh.wait(120000ms) == 0);
  CHECK(file_text(out / "sweep.csv") == file_text(ref / "sweep.csv"));
  CHECK(file_text(out / "points.jsonl") == file_text(ref / "points.jsonl"));
  CHECK(nlohmann::json::parse(file_text(out / "summary.json"))["complete"] == true);
}

TEST_CASE("kill -9 of a study in mid-run, then --resume: the files of an uninterrupted run") {
  const stickslip::test::ScratchDir dir("kill_run");
  const fs::path out = dir / "out", ref = dir / "ref";
  const std::vector<std::string> args{"run", "slope-drift", "--set", "friction=coulomb-filippov,cundall-strack,csds,dsds",
                                      "--set", "solver=rk4", "--set", "damping=on", "--set", "dt=1e-5", "--set",
                                      "dt_sweep=none", "--set", "size_sweep=none", "--set", "t_end=0.3"};
  {
    Stickslip run(with_out(args, out), dir / "log");
    REQUIRE(stickslip::test::wait_until(
        [&] { return file_text(out / "runs.jsonl").find("\"key\"") != std::string::npos || run.poll(); }, 60000ms));
    REQUIRE_FALSE(run.poll().has_value());
    run.signal(SIGKILL);
    REQUIRE(run.wait(5000ms).has_value());
  }
  auto resume = args;
  resume.push_back("--resume");
  REQUIRE(Stickslip(with_out(resume, out), dir / "resume_log").wait(120000ms) == 0);
  REQUIRE(Stickslip(with_out(args, ref), dir / "ref_log").wait(120000ms) == 0);
  const auto got = stickslip::test::files_under(out, {"summary.json", "runs.jsonl", "gnuplot.log"});
  const auto want = stickslip::test::files_under(ref, {"summary.json", "runs.jsonl", "gnuplot.log"});
  CHECK(got == want);
  CHECK(stickslip::test::without_timings(nlohmann::json::parse(file_text(out / "summary.json"))["results"]) ==
        stickslip::test::without_timings(nlohmann::json::parse(file_text(ref / "summary.json"))["results"]));
}
