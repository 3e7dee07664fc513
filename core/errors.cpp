#include "core/errors.hpp"

#include <cstdio>
#include <cstring>

namespace stickslip {

std::string format_value(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  std::string text = buf;
  // In the notation the command line reads back: 1e308, not 1e+308 (a value a user typed as 1e308 reads the same).
  if (const auto e = text.find("e+"); e != std::string::npos) text.erase(e + 1, 1);
  return text;
}

namespace {
// Appended piece by piece: `key + "=" + value + ...` trips GCC 12's -Wrestrict false positive.
std::string one_line(const std::string& key, const std::string& value, const std::string& allowed) {
  std::string m = key;
  m.append("=").append(value).append(": ").append(allowed);
  return m;
}
}  // namespace

InputError::InputError(const std::string& key, const std::string& value, const std::string& allowed)
    : std::runtime_error(one_line(key, value, allowed)), key(key), value(value), allowed(allowed) {}
IoError::IoError(const std::string& what, const std::string& path_, int err)
    : std::runtime_error(what + " " + path_ + ": " + std::strerror(err)), path(path_), error_number(err) {}

void throw_input(const std::string& key, const std::string& value, const std::string& allowed) {
  throw InputError(key, value, allowed);
}

}  // namespace stickslip
