// core/progress.hpp — how far the current run has come, for the progress line of a long single run.
//
// A run's time loop reports the model time it has reached (progress_at(t), one relaxed atomic store per step);
// the span [t0, t_end] of the run is set by the outermost RunSpan alive: a study that runs one model in several
// pieces (the container's pour in chunks) opens its span around them, and the driver's own span inside it (solvers/
// integrate.cpp, the trapezoid, the SDE loop) then changes nothing. run_fraction() is read by another thread
// (studies/experiment/run_store.cpp prints it every few seconds). Like the interrupt flag (core/interrupt.hpp), this is
// process-wide state: runs on several threads at once share it, and the line then follows the first span opened.
#pragma once

#include <atomic>

namespace stickslip {

namespace detail {
struct RunProgressState {
  std::atomic<double> t0{0}, t_end{0}, t{0};
  std::atomic<bool> active{false};
};
RunProgressState& run_progress_state();
}  // namespace detail

// The model time reached by the current run (ignored when no span is open).
inline void progress_at(double t) { detail::run_progress_state().t.store(t, std::memory_order_relaxed); }

// Fraction of the current run's span done, in [0, 1]; negative when no run is under way.
double run_fraction();

// Opens the span of a run for its lifetime unless one is open already (then it does nothing).
class RunSpan {
 public:
  RunSpan(double t0, double t_end);
  ~RunSpan();
  RunSpan(const RunSpan&) = delete;
  RunSpan& operator=(const RunSpan&) = delete;

 private:
  bool owner_ = false;
};

}  // namespace stickslip
