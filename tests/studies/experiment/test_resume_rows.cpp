// --resume reads runs.jsonl (studies/experiment/run_store.cpp): a hand-corrupted line is exit 2 with one line naming the file
// and the line number (never the JSON library's text, never exit 4); a last line cut short by a failed write or a
// kill (no newline after it) is dropped and that run redone, ending with the rows of an uninterrupted run.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
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
const std::vector<std::string> kArgs{"run", "dry-friction-oscillator", "--set", "solver=filippov,rk4-sign,ida", "--set", "t_end=2"};

int run(const fs::path& out, bool resume, std::string* err = nullptr) {
  std::vector<std::string> args = kArgs;
  args.insert(args.end(), {"--out", out.string()});
  if (resume) args.push_back("--resume");
  Stickslip p(args, out.parent_path() / "log");
  const auto code = p.wait(60000ms);
  if (err) *err = p.err();
  return code ? *code : -1;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream o(p, std::ios::binary | std::ios::trunc);
  o << text;
}
}  // namespace

TEST_CASE("a hand-corrupted runs.jsonl: exit 2 naming the file and the line") {
  const stickslip::test::ScratchDir dir("resume_rows");
  const fs::path out = dir / "out";
  REQUIRE(run(out, false) == 0);
  const std::string good = file_text(out / "runs.jsonl");
  const auto lines = lines_of(good);
  REQUIRE(lines.size() == 4);  // header + three runs
  struct Damage {
    std::string text;
    std::size_t line;  // the line the message must name
  };
  const std::vector<Damage> damages{
      {lines[0] + "\n" + lines[1] + "\nnot json at all\n" + lines[3] + "\n", 3},
      {lines[0] + "\n" + lines[1] + "\n{\"row\": {}}\n" + lines[3] + "\n", 3},             // no key
      {lines[0] + "\n" + lines[1] + "\n[1, 2, 3]\n" + lines[3] + "\n", 3},                 // not an object
      {"{\"parameters\": {}}\n" + lines[1] + "\n", 1},                                      // header without study
      {lines[0] + "\n" + lines[1] + "\n" + std::string(5, '\0') + lines[2] + "\n", 3},      // two writers' NUL bytes
      {lines[0] + "\n" + lines[1].substr(0, 20) + "\n" + lines[2] + "\n", 2},               // cut, then more rows
  };
  for (const auto& d : damages) {
    write(out / "runs.jsonl", d.text);
    std::string err;
    const int code = run(out, true, &err);
    INFO(err);
    CHECK(code == 2);
    CHECK(err.rfind("stickslip: error: --resume=" + out.string() + ": line " + std::to_string(d.line) + " of " +
                        (out / "runs.jsonl").string(), 0) == 0);
    CHECK(err.find('\n') == err.size() - 1);
    CHECK(err.find("json.exception") == std::string::npos);
  }
}

TEST_CASE("a last line cut by a failed write or a kill is dropped and its run redone") {
  const stickslip::test::ScratchDir dir("resume_cut");
  const fs::path out = dir / "out", ref = dir / "ref";
  REQUIRE(run(ref, false) == 0);
  REQUIRE(run(out, false) == 0);
  const auto lines = lines_of(file_text(out / "runs.jsonl"));
  write(out / "runs.jsonl", lines[0] + "\n" + lines[1] + "\n" + lines[2].substr(0, lines[2].size() / 2));  // no newline
  fs::remove(out / "summary.json");
  REQUIRE(run(out, true) == 0);
  const nlohmann::json a = nlohmann::json::parse(file_text(out / "summary.json"));
  const nlohmann::json b = nlohmann::json::parse(file_text(ref / "summary.json"));
  CHECK(a["runs_resumed"] == 1);  // the cut row's run was redone
  CHECK(stickslip::test::without_timings(a["runs"]) == stickslip::test::without_timings(b["runs"]));
  CHECK(stickslip::test::files_under(out / "runs") == stickslip::test::files_under(ref / "runs"));
}
