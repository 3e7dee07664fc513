#include "studies/experiment/run_store.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "studies/experiment/output.hpp"
#include "core/output_file.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

namespace {
nlohmann::json resolved(const Parameters& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [key, e] : params.entries()) j[key] = e.value;
  return j;
}

extern "C" void on_signal(int sig) {
  if (interrupt_flag() > 0) {  // second signal: the user insists
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  interrupt_flag() = sig;
}
}  // namespace

namespace {
// A line of runs.jsonl that is not what stickslip writes there: exit 2 naming the file and the line.
[[noreturn]] void bad_line(const std::filesystem::path& path, std::size_t number, const std::string& what) {
  throw_input("--resume", path.parent_path().string(),
              "line " + std::to_string(number) + " of " + path.string() + " is " + what +
                  "; delete that line (its run is then redone) or run without --resume");
}
}  // namespace

RunStore::RunStore(std::filesystem::path out_dir, const std::string& study, const Parameters& params, bool resume)
    : path_(out_dir / "runs.jsonl") {
  const nlohmann::json now = resolved(params);
  const std::string header = nlohmann::json{{"study", study}, {"parameters", now}}.dump() + "\n";
  if (resume) {
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw_input("--resume", out_dir.string(), "no interrupted study there (runs.jsonl missing); run without --resume");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> lines;
    for (std::size_t from = 0; from < text.size();) {
      const std::size_t eol = std::min(text.find('\n', from), text.size());
      lines.push_back(text.substr(from, eol - from));
      from = eol + 1;
    }
    // The last line may have been cut by a failed write (a full disk) or a kill: no newline after it. Such a line
    // is dropped and its run redone; anything else that is not a row is someone's edit, refused.
    const bool last_cut = !text.empty() && text.back() != '\n';
    bool header_seen = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      const bool may_be_cut = last_cut && i + 1 == lines.size();
      if (line.empty()) continue;
      nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
      const bool is_header = !header_seen;
      const bool ok = j.is_object() && (is_header ? j.contains("study") && j["study"].is_string() &&
                                                        j.contains("parameters") && j["parameters"].is_object()
                                                  : j.contains("key") && j["key"].is_string() && j.contains("row"));
      if (!ok) {
        if (may_be_cut) break;
        bad_line(path_, i + 1, is_header ? "not the header a stickslip study writes ({\"study\", \"parameters\"})"
                                         : "not a run row ({\"key\", \"row\"})");
      }
      if (is_header) {
        header_seen = true;
        if (j["study"] != study)
          throw_input("--resume", out_dir.string(), "holds runs of study '" + j["study"].get<std::string>() + "', not " + study);
        const nlohmann::json& was = j["parameters"];
        for (const auto& [key, value] : now.items())
          if (!was.contains(key) || was[key] != value)
            throw_input(key, value.get<std::string>(),
                        "differs from the interrupted study in " + out_dir.string() + " (" +
                            (!was.contains(key) ? std::string("not set")
                                                : was[key].is_string() ? was[key].get<std::string>() : was[key].dump()) +
                            "); resume with the same value, or run without --resume");
        continue;
      }
      rows_[j["key"].get<std::string>()] = j["row"];
    }
    if (!header_seen) throw_input("--resume", out_dir.string(), "runs.jsonl is empty; run without --resume");
    // Rewrite what was read (drops a cut last line), then append.
    std::string kept = header;
    for (const auto& [key, row] : rows_) kept += nlohmann::json{{"key", key}, {"row", row}}.dump() + "\n";
    write_file_atomically(path_, kept);
  } else {
    write_file_atomically(path_, header);
  }
  out_ = std::make_unique<OutputFile>(path_, OutputFile::Mode::append);
}

nlohmann::json RunStore::run(const std::string& key, const std::function<nlohmann::json()>& fn) {
  if (const auto it = rows_.find(key); it != rows_.end()) {
    ++resumed_;
    return it->second;
  }
  check_interrupt();
  nlohmann::json row = fn();
  record(key, row);
  return row;
}

void RunStore::record(const std::string& key, const nlohmann::json& row) {
  *out_ << nlohmann::json{{"key", key}, {"row", row}}.dump() << '\n' << std::flush;  // IoError if not on disk
  rows_[key] = row;
  ++done_;
}

RunStore::~RunStore() {
  if (!progress_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  progress_.join();
}

void RunStore::start_progress(std::ostream& log, const std::string& study, double seconds) {
  done_ = rows_.size();
  const std::size_t resumed = rows_.size();
  progress_ = std::thread([this, &log, study, seconds, resumed] {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return stopping_; })) {
      const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const std::size_t done = done_, planned = planned_runs_;
      const double f = run_fraction();  // of the run under way (core/progress.hpp), < 0: none
      std::ostringstream line;
      line << study << ": ";
      if (planned || done) {
        line << done;
        if (planned) line << "/" << planned;
        line << " runs done, ";
      }
      if (f >= 0) line << "current run " << static_cast<int>(100 * f) << " %, ";
      else if (!planned && !done) line << "running, ";
      line << static_cast<long>(elapsed) << " s elapsed";
      // Work done in this session, in runs: the finished ones plus the fraction of the current one.
      const double run_now = f > 0 ? f : 0.0;
      const double worked = static_cast<double>(done - std::min(done, resumed)) + run_now;
      const double total = planned && done <= planned ? static_cast<double>(planned) : static_cast<double>(done) + 1;
      if ((planned && done <= planned) || f >= 0) {
        line << ", " << static_cast<int>(100 * (static_cast<double>(done) + run_now) / total) << " % done";
        if (worked > 0)
          line << ", about " << static_cast<long>(elapsed / worked * (total - static_cast<double>(done) - run_now))
               << " s left";
      }
      line << '\n';
      log << line.str() << std::flush;
    }
  });
}

nlohmann::json StudyContext::run(const std::string& key, const std::function<nlohmann::json()>& fn) const {
  if (store) return store->run(key, fn);
  check_interrupt();
  return fn();
}

void StudyContext::plan(const nlohmann::json& work) const {
  if (dry_run_plan) {  // --dry-run: the parameters are validated and the work declared; nothing more is done
    *dry_run_plan = work;
    throw Interrupted(0);
  }
  if (store) store->plan(work);
}

nlohmann::json dry_run_study(const Study& study, const Parameters& params, std::ostream& log) {
  check_interrupt();  // a signal that came before
  nlohmann::json planned;
  StudyContext ctx{std::filesystem::path(), log, nullptr, &planned};
  // Backstop for a study that would do real work before declaring its plan: the flag -1 stops it at the first
  // run, driver step or file (core/interrupt.hpp, core/output_file.hpp). A real signal meanwhile replaces the
  // -1 and is kept.
  interrupt_flag() = -1;
  struct Restore {
    ~Restore() {
      if (interrupt_flag() == -1) interrupt_flag() = 0;
    }
  } restore;
  try {
    (void)study.run(params, ctx);
  } catch (const Interrupted& e) {
    if (e.signal != 0) throw;  // a real signal during a dry run
  }
  return planned;
}

int end_interrupted(const Interrupted& e, const std::filesystem::path& out, const std::string& study, const RunStore& store,
                    const std::string& resume_command, const nlohmann::json& provenance, const nlohmann::json& extra,
                    CommandIo& io) {
  nlohmann::json partial{{"study", study}, {"complete", false}, {"runs_done", store.runs_done()},
                         {"interrupted_by", e.signal == SIGTERM ? "SIGTERM" : "SIGINT"}, {"resume", resume_command}};
  for (const auto& [key, value] : extra.items()) partial[key] = value;
  partial["provenance"] = provenance;
  write_json(out / "summary.json", partial);
  const std::string why = std::string(e.what()) + ": " + std::to_string(store.runs_done()) + " runs on disk in " +
                          out.string() + "/runs.jsonl; finish with --resume";
  io.err << "stickslip: " << why << '\n';
  return io.fail(interrupted_exit_code(e.signal), why);
}

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

}  // namespace stickslip
