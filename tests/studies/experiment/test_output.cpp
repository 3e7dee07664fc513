// studies/experiment/output.hpp: a CSV is under its name only once closed (a failed run leaves no partial rows, a NaN
// is a SolverError naming the file), and a figure in a --dry-run opens nothing (core/output_file.hpp's own checks are
// tests/core/test_output_file.cpp).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <string>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/experiment/output.hpp"
#include "tests/fault_helpers.hpp"

using namespace stickslip;

TEST_CASE("CsvWriter: only close() puts the file under its name; a run that fails leaves no partial rows") {
  const test::ScratchDir dir("csv_writer");
  {
    CsvWriter w(dir / "done.csv", {"t [s]"});
    w.row({1.0});
    w.close();
  }
  CHECK(test::file_text(dir / "done.csv") == "t [s]\n1\n");
  try {
    CsvWriter w(dir / "failed.csv", {"t [s]", "x [m]"});
    w.row({0.0, 1.0});
    w.row({0.1, std::nan("")});  // a diverging run: SolverError naming the file and column
    FAIL("a NaN was written");
  } catch (const SolverError& e) {
    CHECK(std::string(e.what()).find("failed.csv") != std::string::npos);
  }
  {  // a failure caught while the writer is alive (slope-drift did this): still nothing under the name
    CsvWriter w(dir / "caught.csv", {"t [s]"});
    w.row({0.0});
  }
  CHECK(test::files_under(dir.path()).size() == 1);  // done.csv only
}

TEST_CASE("a figure in a --dry-run: nothing is opened, the dry run ends there") {
  const test::ScratchDir dir("figure_dry");
  interrupt_flag() = -1;
  CHECK_THROWS_AS(render_png(dir / "x.png", "plot x", std::cerr), Interrupted);
  interrupt_flag() = 0;
  CHECK(test::files_under(dir.path()).empty());
}
