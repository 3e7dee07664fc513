// solvers/output_grid.hpp — which of a driver's samples a caller keeps on an output grid: t0, every multiple of
// dt_out and t_end, and both samples of every event (the driver reports the state just before and just after a
// switch at the same time t). A sample between grid points is held back by the caller as "the previous one"; when
// the next sample has the same time (the event's second half), the previous one is kept first.
//   on the grid   t >= next - 1e-9 dt_out, or t >= t_end; next then moves past t in steps of dt_out
#pragma once

#include <limits>

namespace stickslip {

class OutputGrid {
 public:
  OutputGrid(double dt_out, double t_end) : out_(dt_out), t_end_(t_end) {}
  struct Keep {
    bool previous = false;  // keep the held-back previous sample first
    bool current = false;   // keep this one (otherwise hold it back)
  };
  Keep next(double t) {
    const bool event_pair = t == last_t_;
    Keep k;
    k.previous = event_pair && !last_kept_;
    const bool on_grid = t >= next_ - 1e-9 * out_ || t >= t_end_;
    last_kept_ = k.current = event_pair || on_grid;
    while (next_ <= t + 1e-9 * out_) next_ += out_;
    last_t_ = t;
    return k;
  }

 private:
  double out_, t_end_;
  double next_ = 0;
  double last_t_ = -std::numeric_limits<double>::infinity();  // no sample yet
  bool last_kept_ = false;
};

}  // namespace stickslip
