// studies/experiment/figure.hpp — figures declared, not scripted: the plotting layer every study shares.
//
// A Figure is a title and panels laid out rows x columns (gnuplot multiplot; one panel is a plain plot). A panel is
// axes (labels, log scales, key) and curves; a curve is two column expressions of a CSV that CsvWriter wrote
// (studies/experiment/output.hpp: comma-separated, a header row with units) or a function of x (a reference slope, an exact
// solution). render_figure() writes the gnuplot script next to the PNG (<stem>.gp, so a user can restyle it) and
// runs gnuplot on it; figure_script() is the script alone (tests read it).
//
// Column expressions are gnuplot's: "1", "($3*1e3)", "(($1 == 2 && $5 > 0) ? $5 : 1/0)" (1/0 skips a point).
// Every panel starts from gnuplot's defaults (reset), then the figure's settings, then its own.
// Small tables that belong to the figure rather than to a run (a container's walls, a paper's printed values) are
// datablocks written into the script itself (Figure::data, drawn as Curve::of("$name", ...)): lines drawn from data
// are clipped to the panel, as walls drawn with `set arrow` are not.
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

// A table written into the script as the datablock $name: a header row (units, as in a CSV), then the rows; an
// empty row is a blank line, which breaks a line plot into separate segments.
struct DataBlock {
  std::string name;  // without the '$'
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};

struct Figure {
  std::string title;
  int rows = 1, columns = 1;          // the layout the panels fill row by row
  int width = 1000, height = 700;     // pixels
  std::vector<std::string> settings;  // gnuplot lines applied to every panel before its own
  std::deque<Panel> panels;           // a deque: a Panel& from panel() stays valid while more are added
  bool multiplot = false;             // a multiplot frame even for one panel: the figure's title above the panel's
  std::vector<DataBlock> data{};      // datablocks every panel can draw

  Panel& panel(std::string title, std::string xlabel, std::string ylabel) {
    panels.push_back(Panel{std::move(title), std::move(xlabel), std::move(ylabel), false, false, {}, {}});
    return panels.back();
  }
  // Adds the datablock $name; returns its name as a curve's file ("$name").
  std::string block(std::string name, std::vector<std::string> columns, std::vector<std::vector<double>> rows);
};

// A line colour per index (ten distinct hues, repeating), for curves that belong together across panels.
std::string curve_color(std::size_t index);
// A "linespoints" style for series k of a panel whose series may coincide (schemes with equal errors): each its own
// marker, the later ones smaller and dashed, so a series drawn over an equal one leaves it visible around its
// markers and between its dashes.
std::string overlap_safe_style(std::size_t k, const std::string& color);

std::string figure_script(const Figure& fig);
// Writes <png stem>.gp and runs gnuplot; false (and a line on log) if gnuplot is missing or fails. A figure with no
// curve at all is not drawn (false, no line).
bool render_figure(const std::filesystem::path& png, const Figure& fig, std::ostream& log);

}  // namespace stickslip
