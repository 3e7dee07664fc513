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
#include <fstream>
#include <optional>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "studies/experiment/cli_args.hpp"

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

bool holds_finished_study(const std::filesystem::path& out) {
  std::ifstream in(out / "summary.json");
  if (!in) return false;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  return j.is_object() && !(j.contains("complete") && j["complete"] == false);
}

namespace {
constexpr const char* kReplaced = ".stickslip.replaced";  // overwrite: the entries of the study being replaced

// Removes the folders from `out` up to `created` (the topmost one a command made) while they are empty: never
// what another command put beside them meanwhile.
void remove_empty_up_to(const std::filesystem::path& out, const std::filesystem::path& created) {
  std::error_code ec;
  const std::filesystem::path above = created.parent_path();  // existed before: never removed
  for (std::filesystem::path p = out; !p.empty() && p != above; p = p.parent_path())
    if (!std::filesystem::remove(p, ec) || ec) return;  // not empty (or gone): stop
}

std::set<std::string> entries_of(const std::filesystem::path& dir) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) names.insert(e.path().filename().string());
  return names;
}
}  // namespace

int with_out_dir(const std::filesystem::path& out, bool resume, bool overwrite, const std::vector<std::string>& command_line,
                 const std::function<int(const OutDirLock&)>& body) {
  namespace fs = std::filesystem;
  if (resume && overwrite)
    throw_input("--overwrite", "", "given with --resume; give one: --resume finishes the study in --out, --overwrite replaces it");
  // The topmost folder this command creates ("" if --out exists): removed again if the study is refused.
  fs::path created;
  for (fs::path p = out; !p.empty() && !fs::exists(fs::symlink_status(p)); p = p.parent_path()) {
    created = p;
    if (p == p.parent_path()) break;
  }
  make_out_dir(out);
  std::optional<OutDirLock> lock;
  try {
    lock.emplace(out, command_line);  // one stickslip at a time in --out (exit 2 naming the holder)
  } catch (...) {
    if (!created.empty()) remove_empty_up_to(out, created);
    throw;
  }
  if (!resume && !overwrite && holds_finished_study(out))
    throw_input("--out", out.string(),
                "holds a finished study (summary.json); give --resume to reuse its runs or --overwrite to replace it");
  const std::set<std::string> before = created.empty() ? entries_of(out) : std::set<std::string>{};
  const fs::path aside = out / kReplaced;
  if (overwrite && !created.empty()) overwrite = false;  // nothing to replace
  if (overwrite) {
    fs::remove_all(aside);
    fs::create_directory(aside);
    for (const std::string& name : before)
      if (name != OutDirLock::file_name() && name != kReplaced) fs::rename(out / name, aside / name);
  }
  try {
    const int code = body(*lock);
    if (overwrite) fs::remove_all(aside);
    return code;
  } catch (const InputError&) {  // refused: leave --out as it was
    std::error_code ec;
    if (!created.empty()) {  // the folder is this command's: all of it goes, then the parents it made if empty
      lock.reset();
      fs::remove_all(out, ec);
      remove_empty_up_to(out.parent_path(), created);
      throw;
    }
    for (const std::string& name : entries_of(out))
      if (name != OutDirLock::file_name() && name != kReplaced && (overwrite || !before.count(name)))
        fs::remove_all(out / name, ec);
    if (overwrite) {
      for (const std::string& name : entries_of(aside)) fs::rename(aside / name, out / name, ec);
      fs::remove_all(aside, ec);
    }
    throw;
  } catch (...) {
    if (overwrite) {
      std::error_code ec;
      fs::remove_all(aside, ec);
    }
    throw;
  }
}

}  // namespace stickslip
