// studies/cli/main.cpp — the `stickslip` command line: the commands' bodies. Their grammar (subcommands, options, help
// texts, parse errors) is studies/cli/command_line.hpp; `stickslip --help` and `stickslip help COMMAND` print it.
//
//   stickslip list | help [COMMAND|STUDY] | --version
//   stickslip run STUDY [--set KEY=VALUE]... [--out DIR] [--json] [--resume] [--dry-run]
//   stickslip converge STUDY --observable NAME ...   (studies/experiment/converge.hpp)
//   stickslip sweep STUDY --set KEY=LIST... / stickslip merge DIR... --out DIR   (studies/experiment/sweep.hpp)
//   stickslip verify [--draws N] [--seed S] [--model M] [--solver S] [--draw I] [--json]
//
// A signal (SIGINT, SIGTERM) ends a study cleanly: the finished runs are on disk (runs.jsonl), summary.json says
// "complete": false, and the exit status is 130 / 143; `--resume` with the same --out finishes it.
// Exit codes: 0 success; 2 bad input (unknown command/option/study/key, malformed or out-of-range value, a key
// given twice, inconsistent combination) with one line naming the key, the value and what is allowed; 3 solver
// failure with the solver's reason; 4 anything else (a file that cannot be written: its name and the system's
// reason, e.g. "No space left on device"; a bug), also with one line. Two commands into one --out: the second exits 2
// naming the first (studies/experiment/out_dir_lock.hpp).
#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "models/contact/registry.hpp"
#include "solvers/integrator_spec.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/cli/command_line.hpp"
#include "studies/experiment/converge.hpp"
#include "studies/papers/oscillator_runs.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/provenance.hpp"
#include "studies/experiment/property_checks.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/sweep.hpp"
#include "studies/experiment/verify.hpp"

namespace {
using namespace stickslip;

// Studies and models (studies/cli/registry.cpp), the friction laws with their law x relation x driver matrix
// (models/contact/registry.hpp), then every driver: the integrator specs from their
// parser's own table (solvers/integrator_spec.hpp), the drivers `verify --solver` accepts that are no spec, and the
// solver names a study accepts beside the specs.
int list() {
  std::cout << "studies (stickslip help STUDY: parameters and observables):\n";
  for (const auto& s : all_studies()) std::cout << "  " << s->name() << " — " << s->summary() << '\n';
  std::cout << "models:\n";
  for (const auto& e : catalog())
    if (e.kind == "model") std::cout << "  " << e.name << " — " << e.line << '\n';
  // The friction laws and the law x relation x driver matrix, generated from the laws' forms.
  std::cout << law_catalog();
  std::cout << "drivers (integrator specs [filippov:]SCHEME[:bdf|:adams][:ORDER], for converge --solver, verify "
               "--solver and a study's solver key):\n";
  std::vector<std::string> filippov;
  for (const SchemeInfo& i : integrator_scheme_info()) {
    std::cout << "  " << i.name << " — " << i.line << '\n';
    try {
      (void)parse_integrator("driver", "filippov:" + i.name);
      filippov.push_back("filippov:" + i.name);
    } catch (const InputError&) {  // a scheme the Filippov driver does not run
    }
  }
  std::cout << "  filippov:SCHEME — the Filippov driver (convex hull of the vector fields on a switching surface, "
               "sliding modes located as events; Krengel & Matuttis eq. 4-14) on " + join(filippov) + "\n";
  std::map<std::string, std::vector<std::string>> other;  // verify's drivers that are no integrator spec -> models
  for (const PropertyCheck& c : all_property_checks()) {
    try {
      (void)parse_integrator("driver", c.driver);
    } catch (const InputError&) {
      other[c.driver].push_back(c.model);
    }
  }
  for (const auto& [driver, models] : other)
    std::cout << "  " << driver << " — not an integrator spec; verify --solver " << driver << " checks " << join(models) << '\n';
  std::cout << "  dry-friction-oscillator solver= also takes " << join(oscillator_solver_names()) << '\n';
  return 0;
}

// `help TOPIC`: a command's options, or a study's parameters and observables.
int help(const std::string& topic) {
  if (topic.empty() || !command_help(topic).empty()) {
    std::cout << command_help(topic);
    return 0;
  }
  const auto studies = all_studies();
  if (std::none_of(studies.begin(), studies.end(), [&](const auto& s) { return s->name() == topic; })) {
    std::vector<std::string> names;
    for (const auto& s : studies) names.push_back(s->name());
    throw_input("help", topic, "neither a command nor a study; allowed: " + join(command_names()) + "; " + join(names));
  }
  const Study& study = find_study(studies, topic);
  std::cout << study.name() << " — " << study.summary() << "\nparameters (--set KEY=VALUE; " << kValueSyntax << "):\n";
  const Parameters params = study.parameters();  // the range below must not outlive it
  for (const auto& [key, e] : params.entries())
    std::cout << "  " << key << " = " << e.default_value << "    " << e.help << '\n';
  const std::vector<Observable> observables = study.observables();
  if (!observables.empty()) {
    std::cout << "observables (stickslip converge " << study.name() << " --observable NAME):\n";
    for (const Observable& o : observables)
      std::cout << "  " << o.name << " [" << o.unit << "]    " << o.help << " (integrators " << join(o.integrators)
                << "; default --solver " << join(o.default_solvers, ",") << ", --reference " << o.default_reference << ")\n";
  }
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

int run(const RunArgs& args) {
  if (args.study.empty()) throw_input("study", "", "missing; usage: stickslip run STUDY [--set KEY=VALUE]... (stickslip run --help)");
  const auto studies = all_studies();
  const Study& study = find_study(studies, args.study);
  Parameters params = study.parameters();
  assign_each(params, args.sets);
  const std::filesystem::path out = args.out.empty() ? std::filesystem::path("out") / study.name() : std::filesystem::path(args.out);
  const bool json = args.json, resume = args.resume, dry = args.dry_run;
  const std::vector<std::string>& command_line = args.command_line;
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

int verify(const VerifyArgs& args) {
  VerifyOptions o;
  const bool json = args.json;
  o.invalid_inputs = !args.no_invalid;
  if (!args.draws.empty()) o.draws = parse_count("--draws", args.draws, 1, 1000000);
  if (!args.seed.empty()) o.seed = static_cast<unsigned long long>(parse_count("--seed", args.seed, 0, 2147483647L));
  if (!args.draw.empty()) o.only_draw = parse_count("--draw", args.draw, 0, 100000000);
  if (!args.models.empty()) o.models = split_list(args.models);
  if (!args.solvers.empty()) o.solvers = split_list(args.solvers);
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
    const CommandLine cl = parse_command_line(args, std::cout);
    if (cl.command.empty()) return cl.exit_code;  // a help text was printed
    if (cl.command == "version") {
      std::cout << version_text();
      return 0;
    }
    if (cl.command == "list") return list();
    if (cl.command == "help") return help(cl.topic);
    if (cl.command == "run") return run(cl.run);
    if (cl.command == "verify") return verify(cl.verify);
    if (cl.command == "converge") return converge_command(cl.converge);
    if (cl.command == "sweep") return sweep_command(cl.sweep);
    if (cl.command == "merge") return merge_command(cl.merge);
    throw std::logic_error("command " + cl.command + " has a grammar but no body");
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
