#include "core/interrupt.hpp"

namespace stickslip {

volatile std::sig_atomic_t& interrupt_flag() {
  static volatile std::sig_atomic_t flag = 0;
  return flag;
}

}  // namespace stickslip
