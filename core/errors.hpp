// core/errors.hpp — the two kinds of failure the command line distinguishes.
//
// InputError  -> exit 2: a parameter is unknown, malformed, out of range or inconsistent.
//                The message is one line naming the key, the value and what is allowed.
// SolverError -> exit 3: an integrator failed (SUNDIALS flag, non-finite state, event storm);
//                the message carries the solver's own reason.
// IoError     -> exit 4: a file could not be written or read (a full disk, a folder that vanished); the message is
//                "<path>: <the system's reason>" (strerror: "No space left on device").
#pragma once

#include <stdexcept>
#include <string>

namespace stickslip {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
  InputError(const std::string& key, const std::string& value, const std::string& allowed);
  // The parts of the one-line form (empty for an error raised with a message only): what a caller that lists
  // refusals (a sweep's refused points) reports field by field.
  std::string key, value, allowed;
};

struct SolverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct IoError : std::runtime_error {
  // `what` names the action ("cannot write"), err is the errno of the failed call.
  IoError(const std::string& what, const std::string& path, int err);
  std::string path;
  int error_number;
};

// "key=value: <what is allowed>" — the one-line form every validator uses.
// A number as a person would type it (12 significant digits, no trailing zeros): 20, 0.001, 1e-12.
std::string format_value(double v);

[[noreturn]] void throw_input(const std::string& key, const std::string& value, const std::string& allowed);

}  // namespace stickslip
