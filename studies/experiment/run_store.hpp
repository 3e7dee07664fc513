// studies/experiment/run_store.hpp — runs that lose nothing (DESIGN.md): the one place where a study's finished runs are put on
// disk, where a signal ends a study cleanly, and where --resume picks it up again.
//
// out_dir/runs.jsonl: line 1 {"study", "parameters"} (the resolved set), then one {"key", "row"} line per finished
// run, appended and flushed when the run finishes. A study wraps each run in ctx.run(key, fn): a key already on disk
// (under --resume) returns the stored row without running, otherwise fn() runs and its row is appended. --resume
// refuses a parameter that differs from the interrupted study's (exit 2 naming the key), and a line of runs.jsonl
// that is not a row (a hand edit: exit 2 naming the file and the line); a last line cut short by a failed write or a
// kill is dropped and its run redone. Every write is checked (core/output_file.hpp): a run is on disk as done
// only when its row is, and its row is written only after the run's own files are complete under their names.
// Whole files (CSV, summary.json) are written under a temporary name and renamed (studies/experiment/output.cpp).
#pragma once

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "core/interrupt.hpp"
#include "core/parameters.hpp"
#include "studies/experiment/command_io.hpp"
#include "core/output_file.hpp"

namespace stickslip {

class RunStore {
 public:
  // resume: read the rows of out_dir/runs.jsonl and check the parameters against them; otherwise start afresh.
  RunStore(std::filesystem::path out_dir, const std::string& study, const Parameters& params, bool resume);

  ~RunStore();
  RunStore(const RunStore&) = delete;
  RunStore& operator=(const RunStore&) = delete;

  nlohmann::json run(const std::string& key, const std::function<nlohmann::json()>& fn);
  void record(const std::string& key, const nlohmann::json& row);  // appends and flushes one finished run
  // The stored row of `key` (counted as resumed), or null if it has not run: for callers that run elsewhere (the
  // child processes of `stickslip sweep`) and record() when the run is back.
  const nlohmann::json* stored(const std::string& key) {
    const auto it = rows_.find(key);
    if (it == rows_.end()) return nullptr;
    ++resumed_;
    return &it->second;
  }
  std::size_t runs_done() const { return rows_.size(); }
  // A line on `log` every `seconds` while the study runs: runs done of those planned, how far the current run is
  // (core/progress.hpp: the model time its time loop has reached), percent, elapsed time and an estimate of the time
  // left (from the work done so far in this session), so that no long run, not even a single one, is silent.
  void start_progress(std::ostream& log, const std::string& study, double seconds = 5);
  std::size_t runs_resumed() const { return resumed_; }  // runs whose stored row was returned by run()
  // Optional: what the study is about to do (runs, steps, particles), shown by --dry-run and kept in the summary.
  void plan(const nlohmann::json& work) {
    plan_ = work;
    if (work.is_object() && work.contains("runs") && work["runs"].is_number()) planned_runs_ = work["runs"].get<std::size_t>();
  }
  const nlohmann::json& planned() const { return plan_; }

 private:
  std::filesystem::path path_;
  std::unique_ptr<OutputFile> out_;  // runs.jsonl, appended (core/output_file.hpp)
  std::map<std::string, nlohmann::json> rows_;
  std::size_t resumed_ = 0;
  nlohmann::json plan_;
  std::atomic<std::size_t> done_{0}, planned_runs_{0};
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  std::thread progress_;
};

class Study;
// --dry-run: the study validates its parameters and declares its work (ctx.plan), and the dry run ends there: no
// model is built, no solver runs, no file or folder is made (the flag of core/interrupt.hpp is "dry run" meanwhile,
// so a study that worked before planning would stop at its first run, driver step or file). Returns the work the
// study declared (null if none). Throws what the study throws (InputError for a bad parameter) and Interrupted for
// a real signal.
nlohmann::json dry_run_study(const Study& study, const Parameters& params, std::ostream& log);

// SIGINT and SIGTERM set core/interrupt.hpp's flag (the first signal; a second one ends the process at once).
void install_interrupt_handlers();

// Exit status of a study ended by a signal: 128 + the signal number (130 for SIGINT, 143 for SIGTERM).
inline int interrupted_exit_code(int sig) { return 128 + sig; }

// The end of a study stopped by a signal, for run and converge alike: out/summary.json {"study", "complete": false,
// "runs_done", "interrupted_by", "resume": resume_command, "provenance"} plus the keys of `extra`, a line on io.err,
// and the exit status 130 / 143 (returned, its reason in io).
int end_interrupted(const Interrupted& e, const std::filesystem::path& out, const std::string& study, const RunStore& store,
                    const std::string& resume_command, const nlohmann::json& provenance, const nlohmann::json& extra,
                    CommandIo& io);

}  // namespace stickslip
