// studies/cli/main.cpp — the `stickslip` program: the command line (studies/cli/commands.hpp) on stdout and stderr.
// Its grammar and help texts: studies/cli/command_line.hpp; `stickslip --help` and `stickslip help COMMAND` print it.
#include <iostream>

#include "studies/cli/commands.hpp"

int main(int argc, char** argv) {
  stickslip::CommandIo io{std::cout, std::cerr};
  return stickslip::run_command_line(std::vector<std::string>(argv + 1, argv + argc), io);
}
