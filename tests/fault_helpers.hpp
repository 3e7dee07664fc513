// tests/fault_helpers.hpp — what the fault tests (full disk, signals, kill -9, two runs into one folder) share:
// a `stickslip` process started in its own process group and always cleaned up, a small tmpfs mounted for the test
// and always unmounted, the processes descending from a pid, the files of a folder.
// Every resource is RAII: a failing CHECK/REQUIRE (an exception) or a test that ends early leaves no process and no
// mount behind.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace stickslip::test {

// The text of a file ("" if missing).
inline std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every regular file under dir (relative path -> content), skipping names in `skip`.
inline std::map<std::string, std::string> files_under(const std::filesystem::path& dir,
                                                      const std::set<std::string>& skip = {}) {
  std::map<std::string, std::string> files;
  if (!std::filesystem::exists(dir)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    // "gnuplot.log" in skip also skips each figure's <figure>.gnuplot.log (studies/experiment/output.hpp).
    if (!e.is_regular_file() || skip.count(name) || (skip.count("gnuplot.log") && name.ends_with(".gnuplot.log")))
      continue;
    files[std::filesystem::relative(e.path(), dir).string()] = file_text(e.path());
  }
  return files;
}

// The pids whose parent is `pid` (from /proc), recursively: every process a process started that is still there.
inline std::vector<pid_t> descendants(pid_t pid) {
  std::map<pid_t, std::vector<pid_t>> children;
  if (DIR* d = ::opendir("/proc")) {
    while (dirent* e = ::readdir(d)) {
      const pid_t p = static_cast<pid_t>(std::atoi(e->d_name));
      if (p <= 0) continue;
      std::ifstream stat("/proc/" + std::string(e->d_name) + "/stat");
      std::string text((std::istreambuf_iterator<char>(stat)), {});
      const auto close = text.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream rest(text.substr(close + 2));
      char state = 0;
      pid_t ppid = 0;
      rest >> state >> ppid;
      if (state != 'Z') children[ppid].push_back(p);
    }
    ::closedir(d);
  }
  std::vector<pid_t> out, todo{pid};
  while (!todo.empty()) {
    const pid_t p = todo.back();
    todo.pop_back();
    for (pid_t c : children[p]) out.push_back(c), todo.push_back(c);
  }
  return out;
}

inline bool process_alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), {});
  const auto close = text.rfind(')');
  return close != std::string::npos && text.size() > close + 2 && text[close + 2] != 'Z';
}

// The command name of a process (/proc/PID/comm), "" if gone.
inline std::string process_name(pid_t pid) {
  std::string name = file_text("/proc/" + std::to_string(pid) + "/comm");
  while (!name.empty() && name.back() == '\n') name.pop_back();
  return name;
}

// Waits until pred() or the deadline; returns pred().
template <class Pred>
bool wait_until(Pred pred, std::chrono::milliseconds limit, std::chrono::milliseconds step = std::chrono::milliseconds(2)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return pred();
    std::this_thread::sleep_for(step);
  }
  return true;
}

// `stickslip ARGS` (STICKSLIP_BINARY) started in its own process group, as a shell starts a foreground job, so that
// a test can send a signal to the group as a terminal's Ctrl-C does. stdout and stderr go to files. Destroyed
// while it runs, the group and every descendant are killed with SIGKILL and the process reaped.
class Stickslip {
 public:
  Stickslip(const std::vector<std::string>& args, const std::filesystem::path& log_dir,
            const std::vector<std::string>& env = {}, const std::filesystem::path& cwd = {})
      : out_(log_dir / "stdout"), err_(log_dir / "stderr") {
    std::filesystem::create_directories(log_dir);
    std::vector<std::string> argv{STICKSLIP_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    std::vector<std::string> envs = env;
    std::vector<char*> cenv;
    for (auto& e : envs) cenv.push_back(e.data());
    const std::string out = out_.string(), err = err_.string(), dir = cwd.string();
    // Signals blocked across fork: the test runner's own handlers (doctest reports a "crash" on SIGINT) must not
    // run in the child's copy of it before exec.
    sigset_t all, old;
    sigfillset(&all);
    ::sigprocmask(SIG_BLOCK, &all, &old);
    pid_ = ::fork();
    if (pid_ == 0) {
      struct sigaction dfl {};
      dfl.sa_handler = SIG_DFL;
      for (int sig : {SIGINT, SIGTERM, SIGABRT, SIGSEGV, SIGFPE, SIGILL, SIGBUS}) ::sigaction(sig, &dfl, nullptr);
      ::sigprocmask(SIG_SETMASK, &old, nullptr);
      ::setpgid(0, 0);
      const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (o < 0 || e < 0) ::_exit(126);
      ::dup2(o, 1);
      ::dup2(e, 2);
      for (char* kv : cenv) ::putenv(kv);
      if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(126);
      ::execv(cargv[0], cargv.data());
      ::_exit(127);
    }
    ::setpgid(pid_, pid_);
    ::sigprocmask(SIG_SETMASK, &old, nullptr);
    start_ = std::chrono::steady_clock::now();
  }
  ~Stickslip() {
    if (!status_) {
      kill_all();
      int st = 0;
      ::waitpid(pid_, &st, 0);
    }
  }
  Stickslip(const Stickslip&) = delete;
  Stickslip& operator=(const Stickslip&) = delete;

  pid_t pid() const { return pid_; }
  // Its exit status once ended (code, or 128 + signal), without waiting.
  std::optional<int> poll() {
    if (status_) return status_;
    int st = 0;
    if (::waitpid(pid_, &st, WNOHANG) == pid_) status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return status_;
  }
  // Waits up to `limit`; nullopt if it still runs then.
  std::optional<int> wait(std::chrono::milliseconds limit) {
    wait_until([&] { return poll().has_value(); }, limit, std::chrono::milliseconds(1));
    return poll();
  }
  // SIGKILL to its group and to every descendant (those in groups of their own too), as a test's last resort.
  void kill_all() {
    for (pid_t p : descendants(pid_)) ::kill(p, SIGKILL);
    ::kill(-pid_, SIGKILL);
  }
  // sig to the whole foreground group, as Ctrl-C (SIGINT) in a terminal does.
  void signal_group(int sig) { ::kill(-pid_, sig); }
  void signal(int sig) { ::kill(pid_, sig); }
  std::string out() const { return file_text(out_); }
  std::string err() const { return file_text(err_); }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
  std::filesystem::path out_, err_;
  std::chrono::steady_clock::time_point start_;
};

// A tmpfs of `size` (e.g. "200k") mounted at dir for the test's lifetime (needs root: mount(2) with CAP_SYS_ADMIN);
// ok() is false where it cannot be mounted (the test then says why and skips). resize() remounts it with another
// size, keeping its files ("free space" after a full disk). The mount lives in a mount namespace of the test
// process (unshare(CLONE_NEWNS), shared with the stickslip it starts): even a test killed outright leaves no mount.
class Tmpfs {
 public:
  Tmpfs(std::filesystem::path dir, const std::string& size) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
    static const std::string isolated = [] {
      if (::unshare(CLONE_NEWNS) != 0) return std::string("unshare(CLONE_NEWNS): ") + std::strerror(errno);
      if (::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return std::string("making / private: ") + std::strerror(errno);
      return std::string();
    }();
    if (!isolated.empty()) why_ = isolated;
    else if (::mount("tmpfs", dir_.c_str(), "tmpfs", 0, ("size=" + size).c_str()) == 0) mounted_ = true;
    else why_ = std::strerror(errno);
  }
  ~Tmpfs() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
    std::error_code ec;
    std::filesystem::remove(dir_, ec);
  }
  Tmpfs(const Tmpfs&) = delete;
  Tmpfs& operator=(const Tmpfs&) = delete;
  bool ok() const { return mounted_; }
  const std::string& why() const { return why_; }
  bool resize(const std::string& size) {
    return ::mount("tmpfs", dir_.c_str(), "tmpfs", MS_REMOUNT, ("size=" + size).c_str()) == 0;
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  bool mounted_ = false;
  std::string why_;
};

// A scratch folder removed when the test ends.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : dir_(std::filesystem::temp_directory_path() / ("stickslip_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return dir_; }
  std::filesystem::path operator/(const std::string& s) const { return dir_ / s; }

 private:
  std::filesystem::path dir_;
};

}  // namespace stickslip::test
