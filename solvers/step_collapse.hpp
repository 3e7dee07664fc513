// solvers/step_collapse.hpp — the shared step limit (core/work_limits.hpp, kMaxSteps) kept during an adaptive run
// (CVODE, IDA, dopri5, and the Filippov driver through them), whose number of steps is not known before it starts.
//
// Over every kCollapseWindow consecutive internal steps the run must advance at least kCollapseWindow * (t_end - t0) /
// max_steps, i.e. its mean step may not fall below (t_end - t0) / max_steps (max_steps = kMaxSteps = 1e9 unless a
// caller sets SolverOptions::max_steps). Below that it would need more than max_steps steps to reach t_end at its
// present pace: its step size collapsed (a stiff or non-smooth spot the integrator cannot pass, events piling up),
// and the run ends with a SolverError naming the solver, the time, the steps and the limit (exit 3; a study with
// several runs lists it as a failed run) instead of running for hours at "current run 0 %". A window of 1e4 steps
// is long enough for the tiny steps an integrator takes after every restart (they grow back within tens of steps)
// and short enough to end a collapsed run within seconds.
#pragma once

#include <string>
#include <utility>

#include "core/errors.hpp"
#include "core/work_limits.hpp"

namespace stickslip {

inline constexpr long kCollapseWindow = 10000;

class StepCollapseLimit {
 public:
  StepCollapseLimit(std::string solver, double t0, double t_end, double max_steps = kMaxSteps)
      : solver_(std::move(solver)), t_end_(t_end), max_steps_(max_steps), min_mean_((t_end - t0) / max_steps),
        window_start_(t0) {}
  // After every internal step, failed ones included (t: the time reached, the last good one after a failure).
  void step(double t) {
    if (++steps_ < kCollapseWindow) return;
    check(t);
  }
  double min_mean_step() const { return min_mean_; }

 private:
  void check(double t) {
    const double advanced = t - window_start_;
    const double mean = advanced / static_cast<double>(steps_);
    if (!(mean >= min_mean_))
      throw SolverError(solver_ + ": step size collapsed: " + std::to_string(steps_) + " steps advanced only " +
                        format_value(advanced) + " to t = " + format_value(t) + " (mean step " + format_value(mean) +
                        "); at that pace t_end = " + format_value(t_end_) + " needs more than " +
                        format_value(max_steps_) + " steps (limit: a mean step of at least (t_end - t0) / " +
                        format_value(max_steps_) + " = " + format_value(min_mean_) + " over every " +
                        std::to_string(kCollapseWindow) + " steps)");
    window_start_ = t;
    steps_ = 0;
  }
  std::string solver_;
  double t_end_, max_steps_, min_mean_, window_start_;
  long steps_ = 0;
};

}  // namespace stickslip
