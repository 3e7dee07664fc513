// tests/cli_runner.hpp — run the `stickslip` binary (compile definition STICKSLIP_BINARY) from a test and
// capture what it prints, for the tests of the command-line contract.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace stickslip::test {

// A scratch folder of this test process: temp/stickslip_<name>_<pid>, so that two suites running at once (two
// build folders, make check and make check-sanitize) never share an output folder.
inline std::filesystem::path scratch_dir(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("stickslip_" + name + "_" + std::to_string(getpid()));
}

// What gnuplot reported missing while drawing a study's figures (empty when every plotted file was there): the
// "Cannot find" lines of every <figure>.gnuplot.log in out_dir (a failed figure's messages).
inline std::string missing_figure_inputs(const std::filesystem::path& out_dir) {
  std::string missing;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(out_dir, ec)) {
    const std::string name = e.path().filename().string();
    if (!name.ends_with(".gnuplot.log")) continue;
    FILE* log = std::fopen(e.path().string().c_str(), "r");
    if (!log) continue;
    std::array<char, 4096> line{};
    while (std::fgets(line.data(), line.size(), log))
      if (std::string(line.data()).find("Cannot find") != std::string::npos) missing += line.data();
    std::fclose(log);
  }
  return missing;
}

// A study's summary (or row) without wall times, the only thing a resumed study may report differently from an
// uninterrupted one (studies/experiment/run_store.hpp).
inline nlohmann::json without_timings(nlohmann::json j) {
  if (j.is_object()) {
    for (const char* k : {"wall_seconds", "seconds", "seconds_dt2"}) j.erase(k);
    for (auto& [k, v] : j.items()) v = without_timings(v);
  } else if (j.is_array()) {
    for (auto& v : j) v = without_timings(v);
  }
  return j;
}

struct CliOutput {
  int code;         // exit code, -1 if the program did not exit normally
  std::string out;  // stdout (and stderr when merged)
};

// Runs `stickslip <args>`; stderr is merged into the captured text when merge_stderr, else discarded.
inline CliOutput run_cli(const std::string& args, bool merge_stderr = false) {
  const std::string cmd = std::string(STICKSLIP_BINARY) + " " + args + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return {-1, ""};
  std::string out;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) out += buf.data();
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

// The whole text of a file a study wrote ("" if it is missing).
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string text, line;
  while (std::getline(in, line)) text.append(line).push_back('\n');
  return text;
}

}  // namespace stickslip::test
