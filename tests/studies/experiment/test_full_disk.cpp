// A full disk (a small tmpfs): every write is checked (core/output_file.hpp), so a study or a sweep that runs out
// of space exits 4 with one line naming the file and "No space left on device", leaves no file under its final name
// that differs from the same file of an uninterrupted run (and no .part), and marks no run done in runs.jsonl that
// is not complete on disk; after the space is freed, --resume reruns what is missing and ends with exactly the files
// of the uninterrupted run (the independent reference: the same command on a disk with room).
// Each case fills the tmpfs at three sizes (a fifth, half and nine tenths of what the run writes), so the failure
// falls on different files: a run's CSV, runs.jsonl, a PNG, summary.json.
// Needs mount(2) (root, as CI runs): elsewhere each case says so and is skipped.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using stickslip::test::file_text;
using stickslip::test::files_under;

namespace {

// Bytes a run's files take on tmpfs (whole pages).
std::size_t pages_of(const std::map<std::string, std::string>& files) {
  std::size_t total = 0;
  for (const auto& [name, text] : files) total += (text.size() + 4095) / 4096 * 4096;
  return total;
}

// The parts of a summary or a row that differ between equal runs: timings (at any depth), the command line, the
// resume counters.
nlohmann::json comparable(nlohmann::json j) {
  j = stickslip::test::without_timings(j);
  if (j.is_object()) {
    for (const char* k : {"provenance", "runs_resumed", "timing", "wall_time_s", "loop_seconds"}) j.erase(k);
    for (auto& [k, v] : j.items()) v = comparable(v);
  } else if (j.is_array()) {
    for (auto& v : j) v = comparable(v);
  }
  return j;
}

// A CSV without its timings: the columns whose header cell starts "wall_time" (the convergence tables' cost per
// point) and the rows of a long table whose result is "wall_time" (converge_long.csv). Columns are counted from the
// right: a quoted header cell before them may hold commas ("range (0 asymptotic, 1 ...)").
std::string csv_without_timings(const std::string& csv) {
  std::istringstream in(csv);
  std::string line, out;
  std::vector<std::size_t> drop;  // positions from the right
  bool header = true;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
    if (std::find(cells.begin(), cells.end(), "wall_time") != cells.end()) continue;  // a long table's timing row
    if (header)
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i].rfind("wall_time", 0) == 0) drop.push_back(cells.size() - 1 - i);
    header = false;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (std::find(drop.begin(), drop.end(), cells.size() - 1 - i) == drop.end()) out += cells[i] + ',';
    out += '\n';
  }
  return out;
}

// runs.jsonl as a set of rows (a resume rewrites it in key order).
std::set<std::string> rows_of(const std::string& jsonl) {
  std::set<std::string> rows;
  std::istringstream in(jsonl);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) rows.insert(comparable(nlohmann::json::parse(line)).dump());
  return rows;
}

// Every file of `got` equals the reference's file of that name (summary.json and runs.jsonl compared without
// timings); `complete`: also the same set of names.
void check_files(const std::map<std::string, std::string>& got, const std::map<std::string, std::string>& ref,
                 bool complete) {
  for (const auto& [name, text] : got) {
    INFO(name);
    CHECK(name.find(".part") == std::string::npos);
    const auto r = ref.find(name);
    REQUIRE(r != ref.end());
    const std::string base = fs::path(name).filename().string();
    if (base == "runs.jsonl") {
      const auto a = rows_of(text), b = rows_of(r->second);
      for (const auto& row : a) CHECK(b.count(row) == 1);  // no row that the reference does not have
      if (complete) CHECK(a == b);
    } else if (base == "summary.json") {
      CHECK(comparable(nlohmann::json::parse(text)) == comparable(nlohmann::json::parse(r->second)));
    } else if (fs::path(name).extension() == ".log") {
      continue;  // a sweep point's stderr: progress lines
    } else if (fs::path(name).extension() == ".csv") {
      CHECK(csv_without_timings(text) == csv_without_timings(r->second));  // byte for byte but the timings
    } else {
      CHECK(text == r->second);  // PNG, gnuplot script, points.jsonl: byte for byte
    }
  }
  if (complete)
    for (const auto& [name, text] : ref)
      if (fs::path(name).extension() != ".log") CHECK_MESSAGE(got.count(name) == 1, "missing after --resume: " << name);
}

struct Case {
  std::string name;
  std::vector<std::string> args;  // without --out
};

void full_disk_then_resume(const Case& c) {
  const stickslip::test::ScratchDir dir("full_disk_" + c.name);
  const fs::path ref = dir / "reference";
  std::vector<std::string> ref_args = c.args;
  ref_args.insert(ref_args.end(), {"--out", ref.string()});
  {
    stickslip::test::Stickslip run(ref_args, dir / "ref_log");
    const auto code = run.wait(120000ms);
    INFO(run.err());
    REQUIRE(code == 0);
  }
  const auto reference = files_under(ref, {".stickslip.lock", "gnuplot.log"});
  const std::size_t need = pages_of(reference);
  for (const double fraction : {0.2, 0.5, 0.9}) {
    const std::size_t kib = std::max<std::size_t>(16, static_cast<std::size_t>(fraction * static_cast<double>(need)) / 4096 * 4);
    INFO(c.name << " on a tmpfs of " << kib << " KiB (the run writes " << need / 1024 << " KiB)");
    stickslip::test::Tmpfs disk(dir / ("disk" + std::to_string(kib)), std::to_string(kib) + "k");
    if (!disk.ok()) {
      MESSAGE("full-disk test skipped: cannot mount a tmpfs (" << disk.why() << "); it needs root (CI runs as root)");
      return;
    }
    const fs::path out = disk.dir() / "o";
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--out", out.string()});
    {
      stickslip::test::Stickslip run(args, dir / "full_log");
      const auto code = run.wait(120000ms);
      const std::string err = run.err();
      INFO(err);
      REQUIRE(code.has_value());
      CHECK(*code == 4);
      // One line naming a file in the output folder and the system's reason.
      const auto at = err.find("stickslip: error: ");
      REQUIRE(at != std::string::npos);
      const std::string line = err.substr(at, err.find('\n', at) - at);
      CHECK(line.find(out.string()) != std::string::npos);
      CHECK(line.find("No space left on device") != std::string::npos);
      CHECK(err.find("internal error") == std::string::npos);
      check_files(files_under(out, {".stickslip.lock", "gnuplot.log"}), reference, false);
    }
    REQUIRE(disk.resize("64m"));  // space freed
    std::vector<std::string> resume = args;
    resume.push_back("--resume");
    stickslip::test::Stickslip run(resume, dir / "resume_log");
    const auto code = run.wait(120000ms);
    INFO(run.err());
    REQUIRE(code.has_value());
    CHECK(*code == 0);
    check_files(files_under(out, {".stickslip.lock", "gnuplot.log"}), reference, true);
  }
}

}  // namespace

TEST_CASE("full disk: sliding-plates") {
  full_disk_then_resume({"sliding_plates", {"run", "sliding-plates", "--set", "sweep_v0=1,4,16"}});
}

TEST_CASE("full disk: dry-friction-oscillator") {
  full_disk_then_resume({"oscillator", {"run", "dry-friction-oscillator", "--set", "solver=filippov,ida,rk4-sign"}});
}

TEST_CASE("full disk: rolling-sphere") {
  full_disk_then_resume({"rolling_sphere", {"run", "rolling-sphere"}});
}

TEST_CASE("full disk: slope-drift") {
  full_disk_then_resume({"slope_drift",
                         {"run", "slope-drift", "--set", "friction=coulomb-filippov,cundall-strack,csds", "--set",
                          "solver=rk4", "--set", "damping=on", "--set", "dt_sweep=5e-5,1e-4", "--set", "size_sweep=none",
                          "--set", "t_end=0.05", "--set", "output_interval=1e-4"}});
}

TEST_CASE("full disk: convergence") {
  full_disk_then_resume({"convergence", {"run", "convergence", "--set", "levels=3", "--set", "friction=csds,dsds", "--set",
                                         "solver=euler,rk4", "--set", "events=off"}});
}

TEST_CASE("full disk: container") {
  full_disk_then_resume({"container", {"run", "container", "--set", "n=12", "--set", "seeds=0,1", "--set", "t_end=0.2"}});
}

TEST_CASE("full disk: sweep") {
  full_disk_then_resume({"sweep",
                         {"sweep", "sliding-plates", "--set", "v0=1,2,4", "--fix", "sweep_v0=none", "--fix", "fig4=off",
                          "--jobs", "2"}});
}
