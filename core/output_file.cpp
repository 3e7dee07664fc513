// core/output_file.cpp — see output_file.hpp.
#include "core/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "core/errors.hpp"
#include "core/interrupt.hpp"

namespace stickslip {

namespace {
constexpr std::size_t kBufferBytes = 1 << 16;

std::string part_name(const std::filesystem::path& path) { return path.string() + ".part"; }
}  // namespace

OutputFile::Buffer::Buffer() : data_(new char[kBufferBytes]) { setp(data_.get(), data_.get() + kBufferBytes); }

void OutputFile::Buffer::drain() {
  const char* p = pbase();
  std::size_t n = static_cast<std::size_t>(pptr() - pbase());
  setp(data_.get(), data_.get() + kBufferBytes);  // what follows a failed write is not written either
  if (n > 0 && fd < 0) throw std::logic_error("write to " + name + " after it was closed");
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw IoError("cannot write", name, w < 0 ? errno : ENOSPC);
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

OutputFile::Buffer::int_type OutputFile::Buffer::overflow(int_type c) {
  drain();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

int OutputFile::Buffer::sync() {
  drain();
  return 0;
}

OutputFile::OutputFile(std::filesystem::path path, Mode mode)
    : std::ostream(nullptr), path_(std::move(path)), mode_(mode) {
  if (interrupt_flag() == -1) throw Interrupted(0);  // a --dry-run stops before its first file
  rdbuf(&buffer_);
  exceptions(std::ios::badbit | std::ios::failbit);
  buffer_.name = path_.string();
  if (path_.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path_.parent_path(), ec);
    if (ec) throw IoError("cannot create the folder", path_.parent_path().string(), ec.value());
  }
  const std::string target = mode_ == Mode::replace ? part_name(path_) : path_.string();
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode_ == Mode::replace ? O_TRUNC : O_APPEND);
  do {
    buffer_.fd = ::open(target.c_str(), flags, 0644);
  } while (buffer_.fd < 0 && errno == EINTR);
  if (buffer_.fd < 0) throw IoError("cannot write", path_.string(), errno);
}

void OutputFile::commit() {
  if (buffer_.fd < 0) return;
  flush();  // throws IoError (the stream's exceptions are on)
  const int fd = buffer_.fd;
  buffer_.fd = -1;
  if (::close(fd) != 0 && errno != EINTR) {  // NFS reports a failed write-back here; after EINTR the fd is gone
    const int err = errno;
    if (mode_ == Mode::replace) ::unlink(part_name(path_).c_str());
    throw IoError("cannot write", path_.string(), err);
  }
  if (mode_ == Mode::replace && ::rename(part_name(path_).c_str(), path_.c_str()) != 0) {
    const int err = errno;
    ::unlink(part_name(path_).c_str());
    throw IoError("cannot rename to", path_.string(), err);
  }
}

OutputFile::~OutputFile() {
  if (buffer_.fd < 0) return;
  ::close(buffer_.fd);  // what is still buffered is dropped: the file is not complete
  if (mode_ == Mode::replace) ::unlink(part_name(path_).c_str());
}

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  OutputFile out(path);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.commit();
}

}  // namespace stickslip
