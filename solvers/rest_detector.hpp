// solvers/rest_detector.hpp — when a run has come to rest: a quantity (a kinetic energy) below its
// threshold without a break for a hold time. The quiet stretch starts at its first sample (t_rest); a sample above the
// threshold ends it. The heap's pour (Krengel & Matuttis §5) and the container's (Campello example 5.3) stop on it,
// each with its own threshold: the heap's an absolute energy once the pour has been lively, the container's a
// fraction of the peak so far.
//   slack   the hold is met at hold - slack (half a sample interval: a hold on a grid of samples)
#pragma once

namespace stickslip {

class RestDetector {
 public:
  explicit RestDetector(double hold, double slack = 0) : hold_(hold), slack_(slack) {}

  // One sample: quiet, the quantity below its threshold at t. Returns at_rest(t).
  bool update(double t, bool quiet) {
    if (!quiet) t_rest_ = -1;
    else if (t_rest_ < 0) t_rest_ = t;
    return at_rest(t);
  }
  // Forgets the stretch (a new peak the next threshold follows from).
  void reset() { t_rest_ = -1; }
  // Quiet since t_rest for at least hold - slack.
  bool at_rest(double t) const { return t_rest_ >= 0 && t - t_rest_ >= hold_ - slack_; }
  bool quiet() const { return t_rest_ >= 0; }
  double t_rest() const { return t_rest_; }  // the start of the quiet stretch; -1 while not quiet

 private:
  double hold_, slack_;
  double t_rest_ = -1;
};

}  // namespace stickslip
