// studies/cli/commands.cpp — the commands' bodies (list, help, run, verify) and the dispatch with its mapping of
// errors to exit codes; see commands.hpp. converge, sweep and merge are studies/experiment/converge.cpp, sweep.cpp.
#include "studies/cli/commands.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/did_you_mean.hpp"
#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/contact/registry.hpp"
#include "models/system/system_file.hpp"
#include "solvers/integrator_spec.hpp"
#include "studies/cli/command_line.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/experiment/converge.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/property_checks.hpp"
#include "studies/experiment/provenance.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/sweep.hpp"
#include "studies/experiment/verify.hpp"

namespace stickslip {

namespace {

// Studies and models (studies/cli/registry.cpp), the friction laws with their law x relation x driver matrix
// (models/contact/registry.hpp), then every driver: the integrator specs from their
// parser's own table (solvers/integrator_spec.hpp), the drivers `verify --solver` accepts that are no spec, and the
// solver names a study accepts beside the specs.
int list(std::ostream& out) {
  out << "studies (stickslip help STUDY: parameters and observables):\n";
  for (const auto& s : all_studies()) out << "  " << s->name() << " — " << s->summary() << '\n';
  out << "models:\n";
  for (const auto& e : catalog())
    if (e.kind == "model") out << "  " << e.name << " — " << e.line << '\n';
  // The friction laws and the law x relation x driver matrix, generated from the laws' forms.
  out << law_catalog();
  out << normal_law_catalog();
  out << "drivers (integrator specs [filippov:]SCHEME[:bdf|:adams][:ORDER], for converge --solver, verify "
         "--solver and a study's solver key):\n";
  std::vector<std::string> filippov;
  for (const SchemeInfo& i : integrator_scheme_info()) {
    out << "  " << i.name() << " — " << i.line << '\n';
    try {
      (void)parse_integrator("driver", "filippov:" + i.name());
      filippov.push_back("filippov:" + i.name());
    } catch (const InputError&) {  // a scheme the Filippov driver does not run
    }
  }
  out << "  filippov:SCHEME — the Filippov driver (convex hull of the vector fields on a switching surface, "
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
    out << "  " << driver << " — not an integrator spec; verify --solver " << driver << " checks " << join(models) << '\n';
  for (const auto& s : all_studies())
    for (const std::string& line : s->driver_notes()) out << "  " << s->name() << " " << line << '\n';
  return 0;
}

// `help TOPIC`: a command's options, or a study's parameters and observables.
int help(const std::string& topic, std::ostream& out) {
  if (topic.empty() || !command_help(topic).empty()) {
    out << command_help(topic);
    return 0;
  }
  const auto studies = studies_with(topic);
  if (std::none_of(studies.begin(), studies.end(), [&](const auto& s) { return s->name() == topic; })) {
    std::vector<std::string> names;
    for (const auto& s : studies) names.push_back(s->name());
    std::vector<std::string> topics = command_names();
    topics.insert(topics.end(), names.begin(), names.end());
    throw_input("help", topic, "neither a command nor a study; allowed: " + join(command_names()) + "; " + join(names) +
                                   did_you_mean(topic, topics));
  }
  const Study& study = find_study(studies, topic);
  out << study.name() << " — " << study.summary() << "\nparameters (--set KEY=VALUE; " << kValueSyntax << "):\n";
  const Parameters params = study.parameters();  // the range below must not outlive it
  for (const auto& [key, e] : params.entries()) out << "  " << key << " = " << e.default_value << "    " << e.help << '\n';
  const std::vector<Observable> observables = study.observables();
  if (!observables.empty()) {
    out << "observables (stickslip converge " << study.name() << " --observable NAME):\n";
    for (const Observable& o : observables)
      out << "  " << o.name << " [" << o.unit << "]    " << o.help << " (integrators " << join(o.integrators)
          << "; default --solver " << join(o.default_solvers, ",") << ", --reference " << o.default_reference << ")\n";
  }
  return 0;
}

int dry_run(const Study& study, const Parameters& params, const std::vector<std::string>& command_line, CommandIo& io) {
  const nlohmann::json planned = dry_run_study(study, params, io.err);
  nlohmann::json j = provenance(command_line, params);
  j["study"] = study.name();
  j["dry_run"] = true;
  j["planned"] = planned.is_null() ? nlohmann::json("not declared by this study") : planned;
  io.out << j.dump(2) << std::endl;
  return 0;
}

namespace {
// Seconds between two progress lines of `run`: 5, or STICKSLIP_PROGRESS_SECONDS when it is a number in [0.05, 3600]
// (a test that watches the line move).
double progress_seconds() {
  const char* text = std::getenv("STICKSLIP_PROGRESS_SECONDS");
  if (!text) return 5;
  char* end = nullptr;
  const double s = std::strtod(text, &end);
  return end != text && *end == '\0' && s >= 0.05 && s <= 3600 ? s : 5.0;
}
}  // namespace

int run(const RunArgs& args, CommandIo& io) {
  if (args.study.empty()) throw_input("study", "", "missing; usage: stickslip run STUDY [--set KEY=VALUE]... (stickslip run --help)");
  const auto studies = studies_with(args.study);
  const Study& study = find_study(studies, args.study);
  Parameters params = study.parameters();
  assign_each(params, args.sets);
  // A system file's outputs go to out/NAME for NAME.toml.
  const std::string default_out = is_system_file(args.study) ? std::filesystem::path(args.study).stem().string() : study.name();
  const std::filesystem::path out = args.out.empty() ? std::filesystem::path("out") / default_out : std::filesystem::path(args.out);
  const bool json = args.json, resume = args.resume, dry = args.dry_run;
  const std::vector<std::string>& command_line = args.command_line;
  install_interrupt_handlers();  // a signal from here on ends the study cleanly
  if (dry) return dry_run(study, params, command_line, io);
  // --out: a finished study there is refused without --resume or --overwrite; a refusal leaves it as it was.
  return with_out_dir(out, resume, args.overwrite, command_line, [&](const OutDirLock&) {
    RunStore store(out, study.name(), params, resume);
    StudyContext ctx{out, io.err, &store};
    store.start_progress(io.err, study.name(), progress_seconds());
    nlohmann::json summary;
    try {
      summary = study.run(params, ctx);
    } catch (const Interrupted& e) {
      return end_interrupted(e, out, study.name(), store,
                             "stickslip run " + study.name() + " --out " + out.string() + " --resume (same --set)",
                             provenance(command_line, params), nlohmann::json::object(), io);
    }
    summary["complete"] = true;
    summary["runs_done"] = store.runs_done();
    if (store.runs_resumed()) summary["runs_resumed"] = store.runs_resumed();
    summary["provenance"] = provenance(command_line, params);
    write_json(out / "summary.json", summary);
    if (json) io.out << summary.dump() << std::endl;
    io.err << study.name() << ": wrote " << out.string() << "/ (CSV, summary.json, PNG)\n";
    // A study that goes on past a failed run (slope-drift) lists it: every output is written, and the exit says so.
    if (const auto failed = summary.find("failed_runs"); failed != summary.end() && failed->is_array() && !failed->empty()) {
      const nlohmann::json& first = failed->front();
      const std::string why = std::to_string(failed->size()) + " of " + std::to_string(store.runs_done()) +
                              " runs failed (listed under failed_runs in summary.json); " + first.value("label", "") + ": " +
                              first.value("error", "");
      if (io.print_closing_line) io.err << "stickslip: solver failure: " << why << '\n';
      return io.fail(3, why);
    }
    return 0;
  });
}

int verify(const VerifyArgs& args, CommandIo& io) {
  VerifyOptions o;
  const bool json = args.json;
  o.invalid_inputs = !args.no_invalid;
  if (!args.draws.empty()) o.draws = parse_count("--draws", args.draws, 1, 1000000);
  if (!args.seed.empty()) o.seed = static_cast<unsigned long long>(parse_count("--seed", args.seed, 0, 2147483647L));
  if (!args.draw.empty()) o.only_draw = parse_count("--draw", args.draw, 0, 100000000);
  if (!args.models.empty()) o.models = split_list(args.models);
  if (!args.solvers.empty()) o.solvers = split_list(args.solvers);
  install_interrupt_handlers();
  const auto results = run_verify(o, io.err);
  if (json) io.out << verify_json(results, o).dump() << std::endl;
  else io.out << verify_table(results);
  if (interrupted()) {  // Ctrl-C: the table of the draws done, then the signal's exit status
    io.err << "stickslip verify: interrupted; the table covers the draws finished before the signal\n";
    return io.fail(interrupted_exit_code(interrupt_flag()), "interrupted; the table covers the draws finished before the signal");
  }
  const auto failing = std::count_if(results.begin(), results.end(), [](const CheckSummary& r) { return !r.passed(); });
  return failing == 0 ? 0 : io.fail(1, std::to_string(failing) + " of " + std::to_string(results.size()) + " checks failed");
}

int dispatch(const std::vector<std::string>& args, CommandIo& io) {
  const CommandLine cl = parse_command_line(args, io.out);
  if (cl.command.empty()) return cl.exit_code;  // a help text was printed
  if (cl.command == "version") {
    io.out << version_text();
    return 0;
  }
  if (cl.command == "list") return list(io.out);
  if (cl.command == "help") return help(cl.topic, io.out);
  if (cl.command == "run") return run(cl.run, io);
  if (cl.command == "verify") return verify(cl.verify, io);
  if (cl.command == "converge") return converge_command(cl.converge, io);
  if (cl.command == "sweep") return sweep_command(cl.sweep, io);
  if (cl.command == "merge") return merge_command(cl.merge, io);
  throw std::logic_error("command " + cl.command + " has a grammar but no body");
}

// The closing line of a failure: printed (the command line) or only kept (a caller that raises it).
int closing(CommandIo& io, int code, const std::string& prefix, const std::string& why) {
  if (io.print_closing_line) io.err << prefix << why << '\n';
  return io.fail(code, why);
}

}  // namespace

int run_command_line(const std::vector<std::string>& args, CommandIo& io) {
  io.reason.clear();
  try {
    return dispatch(args, io);
  } catch (const InputError& e) {
    return closing(io, 2, "stickslip: error: ", e.what());
  } catch (const std::filesystem::filesystem_error& e) {  // a path given by the user that cannot be written
    return closing(io, 2, "stickslip: error: ", e.path1().string() + ": " + e.code().message());
  } catch (const SolverError& e) {
    return closing(io, 3, "stickslip: solver failure: ", e.what());
  } catch (const IoError& e) {  // a full disk: no file under its final name is incomplete; --resume redoes the rest
    return closing(io, 4, "stickslip: error: ", e.what());
  } catch (const Interrupted& e) {  // a signal outside a study's run loop (converge, sweep planning, merge)
    return closing(io, interrupted_exit_code(e.signal), "stickslip: ", e.what());
  } catch (const std::exception& e) {
    return closing(io, 4, "stickslip: internal error: ", e.what());
  }
}

}  // namespace stickslip
