// studies/experiment/out_dir_lock.hpp — one stickslip at a time in an output folder.
//
// OutDirLock lock(dir, command_line): an advisory lock (flock(2), exclusive) on <dir>/.stickslip.lock, held while
// the object lives (for the whole command) and released by the kernel however the process ends, kill -9 included.
// The file names the holder: its pid and command line. A second stickslip into the same folder (run, sweep,
// converge or merge with the same --out) is refused: InputError (exit 2) naming the folder and the holder, before
// it touches anything there. Released normally, the file is removed (a waiter that locked the removed file
// notices and locks the new one).
// A sweep hands the lock's descriptor to its points (ChildSpec::keep_fd): the lock is then held until the sweep and
// every point it started are gone. After kill -9 of a sweep its points die too (PR_SET_PDEATHSIG), a few
// milliseconds later; a --resume started in between finds the lock held while its recorded holder is dead, and
// waits (up to 10 s) for those points to go, so it never runs a point that a dying one still runs.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace stickslip {

class OutDirLock {
 public:
  OutDirLock(const std::filesystem::path& dir, const std::vector<std::string>& command_line);
  ~OutDirLock();
  OutDirLock(const OutDirLock&) = delete;
  OutDirLock& operator=(const OutDirLock&) = delete;
  int fd() const { return fd_; }  // for ChildSpec::keep_fd
  static const char* file_name() { return ".stickslip.lock"; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// The --out folder of run (and simulate), converge and sweep, one function for all three: creates it, takes the lock
// above, and runs `body` in it.
//   - A finished study there (summary.json whose "complete" is not false) is refused (InputError "--out=DIR: holds a
//     finished study ...") unless `resume` (reuse its rows) or `overwrite` (replace it) is given; both at once are
//     refused. Anything else already there (an interrupted study, files of the user) is kept as before.
//   - overwrite: the folder's entries are moved aside (DIR/.stickslip.replaced) before body runs and dropped after.
//   - A refusal (InputError, exit 2) thrown by body leaves the folder as it was: what the command created in it is
//     removed (the folder itself if it created it), what overwrite moved aside is put back. Any other end (success,
//     solver failure, a signal) keeps what body wrote.
int with_out_dir(const std::filesystem::path& out, bool resume, bool overwrite, const std::vector<std::string>& command_line,
                 const std::function<int(const OutDirLock&)>& body);

// Whether `out` holds a finished study (summary.json that parses and whose "complete" is not false).
bool holds_finished_study(const std::filesystem::path& out);

}  // namespace stickslip
