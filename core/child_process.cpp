// core/child_process.cpp — see child_process.hpp.
#include "core/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

#include "core/interrupt.hpp"

namespace stickslip {

namespace {

constexpr int kFirstHighFd = 10;  // the parent's pipe ends are moved above 0..3, which the child rearranges

// A pipe whose two ends are close-on-exec and numbered >= kFirstHighFd.
void high_pipe(int fds[2]) {
  int raw[2];
  if (::pipe2(raw, O_CLOEXEC) != 0) throw SpawnError(std::string("cannot create a pipe: ") + std::strerror(errno));
  for (int k = 0; k < 2; ++k) {
    fds[k] = ::fcntl(raw[k], F_DUPFD_CLOEXEC, kFirstHighFd);
    ::close(raw[k]);
  }
  if (fds[0] < 0 || fds[1] < 0) {
    if (fds[0] >= 0) ::close(fds[0]);
    if (fds[1] >= 0) ::close(fds[1]);
    throw SpawnError(std::string("cannot create a pipe: ") + std::strerror(errno));
  }
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int status_of(int wait_status) {
  return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// write(2) with SIGPIPE blocked in this thread (a child that closed its stdin gives EPIPE, not a dead stickslip).
ssize_t write_no_sigpipe(int fd, const char* data, std::size_t n) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  const ssize_t w = ::write(fd, data, n);
  const int err = errno;
  if (w < 0 && err == EPIPE) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) == SIGPIPE) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return w;
}

}  // namespace

std::string find_program(const std::string& prog) {
  if (prog.find('/') != std::string::npos) return ::access(prog.c_str(), X_OK) == 0 ? prog : std::string();
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + prog;
    if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return candidate;
  }
  return "";
}

Child::Child(const ChildSpec& spec) {
  if (spec.argv.empty()) throw std::logic_error("Child: empty argv");
  const std::string exe = find_program(spec.argv.front());
  if (exe.empty()) throw SpawnError("cannot start " + spec.argv.front() + ": not found on PATH");
  std::vector<std::string> args = spec.argv;
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string cwd = spec.cwd.string(), log = spec.log_file.string();
  const bool piped = log.empty();
  int status_pipe[2], in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
  high_pipe(status_pipe);
  if (piped) {
    high_pipe(in);
    high_pipe(out);
    high_pipe(err);
  }
  const pid_t parent = ::getpid();
  const int keep = spec.keep_fd;
  pid_t pid = ::fork();
  if (pid == 0) {  // the child: async-signal-safe calls only until exec
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before the line above
    auto fail = [&](int e) {
      (void)!::write(status_pipe[1], &e, sizeof e);
      ::_exit(127);
    };
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP}) ::sigaction(sig, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (piped) {
      if (::dup2(in[0], 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0) fail(errno);
    } else {
      const int null = ::open("/dev/null", O_RDONLY);
      if (null < 0 || ::dup2(null, 0) < 0) fail(errno);
      const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0 || ::dup2(fd, 1) < 0 || ::dup2(fd, 2) < 0) fail(errno);
    }
    if (keep >= 0) {
      if (keep == 3 ? ::fcntl(3, F_SETFD, 0) < 0 : ::dup2(keep, 3) < 0) fail(errno);
    }
    const unsigned first = keep >= 0 ? 4 : 3;
    if (::close_range(first, ~0U, CLOSE_RANGE_CLOEXEC) != 0)  // kernels before 5.11: one by one
      for (unsigned fd = first; fd < 4096; ++fd) ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) fail(errno);
    ::execv(exe.c_str(), argv.data());
    fail(errno);
  }
  const int fork_errno = errno;
  close_fd(status_pipe[1]);
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  stdin_fd = in[1], stdout_fd = out[0], stderr_fd = err[0];
  if (pid < 0) {
    close_fd(status_pipe[0]);
    close_pipes();
    throw SpawnError("cannot start " + spec.argv.front() + ": " + std::strerror(fork_errno));
  }
  ::setpgid(pid, pid);  // also here, so the group exists before anyone signals it (EACCES after exec: done already)
  pid_ = pid;
  int child_errno = 0;
  ssize_t n;
  do {
    n = ::read(status_pipe[0], &child_errno, sizeof child_errno);
  } while (n < 0 && errno == EINTR);
  close_fd(status_pipe[0]);
  if (n == static_cast<ssize_t>(sizeof child_errno)) {  // exec failed; the child has exited
    int st = 0;
    while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
    status_ = status_of(st);
    close_pipes();
    throw SpawnError("cannot start " + spec.argv.front() + ": " + std::strerror(child_errno));
  }
  for (int fd : {stdin_fd, stdout_fd, stderr_fd})
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

void Child::close_pipes() {
  close_fd(stdin_fd);
  close_fd(stdout_fd);
  close_fd(stderr_fd);
}

std::optional<int> Child::poll() {
  if (status_ || pid_ < 0) return status_;
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0)
    return std::nullopt;
  // Exited, not yet reaped: its group id cannot be reused, so what is left of the group can be killed safely.
  ::kill(-pid_, SIGKILL);
  int st = 0;
  while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
  }
  status_ = status_of(st);
  return status_;
}

void Child::signal(int sig) {
  if (!status_ && pid_ > 0) ::kill(-pid_, sig);
}

int Child::stop(std::chrono::milliseconds grace) {
  if (status_) return *status_;
  signal(SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (!poll() && std::chrono::steady_clock::now() < deadline) sleep_ms(2);
  if (!status_) {
    signal(SIGKILL);
    while (!poll()) sleep_ms(1);
  }
  return *status_;
}

Child::~Child() {
  if (!status_ && pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    int st = 0;
    while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
  }
  close_pipes();
}

ChildResult run_child(const ChildSpec& spec, const std::string& input,
                      const std::function<void(const char*, std::size_t)>& on_output) {
  if (!spec.log_file.empty()) throw std::logic_error("run_child: the output goes to on_output, not to a log file");
  Child child(spec);
  ChildResult result;
  std::size_t written = 0;
  if (input.empty()) close_fd(child.stdin_fd);
  std::vector<char> buffer(1 << 16);
  const auto stop_if_interrupted = [&] {
    if (!interrupted()) return;
    child.stop(std::chrono::milliseconds(2000));
    check_interrupt();
  };
  while (child.stdout_fd >= 0 || child.stderr_fd >= 0) {
    stop_if_interrupted();
    pollfd fds[3];
    nfds_t k = 0;
    if (child.stdin_fd >= 0) fds[k++] = {child.stdin_fd, POLLOUT, 0};
    if (child.stdout_fd >= 0) fds[k++] = {child.stdout_fd, POLLIN, 0};
    if (child.stderr_fd >= 0) fds[k++] = {child.stderr_fd, POLLIN, 0};
    if (::poll(fds, k, 20) <= 0) {
      (void)child.poll();  // exited, with a straggler holding a pipe: poll() kills the rest of the group
      continue;
    }
    for (nfds_t i = 0; i < k; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == child.stdin_fd) {
        const ssize_t w = write_no_sigpipe(child.stdin_fd, input.data() + written, input.size() - written);
        if (w > 0) written += static_cast<std::size_t>(w);
        if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) close_fd(child.stdin_fd);
        continue;
      }
      const bool is_out = fds[i].fd == child.stdout_fd;
      int& fd = is_out ? child.stdout_fd : child.stderr_fd;
      const ssize_t n = ::read(fd, buffer.data(), buffer.size());
      if (n > 0) {
        if (is_out) on_output(buffer.data(), static_cast<std::size_t>(n));
        else result.err.append(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        close_fd(fd);
      }
    }
  }
  close_fd(child.stdin_fd);
  while (!child.poll()) {
    stop_if_interrupted();
    sleep_ms(2);
  }
  stop_if_interrupted();  // a signal while it ran: its output may be cut short
  result.status = *child.poll();
  return result;
}

}  // namespace stickslip
