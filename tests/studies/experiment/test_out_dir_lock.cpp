// Two stickslip commands into one --out (studies/experiment/out_dir_lock.hpp): the second exits 2 naming the folder and the
// holder (its pid and command line) before it touches anything; the first finishes with a clean runs.jsonl; the lock
// goes with its holder, even after kill -9, and a released folder is free again.
#include <doctest/doctest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/errors.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace stickslip;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

TEST_CASE("OutDirLock: a second holder is refused naming the first; released, the folder is free") {
  const test::ScratchDir dir("lock_unit");
  {
    const OutDirLock first(dir.path(), {"stickslip", "run", "first"});
    try {
      const OutDirLock second(dir.path(), {"stickslip", "run", "second"});
      FAIL("two locks on one folder");
    } catch (const InputError& e) {
      const std::string m = e.what();
      CHECK(m.rfind("--out=" + dir.path().string() + ": in use by pid " + std::to_string(::getpid()), 0) == 0);
      CHECK(m.find("stickslip run first") != std::string::npos);
      CHECK(m.find('\n') == std::string::npos);
    }
  }
  CHECK_FALSE(fs::exists(dir / OutDirLock::file_name()));  // removed on release
  const OutDirLock again(dir.path(), {"stickslip", "run", "again"});
  CHECK(test::file_text(dir / OutDirLock::file_name()).find("stickslip run again") != std::string::npos);
}

namespace {
// A run long enough to be caught in the act (about 2-3 s): slope-drift, two runs of 0.4 s model time at dt 2e-6.
const std::vector<std::string> kLong{"run",   "slope-drift", "--set", "friction=cundall-strack,csds", "--set",
                                     "solver=rk4", "--set", "dt=2e-6", "--set", "damping=on", "--set", "angle_deg=30",
                                     "--set", "dt_sweep=none", "--set", "size_sweep=none", "--set", "t_end=0.4"};
std::vector<std::string> with_out(std::vector<std::string> args, const fs::path& out) {
  args.push_back("--out");
  args.push_back(out.string());
  return args;
}
}  // namespace

TEST_CASE("two runs into one --out: the second exits 2 naming the holder; the first completes intact") {
  const test::ScratchDir dir("lock_cli");
  const fs::path out = dir / "out";
  test::Stickslip first(with_out(kLong, out), dir / "first");
  REQUIRE(test::wait_until([&] { return fs::exists(out / "runs.jsonl") || first.poll(); }, 20000ms));
  REQUIRE_FALSE(first.poll().has_value());
  for (const std::vector<std::string>& second :
       {with_out(kLong, out), with_out({"run", "sliding-plates"}, out), with_out({"sweep", "sliding-plates", "--set", "v0=1,2"}, out),
        with_out({"converge", "sliding-plates", "--observable", "v_end"}, out), with_out(kLong, out / "." )}) {
    test::Stickslip s(second, dir / "second");
    const auto code = s.wait(30000ms);
    INFO(s.err());
    REQUIRE(code.has_value());
    CHECK(*code == 2);
    CHECK(s.err().find("in use by pid " + std::to_string(first.pid()) + ": stickslip run slope-drift") != std::string::npos);
    CHECK(s.err().find(out.string()) != std::string::npos);
  }
  const auto code = first.wait(120000ms);
  INFO(first.err());
  REQUIRE(code.has_value());
  CHECK(*code == 0);
  // runs.jsonl: the header and one row per run, nothing else (two writers left a second header, NUL bytes and a cut
  // line).
  const std::string jsonl = test::file_text(out / "runs.jsonl");
  std::istringstream lines(jsonl);
  std::string line;
  std::getline(lines, line);
  CHECK(nlohmann::json::parse(line)["study"] == "slope-drift");
  int rows = 0;
  while (std::getline(lines, line)) {
    CHECK(nlohmann::json::parse(line).contains("key"));
    ++rows;
  }
  CHECK(rows == 2);
  CHECK(jsonl.find('\0') == std::string::npos);
  CHECK(nlohmann::json::parse(test::file_text(out / "summary.json"))["complete"] == true);
  CHECK_FALSE(fs::exists(out / OutDirLock::file_name()));
}

TEST_CASE("kill -9 releases the lock: the next run (or --resume) takes the folder at once") {
  const test::ScratchDir dir("lock_kill");
  const fs::path out = dir / "out";
  {
    test::Stickslip victim(with_out(kLong, out), dir / "victim");
    REQUIRE(test::wait_until([&] { return fs::exists(out / "runs.jsonl") || victim.poll(); }, 20000ms));
    victim.signal(SIGKILL);
    REQUIRE(victim.wait(5000ms).has_value());
  }
  CHECK(fs::exists(out / OutDirLock::file_name()));  // left behind by the killed holder, but not locked
  test::Stickslip next(with_out(kLong, out), dir / "next");
  const std::string mine = "pid " + std::to_string(next.pid()) + ":";
  CHECK(test::wait_until([&] { return test::file_text(out / OutDirLock::file_name()).rfind(mine, 0) == 0 || next.poll(); },
                         20000ms));
  next.signal(SIGTERM);  // it holds the folder and runs: the signal ends it cleanly
  const auto code = next.wait(30000ms);
  REQUIRE(code.has_value());
  INFO(next.err());
  CHECK(*code == 143);
}
