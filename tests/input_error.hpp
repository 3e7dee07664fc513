// tests/input_error.hpp — the message of the InputError a call throws, for tests of refusals.
#pragma once

#include <functional>
#include <string>

#include "core/errors.hpp"

namespace stickslip::test {

// The message of the InputError that f throws; "" if it throws none.
inline std::string input_error_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace stickslip::test
