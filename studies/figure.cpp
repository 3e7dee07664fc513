// studies/figure.cpp — gnuplot scripts of declared figures (studies/figure.hpp).
#include "studies/figure.hpp"

#include <fmt/format.h>

#include "studies/output.hpp"

namespace stickslip {

namespace {

// A gnuplot single-quoted string: a quote inside is doubled.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);
  return q + "'";
}

std::string plot_item(const Curve& c) {
  std::string s = c.function.empty() ? fmt::format("{} using {}:{}", quoted(c.file), c.x, c.y) : c.function;
  s += " with " + c.with;
  s += c.title.empty() ? std::string(" notitle") : " title " + quoted(c.title);
  return s;
}

}  // namespace

std::string curve_color(std::size_t index) {
  static const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                 "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  return colors[index % 10];
}

std::string figure_script(const Figure& fig) {
  std::string s;
  const bool multi = fig.panels.size() > 1 || fig.multiplot;
  if (multi) s += fmt::format("set multiplot layout {},{} title {}\n", fig.rows, fig.columns, quoted(fig.title));
  for (const Panel& p : fig.panels) {
    s += "reset\nset datafile separator ','\nset datafile columnheaders\nset grid\n";
    for (const std::string& line : fig.settings) s += line + "\n";
    if (p.logx && !p.curves.empty()) s += "set logscale x\n";  // an empty panel's [0:1] range is not logarithmic
    if (p.logy && !p.curves.empty()) s += "set logscale y\n";
    const std::string& title = multi ? p.title : (p.title.empty() ? fig.title : p.title);
    if (!title.empty()) s += "set title " + quoted(title) + "\n";
    if (!p.xlabel.empty()) s += "set xlabel " + quoted(p.xlabel) + "\n";
    if (!p.ylabel.empty()) s += "set ylabel " + quoted(p.ylabel) + "\n";
    for (const std::string& line : p.settings) s += line + "\n";
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
