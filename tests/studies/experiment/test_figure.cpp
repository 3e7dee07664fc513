// The shared study layers: declared figures (studies/experiment/figure.hpp) and the run loop (studies/experiment/study_runs.hpp).
#include <doctest/doctest.h>

#include <set>
#include <sstream>

#include "studies/experiment/figure.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study_runs.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("a declared figure becomes a gnuplot script with one plot per panel, reset between panels") {
  Figure fig;
  fig.title = "Two panels 'quoted'", fig.columns = 2;
  fig.settings.push_back("set key left top");
  fig.panel("error", "dt [s]", "|e| [m]").add(Curve::of("a.csv", "1", "(($2 > 0) ? $2 : 1/0)", "rk4")).add(Curve::fn("x**4", "dt^4"));
  fig.panels.back().logx = fig.panels.back().logy = true;
  fig.panel("empty", "", "");
  const std::string s = figure_script(fig);
  CHECK(s.find("set multiplot layout 1,2 title 'Two panels ''quoted'''") != std::string::npos);
  CHECK(s.find("'a.csv' using 1:(($2 > 0) ? $2 : 1/0) with lines lw 1.5 title 'rk4'") != std::string::npos);
  CHECK(s.find("x**4 with lines dt 2 lc rgb 'black' title 'dt^4'") != std::string::npos);
  CHECK(s.find("set logscale x\nset logscale y\n") != std::string::npos);
  // Each panel starts from the defaults: two resets, two plots (the empty panel keeps its place), one end.
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
  };
  CHECK(count("reset\n") == 2);
  CHECK(count("\nplot ") == 2);
  CHECK(count("set key left top") == 2);
  CHECK(s.rfind("unset multiplot\n") == s.size() - 16);
}

TEST_CASE("render_figure draws a PNG from a CSV when gnuplot is there, and nothing for a figure without curves") {
  const auto dir = test::scratch_dir("figure");
  std::filesystem::create_directories(dir);
  {
    CsvWriter csv(dir / "f.csv", {"t [s]", "x [m]"});
    for (int i = 0; i <= 10; ++i) csv.row({0.1 * i, 0.01 * i * i});
    csv.close();  // a writer not closed is abandoned (studies/experiment/output.hpp)
  }
  std::ostringstream log;
  Figure fig;
  fig.title = "one panel";
  CHECK_FALSE(render_figure(dir / "none.png", fig, log));
  CHECK_FALSE(std::filesystem::exists(dir / "none.gp"));
  fig.panel("", "t [s]", "x [m]").add(Curve::of("f.csv", "1", "2", "x(t)"));
  if (std::system("command -v gnuplot >/dev/null 2>&1") == 0) {
    CHECK(render_figure(dir / "f.png", fig, log));
    CHECK(std::filesystem::file_size(dir / "f.png") > 1000);
  }
  CHECK(std::filesystem::exists(dir / "f.gp"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("for_each_product visits the product in order, the last list fastest") {
  std::vector<std::string> seen;
  const std::vector<std::string> laws{"csds", "dsds"};
  const std::vector<double> dts{0.1, 0.2, 0.3};
  const std::vector<bool> flags{true, false};
  for_each_product([&](const std::string& l, double dt, bool f) { seen.push_back(l + std::to_string(dt).substr(0, 3) + (f ? "+" : "-")); },
                   laws, dts, flags);
  REQUIRE(seen.size() == 12);
  CHECK(seen.front() == "csds0.1+");
  CHECK(seen[1] == "csds0.1-");
  CHECK(seen[2] == "csds0.2+");
  CHECK(seen.back() == "dsds0.3-");
}

TEST_CASE("run_each runs every item once through the run store, and a resumed study reruns none") {
  const auto dir = test::scratch_dir("run_each");
  std::filesystem::create_directories(dir);
  Parameters prm("t");
  prm.declare("a", "1", "a");
  const std::vector<int> items{3, 1, 2};
  int calls = 0;
  auto once = [&](bool resume) {
    RunStore store(dir, "t", prm, resume);
    std::ostringstream log;
    StudyContext ctx{dir, log, &store};
    return run_each(ctx, "t", items, [](int i) { return "item" + std::to_string(i); }, [&](int i) {
      ++calls;
      return nlohmann::json{{"square", i * i}};
    });
  };
  const nlohmann::json first = once(false);
  CHECK(calls == 3);
  CHECK(first == nlohmann::json::parse(R"([{"square":9},{"square":1},{"square":4}])"));
  const nlohmann::json again = once(true);
  CHECK(calls == 3);
  CHECK(again == first);
  std::filesystem::remove_all(dir);
}

TEST_CASE("titles with doubled quotes or line breaks are double-quoted; datablocks come first and are drawn by name") {
  Figure fig;
  fig.title = "m x'' = -k x\nsecond line \"q\" \\";
  const std::string walls = fig.block("walls", {"x [m]", "y [m]"}, {{0, 1}, {0, 0}, {}, {2, 0.5}});
  CHECK(walls == "$walls");
  fig.panel("", "x [m]", "y [m]").add(Curve::of(walls, "1", "2", "it's a wall"));
  const std::string s = figure_script(fig);
  // gnuplot 5.4 misreads 'x''''' (the text x''): such a text is a double-quoted string, escapes and all.
  CHECK(s.find("set title \"m x'' = -k x\\nsecond line \\\"q\\\" \\\\\"\n") != std::string::npos);
  // A single quote alone stays single-quoted and doubled.
  CHECK(s.find("title 'it''s a wall'") != std::string::npos);
  // The block (header, rows, a blank line between segments) precedes every panel; the curve names it unquoted.
  CHECK(s.find("$walls << EOD\nx [m],y [m]\n0,1\n0,0\n\n2,0.5\nEOD\n") == 0);
  CHECK(s.find("plot $walls using 1:2 with") != std::string::npos);
}

TEST_CASE("overlap_safe_style gives the series of a panel distinct markers, sizes and dashes") {
  std::set<std::string> styles;
  for (std::size_t k = 0; k < 4; ++k) styles.insert(overlap_safe_style(k, "#000000"));
  CHECK(styles.size() == 4);
  CHECK(overlap_safe_style(0, "#123456").find("lc rgb '#123456'") != std::string::npos);
}

TEST_CASE("render_figure passes gnuplot's warnings to the log, and a clean figure leaves none") {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  const auto dir = test::scratch_dir("figure_warning");
  std::filesystem::create_directories(dir);
  {
    CsvWriter csv(dir / "flat.csv", {"t [s]", "x [m]"});
    for (int i = 0; i <= 3; ++i) csv.row({0.1 * i, 0.0});
    csv.close();
  }
  Figure fig;
  fig.panel("", "t [s]", "x [m]").add(Curve::of("flat.csv", "1", "2", "x(t) = 0"));
  std::ostringstream log;
  CHECK(render_figure(dir / "flat.png", fig, log));  // drawn, but gnuplot had to widen the empty y range
  CHECK(log.str().find("gnuplot warning (flat.png):") != std::string::npos);
  CHECK(log.str().find("empty y range") != std::string::npos);
  fig.panels.back().set("set yrange [-1:1]");
  std::ostringstream clean;
  CHECK(render_figure(dir / "flat.png", fig, clean));
  CHECK(clean.str().empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("a key below the x label gets a line of extra height (gnuplot 5.4 draws the label through its top row)") {
  Figure fig;
  fig.settings = {"set key below font ',9'"};
  fig.panel("", "t [s]", "x [m]").set("set key below height 2").add(Curve::fn("x", "x"));
  fig.panel("", "t [s]", "x [m]").set("set key top right").add(Curve::fn("x", "x"));
  const std::string s = figure_script(fig);
  CHECK(s.find("set key below font ',9' height 1\n") != std::string::npos);
  CHECK(s.find("set key below height 2\n") != std::string::npos);  // an explicit height stays as written
  CHECK(s.find("height 2 height") == std::string::npos);
  CHECK(s.find("set key top right\n") != std::string::npos);
}
