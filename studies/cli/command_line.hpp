// studies/cli/command_line.hpp — the grammar of the `stickslip` command line, on CLI11: its subcommands (list, run,
// help, converge, sweep, merge, verify), their options and help texts (`stickslip --help`, `stickslip help
// COMMAND`, `stickslip COMMAND --help`), and CLI11's parse errors turned into the project's exit-2 line
// "OPTION=VALUE: what is allowed" (InputError), never CLI11's own messages or exit codes.
//
// Only the grammar lives here: every value stays the text the user typed and is validated by the command that
// reads it (studies/cli/commands.cpp, converge.cpp, sweep.cpp), so the messages name the option or key as before.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "studies/experiment/converge.hpp"
#include "studies/experiment/sweep.hpp"

namespace stickslip {

struct RunArgs {
  std::string study, out;                 // out: "" for out/STUDY
  std::vector<std::string> sets;          // --set KEY=VALUE, in order
  bool json = false, resume = false, overwrite = false, dry_run = false;
  std::vector<std::string> command_line;  // "stickslip run ..." as typed, for provenance
};

struct VerifyArgs {
  std::string draws, seed, draw, models, solvers;  // "" where not given
  bool json = false, no_invalid = false;
};

struct CommandLine {
  // list, run, help, converge, sweep, merge, verify, version; "" when a help text was printed (exit_code says how
  // to exit: 0 after --help, 2 for no arguments at all).
  std::string command;
  int exit_code = 0;
  std::string topic;  // help TOPIC ("" for none)
  RunArgs run;
  ConvergeArgs converge;
  SweepArgs sweep;
  MergeArgs merge;
  VerifyArgs verify;
};

// Parses argv[1..]; prints a help text to `out` where one was asked for. Throws InputError for anything it cannot
// parse (an unknown command or option, an option without its value, a single-valued option given twice).
CommandLine parse_command_line(const std::vector<std::string>& args, std::ostream& out);

// The subcommands, in the order `stickslip --help` lists them.
std::vector<std::string> command_names();
// The help text of a subcommand (`stickslip help COMMAND`), or of the program for "".
std::string command_help(const std::string& command);

}  // namespace stickslip
