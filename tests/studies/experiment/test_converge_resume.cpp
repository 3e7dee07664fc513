// converge loses nothing, as run and sweep (studies/experiment/converge.hpp, run_store.hpp): SIGINT after its first
// finished run leaves that run's row in runs.jsonl and summary.json with "complete": false (exit 130); `converge
// ... --resume` with a changed option is exit 2 naming it; with the same options it finishes from the stored rows
// with the values of an uninterrupted converge (every column of converge.csv but the wall time).
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/interrupted_run.hpp"

namespace {
namespace fs = std::filesystem;

// Ten runs: euler and rk4 at 5 levels; the finest ones take a few tenths of a second, the coarse ones microseconds.
const std::vector<std::string> kArgs{"converge", "sliding-plates", "--observable", "v_end", "--solver", "euler,rk4",
                                     "--dt", "0.1:0.00001:5"};

// converge.csv without its wall-time column (the only one a resumed converge may differ in).
std::string without_wall_time(const std::string& csv) {
  std::istringstream in(csv);
  std::string out, line;
  std::size_t column = std::string::npos;
  while (std::getline(in, line)) {
    std::vector<std::string> cells{""};  // RFC 4180: a comma inside quotes is no separator
    bool quoted = false;
    for (const char ch : line) {
      if (ch == '"') quoted = !quoted;
      if (ch == ',' && !quoted) cells.emplace_back();
      else cells.back() += ch;
    }
    if (column == std::string::npos)
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i].find("wall_time") != std::string::npos) column = i;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (i != column) out += cells[i] + ",";
    out += "\n";
  }
  return out;
}

// summary.json's results without wall times.
nlohmann::json results(const fs::path& out) {
  nlohmann::json r = stickslip::test::read_json_file(out / "summary.json")["results"];
  for (auto& series : r)
    for (auto& p : series["points"]) p.erase("wall_time_s");
  return r;
}
}  // namespace

TEST_CASE("converge: SIGINT keeps the finished runs; --resume finishes with the values of an uninterrupted converge") {
  const fs::path base = stickslip::test::scratch_dir("converge_resume");
  const fs::path out = base / "interrupted", ref = base / "reference";
  fs::remove_all(base);
  fs::create_directories(base);

  REQUIRE(stickslip::test::interrupt_after(kArgs, out, 1, SIGINT) == 130);
  const nlohmann::json partial = stickslip::test::read_json_file(out / "summary.json");
  CHECK(partial["complete"] == false);
  CHECK(partial["command"] == "converge");
  const std::size_t done = partial["runs_done"].get<std::size_t>();
  CHECK(done >= 1);
  CHECK(done < 10);
  CHECK(stickslip::test::line_count(out / "runs.jsonl") == 1 + done);
  CHECK(partial["resume"].get<std::string>().find("--resume") != std::string::npos);

  // A changed option is refused, naming it.
  std::vector<std::string> other = kArgs;
  other[7] = "0.1:0.00001:6";
  const auto changed = stickslip::test::run_cli(stickslip::test::joined(other) + "--resume --out " + out.string(), true);
  CHECK(changed.code == 2);
  CHECK(changed.out.find("--dt=0.1:0.00001:6: differs from the interrupted study") != std::string::npos);

  const auto [a, b] = stickslip::test::resumed_and_fresh(kArgs, out, ref);
  CHECK(a["complete"] == true);
  CHECK(a["runs_done"] == 10);
  CHECK(a["runs_resumed"] == done);
  CHECK(b["runs_done"] == 10);
  CHECK(results(out) == results(ref));
  CHECK(without_wall_time(stickslip::test::read_text(out / "converge.csv")) ==
        without_wall_time(stickslip::test::read_text(ref / "converge.csv")));
  fs::remove_all(base);
}

TEST_CASE("converge: a finished --out is refused without --resume or --overwrite; --resume reuses every row") {
  const fs::path out = stickslip::test::scratch_dir("converge_finished");
  fs::remove_all(out);
  const std::string args = "converge sliding-plates --observable v_end --solver rk4 --dt 0.1:0.01:3 --out " + out.string();
  REQUIRE(stickslip::test::run_cli(args).code == 0);
  const auto again = stickslip::test::run_cli(args, true);
  CHECK(again.code == 2);
  CHECK(again.out == "stickslip: error: --out=" + out.string() +
                         ": holds a finished study (summary.json); give --resume to reuse its runs or --overwrite to "
                         "replace it\n");
  CHECK(stickslip::test::run_cli(args + " --resume").code == 0);
  CHECK(stickslip::test::read_json_file(out / "summary.json")["runs_resumed"] == 3);
  CHECK(stickslip::test::run_cli(args + " --overwrite").code == 0);
  CHECK(!stickslip::test::read_json_file(out / "summary.json").contains("runs_resumed"));
  fs::remove_all(out);
}
