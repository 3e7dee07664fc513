#include "studies/experiment/sweep.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstring>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <ostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/child_process.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/provenance.hpp"
#include "studies/experiment/run_store.hpp"

namespace stickslip {

namespace {

constexpr const char* kUsage =
    "stickslip sweep STUDY --set KEY=LIST... [--fix KEY=VALUE]... [--jobs N] [--shard I/N] [--out DIR] [--resume] "
    "[--skip-refused] [--dry-run]";

struct SweepDef {
  std::string study;
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  std::vector<std::pair<std::string, std::string>> fixed;
  std::size_t shard = 1, shards = 1;

  std::size_t total() const {
    std::size_t n = 1;
    for (const auto& a : axes) n *= a.second.size();
    return n;
  }
  // The values of point k (last axis fastest).
  std::vector<std::pair<std::string, std::string>> point(std::size_t k) const {
    std::vector<std::pair<std::string, std::string>> p(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      const auto& vals = axes[a].second;
      p[a] = {axes[a].first, vals[k % vals.size()]};
      k /= vals.size();
    }
    return p;
  }
  bool in_shard(std::size_t k) const { return k % shards == shard - 1; }
  nlohmann::json definition() const {
    nlohmann::json ax = nlohmann::json::array(), fx = nlohmann::json::array();
    for (const auto& [k, v] : axes) ax.push_back({{"key", k}, {"values", v}});
    for (const auto& [k, v] : fixed) fx.push_back({{"key", k}, {"value", v}});
    return {{"study", study}, {"axes", ax}, {"fixed", fx}};
  }
  // FNV-1a of the definition: equal for the shards of one sweep, different for any other.
  std::string id() const {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : definition().dump()) h = (h ^ c) * 1099511628211ull;
    return fmt::format("{:016x}", h);
  }
  static SweepDef from_definition(const nlohmann::json& j) {
    SweepDef d;
    d.study = j.at("study").get<std::string>();
    for (const auto& a : j.at("axes")) d.axes.emplace_back(a.at("key").get<std::string>(), a.at("values").get<std::vector<std::string>>());
    for (const auto& f : j.at("fixed")) d.fixed.emplace_back(f.at("key").get<std::string>(), f.at("value").get<std::string>());
    return d;
  }
};

// Scalars of a point's summary as dotted paths; the parts that differ between equal runs are left out.
void flatten(const nlohmann::json& j, const std::string& prefix, nlohmann::json& out) {
  static const std::vector<std::string> skip{"provenance", "wall_seconds", "wall_time_s", "complete", "runs_resumed"};
  if (j.is_object()) {
    for (const auto& [k, v] : j.items())
      if (std::find(skip.begin(), skip.end(), k) == skip.end()) flatten(v, prefix.empty() ? k : prefix + "." + k, out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) flatten(j[i], prefix + "." + std::to_string(i), out);
  } else {
    out[prefix] = j;
  }
}

// A JSON scalar as a CSV field (studies/experiment/output.hpp: RFC 4180 quoting); null is an empty field.
std::string csv_cell(const nlohmann::json& v) {
  if (v.is_null()) return "";
  return csv_field(v.is_string() ? v.get<std::string>() : v.dump());
}

// The unit of every name a column can end in: the study's result keys, its observables, its parameters (in that
// order of precedence).
std::map<std::string, std::string> units_of(const Study& study) {
  std::map<std::string, std::string> u = study.result_units();
  for (const auto& o : study.observables()) u.emplace(o.name, o.unit);
  const Parameters p = study.parameters();
  for (const auto& [key, e] : p.entries()) u.emplace(key, p.unit(key));
  return u;
}

// The unit of a result path or key ("" if none): the unit of its longest dotted suffix of named parts (indices
// skipped) that has one, so that "relative_error.t_roll" (a ratio) can differ from "t_roll" (a time). column(): the CSV header of a
// path with its unit, "results.0.drift [m]".
std::string unit_of(const std::string& path, const std::map<std::string, std::string>& units) {
  std::vector<std::string> parts;  // the named parts, indices dropped
  for (std::size_t from = 0; from <= path.size();) {
    const std::size_t dot = std::min(path.find('.', from), path.size());
    const std::string part = path.substr(from, dot - from);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos) parts.push_back(part);
    from = dot + 1;
  }
  for (std::size_t first = 0; first < parts.size(); ++first) {
    std::string suffix = parts[first];
    for (std::size_t k = first + 1; k < parts.size(); ++k) suffix += "." + parts[k];
    const auto it = units.find(suffix);
    if (it != units.end()) return it->second;
  }
  return "";
}

std::string column(const std::string& path, const std::map<std::string, std::string>& units) {
  const std::string unit = unit_of(path, units);
  return csv_field(unit.empty() ? path : path + " [" + unit + "]");
}

// The names of an array's elements in a sweep column (index -> "friction=csds solver=euler"): the fewest fields that
// tell the elements apart (see the comment inside); identifying gets those fields (they are in the name, not
// columns of their own). Elements nothing tells apart are named by their position.
using ArrayElements = std::map<std::string, std::map<std::string, nlohmann::json>>;  // index -> field -> value
std::map<std::string, std::string> element_labels(ArrayElements& elements, const std::set<std::string>& idx,
                                                  const std::set<std::string>& parameter_keys,
                                                  std::set<std::string>& identifying) {
  std::map<std::string, std::string> label;
  // Candidates: the fields that differ between the elements: texts that are parameters of the study (friction,
  // solver), then its switches and numbers (events, dt, v0), then other texts; added until the elements are
  // told apart, then the unneeded ones dropped. A result that happens to differ (a count, a flag like
  // t_stick_located) never names a run.
  std::vector<std::string> texts, numbers, other_texts;
  std::map<std::string, std::set<std::string>> values;
  for (const auto& i : idx)
    for (const auto& [f, v] : elements[i]) values[f].insert(v.dump());
  for (const auto& [f, vs] : values) {
    bool everywhere = true;
    for (const auto& i : idx) everywhere = everywhere && elements[i].count(f);
    if (!everywhere || vs.size() < 2) continue;
    const nlohmann::json& any_value = elements[*idx.begin()][f];
    if (any_value.is_string()) (parameter_keys.count(f) ? texts : other_texts).push_back(f);
    else if ((any_value.is_boolean() || any_value.is_number()) && parameter_keys.count(f)) numbers.push_back(f);
  }
  std::vector<std::string> chosen, candidates = texts;
  candidates.insert(candidates.end(), numbers.begin(), numbers.end());
  candidates.insert(candidates.end(), other_texts.begin(), other_texts.end());
  const auto distinct = [&](const std::vector<std::string>& fields) {
    std::set<std::string> seen;
    for (const auto& i : idx) {
      std::string key;
      for (const auto& f : fields) key += elements[i][f].dump() + "\x1f";
      if (!seen.insert(key).second) return false;
    }
    return true;
  };
  bool told = false;
  for (const auto& f : candidates) {
    chosen.push_back(f);
    if ((told = distinct(chosen))) break;
  }
  if (told) {
    for (std::size_t j = chosen.size(); j-- > 0;) {  // fields the others already tell apart
      std::vector<std::string> fewer = chosen;
      fewer.erase(fewer.begin() + static_cast<long>(j));
      if (!fewer.empty() && distinct(fewer)) chosen = fewer;
    }
    identifying.insert(chosen.begin(), chosen.end());
    for (const auto& i : idx) {
      std::string name;
      for (const auto& f : chosen) {
        const nlohmann::json& v = elements[i][f];
        name += (name.empty() ? "" : " ") + f + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
      }
      label[i] = name;
    }
  } else {
    for (const auto& i : idx) label[i] = i;  // nothing tells them apart: their position
  }
  return label;
}

// The sweep.csv column of each result path of one point (paths that are no result: absent). See sweep.hpp.
std::map<std::string, std::string> named_results(const nlohmann::json& result, const std::set<std::string>& parameter_keys) {
  // The paths as segments; an array's index is replaced, array by array from the outermost, by its element's name.
  std::map<std::string, std::vector<std::string>> segs;
  for (const auto& [p, v] : result.items()) {
    const bool file = v.is_string() && [&] {  // a file the point wrote ("runs/csds_euler.csv"): not a result
      const std::string s = v.get<std::string>();
      for (const char* ext : {".csv", ".png", ".json", ".jsonl", ".vtk", ".vtu", ".gp", ".log"})
        if (s.size() > std::strlen(ext) && s.compare(s.size() - std::strlen(ext), std::string::npos, ext) == 0) return true;
      return false;
    }();
    if (file || p == "study") continue;
    std::vector<std::string> parts;
    for (std::size_t from = 0; from <= p.size();) {
      const std::size_t dot = std::min(p.find('.', from), p.size());
      parts.push_back(p.substr(from, dot - from));
      from = dot + 1;
    }
    segs[p] = parts;
  }
  const auto is_index = [](const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; };
  while (true) {
    // The first array left: the paths whose first index follows the same prefix.
    std::map<std::vector<std::string>, std::map<std::string, std::map<std::string, nlohmann::json>>> arrays;  // prefix -> index -> field -> value
    std::map<std::vector<std::string>, std::set<std::string>> indices;
    bool any = false;
    for (const auto& [p, parts] : segs) {
      const auto it = std::find_if(parts.begin(), parts.end(), is_index);
      if (it == parts.end()) continue;
      any = true;
      const std::vector<std::string> prefix(parts.begin(), it);
      indices[prefix].insert(*it);
      if (it + 2 == parts.end()) arrays[prefix][*it][*(it + 1)] = result[p];
    }
    if (!any) break;
    for (const auto& [prefix, idx] : indices) {
      std::map<std::string, std::string> label;  // index -> the element's name
      std::set<std::string> identifying;
      auto& elements = arrays[prefix];
      if (idx.size() > 1) label = element_labels(elements, idx, parameter_keys, identifying);
      for (auto it = segs.begin(); it != segs.end();) {
        std::vector<std::string>& parts = it->second;
        const auto first = std::find_if(parts.begin(), parts.end(), is_index);
        if (first == parts.end() || !std::equal(prefix.begin(), prefix.end(), parts.begin(), first) ||
            static_cast<std::size_t>(first - parts.begin()) != prefix.size()) {
          ++it;
          continue;
        }
        if (first + 2 == parts.end() && identifying.count(*(first + 1))) {  // in the element's name already
          it = segs.erase(it);
          continue;
        }
        const std::string element = label.count(*first) ? label[*first] : std::string();
        std::vector<std::string> renamed(parts.begin(), first);
        if (renamed.empty()) renamed.push_back("");
        if (!element.empty()) renamed.back() += "{" + element + "}";  // braces: "[...]" is a unit
        renamed.insert(renamed.end(), first + 1, parts.end());
        parts = renamed;
        ++it;
      }
    }
  }
  std::map<std::string, std::string> names;
  for (const auto& [p, parts] : segs) names[p] = join(parts, ".");
  return names;
}

// A path's order among columns: its parts compared as numbers where both are indices ("results.2" before "results.10").
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t i2 = i, j2 = j;
      while (i2 < a.size() && std::isdigit(static_cast<unsigned char>(a[i2]))) ++i2;
      while (j2 < b.size() && std::isdigit(static_cast<unsigned char>(b[j2]))) ++j2;
      const std::string x = a.substr(i, i2 - i), y = b.substr(j, j2 - j);
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = i2, j = j2;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// sweep.png: each numeric result against the swept key (the first whose values are all numbers; otherwise the
// point, its values as tic labels), one panel per result name (the last part of the column's name), one curve per
// column of that name. Drawn from sweep.csv (columns by number).
Figure sweep_figure(const SweepDef& d, const std::vector<std::string>& names, const std::vector<std::string>& headers,
                    const std::vector<bool>& numeric, const std::vector<std::pair<double, double>>& ranges,
                    const std::string& study, const std::map<std::string, std::string>& units) {
  std::size_t axis = d.axes.size();
  for (std::size_t a = 0; a < d.axes.size() && axis == d.axes.size(); ++a) {
    bool all = true;
    for (const auto& v : d.axes[a].second) {
      try {
        (void)parse_real(d.axes[a].first, v);
      } catch (const InputError&) {
        all = false;
      }
    }
    if (all) axis = a;
  }
  const bool by_value = axis < d.axes.size() && d.axes.size() == 1;
  const std::string x = by_value ? std::to_string(2 + axis) : "1";
  std::string xlabel = "point";
  if (by_value) {
    const std::string unit = unit_of(d.axes[axis].first, units);
    xlabel = d.axes[axis].first + (unit.empty() ? "" : " [" + unit + "]");
  }
  std::map<std::string, std::vector<std::size_t>> groups;  // result name -> columns
  std::vector<std::string> order;
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (!numeric[c] || names[c] == "runs_done") continue;  // bookkeeping, not a result of the study
    std::string leaf = names[c];
    std::size_t depth = 0;  // the last '.' outside braces
    for (std::size_t i = 0; i < leaf.size(); ++i) {
      if (leaf[i] == '{') ++depth;
      else if (leaf[i] == '}') --depth;
      else if (leaf[i] == '.' && depth == 0) leaf = leaf.substr(i + 1), i = static_cast<std::size_t>(-1);
    }
    if (!groups.count(leaf)) order.push_back(leaf);
    groups[leaf].push_back(c);
  }
  constexpr std::size_t kMaxPanels = 24;
  const std::size_t panels = std::min(order.size(), kMaxPanels), columns = std::min<std::size_t>(4, std::max<std::size_t>(1, panels));
  Figure fig;
  fig.title = fmt::format("stickslip sweep {}: each result against {}{}", study,
                          by_value ? d.axes[axis].first : "the point (its values on the axis)",
                          order.size() > kMaxPanels ? fmt::format(" (the first {} of {} results; all in sweep.csv)", kMaxPanels, order.size())
                                                    : std::string());
  fig.columns = static_cast<int>(columns);
  fig.rows = static_cast<int>((panels + columns - 1) / std::max<std::size_t>(1, columns));
  fig.width = static_cast<int>(420 * columns + 100);
  fig.height = 380 * fig.rows + 80;
  fig.multiplot = true;
  fig.settings = {"set key below font ',7'", "set tics font ',8'"};
  std::string tics;
  if (!by_value) {
    std::vector<std::string> t;
    for (std::size_t k = 0; k < d.total(); ++k) {
      std::vector<std::string> kv;
      for (const auto& [key, v] : d.point(k)) kv.push_back(key + "=" + v);
      std::string label = join(kv, " ");
      for (char& ch : label)
        if (ch == '\'' || ch == '"') ch = ' ';
      t.push_back(fmt::format("\"{}\" {}", label, k));
    }
    tics = "set xtics rotate by -30 (" + join(t, ", ") + ")";
  }
  for (std::size_t g = 0; g < panels; ++g) {
    const std::string& leaf = order[g];
    Panel& p = fig.panel(leaf, xlabel, headers[groups[leaf].front()].substr(headers[groups[leaf].front()].rfind(leaf)));
    if (!tics.empty()) p.set(tics);
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t c : groups[leaf]) lo = std::min(lo, ranges[c].first), hi = std::max(hi, ranges[c].second);
    if (lo == hi) {  // one value everywhere: a range around it (gnuplot would warn of an empty one)
      const double pad = lo == 0 ? 1 : 0.1 * std::abs(lo);
      p.set(fmt::format("set yrange [{:.17g}:{:.17g}]", lo - pad, hi + pad));
    }
    std::size_t k = 0;
    for (std::size_t c : groups[leaf]) {
      std::string title = names[c].size() > leaf.size() ? names[c].substr(0, names[c].size() - leaf.size() - 1) : "";
      p.add(Curve::of("sweep.csv", x, std::to_string(c + 1), title, overlap_safe_style(k, curve_color(k))));
      ++k;
    }
  }
  return fig;
}

// points.jsonl and sweep.csv from rows (sorted by point here), and summary.json.
void write_outputs(const std::filesystem::path& out, const SweepDef& d, const Study& study,
                   std::map<std::size_t, nlohmann::json> rows, const std::map<std::size_t, nlohmann::json>& refused,
                   const nlohmann::json& timing, const nlohmann::json& provenance_json, bool complete, std::ostream& log) {
  const std::map<std::string, std::string> units = units_of(study);
  std::set<std::string> parameter_keys;
  const Parameters declared = study.parameters();  // entries() must not outlive it
  for (const auto& [key, e] : declared.entries()) parameter_keys.insert(key);
  std::string jsonl, csv = "point", long_csv = "point";
  // sweep.csv: one column per result, named by what it is (named_results), ordered by its first path.
  std::map<std::size_t, std::map<std::string, std::string>> names_of;  // point -> path -> column name
  std::map<std::string, std::string> first_path;                        // column name -> its first path
  for (const auto& [k, row] : rows)
    if (row.contains("result")) {
      names_of[k] = named_results(row["result"], parameter_keys);
      for (const auto& [p, name] : names_of[k])
        if (!first_path.count(name) || natural_less(p, first_path[name])) first_path[name] = p;
    }
  std::vector<std::string> names;
  for (const auto& [name, p] : first_path) names.push_back(name);
  std::stable_sort(names.begin(), names.end(), [&](const std::string& a, const std::string& b) {
    return natural_less(first_path[a], first_path[b]) || (first_path[a] == first_path[b] && a < b);
  });
  std::vector<std::string> headers;
  std::vector<bool> numeric(names.size(), false);
  std::vector<std::pair<double, double>> ranges(names.size(), {INFINITY, -INFINITY});  // of each numeric column
  std::map<std::string, std::size_t> column_of;
  for (std::size_t c = 0; c < names.size(); ++c) {
    const std::string unit = unit_of(first_path[names[c]], units);
    headers.push_back(unit.empty() ? names[c] : names[c] + " [" + unit + "]");
    column_of[names[c]] = c;
  }
  // Cells are appended piece by piece ("," + a temporary trips GCC 12's -Wrestrict false positive here).
  for (const auto& [key, vals] : d.axes) csv.append(",").append(column(key, units));
  csv += ",exit_code";
  for (const auto& h : headers) csv.append(",").append(csv_field(h));
  csv += ",error\n";
  for (const auto& [key, vals] : d.axes) long_csv.append(",").append(column(key, units));
  long_csv += ",exit_code,result,value,unit\n";
  std::size_t failed = 0;
  for (const auto& [k, row] : rows) {
    jsonl += row.dump() + "\n";
    // sweep_long.csv: one row per result of the point (a failed point: one row, result "error", its message).
    std::string head = std::to_string(k);
    for (const auto& [key, vals] : d.axes) head.append(",").append(csv_cell(row["parameters"][key]));
    head.append(",").append(row["exit_code"].dump());
    if (row.contains("result"))
      for (const auto& [p, v] : row["result"].items())
        long_csv.append(head).append(",").append(csv_field(p)).append(",").append(csv_cell(v)).append(",")
            .append(csv_field(unit_of(p, units))).append("\n");
    else
      long_csv.append(head).append(",error,").append(row.contains("error") ? csv_cell(row["error"]) : std::string()).append(",\n");
    csv += std::to_string(k);
    for (const auto& [key, vals] : d.axes) csv.append(",").append(csv_cell(row["parameters"][key]));
    csv.append(",").append(row["exit_code"].dump());
    std::vector<std::string> cells(names.size());
    if (names_of.count(k))
      for (const auto& [p, name] : names_of[k]) {
        const nlohmann::json& v = row["result"][p];
        const std::size_t c = column_of[name];
        cells[c] = csv_cell(v);
        if (v.is_number()) {
          numeric[c] = true;
          ranges[c].first = std::min(ranges[c].first, v.get<double>());
          ranges[c].second = std::max(ranges[c].second, v.get<double>());
        }
      }
    for (const auto& c : cells) csv.append(",").append(c);
    csv.append(",").append(row.contains("error") ? csv_cell(row["error"]) : std::string()).append("\n");
    if (row["exit_code"] != 0) ++failed;
  }
  write_file_atomically(out / "points.jsonl", jsonl);
  write_file_atomically(out / "sweep.csv", csv);
  write_file_atomically(out / "sweep_long.csv", long_csv);
  // The figure reads sweep.csv: point, the axes, exit_code, then the results (column 3 + axes + c).
  std::vector<bool> shifted(d.axes.size() + 2, false);
  shifted.insert(shifted.end(), numeric.begin(), numeric.end());
  std::vector<std::pair<double, double>> shifted_ranges(d.axes.size() + 2, {0.0, 0.0});
  shifted_ranges.insert(shifted_ranges.end(), ranges.begin(), ranges.end());
  std::vector<std::string> all_names(d.axes.size() + 2), all_headers(d.axes.size() + 2);
  all_names.insert(all_names.end(), names.begin(), names.end());
  all_headers.insert(all_headers.end(), headers.begin(), headers.end());
  const bool drawn = std::find(numeric.begin(), numeric.end(), true) != numeric.end() &&
                     render_figure(out / "sweep.png", sweep_figure(d, all_names, all_headers, shifted, shifted_ranges, study.name(), units), log);
  nlohmann::json s{{"command", "sweep"}, {"sweep_id", d.id()},     {"definition", d.definition()},
                   {"points_total", d.total()}, {"shard", {d.shard, d.shards}}, {"points_done", rows.size()},
                   {"points_failed", failed}, {"points_refused", refused.size()}, {"complete", complete},
                   {"figures", drawn ? nlohmann::json::array({"sweep.png"}) : nlohmann::json::array()}};
  s["refused"] = nlohmann::json::array();
  for (const auto& [k, r] : refused) s["refused"].push_back(r);
  s["timing"] = timing;
  s["provenance"] = provenance_json;
  write_json(out / "summary.json", s);
}

std::string last_line(const std::filesystem::path& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

// One point as a child `stickslip run` (core/child_process.hpp: its own process group, killed with the sweep),
// its stdout and stderr in points/<k>.log; it keeps the sweep's --out lock (fd 3) until it ends.
std::unique_ptr<Child> spawn_point(const SweepDef& d, std::size_t k, const std::filesystem::path& out, int lock_fd) {
  ChildSpec spec;
  spec.argv = {sweep_point_program(), "run", d.study};
  for (const auto& [key, v] : d.point(k)) spec.argv.insert(spec.argv.end(), {"--set", key + "=" + v});
  for (const auto& [key, v] : d.fixed) spec.argv.insert(spec.argv.end(), {"--set", key + "=" + v});
  spec.argv.insert(spec.argv.end(), {"--out", (out / "points" / std::to_string(k)).string(), "--json"});
  spec.log_file = out / "points" / (std::to_string(k) + ".log");
  spec.keep_fd = lock_fd;
  return std::make_unique<Child>(spec);
}

nlohmann::json point_row(const SweepDef& d, std::size_t k, int code, const std::filesystem::path& out) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [key, v] : d.point(k)) params[key] = v;
  nlohmann::json row{{"point", k}, {"parameters", params}, {"exit_code", code}};
  const auto dir = out / "points" / std::to_string(k);
  if (code == 0) {
    std::ifstream in(dir / "summary.json");
    nlohmann::json result = nlohmann::json::object();
    flatten(nlohmann::json::parse(in), "", result);
    row["result"] = result;
  } else {
    row["error"] = last_line(out / "points" / (std::to_string(k) + ".log"));
  }
  return row;
}

// "KEY=V, KEY2=V2": the values of point k, for messages.
std::string point_text(const SweepDef& d, std::size_t k) {
  std::vector<std::string> kv;
  for (const auto& [key, v] : d.point(k)) kv.push_back(key + "=" + v);
  return join(kv);
}

// A refused point as summary.json lists it: the point, its values, and the key, value and reason of the refusal.
nlohmann::json refusal(const SweepDef& d, std::size_t k, const InputError& e) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [key, v] : d.point(k)) params[key] = v;
  return {{"point", k}, {"parameters", params}, {"key", e.key}, {"value", e.value},
          {"reason", e.key.empty() ? std::string(e.what()) : e.allowed}};
}

// The plan of a point (StudyContext::plan, from an in-process dry run; null where the study declares none or its dry
// run fails otherwise). A point the study refuses (an InputError: an unknown or ambiguous name, a law x driver pair
// the model's form excludes) refuses the sweep, exit 2.
nlohmann::json planned_work(const Study& study, const SweepDef& d, std::size_t k) {
  Parameters p = study.parameters();
  for (const auto& [key, v] : d.point(k)) p.set(key, v);
  for (const auto& [key, v] : d.fixed) p.set(key, v);
  std::ostringstream quiet;
  nlohmann::json plan;
  try {
    plan = dry_run_study(study, p, quiet);
  } catch (const Interrupted&) {
    throw;
  } catch (const InputError&) {
    throw;
  } catch (const std::exception&) {
    return nullptr;
  }
  return plan;
}

// The work a plan declares: runs x steps per run x particles, or 0 where it declares none. Used to start the longest
// first.
double planned_cost(const nlohmann::json& plan) {
  if (!plan.is_object()) return 0;
  const auto factor = [&](std::initializer_list<const char*> keys) {
    for (const char* key : keys)
      if (plan.contains(key) && plan[key].is_number() && plan[key].get<double>() > 0) return plan[key].get<double>();
    return 1.0;
  };
  return factor({"runs"}) * factor({"steps_per_run", "steps_per_run_at_most"}) * factor({"particles"});
}

std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  const std::string allowed = "allowed: I/N with 1 <= I <= N, e.g. 2/4";
  if (slash == std::string::npos) throw_input("--shard", text, allowed);
  long i = 0, n = 0;
  try {
    i = parse_count("--shard", text.substr(0, slash), 1, 100000);
    n = parse_count("--shard", text.substr(slash + 1), 1, 100000);
  } catch (const InputError&) {
    throw_input("--shard", text, allowed);
  }
  if (i > n) throw_input("--shard", text, allowed);
  return {static_cast<std::size_t>(i), static_cast<std::size_t>(n)};
}

}  // namespace

std::string& sweep_point_program() {
  static std::string program = std::filesystem::read_symlink("/proc/self/exe").string();
  return program;
}

namespace {

// The axes (--set KEY=LIST) and fixed keys (--fix KEY=VALUE) into d, each key once, every value through the study's
// own parser where it can tell without running (check: the study's parameters).
void read_sweep_axes(const SweepArgs& args, SweepDef& d, Parameters& check) {
  for (const bool fix : {false, true}) {
    for (const std::string& kv : fix ? args.fixes : args.sets) {
      const auto eq = kv.find('=');
      if (eq == std::string::npos || eq == 0) throw_input(fix ? "--fix" : "--set", kv, "allowed: KEY=VALUE");
      const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
      check.set(key, check.has(key) ? check.raw(key) : value);  // an unknown key: InputError listing the keys
      for (const auto& pr : d.axes)
        if (pr.first == key) throw_input(key, value, "given twice (--set " + key + "=" + join(pr.second, ",") + "); give each key once");
      for (const auto& pr : d.fixed)
        if (pr.first == key) throw_input(key, value, "given twice (--fix " + key + "=" + pr.second + "); give each key once");
      if (fix) {
        d.fixed.emplace_back(key, value);
      } else {
        const auto vals = split_list(value);
        if (vals.empty() || std::any_of(vals.begin(), vals.end(), [](const std::string& v) { return v.empty(); }))
          throw_input(key, value, "give at least one value (a comma-separated list without empty items)");
        d.axes.emplace_back(key, vals);
      }
    }
  }
  if (d.axes.empty()) throw_input("--set", "", "give at least one KEY=LIST to sweep");
  // Every single value must parse where the study can tell without running (types and ranges are checked by each
  // point's run; a point that exits 2 is a failed row).
  for (const auto& [key, vals] : d.axes)
    for (const auto& v : vals) check.set(key, v);
}

// What a sweep plans before it runs: each point's planned work (the longest start first), the points the study
// refuses (--skip-refused; else the first refusal ends the sweep, naming the point), every point with its plan
// (--dry-run).
struct SweepPlan {
  std::map<std::size_t, double> cost;
  std::map<std::size_t, nlohmann::json> refused;
  nlohmann::json planned_points = nlohmann::json::array();
};

SweepPlan plan_sweep(const Study& study, const SweepDef& d, const SweepArgs& args, CommandIo& io) {
  SweepPlan plan;
  const std::size_t total = d.total();
  for (std::size_t k = 0; k < total; ++k) {
    if (!d.in_shard(k)) continue;
    try {
      const nlohmann::json work = planned_work(study, d, k);
      plan.cost[k] = planned_cost(work);
      nlohmann::json params = nlohmann::json::object();
      for (const auto& [key, v] : d.point(k)) params[key] = v;
      plan.planned_points.push_back({{"point", k}, {"parameters", params},
                                     {"planned", work.is_null() ? nlohmann::json("not declared by this study") : work}});
    } catch (const InputError& e) {
      const std::string where = fmt::format("point {} of the sweep ({})", k, point_text(d, k));
      if (!args.skip_refused) {
        if (e.key.empty()) throw InputError(std::string(e.what()) + "; " + where + "; --skip-refused runs the others");
        throw InputError(e.key, e.value, e.allowed + "; " + where + "; --skip-refused runs the others");
      }
      plan.refused[k] = refusal(d, k, e);
      io.err << fmt::format("sweep {}: {} refused, skipped: {}\n", study.name(), where, e.what());
    }
  }
  return plan;
}

// --dry-run: every point checked and planned, printed; nothing run or written.
int print_sweep_plan(const Study& study, const SweepDef& d, const SweepPlan& plan, CommandIo& io) {
  const std::size_t total = d.total();
  nlohmann::json j{{"dry_run", true},           {"study", study.name()}, {"sweep_id", d.id()},
                   {"definition", d.definition()}, {"points_total", total}, {"shard", {d.shard, d.shards}},
                   {"points", plan.planned_points}};
  j["refused"] = nlohmann::json::array();
  for (const auto& [k, r] : plan.refused) j["refused"].push_back(r);
  double work = 0;
  for (const auto& [k, c] : plan.cost) work += c;
  j["planned_work"] = work;  // the sum of runs x steps x particles over the points
  io.out << j.dump(2) << std::endl;
  io.err << fmt::format("sweep {}: dry run: {} points{} checked, nothing run or written\n", study.name(),
                        plan.planned_points.size(), plan.refused.empty() ? std::string() : fmt::format(" ({} refused)", plan.refused.size()));
  return 0;
}

// The points of this shard not on disk yet, as child processes (jobs at a time, the longest planned first), each
// finished one recorded at once; a signal ends every point (each writes its partial summary) and the sweep; the
// outputs written from every stored row.
int run_sweep_points(const Study& study, const SweepDef& d, const SweepArgs& args, SweepPlan& plan, long jobs,
                     const std::filesystem::path& out, const OutDirLock& lock, CommandIo& io) {
  const bool resume = args.resume;
  const std::size_t total = d.total();
  if (std::error_code ec; !std::filesystem::create_directories(out / "points", ec) && ec)
    throw IoError("cannot create the folder", (out / "points").string(), ec.value());
  Parameters sp("sweep");
  sp.declare("sweep_id", d.id(), "").declare("shard", fmt::format("{}/{}", d.shard, d.shards), "");
  RunStore store(out, "sweep " + study.name(), sp, resume);

  std::vector<std::size_t> pending;
  std::map<std::size_t, nlohmann::json> rows;
  for (std::size_t k = 0; k < total; ++k) {
    if (!d.in_shard(k) || plan.refused.count(k)) continue;
    if (const nlohmann::json* r = store.stored("point-" + std::to_string(k))) rows[k] = *r;
    else pending.push_back(k);
  }
  const std::size_t mine = rows.size() + pending.size();
  // Longest first (ties in point order): the last point to start is a short one, so the jobs end together.
  std::stable_sort(pending.begin(), pending.end(), [&](std::size_t a, std::size_t b) { return plan.cost[a] > plan.cost[b]; });
  double cost_total = 0, cost_done = 0;
  for (std::size_t k : pending) cost_total += plan.cost[k];
  io.err << fmt::format("sweep {}: {} points ({} in shard {}/{}, {} stored{}), {} jobs\n", study.name(), total, mine,
                           d.shard, d.shards, rows.size(),
                           plan.refused.empty() ? std::string() : fmt::format(", {} refused and skipped", plan.refused.size()), jobs);
  const auto start = std::chrono::steady_clock::now();
  // The points under way; destroying one that still runs kills it (an exception unwinding past this loop).
  std::vector<std::pair<std::unique_ptr<Child>, std::size_t>> running;
  std::size_t next = 0, done_now = 0;
  int signal_seen = 0;
  std::string io_failure;  // a point that exited 4 (a file it could not write): no new point starts
  std::chrono::steady_clock::time_point kill_at;
  while (next < pending.size() || !running.empty()) {
    if (interrupted() && !signal_seen) {  // end every point; each writes its partial summary and exits 143
      signal_seen = interrupt_flag();
      for (auto& r : running) r.first->signal(SIGTERM);
      kill_at = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    }
    if (signal_seen && std::chrono::steady_clock::now() > kill_at)
      for (auto& r : running) r.first->signal(SIGKILL);
    while (!signal_seen && io_failure.empty() && next < pending.size() && running.size() < static_cast<std::size_t>(jobs)) {
      const std::size_t k = pending[next++];
      running.emplace_back(spawn_point(d, k, out, lock.fd()), k);
    }
    if (running.empty()) break;
    bool reaped = false;
    for (auto it = running.begin(); it != running.end();) {
      const std::optional<int> status = it->first->poll();
      if (!status) {
        ++it;
        continue;
      }
      reaped = true;
      const std::size_t k = it->second;
      const int code = *status;
      it = running.erase(it);
      if (code >= 128 || signal_seen) continue;  // ended by a signal: not a result; --resume runs it again
      if (code == 4) {  // not a property of the point (a full disk, ...): not recorded, --resume runs it again
        std::string why = last_line(out / "points" / (std::to_string(k) + ".log"));
        for (const std::string prefix : {"stickslip: error: ", "stickslip: internal error: "})
          if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
        if (io_failure.empty()) io_failure = fmt::format("point {}: {}", k, why.empty() ? "exit 4" : why);
        continue;
      }
      const nlohmann::json row = point_row(d, k, code, out);
      store.record("point-" + std::to_string(k), row);
      rows[k] = row;
      ++done_now;
      cost_done += plan.cost[k];
      const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // The time left in proportion to the planned work left (to the points left where no work is planned).
      const double left = cost_total > 0 && cost_done > 0
                              ? el / cost_done * (cost_total - cost_done)
                              : el / static_cast<double>(done_now) * static_cast<double>(pending.size() - done_now);
      io.err << fmt::format("sweep {}: {}/{} points ({:.0f} %), {:.1f} s elapsed, about {:.0f} s left{}\n", study.name(),
                               rows.size(), mine, 100.0 * static_cast<double>(rows.size()) / static_cast<double>(mine), el,
                               left, code ? fmt::format(" (point {} exit {})", k, code) : std::string());
    }
    if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a signal is seen within 5 ms
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!io_failure.empty()) {  // no sweep.csv, points.jsonl or summary.json of a sweep cut short by a full disk
    const std::string why = io_failure + " (" + std::to_string(rows.size()) + " points on disk in " + out.string() +
                            "/runs.jsonl; finish with --resume once the cause is fixed)";
    if (io.print_closing_line) io.err << "stickslip: error: " << why << '\n';
    return io.fail(4, why);
  }
  const std::vector<std::string>& command_line = args.command_line;
  const nlohmann::json timing{{"jobs", jobs}, {"wall_time_s", wall}, {"points_run", done_now}, {"start_order", pending}};
  write_outputs(out, d, study, rows, plan.refused, timing, provenance(command_line, sp), rows.size() == mine, io.err);
  if (signal_seen) {
    const std::string why = "interrupted; " + std::to_string(rows.size()) + " points on disk in " + out.string() +
                            "/runs.jsonl; finish with --resume (same arguments)";
    io.err << "stickslip sweep: " << why << '\n';
    return io.fail(interrupted_exit_code(signal_seen), why);
  }
  io.err << fmt::format("sweep {}: wrote {}/ (sweep.csv, sweep_long.csv, points.jsonl, summary.json{}) in {:.1f} s\n",
                        study.name(), out.string(), std::filesystem::exists(out / "sweep.png") ? ", sweep.png" : "", wall);
  return 0;
}

}  // namespace

int sweep_command(const SweepArgs& args, CommandIo& io) {
  if (args.study.empty()) throw_input("study", "", std::string("missing; usage: ") + kUsage);
  const auto studies = studies_with(args.study);
  const Study& study = find_study(studies, args.study);
  SweepDef d;
  d.study = study.name();
  Parameters check = study.parameters();  // every key and value is checked by the study's own parser
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const long jobs = args.jobs.empty() ? static_cast<long>(cores) : parse_count("--jobs", args.jobs, 1, 1024);
  const bool resume = args.resume;
  if (!args.shard.empty()) std::tie(d.shard, d.shards) = parse_shard(args.shard);
  const std::filesystem::path out =
      args.out.empty() ? std::filesystem::path("out") / ("sweep-" + study.name()) : std::filesystem::path(args.out);
  read_sweep_axes(args, d, check);
  install_interrupt_handlers();  // before the points are planned: a signal from here on ends the sweep cleanly
  SweepPlan plan = plan_sweep(study, d, args, io);
  if (args.dry_run) return print_sweep_plan(study, d, plan, io);
  // --out: a finished sweep there is refused without --resume or --overwrite; a refusal leaves it as it was. The
  // lock is held by the sweep and every point it starts.
  return with_out_dir(out, resume, args.overwrite, args.command_line, [&](const OutDirLock& lock) {
    return run_sweep_points(study, d, args, plan, jobs, out, lock, io);
  });
}

int merge_command(const MergeArgs& args, CommandIo& io) {
  std::vector<std::filesystem::path> dirs(args.dirs.begin(), args.dirs.end());
  const std::filesystem::path out = args.out;
  if (dirs.empty()) throw_input("merge", "", "give the folders of the shards: stickslip merge DIR... --out DIR");
  if (out.empty()) throw_input("--out", "", "missing; stickslip merge DIR... --out DIR");
  SweepDef d;
  std::string id;
  std::map<std::size_t, nlohmann::json> rows, refused;
  for (const auto& dir : dirs) {
    std::ifstream in(dir / "summary.json");
    if (!in) throw_input("merge", dir.string(), "no summary.json of a sweep there");
    nlohmann::json s;
    try {
      s = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception&) {
      throw_input("merge", dir.string(), "summary.json is not JSON");
    }
    if (s.value("command", "") != "sweep") throw_input("merge", dir.string(), "not the folder of a stickslip sweep");
    if (id.empty()) {
      id = s.at("sweep_id").get<std::string>();
      d = SweepDef::from_definition(s.at("definition"));
    } else if (s.at("sweep_id").get<std::string>() != id) {
      throw_input("merge", dir.string(),
                  "belongs to another sweep (id " + s.at("sweep_id").get<std::string>() + ", not " + id + ")");
    }
    if (s.contains("refused"))
      for (const auto& r : s["refused"]) refused[r.at("point").get<std::size_t>()] = r;
    std::ifstream pts(dir / "points.jsonl");
    std::string line;
    for (std::size_t number = 1; std::getline(pts, line); ++number) {
      if (line.empty()) continue;
      const nlohmann::json row = nlohmann::json::parse(line, nullptr, false);
      if (!row.is_object() || !row.contains("point") || !row["point"].is_number_unsigned() || !row.contains("exit_code"))
        throw_input("merge", dir.string(), fmt::format("line {} of {} is not a point row (hand-edited or damaged)", number,
                                                       (dir / "points.jsonl").string()));
      const std::size_t k = row.at("point").get<std::size_t>();
      if (rows.count(k) && rows[k] != row) throw_input("merge", dir.string(), fmt::format("point {} differs from another folder's", k));
      rows[k] = row;
    }
  }
  std::vector<std::string> missing;
  for (std::size_t k = 0; k < d.total(); ++k)
    if (!rows.count(k) && !refused.count(k)) missing.push_back(std::to_string(k));
  if (!missing.empty())
    throw_input("merge", join(dirs.size() > 3 ? std::vector<std::string>{dirs[0].string(), "..."} : [&] {
                  std::vector<std::string> v;
                  for (const auto& x : dirs) v.push_back(x.string());
                  return v;
                }()),
                fmt::format("incomplete: {} of {} points missing (first: {})", missing.size(), d.total(), missing.front()));
  make_out_dir(out);
  const std::vector<std::string>& command_line = args.command_line;
  const OutDirLock lock(out, command_line);
  Parameters sp("sweep");
  sp.declare("sweep_id", id, "").declare("shard", "1/1", "");
  const auto studies = studies_with(d.study);
  write_outputs(out, d, find_study(studies, d.study), rows, refused, {{"merged_from", dirs.size()}},
                provenance(command_line, sp), true, io.err);
  io.err << fmt::format("merge: {} points of sweep {} from {} folders -> {}/\n", rows.size(), id, dirs.size(), out.string());
  return 0;
}

}  // namespace stickslip
