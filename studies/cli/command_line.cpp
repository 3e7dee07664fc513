#include "studies/cli/command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <memory>

#include "core/did_you_mean.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

namespace {

constexpr const char* kDescription =
    "stickslip: non-smooth frictional contact dynamics. One contact model runs as an ODE, a Filippov system, a DAE\n"
    "(SUNDIALS IDA), a fixed-step rule, on the particle engine or as a LAMMPS style; stick and slip are located as\n"
    "events. A study writes CSV tables (RFC 4180, a unit in every header that has one), summary.json and PNG figures\n"
    "into its --out folder; long runs report progress on stderr.";

constexpr const char* kFooter =
    "`stickslip help COMMAND` or `stickslip COMMAND --help`: the options of a command.\n"
    "`stickslip help STUDY`: the parameters (--set KEY=VALUE) and observables of a study.\n"
    "Exit status: 0 success; 1 verify found a failing check; 2 bad input (one line naming the option or key, the value\n"
    "and what is allowed); 3 solver failure (the solver's reason); 4 anything else (an I/O error; one line);\n"
    "130 / 143 interrupted by SIGINT / SIGTERM (the finished runs are on disk: finish with --resume).";

constexpr const char* kListsNote =
    "Lists, run or sweep:\n"
    "  run STUDY --set KEY=a,b    the study itself reads the list, for the keys its help marks as lists\n"
    "                             (friction=csds,dsds, solver=euler,rk4, ...): ONE run, one summary.json, figures that\n"
    "                             compare the values side by side. A key the study reads as one value refuses a list.\n"
    "  sweep STUDY --set KEY=a,b  a separate `stickslip run` per value (per combination of several --set keys: their\n"
    "                             product), for any key: in parallel (--jobs), resumable, shardable across machines,\n"
    "                             tabulated in sweep.csv / sweep_long.csv. Pass a study's own list unchanged to every\n"
    "                             point with --fix KEY=a,b.";

// The grammar of every subcommand, bound to the fields of `cl`.
struct Grammar {
  CLI::App app{kDescription, "stickslip"};
  bool version = false;
  std::string solver, t_end, dt;  // simulate's own options, turned into --set solver=, t_end=, dt=
};

// An option (or positional) with the placeholder of its value in the help ("--out DIR"; "" for a positional).
template <class T>
CLI::Option* option(CLI::App* sub, const std::string& name, const char* type, T& target, const std::string& help) {
  return sub->add_option(name, target, help)->type_name(type);
}

void study_positional(CLI::App* sub, std::string& target) {
  option(sub, "STUDY", "", target, "the study (`stickslip list` names them, `stickslip help STUDY` its parameters)")
      ->required();
}

// The commands with options of their own, each added to app in the order of the help.
void add_run_command(CLI::App& app, CommandLine& cl) {
  CLI::App* run = app.add_subcommand("run", "run one study; outputs in --out (default out/STUDY)");
  study_positional(run, cl.run.study);
  option(run, "--set", "KEY=VALUE", cl.run.sets,
         "a study parameter (repeat for several keys; a key given twice is an error);\n"
         "a list parameter takes comma-separated values in this one run")
      ->allow_extra_args(false);
  option(run, "--out", "DIR", cl.run.out, "the output folder (default out/STUDY)");
  run->add_flag("--json", cl.run.json, "print the summary on stdout as one JSON object");
  run->add_flag("--resume", cl.run.resume,
                "finish an interrupted run in --out: runs already in its runs.jsonl are not run again\n"
                "(give the same --set)");
  run->add_flag("--overwrite", cl.run.overwrite, "replace a finished study in --out (without it, a finished --out is refused)");
  run->add_flag("--dry-run", cl.run.dry_run,
                "check every parameter and print the planned work (runs, steps, particles) as JSON;\n"
                "runs no solver");
  run->footer(kListsNote);
  run->allow_extras();
}

void add_simulate_command(CLI::App& app, CommandLine& cl, Grammar& grammar) {
  CLI::App* simulate = app.add_subcommand(
      "simulate", "run a system file (bodies, springs, drives, contacts with any law); outputs in --out (default "
                  "out/NAME for NAME.toml)");
  option(simulate, "FILE", "", cl.run.study, "the system file (NAME.toml; `stickslip help FILE` lists its keys)")->required();
  option(simulate, "--solver", "SPEC", grammar.solver,
         "integrator spec (default: the file's [run] solver): euler, midpoint, heun, rk4, dopri5, cvode,\n"
         "ida, bdf[:N], moreau (Moreau-Jean), filippov:SCHEME");
  option(simulate, "--t-end", "T", grammar.t_end, "end time [s] (default: the file's)");
  option(simulate, "--dt", "DT", grammar.dt, "step of the fixed-step schemes and Moreau-Jean; output interval of the\nadaptive ones [s]");
  option(simulate, "--set", "KEY=VALUE", cl.run.sets, "any key of the file (repeat for several keys)")->allow_extra_args(false);
  option(simulate, "--out", "DIR", cl.run.out, "the output folder (default out/NAME)");
  simulate->add_flag("--json", cl.run.json, "print the summary on stdout as one JSON object");
  simulate->add_flag("--resume", cl.run.resume, "finish an interrupted run in --out (same options)");
  simulate->add_flag("--overwrite", cl.run.overwrite, "replace a finished study in --out (without it, a finished --out is refused)");
  simulate->add_flag("--dry-run", cl.run.dry_run, "check the file and every option, print the planned work; runs nothing");
  simulate->footer("Writes state.csv, contacts.csv, events.csv, ledger.csv, system.png and summary.json.");
  simulate->allow_extras();
}

void add_converge_command(CLI::App& app, CommandLine& cl) {
  CLI::App* converge =
      app.add_subcommand("converge", "the order of convergence of a study's observable per integrator (95 % interval)");
  study_positional(converge, cl.converge.study);
  option(converge, "--observable", "NAME", cl.converge.observable,
         "what to measure (required; `stickslip help STUDY` lists the study's observables)");
  option(converge, "--solver", "LIST", cl.converge.solver,
         "comma-separated integrator specs (default: the observable's own list;\n"
         "`stickslip list` names the specs)");
  option(converge, "--dt", "FROM:TO:LEVELS", cl.converge.dt,
         "steps of the fixed-step schemes, LEVELS geometric levels (e.g. 0.1:0.0125:4)");
  option(converge, "--rtol", "FROM:TO:LEVELS", cl.converge.rtol,
         "relative tolerances of the adaptive schemes (dopri5, cvode, ida)");
  option(converge, "--reference", "KIND", cl.converge.reference,
         "exact (the study's closed form), richardson (extrapolated from the three finest\n"
         "levels) or finest (one more run at h_min / 4); default: the observable's own");
  option(converge, "--floor", "E", cl.converge.floor,
         "errors at or below E are round-off, not fitted (default 1e-14 |reference|)");
  option(converge, "--set", "KEY=VALUE", cl.converge.sets,
         "a study parameter (repeat for several keys; a key given twice is an error)")
      ->allow_extra_args(false);
  option(converge, "--out", "DIR", cl.converge.out, "the output folder (default out/converge-STUDY-OBSERVABLE)");
  converge->add_flag("--work", cl.converge.work, "also work.png: error against rhs evaluations and against wall time");
  converge->add_flag("--json", cl.converge.json, "print the summary on stdout as one JSON object");
  converge->add_flag("--resume", cl.converge.resume,
                     "finish an interrupted converge in --out: runs already in its runs.jsonl are not run again\n"
                     "(give the same options)");
  converge->add_flag("--overwrite", cl.converge.overwrite, "replace a finished study in --out (without it, a finished --out is refused)");
  converge->footer(
      "Writes converge.csv (one row per run), converge_long.csv (one row per run and result), summary.json,\n"
      "converge.png (and work.png with --work).");
  converge->allow_extras();
}

void add_sweep_command(CLI::App& app, CommandLine& cl) {
  CLI::App* sweep =
      app.add_subcommand("sweep", "a study over a product of parameter values: one run per point, parallel, resumable");
  study_positional(sweep, cl.sweep.study);
  option(sweep, "--set", "KEY=LIST", cl.sweep.sets,
         "a key and its comma-separated values: one point per value (several --set: their product;\n"
         "the last varies fastest)")
      ->allow_extra_args(false);
  option(sweep, "--fix", "KEY=VALUE", cl.sweep.fixes,
         "a value passed unchanged to every point (e.g. a list the study reads itself)")
      ->allow_extra_args(false);
  option(sweep, "--jobs", "N", cl.sweep.jobs, "points run at once (default: the cores)");
  option(sweep, "--shard", "I/N", cl.sweep.shard,
         "run only the points k with k mod N = I - 1 (join the shards with merge)");
  option(sweep, "--out", "DIR", cl.sweep.out, "the output folder (default out/sweep-STUDY)");
  sweep->add_flag("--resume", cl.sweep.resume, "run only the points not yet in --out's runs.jsonl (same arguments)");
  sweep->add_flag("--overwrite", cl.sweep.overwrite, "replace a finished study in --out (without it, a finished --out is refused)");
  sweep->add_flag("--dry-run", cl.sweep.dry_run,
                  "check every point and print the points with their planned work as JSON;\n"
                  "runs nothing, writes nothing");
  sweep->add_flag("--skip-refused", cl.sweep.skip_refused,
                  "skip the points the study refuses (a value out of range, a law x driver pair it\n"
                  "excludes): each is listed with its key, value and reason in summary.json \"refused\"\n"
                  "and on stderr, the others run. Without it one refused point refuses the sweep (exit 2)");
  sweep->footer(std::string("Writes sweep.csv (one row per point, one column per result), sweep_long.csv (one row per "
                            "point and result),\nsweep.png (each result against the swept key), points.jsonl, summary.json; "
                            "a point's own outputs in points/<k>/.\n\n") +
                kListsNote);
  sweep->allow_extras();
}

void add_verify_command(CLI::App& app, CommandLine& cl) {
  CLI::App* verify = app.add_subcommand(
      "verify", "randomized checks of every model x driver against closed forms (exit 1 on a failure)");
  option(verify, "--draws", "N", cl.verify.draws,
         "draws per check (default: 400 / the check's cost, at least 1: 400 for a cheap\n"
         "check, 200 for one of cost 2, 66 for cost 6)");
  option(verify, "--seed", "S", cl.verify.seed, "seed of the draws (default 1)");
  option(verify, "--model", "M,...", cl.verify.models,
         "only these models (comma-separated; a name or the part before '/'), or a system file FILE.toml: checks "
         "built from it (its numbers drawn around the file's values)");
  option(verify, "--solver", "S,...", cl.verify.solvers, "only these drivers (integrator specs or event-driven)");
  option(verify, "--draw", "I", cl.verify.draw, "run draw I alone (the command a failure report prints)");
  verify->add_flag("--no-invalid", cl.verify.no_invalid, "skip the checks that each invalid value is refused");
  verify->add_flag("--json", cl.verify.json, "print the results as one JSON object");
  verify->allow_extras();
}

std::unique_ptr<Grammar> make_grammar(CommandLine& cl) {
  auto g = std::make_unique<Grammar>();
  CLI::App& app = g->app;
  app.get_formatter()->column_width(34);
  app.footer(kFooter);
  app.require_subcommand(0, 1);
  app.allow_extras();  // an unknown command is reported below, in the project's words
  app.add_flag("--version", g->version, "print the version, the git commit and the libraries, and exit");

  CLI::App* list = app.add_subcommand(
      "list", "the studies, models, friction laws and every driver (integrator specs, --solver names)");
  list->allow_extras();

  CLI::App* help = app.add_subcommand("help", "a command's options, or a study's parameters and observables");
  option(help, "TOPIC", "", cl.topic, "a command (run, converge, ...) or a study (sliding-plates, ...)");
  help->allow_extras();

  add_run_command(app, cl);
  add_simulate_command(app, cl, *g);
  add_converge_command(app, cl);
  add_sweep_command(app, cl);
  CLI::App* merge =
      app.add_subcommand("merge", "join the shards of one sweep (--shard I/N) into the outputs of the whole");
  option(merge, "DIR", "", cl.merge.dirs, "the folders of the shards")->required();
  option(merge, "--out", "DIR", cl.merge.out, "the folder of the joined sweep")->required();
  merge->allow_extras();

  add_verify_command(app, cl);
  return g;
}

// "--set KEY=VALUE, --out DIR, --json, ...": the options of a subcommand, for "allowed:" in a message.
std::string options_of(const CLI::App& sub) {
  std::vector<std::string> names;
  for (const CLI::Option* o : sub.get_options()) {
    if (o->get_lnames().empty() || o->get_lnames().front() == "help") continue;
    const std::string type = o->get_type_name();
    names.push_back("--" + o->get_lnames().front() + (type.empty() ? "" : " " + type));
  }
  return join(names);
}

// The option of the selected subcommand (or of the program) that a CLI11 message names ("--out: ...").
const CLI::Option* option_named(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands())
    if (const CLI::Option* o = sub->get_option_no_throw(name)) return o;
  return app.get_option_no_throw(name);
}

// CLI11's parse error in the project's one-line form.
[[noreturn]] void rethrow(const CLI::App& app, const CLI::ParseError& e) {
  const std::string what = e.what();
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {  // "STUDY is required", "--out is required"
    const std::vector<CLI::App*> chosen = app.get_subcommands();
    const std::string command = chosen.empty() ? std::string() : chosen.front()->get_name();
    std::string name = what.substr(0, what.find(' '));
    if (name.rfind("--", 0) != 0) std::transform(name.begin(), name.end(), name.begin(), ::tolower);
    throw_input(name, "", "missing; see stickslip " + command + " --help");
  }
  const std::string name = what.substr(0, what.find(':'));
  if (const CLI::Option* o = option_named(app, name)) {
    const std::vector<std::string> given = o->results();
    if (o->get_expected_max() == 0)
      throw_input(name, given.empty() ? std::string() : given.back(), "a flag, it takes no value");
    if (given.size() > 1) throw_input(name, join(given, " and "), "given twice; give it once");
    throw_input(name, "", "expects a value");
  }
  throw_input("argument", "", what);
}

}  // namespace

std::vector<std::string> command_names() {
  CommandLine cl;
  const auto g = make_grammar(cl);
  const CLI::App& app = g->app;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

std::string command_help(const std::string& command) {
  CommandLine cl;
  const auto g = make_grammar(cl);
  if (command.empty()) return g->app.help();
  const auto names = command_names();
  if (std::find(names.begin(), names.end(), command) == names.end()) return {};
  return g->app.get_subcommand(command)->help("stickslip");
}

CommandLine parse_command_line(const std::vector<std::string>& args, std::ostream& out) {
  CommandLine cl;
  const auto g = make_grammar(cl);
  CLI::App& app = g->app;
  if (args.empty()) {
    out << app.help();
    cl.exit_code = 2;
    return cl;
  }
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes a vector last argument first
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    out << app.help();  // the selected subcommand's, or the program's
    return cl;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return cl;
  } catch (const CLI::ParseError& e) {
    rethrow(app, e);
  }
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  if (chosen.empty()) {
    if (const std::vector<std::string> left = app.remaining(); !left.empty())
      throw_input("command", left.front(), "unknown; allowed: " + join(command_names()) + did_you_mean(left.front(), command_names()));
    if (!g->version) throw_input("command", "", "missing; allowed: " + join(command_names()) + " (stickslip --help)");
    cl.command = "version";
    return cl;
  }
  const CLI::App& sub = *chosen.front();
  cl.command = sub.get_name();
  if (const std::vector<std::string> left = app.remaining(); !left.empty())  // before the command
    throw_input("argument", left.front(), "an option goes after its command: stickslip " + cl.command + " ... " + left.front());
  if (g->version) throw_input("--version", "", "given with a command; alone: stickslip --version");
  if (const std::vector<std::string> left = sub.remaining(); !left.empty()) {
    const std::string extra = left.front();
    // `--set dt 0.1`: a KEY=VALUE split in two reads as a KEY and a stray argument; say what was meant.
    for (std::size_t i = 0; i + 2 < args.size(); ++i)
      if ((args[i] == "--set" || args[i] == "--fix") && args[i + 1].find('=') == std::string::npos && args[i + 2] == extra)
        throw_input(args[i], args[i + 1], "expected KEY=VALUE in one argument, without spaces around '='; did you mean " +
                                              args[i] + " " + args[i + 1] + "=" + extra + "?");
    if (cl.command == "list" || extra.rfind("-", 0) == 0)
      throw_input("argument", extra, "allowed with " + cl.command + ": " + (cl.command == "list" ? "none" : options_of(sub)));
    throw_input("argument", extra, "one " + std::string(cl.command == "help" ? "topic" : "study") + " only; usage: " +
                                       "stickslip " + cl.command + " --help");
  }
  if (cl.command == "simulate") {  // simulate FILE --solver S --t-end T --dt D = run FILE --set solver=S ...
    std::vector<std::string> sets;
    if (!g->solver.empty()) sets.push_back("solver=" + g->solver);
    if (!g->t_end.empty()) sets.push_back("t_end=" + g->t_end);
    if (!g->dt.empty()) sets.push_back("dt=" + g->dt);
    cl.run.sets.insert(cl.run.sets.begin(), sets.begin(), sets.end());
    cl.command = "run";
  }
  std::vector<std::string> typed{"stickslip"};
  typed.insert(typed.end(), args.begin(), args.end());
  cl.run.command_line = cl.converge.command_line = cl.sweep.command_line = cl.merge.command_line = typed;
  return cl;
}

}  // namespace stickslip
