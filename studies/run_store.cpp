#include "studies/run_store.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/progress.hpp"
#include "studies/study.hpp"

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

RunStore::RunStore(std::filesystem::path out_dir, const std::string& study, const Parameters& params, bool resume)
    : path_(out_dir / "runs.jsonl") {
  const nlohmann::json now = resolved(params);
  if (resume) {
    std::ifstream in(path_);
    if (!in) throw_input("--resume", out_dir.string(), "no interrupted study there (runs.jsonl missing); run without --resume");
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception&) {
        break;  // a line cut short by a crash: the runs after it are redone
      }
      if (header) {
        header = false;
        if (j.value("study", "") != study)
          throw_input("--resume", out_dir.string(), "holds runs of study '" + j.value("study", "") + "', not " + study);
        const nlohmann::json& was = j["parameters"];
        for (const auto& [key, value] : now.items())
          if (!was.contains(key) || was[key] != value)
            throw_input(key, value.get<std::string>(),
                        "differs from the interrupted study in " + out_dir.string() + " (" +
                            (was.contains(key) ? was[key].get<std::string>() : std::string("not set")) +
                            "); resume with the same value, or run without --resume");
        continue;
      }
      rows_[j.at("key").get<std::string>()] = j.at("row");
    }
    if (header) throw_input("--resume", out_dir.string(), "runs.jsonl is empty; run without --resume");
    // Rewrite what was read (drops a torn last line), then append.
    const std::filesystem::path tmp = path_.string() + ".part";
    {
      std::ofstream o(tmp);
      o << nlohmann::json{{"study", study}, {"parameters", now}}.dump() << '\n';
      for (const auto& [key, row] : rows_) o << nlohmann::json{{"key", key}, {"row", row}}.dump() << '\n';
      if (!o) throw std::runtime_error("cannot write " + tmp.string());
    }
    std::filesystem::rename(tmp, path_);
    out_.open(path_, std::ios::app);
  } else {
    out_.open(path_, std::ios::trunc);
    out_ << nlohmann::json{{"study", study}, {"parameters", now}}.dump() << '\n' << std::flush;
  }
  if (!out_) throw_input("--out", out_dir.string(), "cannot write " + path_.string());
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
  out_ << nlohmann::json{{"key", key}, {"row", row}}.dump() << '\n' << std::flush;
  if (!out_) throw std::runtime_error("cannot append to " + path_.string());
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
  if (store) store->plan(work);
}

nlohmann::json dry_run_study(const Study& study, const Parameters& params, std::ostream& log) {
  std::string pattern = (std::filesystem::temp_directory_path() / "stickslip-dry-run-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot create a scratch folder in " + pattern);
  const std::filesystem::path scratch = pattern;
  const auto previous = interrupt_flag();
  const auto cleanup = [&] {
    interrupt_flag() = previous;
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  };
  try {
    RunStore store(scratch, study.name(), params, false);
    StudyContext ctx{scratch, log, &store};
    interrupt_flag() = -1;
    try {
      (void)study.run(params, ctx);
    } catch (const Interrupted& e) {
      if (e.signal != 0) throw;  // a real signal during a dry run
    }
    nlohmann::json planned = store.planned();
    cleanup();
    return planned;
  } catch (...) {
    cleanup();
    throw;
  }
}

void install_interrupt_handlers() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}

}  // namespace stickslip
