// core/output_file.hpp — the one path by which stickslip writes a file: every write checked, a file under its
// final name only when complete.
//
// OutputFile is an std::ostream on a file descriptor. Every write(2) is checked; a failed one throws IoError
// (core/errors.hpp: exit 4) naming the file and the system's reason ("No space left on device") out of the << or
// flush() that hit it (the stream's exceptions are on, so nothing is lost silently in a stream state). Two kinds:
//   replace  the bytes go to <path>.part (its folder is created); commit() flushes, closes (checked) and renames it
//            to <path>. Destroyed without commit() (a failed write, a solver error, a signal unwinding the stack),
//            the .part file is removed: no half file under a final name, and no .part left behind either.
//   append   <path> opened for appending (runs.jsonl): flush() puts what was written on disk with write(2), checked;
//            a line cut by a failure is always the last one (the process stops at the first failed write).
// No fsync: a crash of the machine (not of stickslip) may lose the last writes; the kernel still has them when
// stickslip is killed.
// In a --dry-run (core/interrupt.hpp's flag -1) opening a file ends the dry run (Interrupted(0)): a dry run writes
// nothing.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

namespace stickslip {

class OutputFile : public std::ostream {
 public:
  enum class Mode { replace, append };
  explicit OutputFile(std::filesystem::path path, Mode mode = Mode::replace);
  ~OutputFile() override;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // replace: flush, close and rename to the final name; append: flush and close. Throws IoError.
  void commit();
  bool open() const { return buffer_.fd >= 0; }
  const std::filesystem::path& path() const { return path_; }

 private:
  class Buffer : public std::streambuf {
   public:
    Buffer();
    int fd = -1;
    std::string name;  // for the error message: the final name
    void drain();      // everything buffered to the file; throws IoError

   protected:
    int_type overflow(int_type c) override;
    int sync() override;

   private:
    std::unique_ptr<char[]> data_;
  };

  std::filesystem::path path_;
  Mode mode_;
  Buffer buffer_;
};

// Writes `text` to <path>.part and renames it to <path> (OutputFile, replace).
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace stickslip
