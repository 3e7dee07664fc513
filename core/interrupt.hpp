// core/interrupt.hpp — the one flag a signal sets, checked between runs and inside long drivers' loops.
//
// SIGINT / SIGTERM handlers (installed by the command line, studies/experiment/run_store.cpp) only store the signal number;
// check_interrupt() turns it into an Interrupted exception at a point where the caller can stop cleanly (between
// steps of a driver, between runs of a study). The same exception, with signal 0, ends a --dry-run at the first
// piece of real work, after the study has validated its parameters.
#pragma once

#include <csignal>
#include <stdexcept>
#include <string>

namespace stickslip {

struct Interrupted : std::runtime_error {
  explicit Interrupted(int sig)
      : std::runtime_error(sig ? "interrupted by signal " + std::to_string(sig) : std::string("dry run: stopped before the first run")),
        signal(sig) {}
  int signal;  // SIGINT, SIGTERM, or 0 for the end of a dry run
};

// The pending signal (0: none), or -1 for a dry run. The only mutable global of the program: a signal handler can
// do nothing else.
volatile std::sig_atomic_t& interrupt_flag();

// Cheap enough for every step of a driver.
inline bool interrupted() { return interrupt_flag() != 0; }
inline void check_interrupt() {
  const int s = interrupt_flag();
  if (s != 0) throw Interrupted(s < 0 ? 0 : s);
}

}  // namespace stickslip
