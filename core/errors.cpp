#include "core/errors.hpp"

namespace stickslip {

void throw_input(const std::string& key, const std::string& value, const std::string& allowed) {
  throw InputError(key + "=" + value + ": " + allowed);
}

}  // namespace stickslip
