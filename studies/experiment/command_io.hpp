// studies/experiment/command_io.hpp — where a `stickslip` command writes, and how it says why it did not succeed.
//
// The command line (studies/cli/main.cpp) passes std::cout and std::cerr; the Python package (studies/python/)
// passes a string for `out` (the texts of list, help, --json) and std::cerr for `err` (progress, as on the command
// line). A command that exits non-zero records the reason in one line (`reason`: the text after "stickslip: error: "
// or "stickslip: solver failure: "), which the command line prints and Python raises as the exception's message.
#pragma once

#include <ostream>
#include <string>

namespace stickslip {

struct CommandIo {
  CommandIo(std::ostream& result, std::ostream& log) : out(result), err(log) {}

  std::ostream& out;  // the command's result text: list, help, the --json object, verify's table
  std::ostream& err;  // progress, notes, and the closing line of a failure
  // Whether the closing line of a failure ("stickslip: error: ...") is printed to err (the command line) or only
  // kept in `reason` (a caller that raises it, e.g. Python's ValueError).
  bool print_closing_line = true;
  std::string reason;  // why the command exits non-zero, one line ("" on success)

  // Records the reason and returns the exit code, for `return io.fail(3, why);`.
  int fail(int code, std::string why) {
    reason = std::move(why);
    return code;
  }
};

}  // namespace stickslip
