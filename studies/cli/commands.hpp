// studies/cli/commands.hpp — the `stickslip` command line as a function: parse (studies/cli/command_line.hpp), run the
// command, map its outcome to the exit code. The program (studies/cli/main.cpp) and the Python package
// (studies/python/bind_commands.cpp) both call it, so both run the same code with the same messages.
//
//   stickslip list | help [COMMAND|STUDY] | --version
//   stickslip run STUDY [--set KEY=VALUE]... [--out DIR] [--json] [--resume] [--dry-run]
//   stickslip converge STUDY --observable NAME ...   (studies/experiment/converge.hpp)
//   stickslip sweep STUDY --set KEY=LIST... / stickslip merge DIR... --out DIR   (studies/experiment/sweep.hpp)
//   stickslip verify [--draws N] [--seed S] [--model M] [--solver S] [--draw I] [--json]
//
// A signal (SIGINT, SIGTERM) ends a study cleanly: the finished runs are on disk (runs.jsonl), summary.json says
// "complete": false, and the exit status is 130 / 143; `--resume` with the same --out finishes it.
// Exit codes: 0 success; 1 verify found a failing check; 2 bad input (unknown command/option/study/key, malformed or
// out-of-range value, a key given twice, inconsistent combination) with one line naming the key, the value and what
// is allowed; 3 solver failure with the solver's reason; 4 anything else (a file that cannot be written: its name and
// the system's reason, e.g. "No space left on device"; a bug), also with one line; 128 + signal after a signal.
// Two commands into one --out: the second exits 2 naming the first (studies/experiment/out_dir_lock.hpp).
// The closing line of a failure is "stickslip: error: REASON" (2, 4) or "stickslip: solver failure: REASON" (3);
// io.reason holds REASON for every non-zero exit (studies/experiment/command_io.hpp).
#pragma once

#include <string>
#include <vector>

#include "studies/experiment/command_io.hpp"

namespace stickslip {

// args: argv[1..] as typed. Returns the exit code; never throws.
int run_command_line(const std::vector<std::string>& args, CommandIo& io);

}  // namespace stickslip
