// tests/interrupted_run.hpp — a `stickslip` command stopped by a signal once it has some runs on disk, for the tests
// of resumable commands (run, converge): start it, wait until runs.jsonl holds `rows` + 1 lines (its header and
// `rows` finished runs), send the signal, return the exit status.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/cli_runner.hpp"

namespace stickslip::test {

// The non-empty lines of a file (0 if it is missing).
inline std::size_t line_count(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::size_t n = 0;
  for (std::string l; std::getline(in, l);) n += !l.empty();
  return n;
}

inline nlohmann::json read_json_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

// "a b c " (a command line for run_cli from argument lists).
inline std::string joined(const std::vector<std::string>& args) {
  std::string s;
  for (const auto& x : args) s += x + " ";
  return s;
}

// Runs `args` + "--out out", sends `sig` once `rows` runs are on disk; the exit status, -2 if it ended before the
// signal, -1 if a signal killed it.
inline int interrupt_after(const std::vector<std::string>& command, const std::filesystem::path& out, std::size_t rows,
                           int sig) {
  std::vector<std::string> args = command;
  args.push_back("--out");
  args.push_back(out.string());
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> argv{const_cast<char*>(STICKSLIP_BINARY)};
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (!std::freopen("/dev/null", "w", stderr)) _exit(127);
    execv(STICKSLIP_BINARY, argv.data());
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (line_count(out / "runs.jsonl") < rows + 1 && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return -2;  // ended before the signal
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Finishes an interrupted command with --resume in `out` and runs it afresh in `ref`: both exit 0, and their
// summary.json files (resumed first) for the test to compare.
inline std::pair<nlohmann::json, nlohmann::json> resumed_and_fresh(const std::vector<std::string>& command,
                                                                    const std::filesystem::path& out,
                                                                    const std::filesystem::path& ref) {
  const auto resumed = run_cli(joined(command) + "--resume --out " + out.string());
  REQUIRE(resumed.code == 0);
  const auto fresh = run_cli(joined(command) + "--out " + ref.string());
  REQUIRE(fresh.code == 0);
  return {read_json_file(out / "summary.json"), read_json_file(ref / "summary.json")};
}

}  // namespace stickslip::test
