// studies/experiment/figure.cpp — gnuplot scripts of declared figures (studies/experiment/figure.hpp).
#include "studies/experiment/figure.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "studies/experiment/output.hpp"

namespace stickslip {

namespace {

// A gnuplot string: single-quoted (taken literally), a quote inside doubled. A text with two quotes in a row or a
// line break is double-quoted instead, backslash and double quote escaped, a line break written \n (gnuplot 5.4
// misreads 'x''''', the text x'', and a single-quoted string cannot hold a line break).
std::string quoted(const std::string& s) {
  if (s.find("''") == std::string::npos && s.find('\n') == std::string::npos) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);
    return q + "'";
  }
  std::string q = "\"";
  for (char c : s) {
    if (c == '\n') {
      q += "\\n";
      continue;
    }
    if (c == '\\' || c == '"') q += '\\';
    q += c;
  }
  return q + "\"";
}

std::string plot_item(const Curve& c) {
  const std::string source = !c.file.empty() && c.file[0] == '$' ? c.file : quoted(c.file);  // a datablock or a file
  std::string s = c.function.empty() ? fmt::format("{} using {}:{}", source, c.x, c.y) : c.function;
  s += " with " + c.with;
  s += c.title.empty() ? std::string(" notitle") : " title " + quoted(c.title);
  return s;
}

// A settings line as written into the script. gnuplot 5.4 reserves one line too few under a panel for a key below the
// x label, so the label runs through the key's top row: such a key is given a line of extra height.
std::string setting_line(const std::string& line) {
  const bool key_below = line.rfind("set key below", 0) == 0 || line.rfind("set key outside below", 0) == 0 ||
                         line.rfind("set key bmargin", 0) == 0;
  if (key_below && line.find(" height ") == std::string::npos) return line + " height 1\n";
  return line + "\n";
}

}  // namespace

std::string curve_color(std::size_t index) {
  static const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                 "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  return colors[index % 10];
}

std::string Figure::block(std::string name, std::vector<std::string> columns, std::vector<std::vector<double>> rows) {
  data.push_back(DataBlock{name, std::move(columns), std::move(rows)});
  return fmt::format("${}", name);
}

std::string overlap_safe_style(std::size_t k, const std::string& color) {
  static const int markers[] = {7, 5, 9, 11, 13, 15, 6, 4};
  const double size = std::max(0.7, 2.0 - 0.35 * static_cast<double>(k % 5));
  const double width = std::max(0.8, 2.6 - 0.45 * static_cast<double>(k % 8));  // the fifth no longer covers the first
  return fmt::format("linespoints pt {} ps {:.2f} lw {:.1f} dt {} lc rgb '{}'", markers[k % 8], size, width, k % 4 + 1,
                     color);
}

std::string figure_script(const Figure& fig) {
  std::string s;
  for (const DataBlock& b : fig.data) {
    s += fmt::format("${} << EOD\n{}\n", b.name, fmt::join(b.columns, ","));
    for (const auto& row : b.rows) s += fmt::format("{}\n", fmt::join(row, ","));
    s += "EOD\n";
  }
  const bool multi = fig.panels.size() > 1 || fig.multiplot;
  if (multi) s += fmt::format("set multiplot layout {},{} title {}\n", fig.rows, fig.columns, quoted(fig.title));
  for (const Panel& p : fig.panels) {
    s += "reset\nset datafile separator ','\nset datafile columnheaders\nset grid\n";
    for (const std::string& line : fig.settings) s += setting_line(line);
    if (p.logx && !p.curves.empty()) s += "set logscale x\n";  // an empty panel's [0:1] range is not logarithmic
    if (p.logy && !p.curves.empty()) s += "set logscale y\n";
    const std::string& title = multi ? p.title : (p.title.empty() ? fig.title : p.title);
    if (!title.empty()) s += "set title " + quoted(title) + "\n";
    if (!p.xlabel.empty()) s += "set xlabel " + quoted(p.xlabel) + "\n";
    if (!p.ylabel.empty()) s += "set ylabel " + quoted(p.ylabel) + "\n";
    for (const std::string& line : p.settings) s += setting_line(line);
    if (p.curves.empty()) {  // an empty panel keeps its place in the layout
      s += "set key off\nunset border\nunset tics\nplot [0:1][0:1] 1/0 notitle\n";
      continue;
    }
    s += "plot ";
    for (std::size_t i = 0; i < p.curves.size(); ++i) s += (i ? ", \\\n     " : "") + plot_item(p.curves[i]);
    s += "\n";
  }
  if (multi) s += "unset multiplot\n";
  return s;
}

bool render_figure(const std::filesystem::path& png, const Figure& fig, std::ostream& log) {
  bool any = false;
  for (const Panel& p : fig.panels) any = any || !p.curves.empty();
  if (!any) return false;
  return render_png(png, figure_script(fig), log, fig.width, fig.height);
}

}  // namespace stickslip
