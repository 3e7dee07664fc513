// core/child_process.hpp — every program stickslip starts goes through here: gnuplot (the figures), the points of a
// sweep (run as stickslip processes), lmp (solvers/lammps_run.cpp).
//
// A child (fork + exec) runs in its own process group, so a terminal's Ctrl-C reaches stickslip alone: stickslip's
// handler sets the interrupt flag (core/interrupt.hpp), and the waits below see it within 20 ms, end the child's
// whole group (SIGTERM, SIGKILL after a grace time) and throw Interrupted, so a signal is never lost while a child
// runs (std::system ignored SIGINT in the parent). The kernel kills a child when stickslip dies, even by SIGKILL
// (PR_SET_PDEATHSIG; it is tied to the thread that started the child, so children are started by a thread that
// outlives them: the one that waits for them). A child starts with SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP at
// their defaults, no signal blocked, and no file descriptor but 0, 1, 2 (and 3: the one it is told to keep).
// A Child destroyed while it runs (an exception unwinding past it) has its group killed and is reaped: no code path
// leaves a process behind. Once a child has exited, what is left of its group is killed before it is reaped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace stickslip {

// A program that could not be started (not on PATH, not executable, its folder missing).
struct SpawnError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file a program name runs (PATH searched unless it contains a '/'), "" if none is executable.
std::string find_program(const std::string& prog);

struct ChildSpec {
  ChildSpec() = default;
  explicit ChildSpec(std::vector<std::string> argv_, std::filesystem::path cwd_ = {}, std::filesystem::path log_file_ = {},
                     int keep_fd_ = -1)
      : argv(std::move(argv_)), cwd(std::move(cwd_)), log_file(std::move(log_file_)), keep_fd(keep_fd_) {}
  std::vector<std::string> argv;  // argv[0] is looked up on PATH unless it contains a '/'
  std::filesystem::path cwd;      // empty: stickslip's own
  // Empty: stdin and stdout are pipes (run_child feeds and reads them) and stderr a pipe too. Set: stdin is
  // /dev/null and stdout and stderr go to this file (created or truncated by the child: a sweep point's log).
  std::filesystem::path log_file;
  int keep_fd = -1;  // >= 0: kept open in the child as fd 3 (the --out lock of a sweep, studies/experiment/out_dir_lock.hpp)
};

class Child {
 public:
  explicit Child(const ChildSpec& spec);  // throws SpawnError
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return pid_; }
  // Its exit status once it has ended (the exit code, or 128 + the signal that ended it), reaped; nullopt while it
  // runs. Does not wait.
  std::optional<int> poll();
  // Sends sig to its whole group (nothing once it has been reaped).
  void signal(int sig);
  // Ends it: SIGTERM to its group, SIGKILL after `grace`; reaps it and returns its status.
  int stop(std::chrono::milliseconds grace);

  int stdin_fd = -1, stdout_fd = -1, stderr_fd = -1;  // the parent's ends of the pipes (-1: none)

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
  void close_pipes();
};

struct ChildResult {
  int status = 0;   // exit code, or 128 + signal
  std::string err;  // what it wrote on stderr
};

// Runs spec (pipes: spec.log_file must be empty) to its end: `input` is written to its stdin (then closed), its
// stdout is handed to on_output as it comes, its stderr collected. Honours the interrupt flag: a signal for
// stickslip stops the child's group and throws Interrupted; an exception from on_output stops it too.
ChildResult run_child(const ChildSpec& spec, const std::string& input,
                      const std::function<void(const char*, std::size_t)>& on_output);

}  // namespace stickslip
