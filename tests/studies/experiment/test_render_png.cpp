// studies/experiment/output.hpp render_png: a figure gnuplot cannot draw leaves no PNG, a warning on the log and
// gnuplot's messages in <figure>.gnuplot.log, which another figure of the same folder leaves alone and which the
// figure's own successful redraw removes. Needs gnuplot (gnuplot-nox, installed by `make deps`).
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "studies/experiment/output.hpp"
#include "tests/cli_runner.hpp"
#include "tests/fault_helpers.hpp"

using namespace stickslip;
namespace fs = std::filesystem;

TEST_CASE("a failed figure keeps its own gnuplot log until it is drawn") {
  const fs::path dir = test::scratch_dir("render_png");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ostringstream log;
  // An unknown command: gnuplot exits with an error.
  CHECK_FALSE(render_png(dir / "bad.png", "plot sin(x) with no_such_style", log, 400, 300));
  CHECK_FALSE(fs::exists(dir / "bad.png"));
  REQUIRE(fs::exists(dir / "bad.gnuplot.log"));
  CHECK(test::file_text(dir / "bad.gnuplot.log").find("no_such_style") != std::string::npos);
  CHECK(log.str().find("gnuplot failed") != std::string::npos);
  CHECK(log.str().find("bad.gnuplot.log") != std::string::npos);

  // Another figure in the same folder: drawn, and the failed one's log stays.
  CHECK(render_png(dir / "good.png", "plot sin(x)", log, 400, 300));
  CHECK(fs::file_size(dir / "good.png") > 0);
  CHECK_FALSE(fs::exists(dir / "good.gnuplot.log"));
  CHECK(fs::exists(dir / "bad.gnuplot.log"));

  // The failed figure drawn again, now correctly: its log goes.
  CHECK(render_png(dir / "bad.png", "plot cos(x)", log, 400, 300));
  CHECK(fs::exists(dir / "bad.png"));
  CHECK_FALSE(fs::exists(dir / "bad.gnuplot.log"));
  CHECK(test::missing_figure_inputs(dir).empty());
  fs::remove_all(dir);
}

TEST_CASE("missing_figure_inputs reads every figure's gnuplot log") {
  const fs::path dir = test::scratch_dir("render_png_missing");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ostringstream log;
  // A plotted file that is not there: gnuplot 5.4 reports "Cannot find or open file" and exits with an error.
  CHECK_FALSE(render_png(dir / "a.png", "plot 'absent.csv' using 1:2", log, 400, 300));
  CHECK(test::missing_figure_inputs(dir).find("absent.csv") != std::string::npos);
  fs::remove_all(dir);
}
