#include "studies/sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/child_process.hpp"
#include "studies/cli_args.hpp"
#include "studies/out_dir_lock.hpp"
#include "studies/output.hpp"
#include "studies/provenance.hpp"
#include "studies/run_store.hpp"

namespace stickslip {

namespace {

constexpr const char* kUsage =
    "stickslip sweep STUDY --set KEY=LIST... [--fix KEY=VALUE]... [--jobs N] [--shard I/N] [--out DIR] [--resume]";

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

std::string csv_cell(const nlohmann::json& v) {
  if (v.is_null()) return "";
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
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

// A column name with its unit, "results.0.drift [m]": the unit of its longest dotted suffix of named parts (indices
// skipped) that has one, so that "relative_error.t_roll" (a ratio) can differ from "t_roll" (a time).
std::string column(const std::string& path, const std::map<std::string, std::string>& units) {
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
    if (it != units.end()) return csv_cell(it->second.empty() ? path : path + " [" + it->second + "]");
  }
  return csv_cell(path);
}

// points.jsonl and sweep.csv from rows (sorted by point here), and summary.json.
void write_outputs(const std::filesystem::path& out, const SweepDef& d, const std::map<std::string, std::string>& units,
                   std::map<std::size_t, nlohmann::json> rows,
                   const nlohmann::json& timing, const nlohmann::json& provenance_json, bool complete) {
  std::string jsonl, csv = "point";
  std::vector<std::string> paths;
  std::map<std::string, bool> seen;
  for (const auto& [k, row] : rows)
    if (row.contains("result"))
      for (const auto& [p, v] : row["result"].items())
        if (!seen[p]) seen[p] = true, paths.push_back(p);
  // nlohmann keeps object keys sorted: the column order is the same for every subset of rows. Cells are appended
  // piece by piece ("," + a temporary trips GCC 12's -Wrestrict false positive here).
  for (const auto& [key, vals] : d.axes) csv.append(",").append(column(key, units));
  csv += ",exit_code";
  for (const auto& p : paths) csv.append(",").append(column(p, units));
  csv += ",error\n";
  std::size_t failed = 0;
  for (const auto& [k, row] : rows) {
    jsonl += row.dump() + "\n";
    csv += std::to_string(k);
    for (const auto& [key, vals] : d.axes) csv.append(",").append(csv_cell(row["parameters"][key]));
    csv.append(",").append(row["exit_code"].dump());
    for (const auto& p : paths)
      csv.append(",").append(row.contains("result") && row["result"].contains(p) ? csv_cell(row["result"][p]) : std::string());
    csv.append(",").append(row.contains("error") ? csv_cell(row["error"]) : std::string()).append("\n");
    if (row["exit_code"] != 0) ++failed;
  }
  write_file_atomically(out / "points.jsonl", jsonl);
  write_file_atomically(out / "sweep.csv", csv);
  nlohmann::json s{{"command", "sweep"}, {"sweep_id", d.id()},     {"definition", d.definition()},
                   {"points_total", d.total()}, {"shard", {d.shard, d.shards}}, {"points_done", rows.size()},
                   {"points_failed", failed}, {"complete", complete}};
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

// One point as a child `stickslip run` (studies/child_process.hpp: its own process group, killed with the sweep),
// its stdout and stderr in points/<k>.log; it keeps the sweep's --out lock (fd 3) until it ends.
std::unique_ptr<Child> spawn_point(const SweepDef& d, std::size_t k, const std::filesystem::path& out, int lock_fd) {
  static const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  ChildSpec spec;
  spec.argv = {self, "run", d.study};
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

// The work a point plans (StudyContext::plan, from an in-process dry run): runs x steps per run x particles, or 0
// where the study declares none. Used to start the longest first. A point the study refuses (an InputError: an
// unknown or ambiguous name, a law x driver pair the model's form excludes) refuses the sweep, exit 2.
double planned_cost(const Study& study, const SweepDef& d, std::size_t k) {
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
    return 0;
  }
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

int sweep_command(const std::vector<std::string>& args) {
  if (args.empty() || args[0].rfind("--", 0) == 0) throw_input("study", "", std::string("missing; usage: ") + kUsage);
  const auto studies = all_studies();
  const Study& study = find_study(studies, args[0]);
  SweepDef d;
  d.study = study.name();
  Parameters check = study.parameters();  // every key and value is checked by the study's own parser
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  long jobs = cores;
  bool resume = false;
  std::filesystem::path out = std::filesystem::path("out") / ("sweep-" + study.name());
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--resume") {
      resume = true;
    } else if (is_option(a, "--set") || is_option(a, "--fix")) {
      const bool fix = is_option(a, "--fix");
      const std::string kv = option_value(args, i);
      const auto eq = kv.find('=');
      if (eq == std::string::npos || eq == 0) throw_input(fix ? "--fix" : "--set", kv, "allowed: KEY=VALUE");
      const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
      check.set(key, check.has(key) ? check.raw(key) : value);  // an unknown key: InputError listing the keys
      for (const auto& pr : d.axes)
        if (pr.first == key) throw_input(key, value, "given twice");
      for (const auto& pr : d.fixed)
        if (pr.first == key) throw_input(key, value, "given twice");
      if (fix) {
        d.fixed.emplace_back(key, value);
      } else {
        const auto vals = split_list(value);
        if (vals.empty() || std::any_of(vals.begin(), vals.end(), [](const std::string& v) { return v.empty(); }))
          throw_input(key, value, "give at least one value (a comma-separated list without empty items)");
        d.axes.emplace_back(key, vals);
      }
    } else if (is_option(a, "--jobs")) {
      jobs = parse_count("--jobs", option_value(args, i), 1, 1024);
    } else if (is_option(a, "--shard")) {
      std::tie(d.shard, d.shards) = parse_shard(option_value(args, i));
    } else if (is_option(a, "--out")) {
      out = option_value(args, i);
    } else {
      throw_input("argument", a, std::string("allowed: ") + kUsage);
    }
  }
  if (d.axes.empty()) throw_input("--set", "", "give at least one KEY=LIST to sweep");
  // Every single value must parse where the study can tell without running (types and ranges are checked by each
  // point's run; a point that exits 2 is a failed row).
  for (const auto& [key, vals] : d.axes)
    for (const auto& v : vals) check.set(key, v);
  install_interrupt_handlers();  // before the points are planned: a signal from here on ends the sweep cleanly
  const std::size_t total = d.total();
  std::map<std::size_t, double> cost;
  for (std::size_t k = 0; k < total; ++k)
    if (d.in_shard(k)) cost[k] = planned_cost(study, d, k);
  make_out_dir(out);
  std::vector<std::string> command_line{"stickslip", "sweep"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  const OutDirLock lock(out, command_line);  // held by the sweep and every point it starts
  if (std::error_code ec; !std::filesystem::create_directories(out / "points", ec) && ec)
    throw IoError("cannot create the folder", (out / "points").string(), ec.value());
  Parameters sp("sweep");
  sp.declare("sweep_id", d.id(), "").declare("shard", fmt::format("{}/{}", d.shard, d.shards), "");
  RunStore store(out, "sweep " + study.name(), sp, resume);

  std::vector<std::size_t> pending;
  std::map<std::size_t, nlohmann::json> rows;
  for (std::size_t k = 0; k < total; ++k) {
    if (!d.in_shard(k)) continue;
    if (const nlohmann::json* r = store.stored("point-" + std::to_string(k))) rows[k] = *r;
    else pending.push_back(k);
  }
  const std::size_t mine = rows.size() + pending.size();
  // Longest first (ties in point order): the last point to start is a short one, so the jobs end together.
  std::stable_sort(pending.begin(), pending.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  double cost_total = 0, cost_done = 0;
  for (std::size_t k : pending) cost_total += cost[k];
  std::cerr << fmt::format("sweep {}: {} points ({} in shard {}/{}, {} stored), {} jobs\n", study.name(), total, mine,
                           d.shard, d.shards, rows.size(), jobs);
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
      cost_done += cost[k];
      const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // The time left in proportion to the planned work left (to the points left where no work is planned).
      const double left = cost_total > 0 && cost_done > 0
                              ? el / cost_done * (cost_total - cost_done)
                              : el / static_cast<double>(done_now) * static_cast<double>(pending.size() - done_now);
      std::cerr << fmt::format("sweep {}: {}/{} points ({:.0f} %), {:.1f} s elapsed, about {:.0f} s left{}\n", study.name(),
                               rows.size(), mine, 100.0 * static_cast<double>(rows.size()) / static_cast<double>(mine), el,
                               left, code ? fmt::format(" (point {} exit {})", k, code) : std::string());
    }
    if (!reaped) std::this_thread::sleep_for(std::chrono::milliseconds(5));  // a signal is seen within 5 ms
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!io_failure.empty()) {  // no sweep.csv, points.jsonl or summary.json of a sweep cut short by a full disk
    std::cerr << "stickslip: error: " << io_failure << " (" << rows.size() << " points on disk in " << out.string()
              << "/runs.jsonl; finish with --resume once the cause is fixed)\n";
    return 4;
  }
  const nlohmann::json timing{{"jobs", jobs}, {"wall_time_s", wall}, {"points_run", done_now}, {"start_order", pending}};
  write_outputs(out, d, units_of(study), rows, timing, provenance(command_line, sp), rows.size() == mine);
  if (signal_seen) {
    std::cerr << "stickslip sweep: interrupted; " << rows.size() << " points on disk in " << out.string()
              << "/runs.jsonl; finish with --resume (same arguments)\n";
    return interrupted_exit_code(signal_seen);
  }
  std::cerr << fmt::format("sweep {}: wrote {}/ (sweep.csv, points.jsonl, summary.json) in {:.1f} s\n", study.name(),
                           out.string(), wall);
  return 0;
}

int merge_command(const std::vector<std::string>& args) {
  std::vector<std::filesystem::path> dirs;
  std::filesystem::path out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (is_option(args[i], "--out")) out = option_value(args, i);
    else if (args[i].rfind("--", 0) == 0) throw_input("argument", args[i], "allowed: stickslip merge DIR... --out DIR");
    else dirs.push_back(args[i]);
  }
  if (dirs.empty()) throw_input("merge", "", "give the folders of the shards: stickslip merge DIR... --out DIR");
  if (out.empty()) throw_input("--out", "", "missing; stickslip merge DIR... --out DIR");
  SweepDef d;
  std::string id;
  std::map<std::size_t, nlohmann::json> rows;
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
    if (!rows.count(k)) missing.push_back(std::to_string(k));
  if (!missing.empty())
    throw_input("merge", join(dirs.size() > 3 ? std::vector<std::string>{dirs[0].string(), "..."} : [&] {
                  std::vector<std::string> v;
                  for (const auto& x : dirs) v.push_back(x.string());
                  return v;
                }()),
                fmt::format("incomplete: {} of {} points missing (first: {})", missing.size(), d.total(), missing.front()));
  make_out_dir(out);
  std::vector<std::string> command_line{"stickslip", "merge"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  const OutDirLock lock(out, command_line);
  Parameters sp("sweep");
  sp.declare("sweep_id", id, "").declare("shard", "1/1", "");
  const auto studies = all_studies();
  write_outputs(out, d, units_of(find_study(studies, d.study)), rows, {{"merged_from", dirs.size()}}, provenance(command_line, sp), true);
  std::cerr << fmt::format("merge: {} points of sweep {} from {} folders -> {}/\n", rows.size(), id, dirs.size(), out.string());
  return 0;
}

}  // namespace stickslip
