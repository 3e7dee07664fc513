// core/work_limits.hpp — the one rule for the work and memory a run may plan, checked before any work starts (and
// by --dry-run), so that no count overflows an integer and no run ends in an allocation failure hours later:
//   steps of one time loop          at most kMaxSteps   = 1e9  (a fixed-step driver, the particle engine, a sweep
//                                                                of dt; ~1e9 steps of a small ODE take minutes)
//   samples one run keeps in memory at most kMaxSamples = 2e7  (a few doubles each: about 1 GB)
// A count is computed in double, ceil(span/step) (exact up to 2^53, and never an overflow: inf at worst), and one
// past its limit, or not finite, is an InputError "key=value: ..." naming the key that made it so (exit 2).
#pragma once

#include <string>

namespace stickslip {

class Parameters;

inline constexpr double kMaxSteps = 1e9;
inline constexpr double kMaxSamples = 2e7;

// ceil(span/step - 1e-9) (a span that is a whole number of steps up to round-off gives that number; the grid of the
// fixed-step driver), at least 1; +inf when the ratio overflows or is not a number.
double step_count(double span, double step);

// Throws InputError "key=value: <what> gives <count> <unit>; at most <limit> (<remedy>)" unless count <= limit.
void require_count(const std::string& key, const std::string& value, double count, double limit,
                   const std::string& what, const std::string& unit, const std::string& remedy);

// Of a step key and a span key (dt and t_end) whose ratio is too large, the one the user changed from its default
// (the step key when both or neither were changed): the key a refusal names.
std::string blamed_key(const Parameters& prm, const std::string& step_key, const std::string& span_key);

// step_count(span, step) checked against `limit`, naming blamed_key(prm, step_key, span_key) with its text as given;
// returns the count. `unit` names what is counted ("steps", "samples").
double checked_count(const Parameters& prm, const std::string& step_key, double step, const std::string& span_key,
                     double span, double limit, const std::string& unit);

}  // namespace stickslip
