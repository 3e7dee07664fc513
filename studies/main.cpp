// studies/main.cpp — the `stickslip` command line.
//
//   stickslip list
//   stickslip run STUDY [--set KEY=VALUE]... [--out DIR] [--json] [--resume] [--dry-run]
//   stickslip converge STUDY --observable NAME ...   (studies/converge.hpp)
//   stickslip sweep STUDY --set KEY=LIST... / stickslip merge DIR... --out DIR   (studies/sweep.hpp)
//   stickslip verify [--draws N] [--seed S] [--model M] [--solver S] [--draw I] [--json]
//   stickslip --version
//
// A signal (SIGINT, SIGTERM) ends a study cleanly: the finished runs are on disk (runs.jsonl), summary.json says
// "complete": false, and the exit status is 130 / 143; `--resume` with the same --out finishes it.
// Exit codes: 0 success; 2 bad input (unknown study/key, malformed or out-of-range value, inconsistent
// combination) with one line naming the key, the value and what is allowed; 3 solver failure with the
// solver's reason; 4 anything else (a file that cannot be written: its name and the system's reason, e.g. "No
// space left on device"; a bug), also with one line. Two commands into one --out: the second exits 2 naming the
// first (studies/out_dir_lock.hpp).
#include <algorithm>
#include <iostream>
#include <sstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "studies/cli_args.hpp"
#include "studies/converge.hpp"
#include "studies/sweep.hpp"
#include "studies/out_dir_lock.hpp"
#include "studies/output.hpp"
#include "studies/provenance.hpp"
#include "studies/run_store.hpp"
#include "studies/study.hpp"
#include "studies/verify.hpp"

namespace {
using namespace stickslip;

constexpr const char* kUsage =
    "usage: stickslip list\n"
    "       stickslip run STUDY [--set KEY=VALUE]... [--out DIR] [--json] [--resume] [--dry-run]\n"
    "       stickslip --version\n"
    "       stickslip help STUDY      (parameters of a study with defaults)\n"
    "       stickslip converge STUDY --observable NAME [--solver LIST] [--dt FROM:TO:LEVELS] [--rtol FROM:TO:LEVELS]\n"
    "                 [--reference exact|richardson|finest] [--set KEY=VALUE]... [--out DIR] [--work] [--json]\n"
    "                                 (order of convergence of a study's observable; see studies/converge.hpp)\n"
    "       stickslip sweep STUDY --set KEY=LIST... [--fix KEY=VALUE]... [--jobs N] [--shard I/N] [--out DIR] [--resume]\n"
    "       stickslip merge DIR... --out DIR   (the shards of one sweep; see studies/sweep.hpp)\n"
    "       stickslip verify [--draws N] [--seed S] [--model M,...] [--solver S,...] [--draw I] [--json]\n"
    "                                 (randomized checks of every model x driver; exit 1 if any fails)\n";

int list() {
  std::cout << "studies:\n";
  for (const auto& s : all_studies()) std::cout << "  " << s->name() << " — " << s->summary() << '\n';
  for (const std::string kind : {"model", "friction", "solver"}) {
    std::cout << (kind == "model" ? "models" : kind == "friction" ? "friction laws" : "solvers") << ":\n";
    for (const auto& e : catalog())
      if (e.kind == kind) std::cout << "  " << e.name << " — " << e.line << '\n';
  }
  return 0;
}

int help(const std::string& name) {
  const auto studies = all_studies();
  const Study& study = find_study(studies, name);
  std::cout << study.name() << " — " << study.summary() << "\nparameters (--set KEY=VALUE; " << kValueSyntax << "):\n";
  const Parameters params = study.parameters();  // the range below must not outlive it
  for (const auto& [key, e] : params.entries())
    std::cout << "  " << key << " = " << e.default_value << "    " << e.help << '\n';
  return 0;
}

int dry_run(const Study& study, const Parameters& params, const std::vector<std::string>& command_line) {
  const nlohmann::json planned = dry_run_study(study, params, std::cerr);
  nlohmann::json j = provenance(command_line, params);
  j["study"] = study.name();
  j["dry_run"] = true;
  j["planned"] = planned.is_null() ? nlohmann::json("not declared by this study") : planned;
  std::cout << j.dump(2) << std::endl;
  return 0;
}

int run(const std::vector<std::string>& args) {
  if (args.empty()) throw_input("study", "", "missing; usage: stickslip run STUDY [--set KEY=VALUE]... [--out DIR] [--json]");
  const auto studies = all_studies();
  const Study& study = find_study(studies, args[0]);
  Parameters params = study.parameters();
  std::filesystem::path out = std::filesystem::path("out") / study.name();
  bool json = false, resume = false, dry = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      json = true;
    } else if (a == "--resume") {
      resume = true;
    } else if (a == "--dry-run") {
      dry = true;
    } else if (a == "--set" || a == "--out") {
      if (i + 1 >= args.size()) throw_input(a, "", "expects a value");
      if (a == "--set") params.assign(args[++i]);
      else out = args[++i];
    } else if (a.rfind("--set=", 0) == 0) {
      params.assign(a.substr(6));
    } else if (a.rfind("--out=", 0) == 0) {
      out = a.substr(6);
    } else {
      throw_input("argument", a, "allowed: --set KEY=VALUE, --out DIR, --json, --resume, --dry-run");
    }
  }
  std::vector<std::string> command_line{"stickslip", "run"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  install_interrupt_handlers();  // a signal from here on ends the study cleanly
  if (dry) return dry_run(study, params, command_line);
  make_out_dir(out);
  const OutDirLock lock(out, command_line);  // one stickslip at a time in --out (exit 2 naming the holder)
  RunStore store(out, study.name(), params, resume);
  StudyContext ctx{out, std::cerr, &store};
  store.start_progress(std::cerr, study.name());
  nlohmann::json summary;
  try {
    summary = study.run(params, ctx);
  } catch (const Interrupted& e) {
    nlohmann::json partial{{"study", study.name()}, {"complete", false}, {"runs_done", store.runs_done()},
                           {"interrupted_by", e.signal == SIGTERM ? "SIGTERM" : "SIGINT"},
                           {"resume", "stickslip run " + study.name() + " --out " + out.string() + " --resume (same --set)"}};
    partial["provenance"] = provenance(command_line, params);
    write_json(out / "summary.json", partial);
    std::cerr << "stickslip: " << e.what() << ": " << store.runs_done() << " runs on disk in " << out.string()
              << "/runs.jsonl; finish with --resume\n";
    return interrupted_exit_code(e.signal);
  }
  summary["complete"] = true;
  summary["runs_done"] = store.runs_done();
  if (store.runs_resumed()) summary["runs_resumed"] = store.runs_resumed();
  summary["provenance"] = provenance(command_line, params);
  write_json(out / "summary.json", summary);
  if (json) std::cout << summary.dump() << std::endl;
  std::cerr << study.name() << ": wrote " << out.string() << "/ (CSV, summary.json, PNG)\n";
  // A study that goes on past a failed run (slope-drift) lists it: every output is written, and the exit says so.
  if (const auto failed = summary.find("failed_runs"); failed != summary.end() && failed->is_array() && !failed->empty()) {
    const nlohmann::json& first = failed->front();
    std::cerr << "stickslip: solver failure: " << failed->size() << " of " << store.runs_done() << " runs failed (listed "
              << "under failed_runs in summary.json); " << first.value("label", "") << ": " << first.value("error", "")
              << '\n';
    return 3;
  }
  return 0;
}

int verify(const std::vector<std::string>& args) {
  VerifyOptions o;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      json = true;
      continue;
    }
    if (a == "--no-invalid") {
      o.invalid_inputs = false;
      continue;
    }
    if (a != "--draws" && a != "--seed" && a != "--model" && a != "--solver" && a != "--draw")
      throw_input("argument", a, "allowed: --draws N, --seed S, --model M, --solver S, --draw I, --no-invalid, --json");
    if (i + 1 >= args.size()) throw_input(a, "", "expects a value");
    const std::string& v = args[++i];
    if (a == "--draws") o.draws = parse_count(a, v, 1, 1000000);
    else if (a == "--seed") o.seed = static_cast<unsigned long long>(parse_count(a, v, 0, 2147483647L));
    else if (a == "--draw") o.only_draw = parse_count(a, v, 0, 100000000);
    else if (a == "--model") o.models = split_list(v);
    else o.solvers = split_list(v);
  }
  install_interrupt_handlers();
  const auto results = run_verify(o, std::cerr);
  if (json) std::cout << verify_json(results, o).dump() << std::endl;
  else std::cout << verify_table(results);
  if (interrupted()) {  // Ctrl-C: the table of the draws done, then the signal's exit status
    std::cerr << "stickslip verify: interrupted; the table covers the draws finished before the signal\n";
    return interrupted_exit_code(interrupt_flag());
  }
  return std::all_of(results.begin(), results.end(), [](const CheckSummary& r) { return r.passed(); }) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
      std::cout << kUsage;
      return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
      std::cout << version_text();
      return 0;
    }
    if (args[0] == "list") return list();
    if (args[0] == "help" && args.size() == 2) return help(args[1]);
    if (args[0] == "run") return run({args.begin() + 1, args.end()});
    if (args[0] == "verify") return verify({args.begin() + 1, args.end()});
    if (args[0] == "converge") return converge_command({args.begin() + 1, args.end()});
    if (args[0] == "sweep") return sweep_command({args.begin() + 1, args.end()});
    if (args[0] == "merge") return merge_command({args.begin() + 1, args.end()});
    throw_input("command", args[0], "allowed: list, run, help, verify, converge, sweep, merge");
  } catch (const InputError& e) {
    std::cerr << "stickslip: error: " << e.what() << '\n';
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {  // a path given by the user that cannot be written
    std::cerr << "stickslip: error: " << e.path1().string() << ": " << e.code().message() << '\n';
    return 2;
  } catch (const SolverError& e) {
    std::cerr << "stickslip: solver failure: " << e.what() << '\n';
    return 3;
  } catch (const IoError& e) {  // a full disk: no file under its final name is incomplete; --resume redoes the rest
    std::cerr << "stickslip: error: " << e.what() << '\n';
    return 4;
  } catch (const Interrupted& e) {  // a signal outside a study's run loop (converge, sweep planning, merge)
    std::cerr << "stickslip: " << e.what() << '\n';
    return interrupted_exit_code(e.signal);
  } catch (const std::exception& e) {
    std::cerr << "stickslip: internal error: " << e.what() << '\n';
    return 4;
  }
}
