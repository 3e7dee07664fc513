// core/output_file.hpp: a file is under its final name only when complete, a failed write is an IoError naming
// the file and the system's reason, and an abandoned file leaves nothing (neither the name nor its .part).
// The failing writes come from the kernel itself: /dev/full (every write: ENOSPC) and a file-size limit
// (RLIMIT_FSIZE: EFBIG), so these run without root; the full tmpfs is tests/studies/experiment/test_full_disk.cpp.
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/resource.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/output_file.hpp"
#include "tests/fault_helpers.hpp"

using namespace stickslip;
namespace fs = std::filesystem;

namespace {
// Lowers the soft file-size limit for the scope (writes beyond it fail with EFBIG instead of SIGXFSZ).
struct FileSizeLimit {
  rlimit old{};
  explicit FileSizeLimit(rlim_t bytes) {
    ::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &old);
    rlimit lim = old;
    lim.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &lim);
  }
  ~FileSizeLimit() { ::setrlimit(RLIMIT_FSIZE, &old); }
};
}  // namespace

TEST_CASE("OutputFile: the name appears only on commit; abandoned, neither the name nor .part is left") {
  const test::ScratchDir dir("output_file");
  const fs::path p = dir / "sub" / "a.csv";
  {
    OutputFile f(p);
    f << "x,y\n1,2\n";
    CHECK(fs::exists(p.string() + ".part"));  // its folder was made
    CHECK_FALSE(fs::exists(p));
    f.commit();
  }
  CHECK(test::file_text(p) == "x,y\n1,2\n");
  CHECK_FALSE(fs::exists(p.string() + ".part"));
  {
    OutputFile g(dir / "b.txt");
    g << "never committed";
  }
  CHECK_FALSE(fs::exists(dir / "b.txt"));
  CHECK_FALSE(fs::exists(dir / "b.txt.part"));
}

TEST_CASE("OutputFile: a failed write throws IoError with the file and the system's reason") {
  SUBCASE("ENOSPC (/dev/full, appended)") {
    OutputFile f("/dev/full", OutputFile::Mode::append);
    f << "a line\n";
    try {
      f.flush();
      FAIL("no error from a write to /dev/full");
    } catch (const IoError& e) {
      CHECK(e.error_number == ENOSPC);
      CHECK(std::string(e.what()) == "cannot write /dev/full: " + std::string(std::strerror(ENOSPC)));
    }
  }
  SUBCASE("EFBIG past the file-size limit, from inside operator<<, and the .part is removed") {
    const test::ScratchDir dir("output_file_efbig");
    const fs::path p = dir / "big.csv";
    bool thrown = false;
    {
      const FileSizeLimit limit(100000);
      try {
        OutputFile f(p);
        const std::string row(1000, 'x');
        for (int k = 0; k < 1000; ++k) f << row << '\n';  // 1 MB through a 64 KiB buffer
        f.commit();
      } catch (const IoError& e) {
        thrown = true;
        CHECK(e.error_number == EFBIG);
        CHECK(std::string(e.what()).find(p.string()) != std::string::npos);
      }
    }
    CHECK(thrown);
    CHECK_FALSE(fs::exists(p));
    CHECK_FALSE(fs::exists(p.string() + ".part"));
  }
}

TEST_CASE("OutputFile in a --dry-run: nothing is opened, the dry run ends there") {
  const test::ScratchDir dir("output_file_dry");
  interrupt_flag() = -1;
  CHECK_THROWS_AS(OutputFile(dir / "x.csv"), Interrupted);
  interrupt_flag() = 0;
  CHECK(test::files_under(dir.path()).empty());
}
