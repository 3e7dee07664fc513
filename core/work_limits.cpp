// core/work_limits.cpp — see work_limits.hpp.
#include "core/work_limits.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

double step_count(double span, double step) {
  const double ratio = span / step;
  if (!std::isfinite(ratio)) return INFINITY;
  return std::max(1.0, std::ceil(ratio - 1e-9));
}

void require_count(const std::string& key, const std::string& value, double count, double limit,
                   const std::string& what, const std::string& unit, const std::string& remedy) {
  if (count <= limit) return;
  throw_input(key, value, what + " gives " + format_value(count) + " " + unit + "; at most " + format_value(limit) +
                              (remedy.empty() ? "" : " (" + remedy + ")"));
}

std::string blamed_key(const Parameters& prm, const std::string& step_key, const std::string& span_key) {
  // Parameters::culprit's rule ("the first key the user gave"), for keys a study may not declare.
  const auto changed = [&](const std::string& key) { return prm.has(key) && prm.given(key); };
  return changed(span_key) && !changed(step_key) ? span_key : step_key;
}

double checked_count(const Parameters& prm, const std::string& step_key, double step, const std::string& span_key,
                     double span, double limit, const std::string& unit) {
  const double n = step_count(span, step);
  const std::string key = blamed_key(prm, step_key, span_key);
  require_count(key, prm.has(key) ? prm.raw(key) : format_value(key == step_key ? step : span), n, limit,
                span_key + " / " + step_key + " = " + format_value(span) + " / " + format_value(step), unit,
                "raise " + step_key + " or lower " + span_key);
  return n;
}

}  // namespace stickslip
