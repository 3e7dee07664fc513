// studies/figure.hpp — figures declared, not scripted: the plotting layer every study shares.
//
// A Figure is a title and panels laid out rows x columns (gnuplot multiplot; one panel is a plain plot). A panel is
// axes (labels, log scales, key) and curves; a curve is two column expressions of a CSV that CsvWriter wrote
// (studies/output.hpp: comma-separated, a header row with units) or a function of x (a reference slope, an exact
// solution). render_figure() writes the gnuplot script next to the PNG (<stem>.gp, so a user can restyle it) and
// runs gnuplot on it; figure_script() is the script alone (tests read it).
//
// Column expressions are gnuplot's: "1", "($3*1e3)", "(($1 == 2 && $5 > 0) ? $5 : 1/0)" (1/0 skips a point).
// Every panel starts from gnuplot's defaults (reset), then the figure's settings, then its own.
#pragma once

#include <deque>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace stickslip {

struct Curve {
  std::string file;                   // CSV path relative to the PNG's folder; empty with a function
  std::string x = "1", y = "2";       // column expressions
  std::string title;                  // empty: not in the key
  std::string with = "lines lw 1.5";  // the gnuplot style after "with"
  std::string function;               // a function of x, plotted instead of a file when not empty

  static Curve of(std::string file, std::string x, std::string y, std::string title,
                  std::string with = "lines lw 1.5") {
    return Curve{std::move(file), std::move(x), std::move(y), std::move(title), std::move(with), {}};
  }
  static Curve fn(std::string function, std::string title, std::string with = "lines dt 2 lc rgb 'black'") {
    return Curve{{}, {}, {}, std::move(title), std::move(with), std::move(function)};
  }
};

struct Panel {
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::vector<std::string> settings;  // further gnuplot lines for this panel: "set key outside right", "set yrange [0:*]"
  std::vector<Curve> curves;

  Panel& add(Curve c) {
    curves.push_back(std::move(c));
    return *this;
  }
  Panel& set(std::string line) {
    settings.push_back(std::move(line));
    return *this;
  }
};

struct Figure {
  std::string title;
  int rows = 1, columns = 1;          // the layout the panels fill row by row
  int width = 1000, height = 700;     // pixels
  std::vector<std::string> settings;  // gnuplot lines applied to every panel before its own
  std::deque<Panel> panels;           // a deque: a Panel& from panel() stays valid while more are added
  bool multiplot = false;             // a multiplot frame even for one panel: the figure's title above the panel's

  Panel& panel(std::string title, std::string xlabel, std::string ylabel) {
    panels.push_back(Panel{std::move(title), std::move(xlabel), std::move(ylabel), false, false, {}, {}});
    return panels.back();
  }
};

// A line colour per index (ten distinct hues, repeating), for curves that belong together across panels.
std::string curve_color(std::size_t index);

std::string figure_script(const Figure& fig);
// Writes <png stem>.gp and runs gnuplot; false (and a line on log) if gnuplot is missing or fails. A figure with no
// curve at all is not drawn (false, no line).
bool render_figure(const std::filesystem::path& png, const Figure& fig, std::ostream& log);

}  // namespace stickslip
