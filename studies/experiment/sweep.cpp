#include "studies/experiment/sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <csignal>
#include <fmt/format.h>
#include <fstream>
#include <ostream>
#include <map>
#include <sstream>
#include <thread>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/experiment/child_process.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/provenance.hpp"
#include "studies/experiment/run_store.hpp"

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

// points.jsonl and sweep.csv from rows (sorted by point here), and summary.json.
void write_outputs(const std::filesystem::path& out, const SweepDef& d, const std::map<std::string, std::string>& units,
                   std::map<std::size_t, nlohmann::json> rows, const std::map<std::size_t, nlohmann::json>& refused,
                   const nlohmann::json& timing, const nlohmann::json& provenance_json, bool complete) {
  std::string jsonl, csv = "point", long_csv = "point";
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
    for (const auto& p : paths)
      csv.append(",").append(row.contains("result") && row["result"].contains(p) ? csv_cell(row["result"][p]) : std::string());
    csv.append(",").append(row.contains("error") ? csv_cell(row["error"]) : std::string()).append("\n");
    if (row["exit_code"] != 0) ++failed;
  }
  write_file_atomically(out / "points.jsonl", jsonl);
  write_file_atomically(out / "sweep.csv", csv);
  write_file_atomically(out / "sweep_long.csv", long_csv);
  nlohmann::json s{{"command", "sweep"}, {"sweep_id", d.id()},     {"definition", d.definition()},
                   {"points_total", d.total()}, {"shard", {d.shard, d.shards}}, {"points_done", rows.size()},
                   {"points_failed", failed}, {"points_refused", refused.size()}, {"complete", complete}};
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

// One point as a child `stickslip run` (studies/experiment/child_process.hpp: its own process group, killed with the sweep),
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

std::string& sweep_point_program() {
  static std::string program = std::filesystem::read_symlink("/proc/self/exe").string();
  return program;
}

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
  install_interrupt_handlers();  // before the points are planned: a signal from here on ends the sweep cleanly
  const std::size_t total = d.total();
  std::map<std::size_t, double> cost;
  std::map<std::size_t, nlohmann::json> refused;  // --skip-refused: the points the study refuses, not run
  for (std::size_t k = 0; k < total; ++k) {
    if (!d.in_shard(k)) continue;
    try {
      cost[k] = planned_cost(study, d, k);
    } catch (const InputError& e) {
      const std::string where = fmt::format("point {} of the sweep ({})", k, point_text(d, k));
      if (!args.skip_refused) {
        if (e.key.empty()) throw InputError(std::string(e.what()) + "; " + where + "; --skip-refused runs the others");
        throw InputError(e.key, e.value, e.allowed + "; " + where + "; --skip-refused runs the others");
      }
      refused[k] = refusal(d, k, e);
      io.err << fmt::format("sweep {}: {} refused, skipped: {}\n", study.name(), where, e.what());
    }
  }
  make_out_dir(out);
  const OutDirLock lock(out, args.command_line);  // held by the sweep and every point it starts
  if (std::error_code ec; !std::filesystem::create_directories(out / "points", ec) && ec)
    throw IoError("cannot create the folder", (out / "points").string(), ec.value());
  Parameters sp("sweep");
  sp.declare("sweep_id", d.id(), "").declare("shard", fmt::format("{}/{}", d.shard, d.shards), "");
  RunStore store(out, "sweep " + study.name(), sp, resume);

  std::vector<std::size_t> pending;
  std::map<std::size_t, nlohmann::json> rows;
  for (std::size_t k = 0; k < total; ++k) {
    if (!d.in_shard(k) || refused.count(k)) continue;
    if (const nlohmann::json* r = store.stored("point-" + std::to_string(k))) rows[k] = *r;
    else pending.push_back(k);
  }
  const std::size_t mine = rows.size() + pending.size();
  // Longest first (ties in point order): the last point to start is a short one, so the jobs end together.
  std::stable_sort(pending.begin(), pending.end(), [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  double cost_total = 0, cost_done = 0;
  for (std::size_t k : pending) cost_total += cost[k];
  io.err << fmt::format("sweep {}: {} points ({} in shard {}/{}, {} stored{}), {} jobs\n", study.name(), total, mine,
                           d.shard, d.shards, rows.size(),
                           refused.empty() ? std::string() : fmt::format(", {} refused and skipped", refused.size()), jobs);
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
  write_outputs(out, d, units_of(study), rows, refused, timing, provenance(command_line, sp), rows.size() == mine);
  if (signal_seen) {
    const std::string why = "interrupted; " + std::to_string(rows.size()) + " points on disk in " + out.string() +
                            "/runs.jsonl; finish with --resume (same arguments)";
    io.err << "stickslip sweep: " << why << '\n';
    return io.fail(interrupted_exit_code(signal_seen), why);
  }
  io.err << fmt::format("sweep {}: wrote {}/ (sweep.csv, sweep_long.csv, points.jsonl, summary.json) in {:.1f} s\n", study.name(),
                           out.string(), wall);
  return 0;
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
  write_outputs(out, d, units_of(find_study(studies, d.study)), rows, refused, {{"merged_from", dirs.size()}},
                provenance(command_line, sp), true);
  io.err << fmt::format("merge: {} points of sweep {} from {} folders -> {}/\n", rows.size(), id, dirs.size(), out.string());
  return 0;
}

}  // namespace stickslip
