// studies/experiment/out_dir_lock.cpp — see out_dir_lock.hpp.
#include "studies/experiment/out_dir_lock.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "core/errors.hpp"

namespace stickslip {

namespace {

// What the lock file says of its holder: "pid N: command line" (empty if it could not be read).
std::string holder_of(int fd) {
  char text[512];
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  std::string s(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  if (const auto eol = s.find('\n'); eol != std::string::npos) s.resize(eol);
  return s;
}

bool alive(const std::string& holder) {
  if (holder.rfind("pid ", 0) != 0) return true;  // unknown: assume it runs
  const long pid = std::strtol(holder.c_str() + 4, nullptr, 10);
  return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

bool same_file(int fd, const std::filesystem::path& path) {
  struct stat a {}, b {};
  return ::fstat(fd, &a) == 0 && ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

OutDirLock::OutDirLock(const std::filesystem::path& dir, const std::vector<std::string>& command_line)
    : path_(dir / file_name()) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw IoError("cannot create the lock", path_.string(), errno);
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) {
      if (same_file(fd_, path_)) break;
      ::close(fd_);  // its holder removed it on release: lock the file now under the name
      continue;
    }
    const int err = errno;
    const std::string holder = holder_of(fd_);
    ::close(fd_);
    fd_ = -1;
    if (err != EWOULDBLOCK) throw IoError("cannot lock", path_.string(), err);
    const bool holder_alive = alive(holder);
    if (holder_alive || std::chrono::steady_clock::now() > deadline)
      throw_input("--out", dir.string(),
                  "in use by " + (holder.empty() ? std::string("another stickslip") : holder) +
                      (holder_alive ? "" : " (ended; processes it started still hold the folder)") +
                      "; wait until it ends or choose another --out");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));  // the points of a killed sweep are dying
  }
  std::string text = "pid " + std::to_string(::getpid()) + ":";
  for (const auto& a : command_line) text += " " + a;
  text += "\n";
  // Naming the holder is a courtesy: on a full disk the lock holds without it.
  if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, text.data(), text.size(), 0);
}

OutDirLock::~OutDirLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // before the release: a waiter that then locks the removed file sees it is gone
  ::close(fd_);
}

}  // namespace stickslip
