#include "core/errors.hpp"

#include <cstdio>

namespace stickslip {

std::string format_value(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

void throw_input(const std::string& key, const std::string& value, const std::string& allowed) {
  throw InputError(key + "=" + value + ": " + allowed);
}

}  // namespace stickslip
